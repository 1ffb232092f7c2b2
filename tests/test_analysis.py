"""The analysis on synthetic data with known answers."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

from mtgsim.results.analysis import (
    Games,
    bradley_terry,
    deck_profiles,
    keyword_impact,
    matchup_matrix,
    nash_equilibrium,
    play_draw_overall,
    rate_matrix,
    replicator_dynamics,
    wilson,
    win_matrix,
)


def synthetic(decks: list[str], p: np.ndarray, games: int, seed: int = 1,
              play_edge: float = 0.0) -> pa.Table:
    """Games between every pair drawn from win probabilities ``p`` (+ edge on the play)."""
    rng = np.random.default_rng(seed)
    rows: dict[str, list[object]] = {k: [] for k in (
        "deck_a", "deck_b", "winner", "on_play", "turns", "mulligans_a", "mulligans_b",
        "a_cascades", "b_cascades")}
    for i in range(len(decks)):
        for j in range(i + 1, len(decks)):
            for g in range(games):
                on_play = g % 2
                prob = p[i, j] + (play_edge if on_play == 0 else -play_edge)
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


def test_wilson_interval_matches_the_textbook_value() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(100, 100)
    assert high == 1.0 and low > 0.96


def test_rock_paper_scissors_has_the_uniform_equilibrium() -> None:
    p = np.array([[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])
    mix, value = nash_equilibrium(p)
    assert mix == pytest.approx([1 / 3, 1 / 3, 1 / 3], abs=1e-6)
    assert value == pytest.approx(0.0, abs=1e-9)


def test_a_dominant_deck_is_the_whole_equilibrium_and_takes_over() -> None:
    p = np.array([[0.5, 0.7, 0.8], [0.3, 0.5, 0.6], [0.2, 0.4, 0.5]])
    mix, _ = nash_equilibrium(p)
    assert mix == pytest.approx([1, 0, 0], abs=1e-6)
    traj = replicator_dynamics(p, np.array([0.1, 0.45, 0.45]), generations=300)
    assert traj[0] == pytest.approx([0.1, 0.45, 0.45])
    assert traj[-1][0] > 0.99
    assert np.allclose(traj.sum(axis=1), 1.0)


def test_replicator_dynamics_of_rock_paper_scissors_keeps_the_centre() -> None:
    p = np.array([[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])
    traj = replicator_dynamics(p, np.ones(3) / 3, generations=50)
    assert traj[-1] == pytest.approx([1 / 3] * 3)


def test_bradley_terry_recovers_known_strengths() -> None:
    decks = ["a", "b", "c", "d"]
    s = np.array([0.0, 0.6, -0.8, 0.2])
    s -= s.mean()
    p = 1 / (1 + np.exp(-(s[:, None] - s[None, :])))
    table = synthetic(decks, p, 6000, seed=3)
    w, n = win_matrix(Games(table))
    ratings = bradley_terry(w, n, decks)
    got = np.array([r.strength for r in ratings])
    assert got == pytest.approx(s, abs=0.05)
    for r, true in zip(ratings, s, strict=True):
        assert r.se < 0.03
        lo, hi = (r.low - 1500) / (400 / np.log(10)), (r.high - 1500) / (400 / np.log(10))
        assert lo - 0.03 < true < hi + 0.03


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
    profiles = {d.deck: d for d in deck_profiles(table)}
    assert profiles["x"].play_advantage == pytest.approx(0.2, abs=0.05)
    assert profiles["x"].mulligan_rate == pytest.approx(0.2, abs=0.03)
    assert profiles["y"].mulligan_rate == 0.0


def test_keyword_impact_compares_games_where_it_fired() -> None:
    rng = np.random.default_rng(9)
    fired = rng.random(4000) < 0.5
    winner = np.where(fired, rng.random(4000) < 0.75, rng.random(4000) < 0.45)
    table = pa.table({
        "deck_a": ["x"] * 4000, "deck_b": ["y"] * 4000,
        "winner": pa.array(np.where(winner, 0, 1), pa.int8()),
        "on_play": [0] * 4000, "turns": [8] * 4000,
        "a_cascades": fired.astype(int), "b_cascades": [0] * 4000,
    })
    impact = {(i.deck, i.keyword): i for i in keyword_impact(table, ["cascades"])}
    x = impact[("x", "cascades")]
    assert x.rate_fired == pytest.approx(0.75, abs=0.03)
    assert x.rate_not == pytest.approx(0.45, abs=0.03)
    assert x.difference == pytest.approx(0.30, abs=0.04)
    assert x.low < 0.30 < x.high
    assert ("y", "cascades") not in impact  # never fired for y
