"""What a ladder job's games say about its policies (``pipelines.ladder``): Bradley-Terry
ratings with 95% intervals (``results.analysis.bradley_terry``, the decks' model with
the policies in the decks' place), each policy's cost per game, and the paired gain of
each step of the ladder.

A step from ``p`` to the next rung ``q`` is measured on duplicates: the two games of one
deal with the pilots swapped (``q`` on ``x`` against ``p`` on ``y``, then ``p`` on ``x``
against ``q`` on ``y``). Their mean score for ``q`` less 50% is the gain: it is what
``q`` wins over ``p`` in the seat ``p`` would have had on the same deal (``p`` against
itself scores exactly 50% over both seats of a deal). Its interval is the t interval of
the mean over duplicates (statsmodels), which is where the pairing pays: the deal's luck
is in both halves and cancels.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import msgspec
import numpy as np
import pyarrow as pa
from statsmodels.stats.weightstats import DescrStatsW

from mtgsim.results.analysis import Games, bradley_terry
from mtgsim.results.dataset import read_games

COLUMNS = ["deck_a", "deck_b", "policy_a", "policy_b", "game", "seed", "winner",
           "on_play", "turns", "think_us_a", "think_us_b", "duration_us"]

# A deal: its two decks by name (the first by name first), the game index and the game's
# seed. Within one job the seed follows from the rest (``cluster.seeds``); across two jobs
# it is what makes the same index the same deal (``results.ladder_compare``).
DealKey = tuple[str, str, int, int]


class PolicyRow(msgspec.Struct):
    policy: str
    rating: float  # Elo-scaled Bradley-Terry strength, mean 1500
    low: float
    high: float
    games: int
    win_rate: float  # over all its games, draws half
    think_ms: float  # mean milliseconds its seat spent deciding per game
    cost: float | None  # think_ms relative to the heuristic's (None without one)
    game_ms: float  # mean wall-clock milliseconds of its games, both seats


class Step(msgspec.Struct):
    lower: str
    upper: str
    deals: int  # duplicates (two games each)
    rate: float  # the upper policy's mean score over the duplicates
    gain: float  # rate - 0.5
    low: float  # 95% interval of the gain
    high: float


class Ladder(msgspec.Struct):
    policies: list[PolicyRow]
    steps: list[Step]
    games: int
    decks: int
    play_rate: float  # the player on the play between equal pilots (Bradley-Terry)


def _strings(t: pa.Table, name: str) -> list[str]:
    return [str(x) for x in t[name].cast(pa.string()).to_pylist()]


def ladder_table(table: pa.Table, order: Sequence[str]) -> Ladder:
    """The ladder of ``table`` (games rows); ``order``: its rungs, weakest first."""
    pa_, pb_ = _strings(table, "policy_a"), _strings(table, "policy_b")
    da, db = _strings(table, "deck_a"), _strings(table, "deck_b")
    winner = np.asarray(table["winner"].to_numpy(zero_copy_only=False), dtype=np.int64)
    think_a = np.asarray(table["think_us_a"].fill_null(0).to_numpy(zero_copy_only=False),
                         dtype=np.float64)
    think_b = np.asarray(table["think_us_b"].fill_null(0).to_numpy(zero_copy_only=False),
                         dtype=np.float64)
    duration = np.asarray(table["duration_us"].to_numpy(zero_copy_only=False), np.float64)
    score_a = np.where(winner == 0, 1.0, np.where(winner == 1, 0.0, 0.5))
    # Bradley-Terry over pilots: the decks' model, pilots in the decks' columns
    pilots = pa.table({"deck_a": pa_, "deck_b": pb_, "winner": table["winner"],
                       "on_play": table["on_play"], "turns": table["turns"]})
    bt = bradley_terry(Games(pilots, list(order)))
    rows = []
    for r in bt.ratings:
        mine_a = np.array([p == r.deck for p in pa_])
        mine_b = np.array([p == r.deck for p in pb_])
        n = int(mine_a.sum() + mine_b.sum())
        wins = float(score_a[mine_a].sum() + (1 - score_a[mine_b]).sum())
        think = float(think_a[mine_a].sum() + think_b[mine_b].sum()) / max(1, n) / 1000
        played = mine_a | mine_b
        rows.append(PolicyRow(r.deck, float(r.rating), float(r.low), float(r.high), n,
                              wins / max(1, n), think,
                              None, float(duration[played].mean() / 1000) if n else 0.0))
    base = next((r.think_ms for r in rows if r.policy == "heuristic"), None)
    for r in rows:
        r.cost = r.think_ms / base if base else None
    deals = duplicates(table, order)
    steps = []
    for lo, up in zip(order, order[1:], strict=False):
        step = paired_step(lo, up, deals.get((lo, up), {}))
        if step is not None:
            steps.append(step)
    decks = len(set(da) | set(db))
    return Ladder(rows, steps, table.num_rows, decks, float(bt.play_rate))


def duplicates(table: pa.Table, order: Sequence[str]
               ) -> dict[tuple[str, str], dict[DealKey, float]]:
    """The finished duplicates of ``table`` by pair of rungs: ``(lower, upper)`` (by
    ``order``, weakest first) -> deal -> the upper rung's mean score over the deal's two
    halves. A deal with one half only (a job still running, or stopped) is left out: its
    luck would not cancel. Deals are in the order of their first half's row."""
    pa_, pb_ = _strings(table, "policy_a"), _strings(table, "policy_b")
    da, db = _strings(table, "deck_a"), _strings(table, "deck_b")
    winner = np.asarray(table["winner"].to_numpy(zero_copy_only=False), dtype=np.int64)
    score_a = np.where(winner == 0, 1.0, np.where(winner == 1, 0.0, 0.5))
    game, seed = table["game"].to_pylist(), table["seed"].to_pylist()
    halves: dict[tuple[str, str], dict[DealKey, list[float]]] = defaultdict(dict)
    rank = {p: i for i, p in enumerate(order)}
    for i in range(table.num_rows):
        p, q = pa_[i], pb_[i]
        if p == q:
            continue
        s = float(score_a[i])
        x, y = da[i], db[i]
        if x > y:  # one key per deal, whatever the seat order
            x, y = y, x
        if rank[p] > rank[q]:  # the score of the upper rung
            lower, upper, s_up = q, p, s
        else:
            lower, upper, s_up = p, q, 1 - s
        halves[(lower, upper)].setdefault((x, y, int(game[i]), int(seed[i])), []).append(s_up)
    return {pair: {k: sum(v) / 2 for k, v in deals.items() if len(v) == 2}
            for pair, deals in halves.items()}


