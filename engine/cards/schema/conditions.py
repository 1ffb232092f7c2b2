"""Schema of conditions (``{ if = "..." }``): intervening ifs, "as long as", "Activate
only if".

The ``Condition`` union of them is in ``engine.cards.schema.unions``; how each is checked is
``engine.rules.conditions`` (or, for a keyword's condition, its keyword's module).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from mtgsim.engine.cards.schema.base import _Frozen
from mtgsim.engine.cards.schema.filters import Filter

if TYPE_CHECKING:  # defined later in the schema; linked in by engine.cards.schema for msgspec
    from mtgsim.engine.cards.schema.unions import Condition

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


class CardTypesInGraveyard(Cond, tag="card_types_in_graveyard", frozen=True):
    """Delirium: N or more card types among cards in your graveyard (205.2a)."""

    at_least: int = 4


class MoreLifeThanOpponent(Cond, tag="more_life_than_an_opponent", frozen=True):
    """"If you have more life than an opponent"."""


class OwnedByYou(Cond, tag="owned_by_you", frozen=True):
    """The object ("it": the trigger's subject, last known information) is yours:
    "is put into your graveyard" (a card goes to its owner's graveyard, 400.3)."""


class CardsAtLeast(Cond, tag="cards_at_least", frozen=True):
    """"[N] or more [filter] cards in your [zone]" (threshold: "seven or more cards in
    your graveyard")."""

    amount: int = 7
    zone: Literal["graveyard", "hand", "library", "exile"] = "graveyard"
    who: Literal["you", "opponent"] = "you"
    filter: Filter = Filter()


class ItPowerAtMost(Cond, tag="it_power_at_most", frozen=True):
    """The object the trigger is about ("it") has power N or less: "Whenever enchanted
    creature attacks, if its power is 2 or less" (an intervening if, 603.4)."""

    amount: int = 2


class Kicked(Cond, tag="kicked", frozen=True):
    """"If this spell was kicked" (702.33d)."""


class Not(Cond, tag="not", frozen=True):
    """The opposite of a condition ("if it had no -1/-1 counters on it"; "otherwise")."""

    condition: Condition | None = None


class Devoured(Cond, tag="devoured", frozen=True):
    """"If it devoured a creature" (702.82b): at least N of what this permanent
    sacrificed to its devour ability as it entered match ``filter``."""

    at_least: int = 1
    filter: Filter = Filter()


class NotYourTurn(Cond, tag="not_your_turn", frozen=True):
    """"If it's not your turn" (the ability's controller is not the active player)."""


class LevelBetween(Cond, tag="level_between", frozen=True):
    """A leveler's level symbol (711.2): the source has at least ``low`` and (unless
    ``high`` is None: "N+") at most ``high`` level counters."""

    low: int
    high: int | None = None


class AltCostPaid(Cond, tag="alt_cost_paid", frozen=True):
    """"If its [evoke] cost was paid" (702.74a): the permanent was a spell cast with that
    alternative cost (its intervening "if", 603.4)."""

    keyword: Literal["evoke"] = "evoke"
