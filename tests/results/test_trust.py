"""How far the report lets its numbers be trusted, on synthetic data with known answers:
the ratings' goodness of fit and the intervals widened by overdispersion, ratings that
rest on indirect comparisons, ratings ordered against a clear head-to-head result, an
equilibrium that is a set rather than a point, and Swiss match win rates without mirrors."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from scipy import stats

from mtgsim.results.analysis import (
    Games,
    bradley_terry,
    equilibrium_bootstrap,
    equilibrium_range,
    matchup_matrix,
    nash_equilibrium,
    rate_matrix,
    unique_equilibrium,
)
from mtgsim.results.report_ratings import against_head_to_head, equilibrium_text, fit_html
from mtgsim.results.tournament import Swiss


def games(decks: list[str], p: np.ndarray, n: int, seed: int = 7,
          pairs: list[tuple[int, int]] | None = None, exact: bool = False) -> pa.Table:
    """``n`` games per pair (i < j unless ``pairs``), deck i winning with probability
    p[i, j], the decks alternating on the play; ``exact``: exactly round(p n) wins."""
    rng = np.random.default_rng(seed)
    rows: dict[str, list[object]] = {k: [] for k in ("deck_a", "deck_b", "winner",
                                                     "on_play", "turns")}
    k = len(decks)
    for i, j in pairs or [(a, b) for a in range(k) for b in range(a + 1, k)]:
        wins = set(range(round(p[i, j] * n))) if exact else {
            g for g in range(n) if rng.random() < p[i, j]}
        for g in range(n):
            rows["deck_a"].append(decks[i])
            rows["deck_b"].append(decks[j])
            rows["winner"].append(0 if g in wins else 1)
            rows["on_play"].append(g % 2)
            rows["turns"].append(10)
    return pa.table(rows)


def bt_matrix(s: list[float]) -> np.ndarray:
    a = np.asarray(s)
    return 1 / (1 + np.exp(-(a[:, None] - a[None, :])))


def test_a_model_that_fits_is_not_widened_and_its_deviance_is_chi_squared() -> None:
    decks = ["a", "b", "c", "d", "e"]
    bt = bradley_terry(Games(games(decks, bt_matrix([0.0, 0.4, -0.3, 0.8, -0.5]), 2000)))
    assert bt.df_resid == 2 * 10 - 5  # 20 cells (pair, who is on the play), 5 parameters
    assert bt.deviance == pytest.approx(
        bt.deviance) and 0.3 < bt.deviance / bt.df_resid < 2.5
    assert bt.fit_p == pytest.approx(stats.chi2.sf(bt.deviance, bt.df_resid))
    assert bt.dispersion is not None and bt.dispersion < 2
    assert all(abs(f.residual) < 4 for f in bt.fit)
    assert not any(r.indirect for r in bt.ratings)


def test_an_intransitive_field_is_overdispersed_and_its_intervals_widen() -> None:
    """Rock-paper-scissors with a fourth, even deck: no strengths explain it. The
    dispersion is far above 1 and every interval is that much wider than the model's."""
    p = np.array([[0.5, 0.85, 0.15, 0.5], [0.15, 0.5, 0.85, 0.5], [0.85, 0.15, 0.5, 0.5],
                  [0.5, 0.5, 0.5, 0.5]])
    g = Games(games(["rock", "paper", "scissors", "even"], p, 400))
    bt = bradley_terry(g)
    assert bt.widened and bt.dispersion is not None and bt.dispersion > 10
    assert bt.fit_p is not None and bt.fit_p < 1e-6
    worst = bt.fit[0]
    assert {worst.deck, worst.opponent} <= {"rock", "paper", "scissors"}
    assert abs(worst.observed - worst.predicted) > 0.25 and abs(worst.residual) > 5
    # the widened half-width is the model's times sqrt(dispersion): refit without it
    ratio = math.sqrt(bt.dispersion)
    for r in bt.ratings:
        assert (r.high - r.low) / 2 == pytest.approx(
            1.959964 * r.se * 400 / math.log(10), rel=1e-6)
    import statsmodels.api as sm

    from mtgsim.results.analysis import _bt_design

    x, y, _ = _bt_design(g)
    plain = sm.GLM(y, x, family=sm.families.Binomial()).fit()
    code = np.vstack([np.eye(3), -np.ones((1, 3))])
    plain_se = np.sqrt(np.diag(code @ np.asarray(plain.cov_params())[:-1, :-1] @ code.T))
    assert [r.se for r in bt.ratings] == pytest.approx(list(plain_se * ratio), rel=1e-6)
    text = fit_html(bt)
    assert "widened" in text and f"{bt.dispersion:.2f}" in text


def test_two_decks_have_no_fit_to_check() -> None:
    bt = bradley_terry(Games(games(["x", "y"], bt_matrix([0.3, -0.3]), 200)))
    assert bt.df_resid == 0 and bt.dispersion is None and bt.fit_p is None
    assert not bt.widened and "cannot be checked" in fit_html(bt)


