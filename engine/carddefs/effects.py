"""Schema of effects (``{ do = "..." }``): the core vocabulary of what abilities do.

One-shot effects (rule 610, the keyword actions of 701); the effects that last
(continuous effects, delayed triggers, extra turns and phases) are in
``engine.carddefs.lasting``, those keyword abilities expand into in
``engine.carddefs.keyword_effects``, and the ``EffectT`` union of all of them in
``engine.carddefs.unions``. Each effect's rules (how it resolves, what the AI thinks it is
worth) are in its module, ``engine/effects/<tag>.py`` or its keyword's module.
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


# --- more one-shot effects ----------------------------------------------------------


class ExileUntil(Effect, tag="exile_until", frozen=True):
    """"Exile cards from the top of your library until you exile a [filter] card"; the
    last exiled card is remembered for ``{ of = "exiled_mana_value" }``."""

    filter: Filter = Filter(not_types=("land",))
    who: str = "you"


class SearchLibrary(Effect, tag="search_library", frozen=True):
    """Search ``whose`` library (701.19) for ``amount`` cards matching ``filter`` (or with
    the same name as the object ``same_name_as`` refers to), put them into ``to`` (onto
    the battlefield under ``under``'s control), then that player shuffles. With no stated
    quality the searcher must find as many as possible (701.19c), else may find fewer
    (701.19b)."""

    whose: str = "you"
    filter: Filter = Filter()
    same_name_as: str | None = None
    amount: Amount = 1
    to: Literal["hand", "battlefield", "exile"] = "hand"
    under: str = "you"


class ReturnAtRandom(Effect, tag="return_at_random", frozen=True):
    """"Return a [filter] card at random from your graveyard to your hand"."""

    filter: Filter = Filter()
    who: str = "you"


class UntapEach(Effect, tag="untap_each", frozen=True):
    """"Untap all [filter]"."""

    filter: Filter = Filter()


class LookAtTop(Effect, tag="look_at_top", frozen=True):
    """"Look at the top N cards of [player]'s library. Exile any number of those cards,
    then put the rest back in any order" (401.4: the library's order is changed only by
    the player told to put them back). ``exile_any``: the "exile any number" part."""

    whose: str = "you"
    amount: Amount = 1
    exile_any: bool = False


class DiscardChosen(Effect, tag="discard_chosen", frozen=True):
    """"[Player] reveals their hand. You choose [N] [filter] card(s) from it. That player
    discards that card" (701.8a: the effect's controller, not the discarding player,
    chooses)."""

    who: str = "t0"
    amount: Amount = 1
    filter: Filter = Filter()


class CounterUnlessDiscardHand(Effect, tag="counter_unless_discard_hand", frozen=True):
    """"Counter [target spell] unless its controller discards their hand" (701.5a,
    701.8a; a player may discard a hand of no cards)."""

    what: str = "t0"


class CreateTokenCopy(Effect, tag="create_token_copy", frozen=True):
    """"Create a token that's a copy of [target creature]" (707.2: the token copies the
    copiable values, i.e. the printed characteristics, not counters or effects; 111.1)."""

    what: str = "t0"
    who: str = "you"


class RevealTop(Effect, tag="reveal_top", frozen=True):
    """"[Player] reveals the top card of their library. If it's a [filter] card, that
    player puts it into their hand" (701.16a)."""

    who: str = "defending_player"
    filter: Filter = Filter(types=("land",))


class PutFromTopOntoBattlefield(Effect, tag="put_from_top_onto_battlefield", frozen=True):
    """"Look at the top [amount] cards of your library. Put any number of [filter] cards
    from among them onto the battlefield [tapped], then shuffle" (401.5, 701.20)."""

    amount: Amount = 1
    filter: Filter = Filter(types=("land",))
    tapped: bool = True


class ReturnToBattlefield(Effect, tag="return_to_battlefield", frozen=True):
    """Return a card from a graveyard to the battlefield under its owner's (or your)
    control, entering with ``counters`` ``counter`` counters (persist, 702.79a)."""

    what: str = "it_card"
    under: Literal["owner", "you"] = "owner"
    counter: str = "-1/-1"
    counters: int = 0


class AttachEquipment(Effect, tag="attach_equipment", frozen=True):
    """Equip (702.6a): attach this Equipment to the target creature (701.3a-c); an
    Equipment that is also a creature can't equip (301.5c)."""

    what: str = "self"
    to: str = "t0"


class Attach(Effect, tag="attach", frozen=True):
    """"Attach [this Aura] to target creature" (701.3a): moves the Aura onto that object
    with a new timestamp (613.7e). Nothing happens if it can't legally enchant it (701.3b)
    or is already attached to it (701.3c)."""

    what: str = "self"
    to: str = "t0"


class AddChosenColorMana(Effect, tag="add_chosen_color_mana", frozen=True):
    """"Add one mana of the chosen color" (the colour chosen as the source entered)."""

    amount: int = 1


class ShuffleGraveyardIntoLibrary(Effect, tag="shuffle_graveyard_into_library",
                                  frozen=True):
    """"[Player] shuffles their graveyard into their library" (Eldrazi titans; 701.20)."""

    who: str = "you"
