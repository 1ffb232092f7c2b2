"""Schema of conditions (``{ if = "..." }``): intervening ifs, "as long as", "Activate
only if".

The ``Condition`` union of them is in ``engine.cards.schema.unions``; how each is checked is
``engine.rules.conditions`` (or, for a keyword's condition, its keyword's module).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from mtgsim.engine.cards.schema.base import _Frozen
from mtgsim.engine.cards.schema.bits import CardType
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
    who: str = "you"  # "you", "opponent", or "any_player" (either player)


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


class OptionalCostPaid(Cond, tag="optional_cost_paid", frozen=True):
    """"If this spell was bargained" (702.166b), "if it was bargained" (702.166c: the
    permanent a bargained spell became), "If evidence was collected" (701.59a paid as an
    optional additional cost, 601.2b): the spell, or the permanent it became, had that
    optional additional cost paid (``StackItem.paid``, ``GameObject.cast_paid``)."""

    keyword: Literal["bargain", "collect evidence"] = "bargain"


class Not(Cond, tag="not", frozen=True):
    """The opposite of a condition ("if it had no -1/-1 counters on it"; "otherwise")."""

    condition: Condition | None = None


class AllOf(Cond, tag="all_of", frozen=True):
    """Every one of ``conditions`` holds ("if you control an Urza's Power-Plant and an
    Urza's Tower")."""

    conditions: tuple[Condition, ...] = ()


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


class LandEnteredThisTurn(Cond, tag="land_entered_this_turn", frozen=True):
    """"If you had a land enter the battlefield under your control this turn" (landfall,
    207.2c: an ability word; ``Player.land_entered_turn``)."""


class CreatureDiedThisTurn(Cond, tag="creature_died_this_turn", frozen=True):
    """"If a creature died this turn" (morbid, 207.2c; dies: 700.4), any player's
    creature (``GameState.creature_died_turn``)."""


class CastSpellThisTurn(Cond, tag="cast_spell_this_turn", frozen=True):
    """"If you've cast an instant or sorcery spell this turn": the controller cast a spell
    this turn (601.2i: a spell is cast once it is on the stack and its costs are paid)
    having one of ``types`` as cast (``engine.rules.cast_this_turn``)."""

    types: tuple[CardType, ...] = ()


class EnteredThisTurn(Cond, tag="entered_this_turn", frozen=True):
    """"If ~ entered this turn": the source is an object that came onto the battlefield
    this turn (a permanent that leaves and returns is a new object, 400.7, with a new
    turn of entering; ``GameObject.entered_turn``)."""


class OnBattlefield(Cond, tag="on_battlefield", frozen=True):
    """"If no creatures are on the battlefield" (Pestilence, in a ``Not``): at least
    ``at_least`` permanents matching ``filter`` are on the battlefield, whoever controls
    them (an intervening "if", 603.4, checked as the event happens and again on
    resolution)."""

    filter: Filter = Filter()
    at_least: int = 1


class HaveInitiative(Cond, tag="have_initiative", frozen=True):
    """"If you have the initiative" (725.1: ``GameState.initiative``; checked by
    ``engine.effects.take_initiative``)."""


class CompletedDungeon(Cond, tag="completed_dungeon", frozen=True):
    """"If you've completed a dungeon" (309.7: ``Player.dungeons_completed``; checked by
    ``engine.effects.venture``)."""