def mean_interval(values: Sequence[float], lowest: float, highest: float
                  ) -> tuple[float, float, float]:
    """The mean of paired values (a duplicate's score, or the difference of two) and the
    95% t interval of that mean (statsmodels). One value says nothing of the spread: its
    interval is the whole range ``lowest`` .. ``highest``; values all alike have no
    spread to measure: the interval is the mean itself."""
    stats = DescrStatsW(np.asarray(values, dtype=np.float64))
    low, high = stats.tconfint_mean(alpha=0.05) if len(values) > 1 else (lowest, highest)
    if not np.isfinite(low):
        low = high = stats.mean
    return float(stats.mean), float(low), float(high)


def paired_step(lower: str, upper: str, deals: dict[DealKey, float]) -> Step | None:
    """The step from ``lower`` to ``upper`` over their duplicates ``deals`` (the upper
    rung's scores, ``duplicates``); None without a finished duplicate."""
    if not deals:
        return None
    rate, low, high = mean_interval(list(deals.values()), 0.0, 1.0)
    return Step(lower, upper, len(deals), rate, rate - 0.5, low - 0.5, high - 0.5)


def format_step(s: Step) -> str:
    """One step as the ladder prints it: the gain in points, its interval, the deals."""
    return (f"{s.lower} -> {s.upper}: {100 * s.gain:+.1f} points "
            f"[{100 * s.low:+.1f}, {100 * s.high:+.1f}] over {s.deals} deals "
            f"({100 * s.rate:.1f}%)")


def read_ladder(out: Path, order: Sequence[str]) -> Ladder:
    return ladder_table(read_games(out, COLUMNS), order)


def format_ladder(ladder: Ladder, job: str = "") -> str:
    head = f"ladder {job}: " if job else "ladder: "
    width = max(8, *(len(r.policy) for r in ladder.policies))
    lines = [f"{head}{ladder.games} games over {ladder.decks} decks "
             f"(each deal played twice, pilots swapped)", "",
             f"{'policy':<{width}}  {'rating':>6}  {'95% interval':>13}  {'games':>6}  "
             f"{'win %':>6}  {'ms/game':>8}  {'cost':>8}  {'game ms':>8}"]
    for r in sorted(ladder.policies, key=lambda r: -r.rating):
        cost = "-" if r.cost is None else f"{r.cost:.1f}x"
        lines.append(f"{r.policy:<{width}}  {r.rating:>6.0f}  {r.low:>6.0f}..{r.high:<5.0f}  "
                     f"{r.games:>6}  {100 * r.win_rate:>5.1f}%  {r.think_ms:>8.2f}  "
                     f"{cost:>8}  {r.game_ms:>8.1f}")
    lines += ["", "steps (paired: the upper rung's score on the same deals, less 50%):"]
    for s in ladder.steps:
        lines.append(f"  {format_step(s)}")
    lines.append(f"the player on the play between equal pilots wins "
                 f"{100 * ladder.play_rate:.1f}%; ms/game: time its seat spent deciding; "
                 f"cost: that over the heuristic's")
    return "\n".join(lines)


__all__ = ["COLUMNS", "DealKey", "Ladder", "PolicyRow", "Step", "duplicates", "format_ladder",
           "format_step", "ladder_table", "mean_interval", "paired_step", "read_ladder"]
