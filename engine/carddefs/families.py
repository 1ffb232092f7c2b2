"""Schema blocks of the keyword families A-F: effects, conditions and amounts added for
their cards.

One block per family, each ending with its ``Effects*``/``Conditions*``/``Amounts*``
aliases, which ``engine.carddefs.unions`` appends to the core unions (member order is
decoding order, so keep it). A new class is also re-exported by ``engine.cards``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from mtgsim.engine.carddefs.amounts import Dyn, X
from mtgsim.engine.carddefs.bits import CardType
from mtgsim.engine.carddefs.conditions import Cond, SelfHasCounter
from mtgsim.engine.carddefs.effects import Effect, MoveCounter
from mtgsim.engine.carddefs.filters import Filter

if TYPE_CHECKING:  # defined later in the schema; linked in by engine.carddefs for msgspec
    from mtgsim.engine.carddefs.abilities import Triggered
    from mtgsim.engine.carddefs.unions import Amount, Condition, EffectT

# === family A (cascade, epic, replicate, rebound): effects, conditions and amounts added for its cards ===
# (keep additions inside this block; add each new class to the three aliases below)


class DoesntUntapNext(Effect, tag="doesnt_untap_next", frozen=True):
    """"[It] doesn't untap during its controller's next untap step" (502.3)."""

    what: str = "t0"


class Becomes(Effect, tag="becomes", frozen=True):
    """"[Target] becomes a P/T [type]. It's still a [type]": adds card types (layer 4)
    and sets base power/toughness (layer 7b), for the rest of the game unless
    ``until_end_of_turn`` (611.2)."""

    what: str = "t0"
    add_types: tuple[CardType, ...] = ("creature",)
    power: int = 0
    toughness: int = 0
    until_end_of_turn: bool = False


class ProtectionFromChosenColor(Effect, tag="protection_from_chosen_color", frozen=True):
    """"[Target] gains protection from the color of your choice until end of turn"
    (702.16); the color is chosen as the effect happens (608.2d)."""

    what: str = "t0"


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


class ExileAtNextEndStep(Effect, tag="exile_at_next_end_step", frozen=True):
    """"Exile it at the beginning of the next end step" (a delayed trigger, 603.7)."""

    what: str = "created"


class UntapEach(Effect, tag="untap_each", frozen=True):
    """"Untap all [filter]"."""

    filter: Filter = Filter()


class AdditionalCombat(Effect, tag="additional_combat", frozen=True):
    """"After the first postcombat main phase this turn, there's an additional combat
    phase followed by an additional main phase" (500.8); ``at_beginning``: "At the
    beginning of that combat, ..." (a delayed trigger, 603.7)."""

    at_beginning: tuple[EffectT, ...] = ()


class CascadeBottom(Effect, tag="cascade_bottom", frozen=True):
    """The end of a cascade (702.85a): after the hit card was cast (or not), the exiled
    ``cards`` that weren't cast go to the bottom of the library in a random order."""

    cards: tuple[int, ...] = ()


class CardTypesInGraveyard(Cond, tag="card_types_in_graveyard", frozen=True):
    """Delirium: N or more card types among cards in your graveyard (205.2a)."""

    at_least: int = 4


class MoreLifeThanOpponent(Cond, tag="more_life_than_an_opponent", frozen=True):
    """"If you have more life than an opponent"."""


class OwnedByYou(Cond, tag="owned_by_you", frozen=True):
    """The object ("it": the trigger's subject, last known information) is yours:
    "is put into your graveyard" (a card goes to its owner's graveyard, 400.3)."""


class ExiledManaValue(Dyn, tag="exiled_mana_value", frozen=True):
    """The mana value of the card ``exile_until`` exiled last ("that card's mana
    value")."""


EffectsA = (
    DoesntUntapNext | Becomes | ProtectionFromChosenColor | ExileUntil | SearchLibrary
    | ReturnAtRandom | ExileAtNextEndStep | UntapEach | AdditionalCombat | CascadeBottom
)
ConditionsA = CardTypesInGraveyard | MoreLifeThanOpponent | OwnedByYou
AmountsA = ExiledManaValue
# === end of family A ===


# === family B (dredge, recover, retrace, transmute, forecast): effects, conditions and amounts added for its cards ===
# (keep additions inside this block; add each new class to the three aliases below)


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


