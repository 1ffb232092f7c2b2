"""The statistics both root searches read: paired gains over the heuristic's answer,
the switch that guards against noise, UCB1 over the gains, the early stops, the budget.

``search.SearchPolicy`` (rollouts after one decision) and ``ismcts.MctsPolicy`` (a tree
over the turn) compare their root candidates the same way: ``values[i]`` is candidate
``i``'s scores, 0 .. 1, its ``n``-th score played on the ``n``-th deal with the ``n``-th
rollout seed whatever the candidate (common random numbers), ``values[0]`` the
heuristic's answer. A gain is a mean of differences on the same deals, so luck shared by
the candidates cancels. One home for these keeps the two searches' switching rules from
drifting apart (they were one copy each, and ``ismcts`` imported ``search``'s private
helpers)."""

from __future__ import annotations

import math
from collections.abc import Callable

from mtgsim.engine.state.rng import next_u64

Values = list[list[float]]
PlayFn = Callable[[int], bool]  # one more rollout (or iteration) of candidate ``i``

FULL = 8  # candidates given the whole per-candidate budget (search_budget; the
# search's ``full`` setting changes it for one spec)
UCB_C = 0.3  # UCB1's exploration weight (scores are 0 .. 1)
PRIOR = 0.01  # the gain over the heuristic's answer needed to play another, at least
# The logit scale of the switch (``search:scale=logit``, ``logit_values``): scores clipped
# to [LOGIT_EPS, 1 - LOGIT_EPS] before the logit, so a won game (1.0) reads 9.21 and a
# lost one -9.21, beyond the positions the fitted evaluation scores (``clipped_logit``); the
# margin a gain in logits must clear, 4 x PRIOR: PRIOR at the middle of the curve
# (dp/dlogit = p(1 - p) = 1/4 at p = 1/2), less in probability towards its ends; on the
# puzzles, 4 x the Bolt's steady 0.0106 logits the switch must not take and under 1/50 of
# the 2.43 and 3.37 logits of the switches it must (docs/search-record.md "The switch on
# the logit scale")
LOGIT_EPS = 1e-4
LOGIT_MARGIN = 0.04


def mix(*values: int) -> int:
    """A 64-bit seed from ``values`` (SplitMix64 steps): the seeds of a decision's deals
    and rollouts come from the seat's seed and public counters only."""
    z = 0x5EA2C4
    for v in values:
        z, out = next_u64(z ^ (v & 0xFFFFFFFFFFFFFFFF))
        z ^= out
    return z


def search_budget(rollouts: int, candidates: int, full: int = FULL) -> int:
    """Rollouts at one decision, at most: ``rollouts`` for each of the first ``full``
    candidates, one more for each further candidate (every one is played at least
    once; UCB decides where the rest go; one may be left when the last pick needed the
    heuristic's answer played too)."""
    return rollouts * min(candidates, full) + max(0, candidates - full)


def gain(values: Values, i: int) -> float:
    """Candidate ``i``'s mean score less the heuristic answer's on the same deals."""
    mine = values[i]
    return sum(mine) / len(mine) - sum(values[0][:len(mine)]) / len(mine)


def clipped_logit(v: float) -> float:
    """The logit of a score clipped to [``LOGIT_EPS``, ``1 - LOGIT_EPS``]: finite for a
    won or lost game (the clip is the empirical logit's correction for a proportion of 0
    or 1, Cox and Snell, *Analysis of Binary Data*, 2nd ed., 1989, 3.2), and a won game
    scores above the positions the fitted evaluation gives (the 563 unfinished
    positions the 34 AI puzzles' searches scored lie in 0.0011 .. 0.9992, logits -6.8 ..
    7.1, against 9.21 for a win); a position scored beyond the clip reads as won or
    lost."""
    p = min(max(v, LOGIT_EPS), 1.0 - LOGIT_EPS)
    return math.log(p / (1.0 - p))


def logit_values(values: Values) -> Values:
    """``values`` on the logit scale (``clipped_logit``), deal by deal: the paired
    differences of these are log odds ratios of the two answers' positions (Agresti,
    *Categorical Data Analysis*, 2nd ed., 2002, 2.3.3), on which a won game against a
    position the evaluation gives 0.997, or 0.001 alive against 0 dead, is a large gain
    and 0.0026 at the middle of the curve a small one: the scale the switch reads with
    ``search:scale=logit`` (its margin, ``z`` guard, futile stop and ``_close`` alike)."""
    return [[clipped_logit(x) for x in v] for v in values]


def confident(values: Values, i: int, z: float, prior: float = PRIOR) -> bool:
    """Whether candidate ``i``'s paired gain on the heuristic's answer is more than
    ``prior`` and more than ``z`` standard errors. The variance of a paired difference
    is pooled over every candidate at this decision (each one's squared deviations from
    its own mean gain; a candidate played once counts its difference's square, as if
    its mean were zero), so two rollouts, or one, still give an estimate; switching on
    the best of several noisy means is how the search used to lose to the heuristic
    when the heuristic's answer was right."""
    g = gain(values, i)
    if g <= prior:
        return False
    if z == 0:
        return True
    squares, df = pooled_squares(values)
    return g * g * len(values[i]) * df > z * z * squares


def pooled_squares(values: Values) -> tuple[float, int]:
    """The squared deviations of the paired differences from each candidate's mean
    gain, summed over the candidates other than the heuristic's, and their degrees of
    freedom (``confident``: a candidate played once counts its difference's square)."""
    base = values[0]
    squares = 0.0
    df = 0
    for v in values[1:]:
        diffs = [x - y for x, y in zip(v, base, strict=False)]
        if len(diffs) == 1:
            squares += diffs[0] * diffs[0]
            df += 1
        elif diffs:
            mean = sum(diffs) / len(diffs)
            squares += sum((x - mean) ** 2 for x in diffs)
            df += len(diffs) - 1
    return squares, df


