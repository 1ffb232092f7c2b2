"""Answers from a job's games: the matchup matrix with Wilson intervals, Bradley-Terry
ratings with a play/draw term, field win rates, metagame dynamics and the equilibrium
with its bootstrap, play/draw advantage, game lengths, kill turns and mulligans.

Everything takes plain arrays or a pyarrow table, so it can be checked on synthetic data
with known answers (tests/results/test_analysis.py). A pair of decks that was never played is
NaN in every matrix, never a measured 50%.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from typing import Any

import msgspec
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import statsmodels.api as sm
from scipy import optimize, stats
from statsmodels.tools.sm_exceptions import PerfectSeparationWarning

from mtgsim.results.intervals import Z95, wilson

ELO = 400 / math.log(10)  # Elo points per natural-log unit of strength


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


def _ints(table: pa.Table, name: str) -> np.ndarray:
    return np.asarray(table[name].to_numpy(zero_copy_only=False), dtype=np.int64)


class Games:
    """The columns of a games table the analysis needs, as numpy arrays, seat-normalised:
    every game appears twice, once from each deck's point of view."""

    def __init__(self, table: pa.Table, decks: Sequence[str] | None = None) -> None:
        a = _strings(table["deck_a"])
        b = _strings(table["deck_b"])
        winner = _ints(table, "winner")
        on_play = _ints(table, "on_play")
        self.turns = _ints(table, "turns")
        self.decks = list(decks) if decks is not None else sorted(set(a) | set(b))
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

    def seat_values(self, name: str) -> np.ndarray:
        """A per-seat column (``mulligans_a``/``_b``, ``a_x``/``b_x``) in seat-normalised
        order."""
        if name.startswith("mulligans"):
            return np.concatenate([_ints(self.table, "mulligans_a"),
                                   _ints(self.table, "mulligans_b")])
        return np.concatenate([_ints(self.table, f"a_{name}"), _ints(self.table, f"b_{name}")])


def matchup_matrix(g: Games) -> list[Cell]:
    """Every played ordered pair (deck, opponent) with its Wilson interval and its
    on-the-play and on-the-draw rates."""
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
    """P[i, j] = win rate of i against j: 0.5 on the diagonal (the mirror), NaN where the
    pair was never played."""
    w, n = win_matrix(g)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, w / np.maximum(n, 1), np.nan)
    np.fill_diagonal(p, 0.5)
    return p


def is_complete(p: np.ndarray) -> bool:
    """Whether every pair of decks was played (needed for the equilibrium and dynamics)."""
    return bool(np.isfinite(p).all())


# --- Bradley-Terry -------------------------------------------------------------------------


class Rating(msgspec.Struct):
    deck: str
    rating: float  # Elo-scaled Bradley-Terry strength, mean 1500
    low: float  # 95%, widened by the overdispersion when it exceeds 1
    high: float
    strength: float  # log-strength (natural units), mean 0
    se: float
    opponents: int = 0  # decks it played
    indirect: bool = False  # some deck it never played: compared with it only through others


class MatchupFit(msgspec.Struct):
    """A pair of decks as the ratings predict it: the first deck's observed and predicted
    win rate over their games, and the Pearson residual of its wins."""

    deck: str
    opponent: str
    games: int
    observed: float
    predicted: float
    residual: float


class BradleyTerry(msgspec.Struct):
    ratings: list[Rating]
    play: float  # log-odds advantage of the player on the play, decks equal
    play_se: float
    play_rate: float  # the same as a win probability between equal decks
    play_low: float
    play_high: float
    games: int
    regularised: bool  # a deck was unbeaten or winless: half a win and a loss were added
    # goodness of fit over the (deck, opponent, on the play) cells: residual deviance on
    # df_resid degrees of freedom, its chi-squared p, and the dispersion (Pearson's
    # chi-squared over df_resid) that widens every interval when it exceeds 1; None
    # for a saturated model (two decks: nothing to check)
    deviance: float = 0.0
    df_resid: int = 0
    fit_p: float | None = None
    dispersion: float | None = None
    widened: bool = False
    fit: list[MatchupFit] = []  # per pair of decks, worst fitted first


