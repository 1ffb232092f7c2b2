"""Answers from a job's games: matchup matrix with Wilson intervals, Bradley-Terry
ratings, field win rates, keyword impact, metagame dynamics and equilibrium, play/draw
advantage, game lengths and mulligan rates.

Everything takes plain arrays or a pyarrow table, so it can be checked on small
synthetic data with known answers (tests/test_analysis.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import msgspec
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from scipy import optimize, stats

Z95 = float(stats.norm.ppf(0.975))


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (draws count as half wins upstream)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class Cell(msgspec.Struct):
    deck: str
    opponent: str
    games: int
    wins: float  # draws count as half a win
    rate: float
    low: float
    high: float
    games_on_play: int
    rate_on_play: float | None
    games_on_draw: int
    rate_on_draw: float | None


def _strings(col: pa.ChunkedArray) -> list[str]:
    return [str(x) for x in col.cast(pa.string()).to_pylist()]


class Games:
    """The columns of a games table the analysis needs, as numpy arrays, seat-normalised:
    every game appears twice, once from each deck's point of view."""

    def __init__(self, table: pa.Table) -> None:
        a = _strings(table["deck_a"])
        b = _strings(table["deck_b"])
        winner = np.asarray(table["winner"].to_numpy(zero_copy_only=False), dtype=np.int64)
        on_play = np.asarray(table["on_play"].to_numpy(zero_copy_only=False), dtype=np.int64)
        self.turns = np.asarray(table["turns"].to_numpy(zero_copy_only=False), dtype=np.int64)
        self.decks = sorted(set(a) | set(b))
        index = {d: i for i, d in enumerate(self.decks)}
        ia = np.array([index[x] for x in a], dtype=np.int64)
        ib = np.array([index[x] for x in b], dtype=np.int64)
        # score of deck_a: 1 win, 0.5 draw, 0 loss
        score_a = np.where(winner == 0, 1.0, np.where(winner == 1, 0.0, 0.5))
        self.me = np.concatenate([ia, ib])
        self.opp = np.concatenate([ib, ia])
        self.score = np.concatenate([score_a, 1.0 - score_a])
        self.on_play = np.concatenate([on_play == 0, on_play == 1])
        self.game_turns = np.concatenate([self.turns, self.turns])
        self.table = table

    @property
    def n(self) -> int:
        return len(self.decks)


def matchup_matrix(g: Games) -> list[Cell]:
    cells = []
    for i, deck in enumerate(g.decks):
        for j, opp in enumerate(g.decks):
            if i == j:
                continue
            mask = (g.me == i) & (g.opp == j)
            n = int(mask.sum())
            if n == 0:
                continue
            wins = float(g.score[mask].sum())
            low, high = wilson(wins, n)
            play = mask & g.on_play
            draw = mask & ~g.on_play
            cells.append(Cell(
                deck, opp, n, wins, wins / n, low, high, int(play.sum()),
                float(g.score[play].mean()) if play.any() else None, int(draw.sum()),
                float(g.score[draw].mean()) if draw.any() else None))
    return cells


def win_matrix(g: Games) -> tuple[np.ndarray, np.ndarray]:
    """W[i, j] = (half-)wins of i against j, N[i, j] = games between them."""
    w = np.zeros((g.n, g.n))
    n = np.zeros((g.n, g.n))
    np.add.at(w, (g.me, g.opp), g.score)
    np.add.at(n, (g.me, g.opp), 1.0)
    return w, n


def rate_matrix(g: Games) -> np.ndarray:
    """P[i, j] = win rate of i against j (0.5 on the diagonal and where never played)."""
    w, n = win_matrix(g)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, w / np.maximum(n, 1), 0.5)
    np.fill_diagonal(p, 0.5)
    return p


class Rating(msgspec.Struct):
    deck: str
    rating: float  # Elo-scaled Bradley-Terry strength, mean 1500
    low: float
    high: float
    strength: float  # log-strength (natural units), mean 0
    se: float


def bradley_terry(w: np.ndarray, n: np.ndarray, decks: Sequence[str],
                  prior: float = 1e-6) -> list[Rating]:
    """Maximum-likelihood Bradley-Terry: P(i beats j) = 1 / (1 + exp(s_j - s_i)).

    Solved by Newton's method on the log-likelihood with strengths centred at 0 (a tiny
    ridge keeps unbeaten decks finite); standard errors from the inverse Hessian.
    """
    k = len(decks)
    s = np.zeros(k)
    for _ in range(100):
        diff = s[:, None] - s[None, :]
        p = 1 / (1 + np.exp(-diff))
        grad = (w - n * p).sum(axis=1) - prior * s
        h = n * p * (1 - p)
        hess = -np.diag(h.sum(axis=1)) + h - prior * np.eye(k)
        # centre: add the constraint sum(s) = 0 through a rank-one term
        step = np.linalg.solve(hess - np.ones((k, k)) / k, -grad)
        s = s + step
        s -= s.mean()
        if np.abs(step).max() < 1e-10:
            break
    diff = s[:, None] - s[None, :]
    p = 1 / (1 + np.exp(-diff))
    h = n * p * (1 - p)
    info = np.diag(h.sum(axis=1)) - h
    cov = np.linalg.pinv(info, rcond=1e-9, hermitian=True)  # the strengths are identified up to a shift: sum = 0
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    scale = 400 / math.log(10)
    return [Rating(d, 1500 + scale * s[i], 1500 + scale * (s[i] - Z95 * se[i]),
                   1500 + scale * (s[i] + Z95 * se[i]), float(s[i]), float(se[i]))
            for i, d in enumerate(decks)]


