"""The price of life the heuristic reads (``worth.life_value``), from the fitted
evaluation's life curve (``engine.players.evaluation``; issue 37, point 4).

The fitted evaluation weighs effective life through two terms, ln(1 + life) and life
(at most 40 counted), so the curve is concave when both weights are positive: a point
near zero costs more than a point at thirty. What losing ``amount`` of
``life`` costs in ``worth``'s currency (where a 2/2 is about 5) is the logit the curve
loses over the logit a unit of permanent worth buys.

Which price a decision reads is a ``LifePrice`` value the deciding policy carries
(``HeuristicPolicy.price``, ``FITTED`` for ``eval=fitted``: ``engine.players.policies.spec``)
and passes down, as an argument, to what reads it: ``Estimate.price`` for the effects'
estimates, the ``price`` argument of ``worth.life_value`` and of the worth functions
above it, of ``attack_damage_weight``, of the blockers' choice. No module holds it (no
context variable, no module-level switch: issue 37 point 4, the project's rule against
process-wide mutable state), so it is a function of the policy that decides, never of
what ran before or of another thread. The default is still the hand-set price
(``HANDSET``: 0.6 a point, 1.0 a point taken to 5 life or below): with the fitted one the
heuristic fails the AI puzzle no_removal_on_an_attacker_leaving_at_end_of_turn
(docs/search-record.md "The fitted evaluation (issue 37)").

It is its own module, below ``worth`` (which every estimate imports), so that the
evaluation (which reads ``worth``) and ``worth`` (which reads the price) import no cycle.
"""

from __future__ import annotations

import math

from mtgsim.engine.players.evaluation_weights import FEATURES, WEIGHTS
from mtgsim.engine.rules.effect import FITTED, HANDSET, LifePrice

MAX_LIFE = 40  # effective life over 40 counts as 40
# the life terms of the evaluation: ln(1 + life) (concave: a point near zero is worth more
# than a point at thirty) and life itself (a constant price per point)
LIFE_FEATURES: tuple[str, ...] = ("life_log", "life")
# the segments of a piecewise-linear curve (0-3, 3-6, ... 20-40), the alternative the
# fitting script measures the terms against (scripts/fit_evaluation.py)
SEGMENT_CUTS = (3, 6, 10, 15, 20, MAX_LIFE)

# the fitted weights of the life terms and of permanent worth (constants: no table is
# kept at module level, tests/players/test_evaluation.py)
_LOG_W: float = WEIGHTS[FEATURES.index("life_log")]
_LIN_W: float = WEIGHTS[FEATURES.index("life")]
_WORTH_W: float = WEIGHTS[FEATURES.index("worth")]



def life_terms(life: int) -> list[float]:
    """The evaluation's terms of ``life`` effective life (``LIFE_FEATURES``)."""
    life = max(0, min(life, MAX_LIFE))
    return [math.log1p(life), float(life)]


def life_segments(life: int) -> list[float]:
    """``life`` (0 .. 40 counted) cut into the segments of ``SEGMENT_CUTS``: how much of
    each it fills (the piecewise-linear alternative the fitting script reports on)."""
    out = []
    lo = 0
    life = max(0, min(life, MAX_LIFE))
    for hi in SEGMENT_CUTS:
        out.append(float(max(0, min(life, hi) - lo)))
        lo = hi
    return out


def life_curve(life: int) -> float:
    """The fitted logit of ``life`` effective life."""
    life = max(0, min(life, MAX_LIFE))
    return _LOG_W * math.log1p(life) + _LIN_W * life


def fitted_life_value(life: int, amount: int) -> float:
    """What losing ``amount`` of ``life`` costs, in ``worth``'s currency: the logit the
    fitted curve loses over the logit a unit of permanent worth buys (never below 0.1 a
    point: a fitted weight may be small where positions are few)."""
    lost = (life_curve(life) - life_curve(life - amount)) / _WORTH_W
    return max(lost, 0.1 * amount)


def handset_life_value(life: int, amount: int) -> float:
    """The hand-set price: 0.6 a point, 1.0 a point taken to 5 life or below."""
    v = 0.6 * amount
    if life - amount <= 5:
        v += 0.4 * amount
    return v


def price_of_life(life: int, amount: int, price: LifePrice = HANDSET) -> float:
    """What losing ``amount`` of ``life`` (less than ``life``) costs at ``price``: the
    hand-set price, or the fitted one (a policy asked for eval=fitted passes ``FITTED``)."""
    if price.fitted:
        return fitted_life_value(life, amount)
    return handset_life_value(life, amount)


def price_of_life_gained(life: int, amount: int, price: LifePrice = HANDSET) -> float:
    """What gaining ``amount`` life at ``life`` is worth, at ``price`` (119.3: a gain
    adjusts the life total by that much, so the points gained are the points between
    ``life`` and ``life + amount``). On the fitted curve they are worth what losing them
    from ``life + amount`` would cost: the same logit, read the other way, so a point
    gained near zero is worth more than one gained at thirty, and life over 40 counts for
    nothing beyond the curve's floor. Hand-set (the default): the gain estimate's own
    constants, 0.25 a point, doubled at 8 life or less (under ``handset_life_value``'s 0.6:
    a gain was always priced under a loss), kept exactly so that the specs without
    eval=fitted play the same games."""
    if price.fitted:
        return fitted_life_value(life + amount, amount)
    return 0.25 * amount * (2.0 if life <= 8 else 1.0)


def attack_damage_weight(life: int, power: int, beatdown: bool,
                         price: LifePrice = HANDSET) -> float:
    """What a point of combat damage to a player at ``life`` is worth to the attacker
    choosing attackers (``combat_ai``), against the creatures a block may cost: on the
    fitted curve, the mean price of the points the attack's ``power`` can take (at most
    all but one: a lethal attack is scored apart), plus 0.2 for the side that is the
    beatdown (the race is theirs to win), at the ``FITTED`` price (eval=fitted).
    Hand-set (the default): 0.6, plus 0.2 for the beatdown, plus 0.2 at 10 life or less."""
    bonus = 0.2 if beatdown else 0.0
    if not price.fitted:
        return 0.6 + bonus + (0.2 if life <= 10 else 0.0)
    amount = max(1, min(power, life - 1))
    return fitted_life_value(life, amount) / amount + bonus


__all__ = ["LifePrice", "HANDSET", "FITTED", "MAX_LIFE", "SEGMENT_CUTS", "LIFE_FEATURES",
           "life_terms", "life_segments", "life_curve",
           "fitted_life_value", "handset_life_value", "price_of_life", "price_of_life_gained",
           "attack_damage_weight"]
