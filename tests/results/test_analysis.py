"""The analysis on synthetic data with known answers: published interval values, a
rock-paper-scissors metagame, a known Bradley-Terry model with a play/draw term, unplayed
pairs, keyword impact at the edges, kill turns."""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
import pytest
from scipy import stats

from mtgsim.results.analysis import (
    Games,
    bradley_terry,
    deck_profiles,
    equilibrium_bootstrap,
    field_win_rates,
    is_complete,
    matchup_matrix,
    nash_equilibrium,
    play_draw_overall,
    rate_matrix,
    replicator_dynamics,
    win_matrix,
)
from mtgsim.results.intervals import (
    adjust,
    diff_interval,
    mcnemar_pvalue,
    paired_interval,
    paired_table,
    wilson,
)
from mtgsim.results.keywords import keyword_impact, keyword_usage
from mtgsim.results.report import ReportError, resolve_shares

RPS = np.array([[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])


def synthetic(decks: list[str], p: np.ndarray, games: int, seed: int = 1,
              play_edge: float = 0.0, pairs: list[tuple[int, int]] | None = None,
              logit_play: float | None = None) -> pa.Table:
    """Games between pairs drawn from win probabilities ``p``: with ``play_edge`` the
    player on the play gains that much probability, with ``logit_play`` that much
    log-odds (the Bradley-Terry play term)."""
    rng = np.random.default_rng(seed)
    rows: dict[str, list[object]] = {k: [] for k in (
        "deck_a", "deck_b", "winner", "on_play", "turns", "mulligans_a", "mulligans_b",
        "a_cascades", "b_cascades")}
    if pairs is None:
        pairs = [(i, j) for i in range(len(decks)) for j in range(i + 1, len(decks))]
    for i, j in pairs:
        for g in range(games):
            on_play = g % 2
            prob = p[i, j] + (play_edge if on_play == 0 else -play_edge)
            if logit_play is not None:
                logit = math.log(p[i, j] / (1 - p[i, j])) + (
                    logit_play if on_play == 0 else -logit_play)
                prob = 1 / (1 + math.exp(-logit))
            rows["deck_a"].append(decks[i])
            rows["deck_b"].append(decks[j])
            rows["winner"].append(0 if rng.random() < prob else 1)
            rows["on_play"].append(on_play)
            rows["turns"].append(int(rng.integers(5, 15)))
            rows["mulligans_a"].append(int(rng.random() < 0.2))
            rows["mulligans_b"].append(0)
            rows["a_cascades"].append(int(rng.random() < 0.5))
            rows["b_cascades"].append(0)
    t = pa.table(rows)
    return t.set_column(t.schema.get_field_index("winner"), "winner",
                        t["winner"].cast(pa.int8()))


# --- intervals ------------------------------------------------------------------------------


def test_wilson_interval_matches_the_textbook_value_and_scipy() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(100, 100)
    assert high == 1.0 and low > 0.96
    for k, n in ((0, 23), (7, 40), (40, 40), (113, 200)):
        ci = stats.binomtest(k, n).proportion_ci(method="wilson")
        assert wilson(k, n) == pytest.approx((ci.low, ci.high), abs=1e-12)
    low, high = wilson(5.5, 10)  # a draw counts half: between the integer neighbours
    assert wilson(5, 10)[0] < low < wilson(6, 10)[0]


# Newcombe (1998), "Interval estimation for the difference between independent
# proportions", Statistics in Medicine 17: 873-890, Table II, method 10 (hybrid score)
NEWCOMBE_1998 = [
    ((56, 70, 48, 80), (0.0524, 0.3339)),
    ((9, 10, 3, 10), (0.1705, 0.8090)),
    ((6, 7, 2, 7), (0.0582, 0.8062)),
    ((5, 56, 0, 29), (-0.0381, 0.1926)),
    ((0, 10, 0, 20), (-0.1611, 0.2775)),
    ((0, 10, 0, 10), (-0.2775, 0.2775)),
    ((10, 10, 0, 20), (0.6791, 1.0000)),
    ((10, 10, 0, 10), (0.6075, 1.0000)),
]


@pytest.mark.parametrize(("counts", "expected"), NEWCOMBE_1998)
def test_difference_interval_is_newcombes_hybrid_score(counts, expected) -> None:
    assert diff_interval(*counts) == pytest.approx(expected, abs=1e-4)


def _wilson_scipy(k: int, n: int) -> tuple[float, float]:
    ci = stats.binomtest(k, n).proportion_ci(method="wilson")
    return ci.low, ci.high


def test_difference_interval_keeps_its_width_at_zero_and_hundred_percent() -> None:
    # the case: 0 of 23 games won when the keyword did not fire, 34 of 100 when
    # it did; Newcombe's formula from scipy's Wilson limits: d -/+ sqrt(...)
    (l1, u1), (l2, u2) = _wilson_scipy(34, 100), _wilson_scipy(0, 23)
    d = 0.34
    expected = (d - math.hypot(0.34 - l1, u2 - 0.0), d + math.hypot(0.0 - l2, u1 - 0.34))
    assert diff_interval(34, 100, 0, 23) == pytest.approx(expected, abs=1e-12)
    assert expected[1] - expected[0] > 0.25  # the normal approximation: 0.25 wide at most
    # both groups at the edge, where the normal interval is the single point 1.0:
    # 1 - sqrt(2) * (Wilson upper limit of 0/23) = 1 - sqrt(2) z^2 / (23 + z^2)
    z2 = stats.norm.ppf(0.975) ** 2
    assert diff_interval(23, 23, 0, 23) == pytest.approx(
        (1 - math.sqrt(2) * z2 / (23 + z2), 1.0), abs=1e-12)
    low, high = diff_interval(0, 23, 0, 40)
    assert low < 0 < high and high - low > 0.2


def test_paired_interval_matches_the_published_example() -> None:
    # Fagerland, Lydersen & Laake, Statistical Analysis of Contingency Tables, ch. 8
    # (Newcombe's square-and-add interval for paired data): estimate -0.0621,
    # 95% CI -0.1186 to -0.0046 for the table [[59, 6], [16, 80]] (rows: first test).
    # Our tables have the first run in rows and give second - first, so transpose.
    change, low, high = paired_interval(np.array([[59, 6], [16, 80]]).T)
    assert (change, low, high) == pytest.approx((-0.0621, -0.1186, -0.0046), abs=1e-4)
    # no discordant game: the change is 0, its interval is not (both margins' Wilson
    # intervals, narrowed by the runs' correlation: about +-4.7 points for 40 games)
    change, low, high = paired_interval(np.array([[20.0, 0.0], [0.0, 20.0]]))
    assert change == 0.0 and low == pytest.approx(-high) and 0.04 < high < 0.05


def test_paired_interval_covers_the_true_change() -> None:
    rng = np.random.default_rng(4)
    hits = 0
    trials = 400
    for _ in range(trials):
        first = (rng.random(150) < 0.5).astype(float)
        flip = rng.random(150)
        second = np.where(flip < 0.15, 1.0, np.where(flip < 0.25, 0.0, first))
        true = 0.15 * 0.5 - 0.10 * 0.5  # wins gained from losses minus wins lost
        _, low, high = paired_interval(paired_table(first, second))
        hits += low <= true <= high
    assert 0.92 <= hits / trials <= 0.985


def test_paired_table_counts_draws_half() -> None:
    t = paired_table(np.array([1.0, 0.5, 0.0, 1.0]), np.array([1.0, 1.0, 0.5, 0.0]))
    assert t.sum() == 4
    assert t[0, 0] == 1.5 and t[0, 1] == 1.0 and t[1, 0] == 1.0 and t[1, 1] == 0.5


def test_mcnemar_and_benjamini_hochberg() -> None:
    assert mcnemar_pvalue(np.array([[10, 0], [6, 10]])) == pytest.approx(2 * 0.5 ** 6)
    assert mcnemar_pvalue(np.array([[10, 0], [0, 10]])) == 1.0
    q = adjust([0.01, 0.04, 0.03, 0.2])
    assert q == pytest.approx([0.04, 0.04 * 4 / 3, 0.04 * 4 / 3, 0.2])


# --- the metagame ---------------------------------------------------------------------------


def test_rock_paper_scissors_has_the_uniform_equilibrium() -> None:
    mix, value = nash_equilibrium(RPS)
    assert mix == pytest.approx([1 / 3, 1 / 3, 1 / 3], abs=1e-6)
    assert value == 0.0 and math.copysign(1.0, value) == 1.0  # never "-0.0000"


def test_rock_paper_scissors_from_games_is_robust_under_the_bootstrap() -> None:
    p = np.array([[0.5, 0.2, 0.8], [0.8, 0.5, 0.2], [0.2, 0.8, 0.5]])
    g = Games(synthetic(["rock", "paper", "scissors"], p, 400, seed=2))
    shares = equilibrium_bootstrap(g, replicates=100, seed=1)
    for e in shares:
        assert e.share == pytest.approx(1 / 3, abs=0.08)
        assert e.support == 1.0  # every resample keeps all three in the mix
        assert e.low < 1 / 3 < e.high


def test_a_dominant_deck_is_the_whole_equilibrium_and_takes_over() -> None:
    p = np.array([[0.5, 0.7, 0.8], [0.3, 0.5, 0.6], [0.2, 0.4, 0.5]])
    mix, _ = nash_equilibrium(p)
    assert mix == pytest.approx([1, 0, 0], abs=1e-6)
    traj = replicator_dynamics(p, np.array([0.1, 0.45, 0.45]), generations=300)
    assert traj[0] == pytest.approx([0.1, 0.45, 0.45])
    assert traj[-1][0] > 0.99
    assert np.allclose(traj.sum(axis=1), 1.0)
    g = Games(synthetic(["a", "b", "c"], p, 300, seed=8))
    boot = {e.deck: e for e in equilibrium_bootstrap(g, replicates=100)}
    assert boot["a"].share == 1.0 and boot["a"].support == 1.0
    assert boot["c"].support < 0.05


def test_replicator_dynamics_of_rock_paper_scissors_keeps_the_centre() -> None:
    traj = replicator_dynamics(RPS, np.ones(3) / 3, generations=50)
    assert traj[-1] == pytest.approx([1 / 3] * 3)


def test_bradley_terry_recovers_known_strengths_and_the_play_term() -> None:
    decks = ["a", "b", "c", "d"]
    s = np.array([0.0, 0.6, -0.8, 0.2])
    s -= s.mean()
    p = 1 / (1 + np.exp(-(s[:, None] - s[None, :])))
    g = Games(synthetic(decks, p, 6000, seed=3, logit_play=0.3))
    bt = bradley_terry(g)
    got = np.array([r.strength for r in bt.ratings])
    assert got == pytest.approx(s, abs=0.05)
    assert got.sum() == pytest.approx(0.0, abs=1e-9)
    for r, true in zip(bt.ratings, s, strict=True):
        assert r.se < 0.03
        lo, hi = (r.low - 1500) / (400 / np.log(10)), (r.high - 1500) / (400 / np.log(10))
        assert lo - 0.03 < true < hi + 0.03
    assert bt.play == pytest.approx(0.3, abs=0.04)
    assert bt.play - 3 * bt.play_se < 0.3 < bt.play + 3 * bt.play_se
    assert bt.play_rate == pytest.approx(1 / (1 + math.exp(-0.3)), abs=0.01)
    assert not bt.regularised


def test_bradley_terry_stays_finite_when_a_deck_never_loses() -> None:
    p = np.array([[0.5, 1.0], [0.0, 0.5]])
    bt = bradley_terry(Games(synthetic(["x", "y"], p, 40)))
    assert bt.regularised
    assert all(math.isfinite(r.rating) and r.low < r.rating < r.high for r in bt.ratings)
    assert bt.ratings[0].rating > bt.ratings[1].rating + 300


def test_unplayed_pairs_are_never_fifty_percent() -> None:
    # a versus job: deck 0 against decks 1 and 2; 1 and 2 never met
    p = np.array([[0.5, 0.7, 0.4], [0.3, 0.5, 0.5], [0.6, 0.5, 0.5]])
    g = Games(synthetic(["hero", "f1", "f2"], p, 400, pairs=[(0, 1), (0, 2)]),
              ["hero", "f1", "f2"])
    m = rate_matrix(g)
    assert math.isnan(m[1, 2]) and math.isnan(m[2, 1])
    assert not is_complete(m)
    assert {(c.deck, c.opponent) for c in matchup_matrix(g)} == {
        ("hero", "f1"), ("f1", "hero"), ("hero", "f2"), ("f2", "hero")}
    w, n = win_matrix(g)
    field = {f.deck: f for f in field_win_rates(m, n, np.ones(3) / 3, g.decks)}
    assert field["hero"].rate == pytest.approx((0.5 + 0.7 + 0.4) / 3, abs=0.04)
    assert field["hero"].low < field["hero"].rate < field["hero"].high
    assert field["f1"].rate is None and field["f2"].rate is None
    # with f2 out of the field (share 0), f1's field is hero and itself: measured
    field = {f.deck: f for f in field_win_rates(m, n, np.array([1.0, 1.0, 0.0]), g.decks)}
    assert field["f1"].rate == pytest.approx((0.3 + 0.5) / 2, abs=0.04)


def test_matchup_matrix_rates_and_play_draw_split() -> None:
    p = np.array([[0.5, 0.7], [0.3, 0.5]])
    table = synthetic(["x", "y"], p, 4000, seed=5, play_edge=0.1)
    g = Games(table)
    cells = {(c.deck, c.opponent): c for c in matchup_matrix(g)}
    xy = cells[("x", "y")]
    assert xy.games == 4000
    assert xy.rate == pytest.approx(0.7, abs=0.025)
    assert xy.low < xy.rate < xy.high
    assert xy.rate_on_play == pytest.approx(0.8, abs=0.03)
    assert xy.rate_on_draw == pytest.approx(0.6, abs=0.03)
    assert cells[("y", "x")].rate == pytest.approx(1 - xy.rate)
    assert rate_matrix(g)[0, 1] == pytest.approx(xy.rate)
    overall, low, high = play_draw_overall(table)
    assert overall == pytest.approx(0.6, abs=0.03) and low < overall < high
    profiles = {d.deck: d for d in deck_profiles(g)}
    assert profiles["x"].play_advantage == pytest.approx(0.2, abs=0.05)
    assert profiles["x"].mulligan_rate == pytest.approx(0.2, abs=0.03)
    assert profiles["y"].mulligan_rate == 0.0 and profiles["y"].rate_after_mulligan is None


def test_kill_turn_counts_the_winners_own_turns() -> None:
    # deck_a on the play wins on turn 9 (its 5th turn); then on the draw on turn 8 (4th)
    table = pa.table({"deck_a": ["x", "x"], "deck_b": ["y", "y"],
                      "winner": pa.array([0, 0], pa.int8()), "on_play": [0, 1],
                      "turns": [9, 8], "mulligans_a": [0, 2], "mulligans_b": [0, 0]})
    x = next(p for p in deck_profiles(Games(table)) if p.deck == "x")
    assert x.wins == 2 and x.kill_turn_mean == 4.5 and x.kill_turn_median == 4.5
    assert x.mean_mulligans == 1.0 and x.rate_after_mulligan == 1.0


# --- keywords -------------------------------------------------------------------------------


def _keyword_table(fired: np.ndarray, won: np.ndarray, **extra: np.ndarray) -> pa.Table:
    n = len(fired)
    return pa.table({
        "deck_a": ["x"] * n, "deck_b": ["y"] * n,
        "winner": pa.array(np.where(won, 0, 1), pa.int8()),
        "on_play": [0] * n, "turns": [8] * n,
        "a_cascades": fired.astype(int), "b_cascades": [0] * n,
        **{f"a_{k}": v for k, v in extra.items()},
        **{f"b_{k}": np.zeros(n, int) for k in extra},
    })


def test_keyword_impact_compares_games_where_it_fired() -> None:
    rng = np.random.default_rng(9)
    fired = rng.random(4000) < 0.5
    won = np.where(fired, rng.random(4000) < 0.75, rng.random(4000) < 0.45)
    # cascade_hits fire in exactly the same games: one row, not two
    table = _keyword_table(fired, won, cascade_hits=fired.astype(int) * 2)
    impact = keyword_impact(Games(table), ["cascades", "cascade_hits"])
    assert [(i.deck, i.keyword, i.same_as) for i in impact] == [
        ("x", "cascades", "cascade_hits")]
    x = impact[0]
    assert x.rate_fired == pytest.approx(0.75, abs=0.03)
    assert x.rate_not == pytest.approx(0.45, abs=0.03)
    assert x.difference == pytest.approx(0.30, abs=0.04)
    assert x.low < 0.30 < x.high
    assert x.p_value < 1e-6 and x.q_value < 1e-6
    usage = {(u.deck, u.statistic): u for u in keyword_usage(Games(table), ["cascades"])}
    assert usage[("x", "cascades")].fired_rate == pytest.approx(fired.mean())
    assert ("y", "cascades") not in usage  # never fired for y


def test_keyword_impact_at_zero_percent_has_a_real_interval() -> None:
    # not fired: 23 games, all lost; fired: 200 games at 34%
    fired = np.array([True] * 200 + [False] * 23)
    won = np.array([i < 68 for i in range(200)] + [False] * 23)
    x = keyword_impact(Games(_keyword_table(fired, won)), ["cascades"])[0]
    assert x.rate_not == 0.0 and x.difference == pytest.approx(0.34)
    assert x.low < 0.22 and x.high < 0.41  # the normal approximation gave 0.27 … 0.41
    assert x.high - x.low > 0.15


def test_shares_are_validated_and_normalised() -> None:
    decks = ["a", "b", "c"]
    assert resolve_shares(decks, None) == pytest.approx([1 / 3] * 3)
    assert resolve_shares(decks, {"a": 2, "b": 2}) == pytest.approx([0.5, 0.5, 0.0])
    for bad, message in (({"z": 1.0}, "z not a deck"), ({"a": -1.0}, "a=-1.0"),
                         ({"a": float("nan")}, "a=nan"), ({"a": float("inf")}, "a=inf"),
                         ({"a": 0.0}, "sum to 0")):
        with pytest.raises(ReportError, match=message):
            resolve_shares(decks, bad)
