"""``mtgsim report DIR``: a self-contained HTML report of a job (figures embedded as PNG
data, and also written beside it), built with matplotlib."""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from mtgsim.engine.stats import STAT_KEYS  # noqa: E402
from mtgsim.results.analysis import (  # noqa: E402
    Games,
    bradley_terry,
    deck_profiles,
    field_win_rates,
    keyword_impact,
    matchup_matrix,
    nash_equilibrium,
    play_draw_overall,
    rate_matrix,
    replicator_dynamics,
    win_matrix,
)
from mtgsim.results.dataset import read_games  # noqa: E402

FIGURES = ("matchups", "ratings", "keywords", "metagame", "equilibrium", "game_length",
           "play_draw")


class Report:
    def __init__(self, out: Path, shares: dict[str, float] | None = None) -> None:
        self.out = out
        self.folder = out / "report"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.table = read_games(out)
        if self.table.num_rows == 0:
            raise ValueError(f"{out}: the job has no games")
        self.g = Games(self.table)
        self.p = rate_matrix(self.g)
        k = self.g.n
        self.shares = np.array([(shares or {}).get(d, 1.0) for d in self.g.decks])
        self.shares = self.shares / self.shares.sum() if self.shares.sum() else np.ones(k) / k
        self.images: dict[str, str] = {}

    # --- figures ---------------------------------------------------------------------

    def _save(self, fig: plt.Figure, name: str) -> None:
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
        plt.close(fig)
        data = buf.getvalue()
        (self.folder / f"{name}.png").write_bytes(data)
        self.images[name] = base64.b64encode(data).decode()

    def fig_matchups(self) -> None:
        decks = self.g.decks
        k = len(decks)
        fig, ax = plt.subplots(figsize=(1.2 + 0.7 * k, 1.0 + 0.6 * k))
        im = ax.imshow(self.p, cmap="RdYlGn", vmin=0, vmax=1)
        ax.set_xticks(range(k), decks, rotation=60, ha="right", fontsize=8)
        ax.set_yticks(range(k), decks, fontsize=8)
        for i in range(k):
            for j in range(k):
                if i != j:
                    ax.text(j, i, f"{100 * self.p[i, j]:.0f}", ha="center", va="center",
                            fontsize=7)
        ax.set_title("Win rate of row deck against column deck (%)")
        fig.colorbar(im, ax=ax, fraction=0.04)
        self._save(fig, "matchups")

    def fig_ratings(self) -> None:
        w, n = win_matrix(self.g)
        ratings = sorted(bradley_terry(w, n, self.g.decks), key=lambda r: r.rating)
        self.ratings = ratings
        fig, ax = plt.subplots(figsize=(7, 0.4 * len(ratings) + 1))
        y = np.arange(len(ratings))
        ax.errorbar([r.rating for r in ratings], y,
                    xerr=[[r.rating - r.low for r in ratings],
                          [r.high - r.rating for r in ratings]], fmt="o", capsize=3)
        ax.set_yticks(y, [r.deck for r in ratings], fontsize=8)
        ax.axvline(1500, color="grey", lw=0.8)
        ax.set_xlabel("Bradley-Terry rating (Elo scale), 95% interval")
        self._save(fig, "ratings")

    def fig_keywords(self) -> None:
        thresholds = {"cascade_hit_max_mana_value": 3}
        impacts = [i for i in keyword_impact(self.table, STAT_KEYS, thresholds)
                   if i.difference is not None and i.games_fired >= 20 and i.games_not >= 20]
        impacts.sort(key=lambda i: i.difference or 0.0)
        self.impacts = impacts
        fig, ax = plt.subplots(figsize=(8, 0.3 * max(len(impacts), 3) + 1))
        if impacts:
            y = np.arange(len(impacts))
            diffs = [100 * (i.difference or 0) for i in impacts]
            err = [[100 * ((i.difference or 0) - (i.low or 0)) for i in impacts],
                   [100 * ((i.high or 0) - (i.difference or 0)) for i in impacts]]
            ax.errorbar(diffs, y, xerr=err, fmt="o", capsize=2)
            ax.set_yticks(y, [f"{i.deck}: {i.keyword}" for i in impacts], fontsize=7)
            ax.axvline(0, color="grey", lw=0.8)
        else:
            ax.text(0.5, 0.5, "no keyword fired in enough games", ha="center")
        ax.set_xlabel("win rate when it fired minus when it did not (points, 95% CI)")
        self._save(fig, "keywords")

    def fig_metagame(self) -> None:
        traj = replicator_dynamics(self.p, self.shares, generations=150)
        self.trajectory = traj
        fig, ax = plt.subplots(figsize=(8, 4.5))
        for i, d in enumerate(self.g.decks):
            ax.plot(traj[:, i], label=d)
        ax.set_xlabel("generation")
        ax.set_ylabel("metagame share")
        ax.set_title("Replicator dynamics from the starting shares")
        ax.legend(fontsize=7, ncol=2)
        self._save(fig, "metagame")

    def fig_equilibrium(self) -> None:
        mix, value = nash_equilibrium(self.p)
        self.equilibrium = (mix, value)
        fig, ax = plt.subplots(figsize=(8, 3.5))
        ax.bar(range(len(mix)), mix)
        ax.set_xticks(range(len(mix)), self.g.decks, rotation=60, ha="right", fontsize=8)
        ax.set_ylabel("share")
        ax.set_title("Nash equilibrium of the metagame (mix no deck can beat)")
        self._save(fig, "equilibrium")

    def fig_game_length(self) -> None:
        fig, ax = plt.subplots(figsize=(8, 4))
        bins = np.arange(0, int(self.g.game_turns.max()) + 2)
        for i, d in enumerate(self.g.decks):
            ax.hist(self.g.game_turns[self.g.me == i], bins=bins, histtype="step", label=d)
        ax.set_xlabel("turns")
        ax.set_ylabel("games")
        ax.legend(fontsize=7, ncol=2)
        ax.set_title("Game length per deck")
        self._save(fig, "game_length")

    def fig_play_draw(self) -> None:
        profiles = deck_profiles(self.table)
        self.profiles = profiles
        fig, ax = plt.subplots(figsize=(8, 3.5))
        x = np.arange(len(profiles))
        ax.bar(x - 0.2, [p.rate_on_play for p in profiles], 0.4, label="on the play")
        ax.bar(x + 0.2, [p.rate_on_draw for p in profiles], 0.4, label="on the draw")
        ax.set_xticks(x, [p.deck for p in profiles], rotation=60, ha="right", fontsize=8)
        ax.axhline(0.5, color="grey", lw=0.8)
        ax.legend(fontsize=8)
        ax.set_ylabel("win rate")
        self._save(fig, "play_draw")

    # --- html ------------------------------------------------------------------------

    def write(self) -> Path:
        for name in FIGURES:
            getattr(self, f"fig_{name}")()
        path = self.folder / "index.html"
        path.write_text(self.html(), encoding="utf-8")
        (self.folder / "summary.json").write_text(json.dumps(self.headline(), indent=2))
        return path

    def headline(self) -> dict[str, object]:
        mix, _ = self.equilibrium
        field = field_win_rates(self.p, self.shares)
        overall, low, high = play_draw_overall(self.table)
        return {
            "games": self.table.num_rows,
            "decks": self.g.decks,
            "top_rated": [r.deck for r in sorted(self.ratings, key=lambda r: -r.rating)][:3],
            "field_win_rate": {d: round(float(f), 4) for d, f in zip(self.g.decks, field,
                                                                     strict=True)},
            "equilibrium": {d: round(float(x), 4) for d, x in zip(self.g.decks, mix,
                                                                   strict=True) if x > 1e-4},
            "on_play_win_rate": [round(overall, 4), round(low, 4), round(high, 4)],
        }

    def _img(self, name: str, alt: str) -> str:
        return (f'<figure><img id="fig-{name}" alt="{html.escape(alt)}" '
                f'src="data:image/png;base64,{self.images[name]}"></figure>')

    def html(self) -> str:
        e = html.escape
        field = field_win_rates(self.p, self.shares)
        rows = "".join(
            f"<tr><td>{e(r.deck)}</td><td>{r.rating:.0f}</td><td>{r.low:.0f} – {r.high:.0f}"
            f"</td><td>{100 * field[self.g.decks.index(r.deck)]:.1f}%</td></tr>"
            for r in sorted(self.ratings, key=lambda r: -r.rating))
        cells = "".join(
            f"<tr><td>{e(c.deck)}</td><td>{e(c.opponent)}</td><td>{c.games}</td>"
            f"<td>{100 * c.rate:.1f}%</td><td>{100 * c.low:.1f} – {100 * c.high:.1f}</td>"
            f"<td>{_pct(c.rate_on_play)}</td><td>{_pct(c.rate_on_draw)}</td></tr>"
            for c in matchup_matrix(self.g))
        impacts = "".join(
            f"<tr><td>{e(i.deck)}</td><td>{e(i.keyword)}</td><td>{i.games_fired}</td>"
            f"<td>{_pct(i.rate_fired)}</td><td>{i.games_not}</td><td>{_pct(i.rate_not)}</td>"
            f"<td>{100 * (i.difference or 0):+.1f} ({100 * (i.low or 0):+.1f} … "
            f"{100 * (i.high or 0):+.1f})</td></tr>" for i in self.impacts)
        profiles = "".join(
            f"<tr><td>{e(p.deck)}</td><td>{p.games}</td><td>{_pct(p.rate_on_play)}</td>"
            f"<td>{_pct(p.rate_on_draw)}</td><td>{100 * p.play_advantage:+.1f}</td>"
            f"<td>{p.mean_turns:.1f}</td><td>{p.median_turns:.0f}</td>"
            f"<td>{_pct(p.mulligan_rate)}</td></tr>" for p in self.profiles)
        mix, value = self.equilibrium
        eq = "".join(f"<tr><td>{e(d)}</td><td>{100 * x:.1f}%</td></tr>"
                     for d, x in zip(self.g.decks, mix, strict=True) if x > 1e-4)
        overall, low, high = play_draw_overall(self.table)
        return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mtgsim report: {e(self.out.name)}</title>