class ChangeColorWord(Effect, tag="change_color_word", frozen=True):
    """"Change the text of [target spell or permanent] by replacing all instances of one
    color word with another" (612.1-612.2, layer 3): the controller chooses both words as
    the effect happens (608.2d). Mana symbols are not color words (612.2)."""

    what: str = "t0"


class BecomeChosenColors(Effect, tag="become_chosen_colors", frozen=True):
    """"[Target] becomes the color or colors of your choice [until end of turn]" (105.3,
    layer 5, 613.1e); the colors are chosen as the effect happens (608.2d)."""

    what: str = "t0"
    until_end_of_turn: bool = True


class DelayedTriggerAbout(Effect, tag="delayed_trigger", frozen=True):
    """Create a delayed triggered ability (603.7) about an object: "Whenever [target
    creature] deals damage this turn, [effects]" (``when`` = "deals_damage"; "that much"
    is the damage dealt). It is controlled by the controller of the effect (603.7d)."""

    when: Literal["deals_damage"] = "deals_damage"
    about: str = "t0"
    effects: tuple[EffectT, ...] = ()
    this_turn: bool = True


class AdditionalCombatAfterThisMain(Effect, tag="additional_combat_after_this_main",
                                    frozen=True):
    """"After this main phase, there is an additional combat phase followed by an
    additional main phase" (500.8, 505.1a): added right after the current main phase."""


class CountCards(Dyn, tag="count_cards", frozen=True):
    """Cards in a player's ``zone`` matching ``filter`` ("for each land card in your
    graveyard", "for each creature card in your graveyard")."""

    zone: Literal["graveyard", "hand", "library", "exile"] = "graveyard"
    who: str = "you"
    filter: Filter = Filter()
    times: int = 1


class ThatMuch(Dyn, tag="that_much", frozen=True):
    """The number of the triggering event: "you gain that much life" after "whenever ...
    deals damage" is the damage dealt (603.2, 120.3)."""


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


EffectsB = (
    LookAtTop | DiscardChosen | CounterUnlessDiscardHand | CreateTokenCopy | ChangeColorWord
    | BecomeChosenColors | DelayedTriggerAbout | AdditionalCombatAfterThisMain
)
ConditionsB = CardsAtLeast | ItPowerAtMost
AmountsB = CountCards | ThatMuch
# === end of family B ===


# === family C (devour, graft, bloodthirst, wither): effects, conditions and amounts added for its cards ===
# (keep additions inside this block; add each new class to the three aliases below)


class GainKeyword(Effect, tag="gain_keyword", frozen=True):
    """"[The spell] gains [keyword]" (Bloodlord of Vaasgoth: "it gains bloodthirst 3"): a
    keyword ability as printed; it stays with the permanent the spell becomes (400.7a)."""

    what: str = "it"
    keyword: str = ""


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


class CantGainLife(Effect, tag="cant_gain_life", frozen=True):
    """"[Player] can't gain life for the rest of the game" (119.7)."""

    who: str = "it"


class GainAbility(Effect, tag="gain_ability", frozen=True):
    """"Until end of turn, [target] gains '[triggered ability]'" (layer 6, 613.1f)."""

    what: str = "t0"
    ability: Triggered | None = None
    until_end_of_turn: bool = True


class DelayedAt(Effect, tag="delayed_at", frozen=True):
    """Create a delayed triggered ability (603.7) "at end of combat" (511.2) about the
    object "it" refers to: "destroy that creature at end of combat"."""

    when: Literal["end_combat"] = "end_combat"
    effects: tuple[EffectT, ...] = ()


class ReturnToBattlefield(Effect, tag="return_to_battlefield", frozen=True):
    """Return a card from a graveyard to the battlefield under its owner's (or your)
    control, entering with ``counters`` ``counter`` counters (persist, 702.79a)."""

    what: str = "it_card"
    under: Literal["owner", "you"] = "owner"
    counter: str = "-1/-1"
    counters: int = 0


class WardCounter(Effect, tag="ward_counter", frozen=True):
    """Ward (702.21a): counter the spell or ability that targeted this ("it") unless its
    controller pays ``cost``."""

    cost: str = ""


class AttachEquipment(Effect, tag="attach_equipment", frozen=True):
    """Equip (702.6a): attach this Equipment to the target creature (701.3a-c); an
    Equipment that is also a creature can't equip (301.5c)."""

    what: str = "self"
    to: str = "t0"


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


class DevouredCount(Dyn, tag="devoured", frozen=True):
    """"The number of creatures it devoured" / "Goblins it devoured" (702.82b)."""

    filter: Filter = Filter()
    times: int = 1