def field_win_rates(p: np.ndarray, shares: np.ndarray) -> np.ndarray:
    """Win rate of each deck against the field weighted by metagame share (mirror 50%)."""
    return p @ shares


def replicator_dynamics(p: np.ndarray, start: np.ndarray, generations: int = 200,
                        step: float = 1.0) -> np.ndarray:
    """Discrete replicator dynamics: x' = x * f / mean(f), f = (P x) (fitness = expected
    win rate). Returns the shares of every generation, shape (generations + 1, k)."""
    x = np.asarray(start, dtype=float)
    x = x / x.sum()
    out = [x]
    for _ in range(generations):
        f = p @ x
        avg = float(x @ f)
        x = x * (1 + step * (f - avg) / max(avg, 1e-12))
        x = np.clip(x, 0, None)
        x = x / x.sum()
        out.append(x)
    return np.array(out)


def nash_equilibrium(p: np.ndarray) -> tuple[np.ndarray, float]:
    """The maximin mix of the symmetric zero-sum metagame game with payoff P - 1/2.

    Linear program: maximise v subject to (P - 1/2)^T x >= v, sum x = 1, x >= 0.
    The value v is 0 for a symmetric game; the mix is what no deck can beat.
    """
    k = p.shape[0]
    a = p - 0.5
    # variables: x_1..x_k, v ; minimise -v
    c = np.zeros(k + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-a.T, np.ones((k, 1))])  # v - (A^T x)_j <= 0
    b_ub = np.zeros(k)
    a_eq = np.hstack([np.ones((1, k)), np.zeros((1, 1))])
    res = optimize.linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=[1.0],
                           bounds=[(0, None)] * k + [(None, None)], method="highs")
    if not res.success:
        raise RuntimeError(f"equilibrium LP failed: {res.message}")
    x = np.clip(res.x[:k], 0, None)
    return x / x.sum(), float(res.x[-1])


class KeywordImpact(msgspec.Struct):
    deck: str
    keyword: str  # a statistic column, e.g. "cascades" or "cascade_hit_max_mana_value>=3"
    games_fired: int
    rate_fired: float | None
    games_not: int
    rate_not: float | None
    difference: float | None
    low: float | None  # 95% interval of the difference (normal approximation)
    high: float | None


def keyword_impact(table: pa.Table, stat_keys: Sequence[str],
                   thresholds: dict[str, int] | None = None) -> list[KeywordImpact]:
    """Win rate in games where a keyword statistic was positive vs. games where it was
    not, per deck and statistic (with ``thresholds``: the statistic reached a value)."""
    thresholds = thresholds or {}
    g = Games(table)
    out = []
    cols = set(table.column_names)
    for key in stat_keys:
        if f"a_{key}" not in cols:
            continue
        va = np.asarray(table[f"a_{key}"].to_numpy(zero_copy_only=False), dtype=np.int64)
        vb = np.asarray(table[f"b_{key}"].to_numpy(zero_copy_only=False), dtype=np.int64)
        value = np.concatenate([va, vb])
        limit = thresholds.get(key, 1)
        label = key if limit == 1 else f"{key}>={limit}"
        for i, deck in enumerate(g.decks):
            mine = g.me == i
            fired = mine & (value >= limit)
            nf, nn = int(fired.sum()), int((mine & ~(value >= limit)).sum())
            if nf == 0:
                continue
            rf = float(g.score[fired].mean())
            rn = float(g.score[mine & ~(value >= limit)].mean()) if nn else None
            diff = low = high = None
            if rn is not None:
                diff = rf - rn
                se = math.sqrt(rf * (1 - rf) / nf + rn * (1 - rn) / nn)
                low, high = diff - Z95 * se, diff + Z95 * se
            out.append(KeywordImpact(deck, label, nf, rf, nn, rn, diff, low, high))
    return out


class DeckProfile(msgspec.Struct):
    deck: str
    games: int
    rate_on_play: float
    rate_on_draw: float
    play_advantage: float
    mean_turns: float
    median_turns: float
    mulligan_rate: float


def deck_profiles(table: pa.Table) -> list[DeckProfile]:
    g = Games(table)
    ma = np.asarray(table["mulligans_a"].to_numpy(zero_copy_only=False), dtype=np.int64)
    mb = np.asarray(table["mulligans_b"].to_numpy(zero_copy_only=False), dtype=np.int64)
    mull = np.concatenate([ma, mb]) > 0
    out = []
    for i, deck in enumerate(g.decks):
        mine = g.me == i
        play = mine & g.on_play
        draw = mine & ~g.on_play
        rp = float(g.score[play].mean()) if play.any() else float("nan")
        rd = float(g.score[draw].mean()) if draw.any() else float("nan")
        out.append(DeckProfile(deck, int(mine.sum()), rp, rd, rp - rd,
                               float(g.game_turns[mine].mean()),
                               float(np.median(g.game_turns[mine])),
                               float(mull[mine].mean())))
    return out


def play_draw_overall(table: pa.Table) -> tuple[float, float, float]:
    """Share of decisive games won by the player on the play, with its Wilson interval."""
    winner = pc.cast(table["winner"], pa.int64()).to_numpy(zero_copy_only=False)
    on_play = pc.cast(table["on_play"], pa.int64()).to_numpy(zero_copy_only=False)
    decisive = winner >= 0
    n = int(decisive.sum())
    wins = int((winner[decisive] == on_play[decisive]).sum())
    low, high = wilson(wins, n)
    return (wins / n if n else float("nan"), low, high)