def test_a_star_design_flags_the_field_decks_as_indirect() -> None:
    """A versus job: the hero met each field deck, the field decks never met."""
    decks = ["hero", "f1", "f2", "f3"]
    g = Games(games(decks, bt_matrix([0.0, 0.5, -0.2, 0.1]), 300,
                    pairs=[(0, 1), (0, 2), (0, 3)]), decks)
    bt = bradley_terry(g)
    flags = {r.deck: (r.indirect, r.opponents) for r in bt.ratings}
    assert flags == {"hero": (False, 3), "f1": (True, 1), "f2": (True, 1), "f3": (True, 1)}


def test_a_rating_order_against_a_clear_head_to_head_is_listed() -> None:
    """b beats everyone but a; a loses to everyone but b, and beats b clearly. b is rated
    above a, against their head-to-head."""
    p = np.array([[0.5, 0.8, 0.2, 0.2], [0.2, 0.5, 0.8, 0.8], [0.8, 0.2, 0.5, 0.5],
                  [0.8, 0.2, 0.5, 0.5]])
    g = Games(games(["a", "b", "c", "d"], p, 400))
    bt = bradley_terry(g)
    rating = {r.deck: r.rating for r in bt.ratings}
    assert rating["b"] > rating["a"]
    rows = against_head_to_head(bt, matchup_matrix(g))
    assert [(r["deck"], r["opponent"]) for r in rows] == [("b", "a")]
    assert rows[0]["high"] < 0.5 and rows[0]["rating_gap"] > 0


def test_an_even_pair_makes_the_equilibrium_a_segment() -> None:
    """Two decks at exactly 30-30: every mix of the two is an equilibrium."""
    decks = ["bogles", "jund"]
    g = Games(games(decks, np.array([[0.5, 0.5], [0.5, 0.5]]), 60, exact=True), decks)
    p = rate_matrix(g)
    assert p[0, 1] == 0.5
    least, most = equilibrium_range(p)
    assert least == pytest.approx([0, 0]) and most == pytest.approx([1, 1])
    eq = equilibrium_bootstrap(g, 20, 0)
    assert not unique_equilibrium(eq)
    text = equilibrium_text(eq)
    assert "not unique" in text and "bogles ranges 0–100%" in text


def test_a_strict_equilibrium_is_unique() -> None:
    rps = np.array([[0.5, 0.2, 0.7], [0.8, 0.5, 0.3], [0.3, 0.7, 0.5]])
    least, most = equilibrium_range(rps)
    mix, _ = nash_equilibrium(rps)
    assert least == pytest.approx(mix, abs=1e-6) and most == pytest.approx(mix, abs=1e-6)
    # with a dominated fourth deck the mix is the same and still unique
    four = np.full((4, 4), 0.5)
    four[:3, :3] = rps
    four[3, :3], four[:3, 3] = 0.2, 0.8
    least, most = equilibrium_range(four)
    assert most[3] == pytest.approx(0, abs=1e-6) and least == pytest.approx(most, abs=1e-6)


def test_swiss_match_win_rate_leaves_mirrors_out(tmp_path: Path) -> None:
    """Dredge loses 1 of 1 match against bogles and goes 2-2 in its mirrors: 0%, not 40%
    (and the mirrors counted apart)."""
    def match(a: str, b: str, winner: int, stage: str = "swiss") -> dict[str, object]:
        return {"event": 0, "stage": stage, "round": 1, "table": 0, "seat_a": 0, "seat_b": 1,
                "deck_a": a, "deck_b": b, "wins_a": 2 if winner == 0 else 0,
                "wins_b": 2 if winner == 1 else 0, "draws": 0, "winner_seat": winner}
    rows = [match("dredge", "bogles", 1), match("dredge", "dredge", 0),
            match("dredge", "dredge", 1), match("bogles", "jund", 0),
            match("dredge", "jund", 0, "top"),  # the top cut is left out
            {**match("jund", "", 0), "seat_b": -1}]  # a bye too
    folder = tmp_path / "swiss"
    folder.mkdir()
    pq.write_table(pa.Table.from_pylist(rows), folder / "matches.parquet")
    pq.write_table(pa.Table.from_pylist([
        {"event": 0, "rank": i + 1, "seat": i, "deck": d, "points": 0, "wins": 0,
         "losses": 0, "draws": 0, "byes": 0, "omw_pct": 0.0, "game_win_pct": 0.0,
         "top": i == 0} for i, d in enumerate(["dredge", "bogles", "jund"])]),
        folder / "standings.parquet")
    conv = {c["deck"]: c for c in Swiss(tmp_path).conversion(["dredge", "bogles", "jund"])}
    assert conv["dredge"]["match_win_rate"] == 0.0 and conv["dredge"]["matches"] == 1
    assert conv["dredge"]["mirror_matches"] == 2
    assert conv["bogles"]["match_win_rate"] == 1.0 and conv["bogles"]["matches"] == 2
    assert conv["jund"]["matches"] == 1 and conv["jund"]["mirror_matches"] == 0