EffectsC = (
    MoveCounter | GainKeyword | RevealTop | PutFromTopOntoBattlefield | CantGainLife
    | GainAbility | DelayedAt | ReturnToBattlefield | WardCounter | AttachEquipment
)
ConditionsC = SelfHasCounter | Kicked | Not | Devoured
AmountsC = X | DevouredCount
# === end of family C ===


# === family D (Auras, umbra armor, haunt): effects, conditions and amounts added for its cards ===
# (keep additions inside this block; add each new class to the three aliases below)


class Attach(Effect, tag="attach", frozen=True):
    """"Attach [this Aura] to target creature" (701.3a): moves the Aura onto that object
    with a new timestamp (613.7e). Nothing happens if it can't legally enchant it (701.3b)
    or is already attached to it (701.3c)."""

    what: str = "self"
    to: str = "t0"


class SetBasePowerToughness(Effect, tag="set_base_power_toughness", frozen=True):
    """"Each [filter] has base power and toughness P/T until end of turn" (layer 7b,
    613.4b); the affected set is fixed as the effect happens (611.2c)."""

    each: Filter = Filter(types=("creature",))
    power: int = 1
    toughness: int = 1
    until_end_of_turn: bool = True


class AddChosenColorMana(Effect, tag="add_chosen_color_mana", frozen=True):
    """"Add one mana of the chosen color" (the colour chosen as the source entered)."""

    amount: int = 1


class CountPlayers(Dyn, tag="count_players", frozen=True):
    """"For each player": the players in the game (102.1)."""

    times: int = 1


EffectsD = Attach | SetBasePowerToughness | AddChosenColorMana
ConditionsD = SelfHasCounter
AmountsD = CountPlayers
# === end of family D ===


# === family E (level up, exalted, annihilator and Eldrazi, unearth): effects, conditions and amounts added for its cards ===
# (keep additions inside this block; add each new class to the three aliases below)


class ExtraTurn(Effect, tag="extra_turn", frozen=True):
    """"[Player] takes an extra turn after this one" (500.7): extra turns created later
    are taken first."""

    who: str = "you"


class ShuffleGraveyardIntoLibrary(Effect, tag="shuffle_graveyard_into_library",
                                  frozen=True):
    """"[Player] shuffles their graveyard into their library" (Eldrazi titans; 701.20)."""

    who: str = "you"


class NotYourTurn(Cond, tag="not_your_turn", frozen=True):
    """"If it's not your turn" (the ability's controller is not the active player)."""


class LevelBetween(Cond, tag="level_between", frozen=True):
    """A leveler's level symbol (711.2): the source has at least ``low`` and (unless
    ``high`` is None: "N+") at most ``high`` level counters."""

    low: int
    high: int | None = None


class ColorsOfAffected(Dyn, tag="colors_of_affected", frozen=True):
    """"For each of its colors" (105.2): the number of colors of each object a static
    ability affects, counted for that object (Knight of New Alara)."""

    times: int = 1


class CountPermanentsOf(Dyn, tag="count_permanents_of", frozen=True):
    """The number of permanents matching ``filter`` that ``who`` controls ("equal to the
    number of nonbasic lands that player controls"; ``who`` = "t0": a target player)."""

    filter: Filter = Filter()
    who: str = "t0"


EffectsE = ExtraTurn | ShuffleGraveyardIntoLibrary
ConditionsE = NotYourTurn | LevelBetween
AmountsE = ColorsOfAffected | CountPermanentsOf
# === end of family E ===


# === family F (flash staples, convoke): effects, conditions and amounts added for its cards ===
# (keep additions inside this block; add each new class to the three aliases below)


class GrantFlashback(Effect, tag="grant_flashback", frozen=True):
    """"Target instant or sorcery card in your graveyard gains flashback until end of
    turn. The flashback cost is equal to its mana cost." (Snapcaster Mage; 702.34a): a
    casting permission from the graveyard; ``cost`` "" means the card's mana cost."""

    what: str = "t0"
    cost: str = ""


class AltCostPaid(Cond, tag="alt_cost_paid", frozen=True):
    """"If its [evoke] cost was paid" (702.74a): the permanent was a spell cast with that
    alternative cost (its intervening "if", 603.4)."""

    keyword: Literal["evoke"] = "evoke"


EffectsF = GrantFlashback
ConditionsF = AltCostPaid
AmountsF = X
# === end of family F ===