def noise_margin(values: Values, fraction: float) -> float:
    """The switch's margin on the decision's own noise scale (the spec's ``margin``):
    ``fraction`` of the pooled standard deviation of the paired differences
    (``pooled_squares``), 0 before any. ``PRIOR`` was set on the hand-set evaluation's
    scores; the fitted evaluation's are flatter (a lost or won position scores nearer its
    neighbours), so a fixed 0.01 is a larger share of its noise and the futile stop,
    which compares a gain's upper bound with the margin, stopped decisions a full budget
    would have switched (docs/search-record.md "Spending the budget where it matters").
    ``fraction`` 0 leaves the standard errors of ``z`` alone to guard the switch."""
    squares, df = pooled_squares(values)
    if df == 0 or fraction == 0:
        return 0.0
    return fraction * math.sqrt(squares / df)


def futile(values: Values, h: float, prior: float = PRIOR) -> bool:
    """Whether no candidate is likely to clear the switch any more: every candidate's
    gain plus ``h`` standard errors (the pooled variance of ``confident`` over its
    deals) is at most ``prior``. Read once every candidate has two deals; the rest of
    the budget would go to deciding between answers none of which will be played (the
    heuristic's is kept), so the search stops and spends nothing more there. With
    ``h`` large this never fires; at ``h`` = ``z`` a candidate stopped on is one whose
    gain would need more than ``h`` standard errors of luck to clear."""
    squares, df = pooled_squares(values)
    if df == 0:
        return False
    var = squares / df
    return all(gain(values, i) + h * math.sqrt(var / len(values[i])) <= prior
               for i in range(1, len(values)))


def ucb_pick(values: Values, spent: int, c: float = UCB_C) -> int:
    """The candidate other than the heuristic's with the best upper confidence bound on
    its gain (UCB1; ties: the first)."""
    log_n = math.log(spent)
    return max(range(1, len(values)), key=lambda i: (
        gain(values, i) + c * math.sqrt(log_n / len(values[i])), -i))


def early_stop(values: Values, play: PlayFn, left: int,
               won_at: float = 1.0, lost_at: float = -1.0) -> tuple[int, str]:
    """After one rollout of each candidate: the heuristic's answer on a second deal;
    "won" when it scored at least ``won_at`` on both (1: it won both; no candidate can
    gain much: the position is decided); "lost" when it scored at most ``lost_at`` on
    both and no candidate scored more than that on the first deal (none escaped the
    loss where they were all tried: the position is lost whatever is played; -1, the
    default: never), else, when
    every candidate scored what it did on the first deal, a second deal for each, and
    "alike" when they all score alike on both (the choice does not matter within the
    rollouts' horizon). The rollouts spent (at most ``left``) and the stop, or ""."""
    if left <= 0:
        return 0, ""
    play(0)
    spent = 1
    if values[0][0] >= won_at and values[0][1] >= won_at:
        return spent, "won"
    if values[0][1] <= lost_at and all(v[0] <= lost_at for v in values):
        return spent, "lost"
    if all(v[0] == values[0][0] for v in values):
        for i in range(1, len(values)):
            if spent >= left:
                break
            play(i)
            spent += 1
        if all(len(v) == 2 and v == values[0] for v in values):
            return spent, "alike"
    return spent, ""


def ucb_rounds(values: Values, play: PlayFn, spent: int, budget: int,
               scores: Callable[[], Values], going: Callable[[], bool],
               futile_h: float | None = None,
               margin: Callable[[Values], float] = lambda _: PRIOR,
               switch: Callable[[Values], Values] = lambda v: v) -> tuple[int, bool]:
    """Spend the budget: the candidate with the best upper bound on its gain (read from
    ``scores()``, the values as the search ranks them) is played on its next deal, with
    the heuristic's answer played there too when it was not yet, while ``going()`` and
    until ``budget``; with ``futile_h``, until ``futile`` holds once every candidate has
    two deals (``margin`` of the scores on the switch's scale, ``switch`` of them: the
    switch's margin there; UCB ranks on the scores as they are, its weight ``UCB_C``
    set for 0 .. 1). The rollouts spent in all, and whether the futile stop ended it."""
    while spent < budget and going():
        if futile_h is not None and all(len(v) >= 2 for v in values):
            ranked = switch(scores())
            if futile(ranked, futile_h, margin(ranked)):
                return spent, True
        i = ucb_pick(scores(), spent)
        if len(values[0]) <= len(values[i]):  # the heuristic's answer on this deal
            if spent + 2 > budget:
                break
            play(0)
            spent += 1
        play(i)
        spent += 1
    return spent, False


def best_tried(values: Values) -> int:
    """The candidate of best gain among those played at least half as often as the most
    played other than the heuristic's (ties: the first): a candidate tried once or
    twice has too noisy a mean to be taken over one UCB kept playing."""
    counts = [len(v) for v in values]
    most = max(counts[1:])
    return max((i for i in range(1, len(values)) if 2 * counts[i] >= most),
               key=lambda i: (gain(values, i), -i))


__all__ = ["FULL", "LOGIT_EPS", "LOGIT_MARGIN", "PRIOR", "UCB_C", "PlayFn", "Values",
           "best_tried", "clipped_logit", "confident", "early_stop", "futile", "gain",
           "logit_values", "mix", "noise_margin", "pooled_squares", "search_budget",
           "ucb_pick", "ucb_rounds"]