def _bt_design(g: Games) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows per (deck, opponent, deck on the play) from the first-seat half of the games:
    effect-coded deck columns (the last deck is minus the sum of the others, so strengths
    sum to 0), a play column (+1 when the row's deck is on the play, -1 when not),
    (wins, losses), and each row's (deck, opponent)."""
    half = len(g.me) // 2
    k = g.n
    me, opp = g.me[:half], g.opp[:half]
    play, score = g.on_play[:half], g.score[:half]
    key = (me * k + opp) * 2 + play.astype(np.int64)
    keys, inverse = np.unique(key, return_inverse=True)
    wins = np.bincount(inverse, weights=score, minlength=len(keys))
    games = np.bincount(inverse, minlength=len(keys)).astype(float)
    code = np.vstack([np.eye(k - 1), -np.ones((1, k - 1))])
    i = keys // 2 // k
    j = keys // 2 % k
    x = np.hstack([code[i] - code[j], np.where(keys % 2 == 1, 1.0, -1.0)[:, None]])
    return x, np.column_stack([wins, games - wins]), np.column_stack([i, j])


def _glm(x: np.ndarray, y: np.ndarray) -> Any:
    """The binomial GLM fit. statsmodels warns of "perfect prediction" whenever the model
    is saturated (two decks: two rows, two parameters), which is exact, not separation;
    separation is checked on the estimates instead."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PerfectSeparationWarning)
        warnings.simplefilter("ignore", RuntimeWarning)  # its scale with 0 residual d.f.
        return sm.GLM(y, x, family=sm.families.Binomial()).fit()


def bradley_terry(g: Games) -> BradleyTerry:
    """Bradley-Terry as a logistic model (statsmodels GLM, binomial family):
    logit P(i beats j) = s_i - s_j + t * (+1 if i is on the play, -1 if j is), with
    strengths summing to 0; standard errors from the model's covariance.

    The fit is checked over its (deck, opponent, on the play) cells: the residual deviance
    on its degrees of freedom (a p from the chi-squared), and the dispersion, Pearson's
    chi-squared per degree of freedom. Above 1 the games vary more than the model
    allows (matchups it cannot express: A beats B beats C beats A), and every interval is
    widened by its square root (quasi-likelihood). A deck that did not play every other
    is flagged ``indirect``: its place against those rests on the model alone."""
    k = g.n
    x, y, pairs = _bt_design(g)
    fit = _glm(x, y)
    regularised = bool(np.abs(fit.params).max() > 12 or not np.isfinite(fit.bse).all()
                       or fit.bse.max() > 100)
    if regularised:  # separation (a deck never lost or never won): a weak prior
        fit = _glm(x, y + 0.5)
    code = np.vstack([np.eye(k - 1), -np.ones((1, k - 1))])
    beta = np.asarray(fit.params)
    df = int(round(float(fit.df_resid)))
    deviance = float(fit.deviance)
    dispersion = float(fit.pearson_chi2) / df if df > 0 else None
    widened = dispersion is not None and dispersion > 1
    # quasi-binomial: the model's covariance times the dispersion when it exceeds 1
    cov = np.asarray(fit.cov_params()) * (dispersion if widened and dispersion else 1.0)
    s = code @ beta[:-1]
    se = np.sqrt(np.clip(np.diag(code @ cov[:-1, :-1] @ code.T), 0, None))
    _, n = win_matrix(g)
    met = [int((n[i] > 0).sum() - (n[i, i] > 0)) for i in range(k)]
    ratings = [Rating(d, 1500 + ELO * s[i], 1500 + ELO * (s[i] - Z95 * se[i]),
                      1500 + ELO * (s[i] + Z95 * se[i]), float(s[i]), float(se[i]),
                      met[i], met[i] < k - 1)
               for i, d in enumerate(g.decks)]
    t, t_se = float(beta[-1]), float(math.sqrt(cov[-1, -1]))

    def sig(v: float) -> float:
        return 1 / (1 + math.exp(-v))
    return BradleyTerry(ratings, t, t_se, sig(t), sig(t - Z95 * t_se), sig(t + Z95 * t_se),
                        len(g.me) // 2, regularised, deviance, df,
                        float(stats.chi2.sf(deviance, df)) if df > 0 else None, dispersion,
                        widened, _pair_fit(g, pairs, y, np.asarray(fit.predict(x))))


def _pair_fit(g: Games, pairs: np.ndarray, y: np.ndarray, mu: np.ndarray
              ) -> list[MatchupFit]:
    """Observed against predicted per pair of decks (both play orders together), from the
    design's rows, worst fitted first."""
    out: dict[tuple[int, int], list[float]] = {}
    for (i, j), (wins, losses), p in zip(pairs.tolist(), y.tolist(), mu.tolist(),
                                         strict=True):
        games = wins + losses
        if i > j:
            i, j, wins, p = j, i, losses, 1 - p
        acc = out.setdefault((i, j), [0.0, 0.0, 0.0, 0.0])
        acc[0] += games
        acc[1] += wins
        acc[2] += games * p
        acc[3] += games * p * (1 - p)
    fits = [MatchupFit(g.decks[i], g.decks[j], int(n), w / n, e / n,
                       (w - e) / math.sqrt(v) if v > 0 else 0.0)
            for (i, j), (n, w, e, v) in out.items() if n > 0]
    return sorted(fits, key=lambda f: -abs(f.residual))


# --- the metagame -------------------------------------------------------------------------


class FieldRate(msgspec.Struct):
    deck: str
    rate: float | None  # against the field weighted by share, mirror at 50%
    low: float | None
    high: float | None
    opponents: int  # opponents with games (of those with a positive share)
    share: float


def field_win_rates(p: np.ndarray, n: np.ndarray, shares: np.ndarray,
                    decks: Sequence[str]) -> list[FieldRate]:
    """Win rate of each deck against the field weighted by metagame share (the mirror
    counts 50%), for the decks that met every deck of the field (share > 0); the others
    get None (an unplayed pair is never guessed). The interval is the normal one of a
    weighted sum of independent cell rates."""
    out = []
    k = len(decks)
    weights = shares / shares.sum()
    for i in range(k):
        wanted = weights > 0
        played = np.isfinite(p[i])
        opponents = int((played & wanted).sum() - (1 if wanted[i] else 0))
        if not played[wanted].all():
            out.append(FieldRate(decks[i], None, None, None, opponents, float(weights[i])))
            continue
        rate = float(np.sum(np.where(wanted, weights * p[i], 0.0)))
        var = sum(weights[j] ** 2 * p[i, j] * (1 - p[i, j]) / n[i, j]
                  for j in range(k) if wanted[j] and j != i)
        half = Z95 * math.sqrt(var)
        out.append(FieldRate(decks[i], rate, max(0.0, rate - half), min(1.0, rate + half),
                             opponents, float(weights[i])))
    return out


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

    Linear program (scipy's HiGHS): maximise v subject to (P - 1/2)^T x >= v, sum x = 1,
    x >= 0. The value v of a symmetric game is 0 (returned rounded, never -0.0); the mix
    is what no deck can beat on average.
    """
    k = p.shape[0]
    a = p - 0.5
    c = np.zeros(k + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-a.T, np.ones((k, 1))])  # v - (A^T x)_j <= 0
    a_eq = np.hstack([np.ones((1, k)), np.zeros((1, 1))])
    res = optimize.linprog(c, A_ub=a_ub, b_ub=np.zeros(k), A_eq=a_eq, b_eq=[1.0],
                           bounds=[(0, None)] * k + [(None, None)], method="highs")
    if not res.success:
        raise RuntimeError(f"equilibrium LP failed: {res.message}")
    x = np.clip(res.x[:k], 0, None)
    x[x < 1e-9] = 0.0
    value = round(float(res.x[-1]), 9) + 0.0  # + 0.0 turns -0.0 into 0.0
    return x / x.sum(), value


EQ_TOL = 1e-9  # how far below the game's value 0 a mix may pay and still count


def equilibrium_range(p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each deck's least and greatest share over every equilibrium of the metagame game
    (the mixes no deck beats on average: (P - 1/2)^T x >= 0, sum x = 1, x >= 0, a convex
    set): two linear programs per deck. The equilibrium is unique when every range is a
    point; a pair at exactly 50% (30 wins each) typically makes it a segment."""
    k = p.shape[0]
    a_ub = -(p - 0.5).T  # -(A^T x) <= tol
    lo, hi = np.zeros(k), np.zeros(k)
    for i in range(k):
        for sign, out in ((1.0, lo), (-1.0, hi)):
            c = np.zeros(k)
            c[i] = sign
            res = optimize.linprog(c, A_ub=a_ub, b_ub=np.full(k, EQ_TOL),
                                   A_eq=np.ones((1, k)), b_eq=[1.0], bounds=[(0, None)] * k,
                                   method="highs")
            if not res.success:
                raise RuntimeError(f"equilibrium range LP failed: {res.message}")
            out[i] = min(1.0, max(0.0, float(res.x[i])))
    return lo, hi


class EquilibriumShare(msgspec.Struct):
    deck: str
    share: float  # in the equilibrium of the measured matrix
    support: float  # fraction of bootstrap replicates where the deck is in the mix
    mean: float  # mean share over the replicates
    low: float  # 2.5th and 97.5th percentile of the share over the replicates
    high: float
    least: float = 0.0  # the least and greatest share over every equilibrium of the
    most: float = 0.0  # measured matrix (equal when the equilibrium is unique)


SUPPORT = 1e-3  # a share above this is "in the mix"


def bootstrap_matrices(w: np.ndarray, n: np.ndarray, draws: np.ndarray, replicates: int,
                       seed: int) -> np.ndarray:
    """Rate matrices resampled over games: each pair's games drawn again with
    replacement (a multinomial of its wins, draws and losses), shape (replicates, k, k)."""
    rng = np.random.default_rng(seed)
    k = w.shape[0]
    out = np.full((replicates, k, k), 0.5)
    for i in range(k):
        for j in range(i + 1, k):
            games = int(n[i, j])
            if games == 0:
                out[:, i, j] = out[:, j, i] = np.nan
                continue
            d = draws[i, j]
            wins = w[i, j] - d / 2
            probs = np.clip(np.array([wins, d, games - wins - d]) / games, 0, 1)
            counts = rng.multinomial(games, probs / probs.sum(), size=replicates)
            rate = (counts[:, 0] + counts[:, 1] / 2) / games
            out[:, i, j] = rate
            out[:, j, i] = 1 - rate
    return out


def draw_matrix(g: Games) -> np.ndarray:
    d = np.zeros((g.n, g.n))
    np.add.at(d, (g.me, g.opp), (g.score == 0.5).astype(float))
    return d


def equilibrium_bootstrap(g: Games, replicates: int = 200,
                          seed: int = 0) -> list[EquilibriumShare]:
    """The equilibrium of the measured matrix and how robust it is: re-solved on
    ``replicates`` matrices resampled over games."""
    w, n = win_matrix(g)
    mix, _ = nash_equilibrium(rate_matrix(g))
    boot = bootstrap_matrices(w, n, draw_matrix(g), replicates, seed)
    mixes = np.array([nash_equilibrium(m)[0] for m in boot])
    least, most = equilibrium_range(rate_matrix(g))
    return [EquilibriumShare(d, float(mix[i]), float((mixes[:, i] > SUPPORT).mean()),
                             float(mixes[:, i].mean()),
                             float(np.percentile(mixes[:, i], 2.5)),
                             float(np.percentile(mixes[:, i], 97.5)),
                             float(least[i]), float(most[i]))
            for i, d in enumerate(g.decks)]


UNIQUE_TOL = 1e-6  # a share range narrower than this is one point


def unique_equilibrium(shares: Sequence[EquilibriumShare]) -> bool:
    return all(e.most - e.least < UNIQUE_TOL for e in shares)


# --- decks: play/draw, game length, kill turn, mulligans ---------------------------------


class DeckProfile(msgspec.Struct):
    deck: str
    games: int
    rate_on_play: float
    rate_on_draw: float
    play_advantage: float
    mean_turns: float
    median_turns: float
    mulligan_rate: float  # games with at least one mulligan
    mean_mulligans: float
    rate_after_mulligan: float | None  # win rate in games where the deck mulliganed
    wins: int  # games won (draws not counted)
    kill_turn_mean: float | None  # the winner's own turns taken when it won
    kill_turn_median: float | None


def kill_turns(g: Games) -> np.ndarray:
    """How many turns of its own a deck had taken when the game ended (the player on the
    play takes turns 1, 3, 5...): ceil(T/2) on the play, floor(T/2) on the draw."""
    t = g.game_turns
    return np.where(g.on_play, (t + 1) // 2, t // 2)


def deck_profiles(g: Games) -> list[DeckProfile]:
    mulls = g.seat_values("mulligans")
    kills = kill_turns(g)
    out = []
    for i, deck in enumerate(g.decks):
        mine = g.me == i
        play = mine & g.on_play
        draw = mine & ~g.on_play
        mulled = mine & (mulls > 0)
        won = mine & (g.score == 1.0)
        rp = float(g.score[play].mean()) if play.any() else float("nan")
        rd = float(g.score[draw].mean()) if draw.any() else float("nan")
        out.append(DeckProfile(
            deck, int(mine.sum()), rp, rd, rp - rd, float(g.game_turns[mine].mean()),
            float(np.median(g.game_turns[mine])), float(mulled.sum() / max(1, mine.sum())),
            float(mulls[mine].mean()),
            float(g.score[mulled].mean()) if mulled.any() else None, int(won.sum()),
            float(kills[won].mean()) if won.any() else None,
            float(np.median(kills[won])) if won.any() else None))
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
