"""The report's sections for a job of games (gauntlet, versus, the runs of an ablation):
matchups, ratings, the field and the metagame, keyword impact, and the decks' play."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import msgspec
import numpy as np
import pyarrow as pa

from mtgsim.engine.state.stats import STAT_KEYS
from mtgsim.results import figures
from mtgsim.results.analysis import (
    Games,
    bradley_terry,
    deck_profiles,
    equilibrium_bootstrap,
    field_win_rates,
    is_complete,
    kill_turns,
    matchup_matrix,
    play_draw_overall,
    rate_matrix,
    replicator_dynamics,
    win_matrix,
)
from mtgsim.results.intervals import format_p, wilson
from mtgsim.results.keywords import MIN_GAMES, keyword_impact, keyword_usage
from mtgsim.results.page import Col, Page
from mtgsim.results.report_ratings import (
    against_head_to_head,
    against_html,
    equilibrium_note,
    equilibrium_summary,
    equilibrium_text,
    fit_html,
    fit_summary,
    indirect_html,
)

BOOTSTRAP = 200


def _rows(items: Sequence[msgspec.Struct]) -> list[dict[str, Any]]:
    return [msgspec.structs.asdict(i) for i in items]


class GamesReport:
    """The analysis of one games table, added to a page section by section."""

    def __init__(self, table: pa.Table, decks: Sequence[str], shares: np.ndarray,
                 seed: int = 0, shares_text: str = "") -> None:
        self.table = table
        self.shares_text = shares_text
        self.g = Games(table, decks)
        self.decks = list(decks)
        self.p = rate_matrix(self.g)
        self.w, self.n = win_matrix(self.g)
        self.complete = is_complete(self.p)
        self.shares = shares
        self.seed = seed
        self.colours = figures.palette(self.decks)
        self.cells = matchup_matrix(self.g)
        self.bt = bradley_terry(self.g) if self.g.n > 1 else None
        self.field = field_win_rates(self.p, self.n, shares, self.decks)
        self.profiles = deck_profiles(self.g)
        self.equilibrium = equilibrium_bootstrap(self.g, BOOTSTRAP, seed) \
            if self.complete else None
        self.impacts = keyword_impact(self.g, STAT_KEYS)
        self.usage = keyword_usage(self.g, STAT_KEYS)

    # --- headline -------------------------------------------------------------------------

    def headline(self) -> dict[str, Any]:
        overall, low, high = play_draw_overall(self.table)
        out: dict[str, Any] = {
            "games": self.table.num_rows, "decks": self.decks,
            "complete_matrix": self.complete,
            "on_play_win_rate": [round(overall, 4), round(low, 4), round(high, 4)],
            "field_win_rate": {f.deck: round(f.rate, 4) for f in self.field
                               if f.rate is not None},
            "shares": {d: round(float(s), 4) for d, s in zip(self.decks, self.shares,
                                                             strict=True)},
        }
        if self.bt is not None:
            top = sorted(self.bt.ratings, key=lambda r: -r.rating)
            out["ratings"] = {r.deck: [round(r.rating), round(r.low), round(r.high)]
                              for r in top}
            out["top_rated"] = [r.deck for r in top[:3]]
            out["play_log_odds"] = [round(self.bt.play, 4), round(self.bt.play_se, 4)]
            out["ratings_fit"] = fit_summary(self.bt)
            out["ratings_indirect"] = [r.deck for r in self.bt.ratings if r.indirect]
            out["ratings_against_head_to_head"] = [
                [r["deck"], r["opponent"]] for r in against_head_to_head(self.bt, self.cells)]
        if self.equilibrium is not None:
            out["equilibrium"] = {e.deck: round(e.share, 4) for e in self.equilibrium
                                  if e.share > 0}
            out["equilibrium_support"] = {e.deck: round(e.support, 3)
                                          for e in self.equilibrium if e.support > 0}
            out.update(equilibrium_summary(self.equilibrium))
        return out

    def summary_html(self) -> str:
        overall, low, high = play_draw_overall(self.table)
        parts = [f"{self.table.num_rows} games between {len(self.decks)} decks; the player "
                 f"on the play won {100 * overall:.1f}% of decisive games (95% "
                 f"{100 * low:.1f}–{100 * high:.1f}%)."]
        if self.bt is not None:
            top = sorted(self.bt.ratings, key=lambda r: -r.rating)[:3]
            parts.append("Highest rated: " + ", ".join(
                f"{html.escape(r.deck)} {r.rating:.0f} ({r.low:.0f}–{r.high:.0f})"
                for r in top) + (f" (the fit's dispersion is {self.bt.dispersion:.2f}: "
                                 "intervals widened)" if self.bt.widened else "") + ".")
        best = max((f for f in self.field if f.rate is not None), default=None,
                   key=lambda f: f.rate or 0)
        if best is not None and best.rate is not None:
            parts.append(f"Best against the field: {html.escape(best.deck)} "
                         f"{100 * best.rate:.1f}% ({100 * (best.low or 0):.1f}–"
                         f"{100 * (best.high or 0):.1f}).")
        if self.equilibrium is not None:
            parts.append(equilibrium_text(self.equilibrium))
        else:
            parts.append("Not every pair of decks was played, so there is no equilibrium "
                         "or metagame dynamics (run a gauntlet for those).")
        return f'<p class="headline">{" ".join(parts)}</p>'

    # --- sections -------------------------------------------------------------------------

    def add_matchups(self, page: Page) -> None:
        unplayed = self.g.n * (self.g.n - 1) - len(self.cells)
        pairs = unplayed // 2
        note = (f'<p class="note">{pairs} pair{"s" if pairs > 1 else ""} of decks '
                f'{"were" if pairs > 1 else "was"} not played: blank cells, which nothing '
                "below treats as 50%.</p>" if unplayed else "")
        page.section(
            "matchups", "Matchup matrix", note,
            page.figure("matchups", figures.heatmap(self.decks, self.p, self.cells),
                        "Each cell: the row deck's win % against the column deck (draws "
                        "count half), a dot where the 95% Wilson interval excludes 50%. "
                        "Hover for games, the interval and the play/draw split."),
            page.table("matchups", _rows(self.cells), [
                Col("deck", "deck"), Col("opponent", "opponent"), Col("games", "games", "int"),
                Col("rate", "win %", "pct"), Col("low", "95% low", "pct"),
                Col("high", "95% high", "pct"), Col("rate_on_play", "win % on play", "pct"),
                Col("rate_on_draw", "win % on draw", "pct")],
                "Every played (deck, opponent) pair; each pair appears once from each side."))

    def add_ratings(self, page: Page) -> None:
        if self.bt is None:
            return
        bt = self.bt
        field = {f.deck: f for f in self.field}
        rows = [{**msgspec.structs.asdict(r), "field_rate": field[r.deck].rate,
                 "field_low": field[r.deck].low, "field_high": field[r.deck].high,
                 "share": field[r.deck].share}
                for r in sorted(bt.ratings, key=lambda r: -r.rating)]
        reg = ('<p class="note">A deck never lost or never won a game, so the fit adds half '
               "a win and half a loss to every pairing (a weak prior) to stay finite.</p>"
               if bt.regularised else "")
        widened = " (widened by the overdispersion: see the fit)" if bt.widened else ""
        page.section(
            "ratings", "Ratings and the field",
            f"<p>Bradley-Terry strengths from a logistic model of all {bt.games} games "
            "(statsmodels GLM): logit P(A beats B) = s<sub>A</sub> − s<sub>B</sub> + t·(+1 "
            "if A is on the play, −1 if B is). Ratings are s on the Elo scale "
            f"(400/ln 10 points per unit) around 1500. The play term t = {bt.play:+.3f} ± "
            f"{bt.play_se:.3f}: between equal decks the player on the play wins "
            f"{100 * bt.play_rate:.1f}% (95% {100 * bt.play_low:.1f}–"
            f"{100 * bt.play_high:.1f}%). Intervals are 95%{widened}. 'Field' in this report "
            "always means the decks weighted by their metagame shares; a rate over every "
            "game of a deck, opponents not weighted, is called 'pooled'.</p>", reg,
            fit_html(bt), indirect_html(bt, self.g.n),
            against_html(against_head_to_head(bt, self.cells)),
            page.figure("ratings", figures.ratings(bt, self.colours)),
            page.figure("field", figures.field_rates(self.field, self.colours),
                        "Win rate against a field where each deck appears at its metagame "
                        "share (the shares are listed in the metagame section)."),
            page.table("ratings", rows, [
                Col("deck", "deck"), Col("rating", "rating", "num", 0),
                Col("low", "rating 95% low", "num", 0), Col("high", "rating 95% high", "num", 0),
                Col("strength", "strength (log-odds)", "num", 3), Col("se", "s.e.", "num", 3),
                Col("field_rate", "vs field %", "pct"),
                Col("field_low", "vs field 95% low", "pct"),
                Col("field_high", "vs field 95% high", "pct"), Col("share", "share %", "pct"),
                Col("opponents", "decks played", "int"), Col("indirect", "indirect")],
                "vs field: blank for a deck that did not meet every deck of the field. "
                "indirect: the deck did not play every other deck."),
            page.table("ratings_fit", _rows(bt.fit), [
                Col("deck", "deck"), Col("opponent", "opponent"), Col("games", "games", "int"),
                Col("observed", "observed win %", "pct"),
                Col("predicted", "predicted by the ratings %", "pct"),
                Col("residual", "Pearson residual", "num", 2)],
                "Each pair of decks played, both play orders together, worst fitted "
                "first: a residual beyond ±2 is a matchup the ratings do not explain."))

    def add_metagame(self, page: Page) -> None:
        shares_text = self.shares_text
        if not self.complete or self.equilibrium is None:
            page.section("metagame", "Metagame", f"<p>Shares used: {shares_text}.</p>",
                         '<p class="note">Not every pair of decks was played: the '
                         "equilibrium and the dynamics need the whole matrix.</p>")
            return
        traj = replicator_dynamics(self.p, self.shares, generations=150)
        eq = self.equilibrium
        page.section(
            "metagame", "Metagame: dynamics and equilibrium",
            f"<p>Shares used: {shares_text}.</p>",
            page.figure("metagame", figures.dynamics(traj, self.decks, self.colours),
                        "Each generation a deck's share grows with its win rate against "
                        "the current field (discrete replicator dynamics). A deck at share 0 "
                        "stays there."),
            page.figure("equilibrium", figures.equilibrium(eq, self.colours),
                        "The mix no deck beats on average (the maximin strategy of the "
                        "symmetric game, whose value is 0). Bars: the "
                        f"2.5–97.5th percentiles of the share over {BOOTSTRAP} matrices "
                        "resampled over games."),
            '<p class="note">The equilibrium is a sharp function of the matrix: a deck at '
            "the edge of the mix may drop out with a few games' difference. Read the "
            "support column: how often a deck is in the mix when the games are resampled."
            "</p>", equilibrium_note(eq),
            page.table("equilibrium", [msgspec.structs.asdict(e) for e in eq], [
                Col("deck", "deck"), Col("share", "share %", "pct"),
                Col("support", "in mix (% of resamples)", "pct", 0),
                Col("mean", "mean share %", "pct"), Col("low", "2.5th pct %", "pct"),
                Col("high", "97.5th pct %", "pct"),
                Col("least", "least share over the equilibria %", "pct"),
                Col("most", "most share over the equilibria %", "pct")]))

    def add_keywords(self, page: Page) -> None:
        impacts = sorted(self.impacts, key=lambda i: -i.difference)
        m = len(impacts)
        clear = sum(1 for i in impacts if i.q_value < 0.05)
        labels = [f"{i.deck}: {i.keyword}" for i in impacts]
        hover = [f"{i.deck} {i.keyword}{' (= ' + i.same_as + ')' if i.same_as else ''}<br>"
                 f"fired: {i.games_fired} games, {100 * i.rate_fired:.1f}%; not: "
                 f"{i.games_not} games, {100 * i.rate_not:.1f}%<br>difference "
                 f"{100 * i.difference:+.1f} ({100 * i.low:+.1f} … {100 * i.high:+.1f}), "
                 f"q = {format_p(i.q_value)}" for i in impacts]
        fig = figures.forest(labels, [100 * i.difference for i in impacts],
                             [100 * i.low for i in impacts], [100 * i.high for i in impacts],
                             "Win rate when a keyword fired minus when it did not",
                             "percentage points (95% Newcombe interval)", hover) if impacts \
            else None
        page.section(
            "keywords", "Keyword impact (association)",
            '<p class="note"><b>Not a causal effect.</b> Whether a keyword fires depends on '
            "how long the game lasts, on mana and board, on whether its player is already "
            "ahead: these rows compare different games, not the same game with and without "
            "the keyword. For the causal number, replay the same seeds without it: "
            "<code>mtgsim ablate DECK --keyword KEYWORD --field ...</code>.</p>",
            f'<p class="note">{m} intervals at once: about {m / 20:.1f} of them would '
            "exclude 0 by chance alone at 95%. The q column is the Benjamini-Hochberg "
            f"adjusted p-value; {clear} rows have q &lt; 0.05.</p>" if m else "",
            f"<p>Rows need at least {MIN_GAMES} games both with and without the keyword; "
            "statistics that fired in exactly the same games (a cascade and its hit) share "
            "one row, named in the 'same games as' column. Intervals: Newcombe's hybrid "
            "score, which keeps its width when one side is at 0% or 100%.</p>",
            page.figure("keywords", fig) if fig is not None else "<p>No statistic split "
            "a deck's games into two large enough groups.</p>",
            page.table("keyword_impact", _rows(impacts), [
                Col("deck", "deck"), Col("keyword", "statistic"),
                Col("same_as", "same games as"),
                Col("games_fired", "games fired", "int"),
                Col("rate_fired", "win % when fired", "pct"),
                Col("games_not", "games not fired", "int"),
                Col("rate_not", "win % when not", "pct"),
                Col("difference", "difference (pts)", "pts"), Col("low", "95% low", "pts"),
                Col("high", "95% high", "pts"), Col("p_value", "p", "p"),
                Col("q_value", "q (BH)", "p")]))

    def add_play(self, page: Page) -> None:
        g = self.g
        turns = {d: g.game_turns[g.me == i] for i, d in enumerate(self.decks)}
        kills = kill_turns(g)
        won = g.score == 1.0
        kill = {d: kills[(g.me == i) & won] for i, d in enumerate(self.decks)}
        on_play, on_draw = [], []
        for i in range(g.n):
            for side, out in ((g.on_play, on_play), (~g.on_play, on_draw)):
                m = (g.me == i) & side
                w, n = float(g.score[m].sum()), int(m.sum())
                low, high = wilson(w, n)
                out.append((w / n if n else float("nan"), low, high))
        page.section(
            "play", "Game length, kill turn, play/draw and mulligans",
            page.figure("game_length", figures.boxes(
                turns, "Game length per deck (turns of both players; box: quartiles, "
                "dashed: mean)", "turns", self.colours)),
            page.figure("kill_turn", figures.boxes(
                kill, "Kill turn: the winner's own turns when it won", "own turns",
                self.colours)),
            page.figure("play_draw", figures.play_draw(self.decks, on_play, on_draw)),
            page.table("decks_play", _rows(self.profiles), [
                Col("deck", "deck"), Col("games", "games", "int"),
                Col("rate_on_play", "win % on play", "pct"),
                Col("rate_on_draw", "win % on draw", "pct"),
                Col("play_advantage", "play advantage (pts)", "pts"),
                Col("mean_turns", "mean turns", "num"), Col("median_turns", "median", "num"),
                Col("wins", "wins", "int"), Col("kill_turn_mean", "mean kill turn", "num"),
                Col("kill_turn_median", "median kill turn", "num"),
                Col("mulligan_rate", "mulligan %", "pct"),
                Col("mean_mulligans", "mulligans / game", "num", 2),
                Col("rate_after_mulligan", "win % after mulligan", "pct")]))

    def usage_table(self, page: Page) -> str:
        return page.table("keyword_usage", _rows(self.usage), [
            Col("deck", "deck"), Col("statistic", "statistic"), Col("games", "games", "int"),
            Col("games_fired", "games fired", "int"), Col("fired_rate", "fired %", "pct"),
            Col("mean", "per game", "num", 2), Col("mean_when_fired", "per game fired",
                                                    "num", 2)],
            "How often each keyword statistic was positive in a deck's games, and how much.")
