"""Schema of effects (``{ do = "..." }``): the core vocabulary of what abilities do.

Includes the effects keyword abilities expand into (``engine/keywords/*``); effects added
for the cards of a keyword family live in ``engine.carddefs.families``, and the
``EffectT`` union of all of them in ``engine.carddefs.unions``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from mtgsim.engine.carddefs.base import _Frozen
from mtgsim.engine.carddefs.bits import Keyword
from mtgsim.engine.carddefs.filters import Filter

if TYPE_CHECKING:  # defined later in the schema; linked in by engine.carddefs for msgspec
    from mtgsim.engine.carddefs.carddef import CardDef
    from mtgsim.engine.carddefs.unions import Amount, Condition, EffectT

# --- effects --------------------------------------------------------------------------
# Who/what references inside an ability:
#   "t0".."t9"       the ability's targets, in order
#   "self"           the source object;  "you" its controller;  "owner" its owner
#   "enchanted"      the object or player the source Aura is attached to
#   "it"             the object the trigger is about (the creature that died, ...)
#   "each_opponent", "each_player", "target_controller:tN" (controller of target N)


class Effect(_Frozen, tag_field="do", frozen=True):
    pass


class Damage(Effect, tag="damage", frozen=True):
    amount: Amount
    to: str = "t0"
    each: Filter | None = None  # damage to each permanent matching (and `to` is ignored)


class Destroy(Effect, tag="destroy", frozen=True):
    what: str = "t0"
    no_regenerate: bool = False
    each: Filter | None = None


class Exile(Effect, tag="exile", frozen=True):
    what: str = "t0"


class Bounce(Effect, tag="bounce", frozen=True):
    """Return a permanent to its owner's hand."""

    what: str = "t0"


class Draw(Effect, tag="draw", frozen=True):
    amount: Amount = 1
    who: str = "you"


class Discard(Effect, tag="discard", frozen=True):
    amount: Amount = 1
    who: str = "you"
    random: bool = False


class Mill(Effect, tag="mill", frozen=True):
    amount: Amount = 1
    who: str = "you"


class GainLife(Effect, tag="gain_life", frozen=True):
    amount: Amount
    who: str = "you"


class LoseLife(Effect, tag="lose_life", frozen=True):
    amount: Amount
    who: str = "you"


class Pump(Effect, tag="pump", frozen=True):
    """+N/+N (and keywords) until end of turn (layer 7c / 6)."""

    what: str = "t0"
    power: Amount = 0
    toughness: Amount = 0
    keywords: tuple[Keyword, ...] = ()
    each: Filter | None = None
    negative: bool = False  # subtract the amounts (-X/-X)


class AddCounters(Effect, tag="add_counters", frozen=True):
    what: str = "t0"
    counter: str = "+1/+1"
    amount: Amount = 1
    each: Filter | None = None  # on each permanent matching (and `what` is ignored)


class CreateToken(Effect, tag="create_token", frozen=True):
    token: CardDef
    amount: Amount = 1
    who: str = "you"
    tapped: bool = False


class Tap(Effect, tag="tap", frozen=True):
    what: str = "t0"


class Untap(Effect, tag="untap", frozen=True):
    what: str = "t0"


class Search(Effect, tag="search", frozen=True):
    """Search your library for a card matching ``filter``, then shuffle."""

    filter: Filter = Filter()
    to: Literal["hand", "battlefield", "graveyard"] = "hand"
    tapped: bool = False
    reveal: bool = False


class ReturnFromGraveyard(Effect, tag="return_from_graveyard", frozen=True):
    what: str = "t0"
    to: Literal["hand", "battlefield"] = "hand"


class Sacrifice(Effect, tag="sacrifice", frozen=True):
    """``who`` sacrifices ``amount`` permanents matching ``filter`` of their choice."""

    who: str = "you"
    filter: Filter = Filter()
    amount: Amount = 1
    what: str | None = None  # a specific object ("self") instead of a choice


class CounterSpell(Effect, tag="counter", frozen=True):
    what: str = "t0"
    unless_pay: str | None = None  # "{3}": the spell's controller may pay to prevent it


class CopySpell(Effect, tag="copy_spell", frozen=True):
    """Copy a spell on the stack (707.10); ``new_targets``: "you may choose new targets"."""

    what: str = "t0"
    new_targets: bool = True


class PutOnLibrary(Effect, tag="put_on_library", frozen=True):
    """Put a card or permanent into its owner's library (top, bottom, or Nth from top)."""

    what: str = "t0"
    position: int = 0  # 0: on top; -1: on the bottom; 2: third from the top


class GainControl(Effect, tag="gain_control", frozen=True):
    what: str = "t0"
    until_end_of_turn: bool = False
    # "for as long as [this source] remains on the battlefield" (611.2b)
    while_source_on_battlefield: bool = False


class Regenerate(Effect, tag="regenerate", frozen=True):
    what: str = "self"


class AddMana(Effect, tag="add_mana", frozen=True):
    mana: str  # "{R}{R}{R}" or "{C}"


class May(Effect, tag="may", frozen=True):
    """"You may ...": the controller chooses yes or no as the effect happens."""

    effects: tuple[EffectT, ...]


class If(Effect, tag="if", frozen=True):
    condition: Condition
    effects: tuple[EffectT, ...]
    otherwise: tuple[EffectT, ...] = ()  # "Otherwise, ..." (done when the condition fails)


class ForEachTarget(Effect, tag="choose_one", frozen=True):
    """A mode chosen as the effect happens ("tap or untap target permanent")."""

    options: tuple[tuple[EffectT, ...], ...]
    labels: tuple[str, ...] = ()


# --- effects of keyword abilities (engine/keywords/*) ----------------------------------


class Annihilate(Effect, tag="annihilate", frozen=True):
    """702.86a: the defending player sacrifices N permanents."""

    n: int


class Exalt(Effect, tag="exalt", frozen=True):
    """702.83a: the creature that attacked alone gets +1/+1 until end of turn."""


class CascadeEffect(Effect, tag="cascade", frozen=True):
    """702.85a: exile until a cheaper nonland card, may cast it free, bottom the rest."""


class ReplicateCopies(Effect, tag="replicate_copies", frozen=True):
    """702.56a: copy the spell once per payment of this replicate instance."""

    instance: int = 0


class EpicCopy(Effect, tag="epic_copy", frozen=True):
    """702.50a: copy the epic spell except for its epic ability; new targets allowed."""


class ReboundCast(Effect, tag="rebound_cast", frozen=True):
    """702.88a: you may cast the exiled card without paying its mana cost."""


class HauntExile(Effect, tag="haunt_exile", frozen=True):
    """702.55a: exile this card haunting target creature (t0)."""


class RecoverPay(Effect, tag="recover_pay", frozen=True):
    """702.59a: pay the cost to return this card to hand, otherwise exile it."""

    cost: str
    pay_half_life: bool = False


class TransmuteSearch(Effect, tag="transmute_search", frozen=True):
    """702.53a: search for a card with the same mana value as the discarded card."""


class UnearthReturn(Effect, tag="unearth_return", frozen=True):
    """702.84a: return to the battlefield with haste, exiled at the next end step."""


class MoveCounter(Effect, tag="move_counter", frozen=True):
    """Move a counter from one object to another (graft, 702.58a)."""

    origin: str = "self"
    to: str = "it"
    counter: str = "+1/+1"
