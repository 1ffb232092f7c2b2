"""Schema of conditions (``{ if = "..." }``): intervening ifs, "as long as", "Activate
only if".

The core members only; conditions added for keyword families live in
``engine.carddefs.families`` and the full ``Condition`` union in ``engine.carddefs.unions``.
"""

from __future__ import annotations

from mtgsim.engine.carddefs.base import _Frozen
from mtgsim.engine.carddefs.filters import Filter

# --- conditions -----------------------------------------------------------------------


class Cond(_Frozen, tag_field="if", frozen=True):
    pass


class YouControl(Cond, tag="you_control", frozen=True):
    filter: Filter = Filter()
    at_least: int = 1


class LifeAtMost(Cond, tag="life_at_most", frozen=True):
    amount: int = 10
    who: str = "you"


class OpponentDamagedThisTurn(Cond, tag="opponent_damaged_this_turn", frozen=True):
    pass


class HadCounter(Cond, tag="had_counter", frozen=True):
    """The triggering object had a counter of this kind (last known information)."""

    counter: str = "-1/-1"


class SelfHasCounter(Cond, tag="self_has_counter", frozen=True):
    """The source permanent has a counter of this kind (graft's intervening if)."""

    counter: str = "+1/+1"


class ReplicatePaid(Cond, tag="replicate_paid", frozen=True):
    """702.56a: "if a replicate cost was paid for it" (for one replicate instance)."""

    instance: int = 0