<style>body{{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}}
table{{border-collapse:collapse;margin:1em 0;font-size:13px}}td,th{{border:1px solid #ccc;
padding:3px 8px;text-align:right}}td:first-child,td:nth-child(2){{text-align:left}}
img{{max-width:100%}}h2{{margin-top:2em}}</style>
<script>window.addEventListener("load", () => document.body.setAttribute(
  "data-figures-loaded", [...document.images].filter(i => i.naturalWidth > 0).length));
</script></head><body>
<h1>mtgsim report</h1>
<p>{self.table.num_rows} games, {len(self.g.decks)} decks, from <code>{e(str(self.out))}</code>.
The player on the play won {100 * overall:.1f}% of decisive games
(95% CI {100 * low:.1f}–{100 * high:.1f}%).</p>
<h2 id="matchups">Matchup matrix</h2>{self._img("matchups", "matchup heatmap")}
<table><tr><th>deck</th><th>opponent</th><th>games</th><th>win rate</th><th>Wilson 95%</th>
<th>on play</th><th>on draw</th></tr>{cells}</table>
<h2 id="ratings">Ratings</h2>{self._img("ratings", "ratings")}
<table><tr><th>deck</th><th>rating</th><th>95% interval</th><th>vs field</th></tr>{rows}</table>
<h2 id="keywords">Keyword impact</h2>{self._img("keywords", "keyword impact")}
<table><tr><th>deck</th><th>keyword</th><th>games fired</th><th>win rate</th>
<th>games not</th><th>win rate</th><th>difference (95% CI)</th></tr>{impacts}</table>
<h2 id="metagame">Metagame dynamics</h2>{self._img("metagame", "replicator dynamics")}
<h2 id="equilibrium">Equilibrium</h2>{self._img("equilibrium", "Nash equilibrium")}
<p>Value of the symmetric game at equilibrium: {value:+.4f}.</p>
<table><tr><th>deck</th><th>share</th></tr>{eq}</table>
<h2 id="lengths">Game length, play/draw and mulligans</h2>
{self._img("game_length", "game length histogram")}{self._img("play_draw", "play/draw")}
<table><tr><th>deck</th><th>games</th><th>on play</th><th>on draw</th><th>play adv.</th>
<th>mean turns</th><th>median</th><th>mulligan rate</th></tr>{profiles}</table>
</body></html>
"""


def _pct(x: float | None) -> str:
    return "–" if x is None or x != x else f"{100 * x:.1f}%"


def write_report(out: Path, shares: dict[str, float] | None = None) -> Path:
    return Report(out, shares).write()


__all__ = ["write_report", "Report"]
