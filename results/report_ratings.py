"""What the report says about how far to trust its ratings and its equilibrium: the
Bradley-Terry model's fit (deviance per degree of freedom, intervals widened by the
overdispersion), the ratings that rest on indirect comparisons only, the ratings whose
order a head-to-head result contradicts, and an equilibrium that is not unique."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from mtgsim.results.analysis import BradleyTerry, Cell, EquilibriumShare, unique_equilibrium
from mtgsim.results.intervals import format_p

e = html.escape


def fit_summary(bt: BradleyTerry) -> dict[str, Any]:
    """The fit's numbers for the report's JSON."""
    return {"deviance": round(bt.deviance, 3), "df": bt.df_resid,
            "deviance_per_df": round(bt.deviance / bt.df_resid, 3) if bt.df_resid else None,
            "p": None if bt.fit_p is None else round(bt.fit_p, 6),
            "dispersion": None if bt.dispersion is None else round(bt.dispersion, 3),
            "intervals_widened": bt.widened}


def fit_html(bt: BradleyTerry) -> str:
    """One paragraph: how well the ratings explain the games, and what was done."""
    if not bt.df_resid:
        return ("<p>Two decks: the model has as many parameters as cells, so its fit "
                "cannot be checked (and needs no check: the rating gap is the matchup).</p>")
    worst = bt.fit[0] if bt.fit else None
    text = (f"<p><b>Fit:</b> residual deviance {bt.deviance:.1f} on {bt.df_resid} degrees "
            f"of freedom ({bt.deviance / bt.df_resid:.2f} per degree of freedom, p "
            f"{_p(bt.fit_p)}); dispersion (Pearson's chi-squared per degree of freedom) "
            f"{bt.dispersion or 0:.2f}. ")
    if bt.widened:
        text += (f"Above 1, the games vary more than ratings alone allow (matchups a single "
                 "strength per deck cannot express), so every rating interval is widened by "
                 f"√{bt.dispersion:.2f} = ×{(bt.dispersion or 1) ** 0.5:.2f} "
                 "(quasi-likelihood).")
    else:
        text += "At or below 1: the model's own intervals stand."
    if worst is not None:
        text += (f" Worst fitted pair: {e(worst.deck)} against {e(worst.opponent)}, observed "
                 f"{100 * worst.observed:.1f}% against {100 * worst.predicted:.1f}% predicted "
                 f"over {worst.games} games (Pearson residual {worst.residual:+.1f}); the "
                 "table below has every pair.")
    return text + "</p>"


def _p(p: float | None) -> str:
    shown = format_p(p)
    return shown if shown.startswith("<") else f"= {shown}"


def indirect_html(bt: BradleyTerry, decks: int) -> str:
    flagged = [r for r in bt.ratings if r.indirect]
    if not flagged:
        return ""
    names = ", ".join(f"{e(r.deck)} ({r.opponents} of {decks - 1})" for r in flagged)
    return (f'<p class="note"><b>Indirect ratings.</b> {names} did not play every other deck '
            "(decks played in brackets): their place against the decks they never met "
            "is inferred by the model through common opponents, not observed. In a versus "
            "job the field decks met only the hero deck, so their order among themselves "
            "rests on one deck's results. The table's 'indirect' column flags them.</p>")


def against_head_to_head(bt: BradleyTerry, cells: Sequence[Cell]) -> list[dict[str, Any]]:
    """Pairs rated in one order whose head-to-head says the other, clearly: the higher
    rated deck's Wilson interval against the lower one lies below 50%."""
    rating = {r.deck: r.rating for r in bt.ratings}
    return [{"deck": c.deck, "opponent": c.opponent, "rating_gap": rating[c.deck] -
             rating[c.opponent], "head_to_head": c.rate, "low": c.low, "high": c.high,
             "games": c.games}
            for c in cells if rating[c.deck] > rating[c.opponent] and c.high < 0.5]


def against_html(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return ""
    items = "; ".join(f"{e(r['deck'])} is rated {r['rating_gap']:.0f} above "
                      f"{e(r['opponent'])} but won {100 * r['head_to_head']:.1f}% of their "
                      f"{r['games']} games (95% {100 * r['low']:.1f}–{100 * r['high']:.1f}%)"
                      for r in rows)
    return (f'<p class="note"><b>Ratings against head-to-head results.</b> {items}. A '
            "rating is an average over the opponents: it ranks decks against the field, not "
            "against each other; read the matchup matrix for a pair.</p>")


def equilibrium_summary(eq: Sequence[EquilibriumShare]) -> dict[str, Any]:
    unique = unique_equilibrium(eq)
    out: dict[str, Any] = {"equilibrium_unique": unique}
    if not unique:
        out["equilibrium_range"] = {x.deck: [round(x.least, 4), round(x.most, 4)]
                                    for x in eq if x.most > 0}
    return out


def equilibrium_text(eq: Sequence[EquilibriumShare]) -> str:
    """The headline's sentence on the equilibrium: the mix, or the range of each deck's
    share over the equilibria when there are many."""
    if unique_equilibrium(eq):
        mix = sorted((x for x in eq if x.share > 0), key=lambda x: -x.share)
        return "Equilibrium: " + ", ".join(
            f"{e(x.deck)} {100 * x.share:.0f}% (in the mix in {100 * x.support:.0f}% of "
            "resamples)" for x in mix) + "."
    ranges = sorted((x for x in eq if x.most > 0), key=lambda x: -x.most)
    return ("The equilibrium is not unique: the mixes no deck beats form a set, over which "
            + ", ".join(f"{e(x.deck)} ranges {100 * x.least:.0f}–{100 * x.most:.0f}%"
                        for x in ranges)
            + " (one of them, as the solver found it: " + ", ".join(
                f"{e(x.deck)} {100 * x.share:.0f}%" for x in eq if x.share > 0) + ").")


def equilibrium_note(eq: Sequence[EquilibriumShare]) -> str:
    if unique_equilibrium(eq):
        return ""
    return ('<p class="note"><b>Many equilibria.</b> Some matchups are exactly even (or the '
            "matrix is otherwise degenerate), so no single mix is <i>the</i> equilibrium: "
            "every mix in the set is one, and the dynamics may settle anywhere in it. The "
            "'least' and 'most' columns give each deck's range over the set; the 'share' "
            "column is the one mix the solver returned.</p>")


__all__ = ["against_head_to_head", "against_html", "equilibrium_note",
           "equilibrium_summary", "equilibrium_text", "fit_html", "fit_summary",
           "indirect_html"]
