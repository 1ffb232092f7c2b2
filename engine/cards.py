"""Typed card data: the schema every card file is decoded into.

Card files (``engine/carddata/*.toml``) are decoded by msgspec with unknown fields
forbidden, so this module *is* the card-file linter. Effects, abilities and amounts are
tagged unions; references *inside* an ability ("t0" = its first target, "self", "you")
are short symbolic names, while references to other cards (tokens) are inline values.

Derived fields (``_``-prefixed) are computed once in ``__post_init__``: the hot loop reads
flags and bitmasks instead of re-parsing type lines.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.mana import ManaCost, parse_cost

# --- colours and keyword bits -------------------------------------------------------

COLORS = "WUBRG"
COLOR_BIT = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}
COLOR_NAME = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
# A bit of GameObject.protection beside the colour bits: "protection from colored spells"
# ("from spells that are one or more colors", 702.16a): only spells are stopped.
PROT_COLORED_SPELLS = 64

# Keyword abilities the core rules understand, as bits so that granting and testing them
# in the hot loop is an integer operation.
KW_FLYING = 1 << 0
KW_REACH = 1 << 1
KW_TRAMPLE = 1 << 2
KW_DEATHTOUCH = 1 << 3
KW_LIFELINK = 1 << 4
KW_VIGILANCE = 1 << 5
KW_HASTE = 1 << 6
KW_MENACE = 1 << 7
KW_DEFENDER = 1 << 8
KW_FIRST_STRIKE = 1 << 9
KW_DOUBLE_STRIKE = 1 << 10
KW_HEXPROOF = 1 << 11
KW_SHROUD = 1 << 12
KW_INDESTRUCTIBLE = 1 << 13
KW_FEAR = 1 << 14
KW_INTIMIDATE = 1 << 15
KW_FLASH = 1 << 16
KW_UNBLOCKABLE = 1 << 17  # "can't be blocked"
KW_CANT_BLOCK = 1 << 18  # "can't block"
KW_CANT_ATTACK = 1 << 19  # "can't attack"
KW_WITHER = 1 << 20
KW_ATTACKS_EACH_COMBAT = 1 << 21
KW_DOESNT_UNTAP = 1 << 22
KW_NO_ACTIVATE = 1 << 23  # "its activated abilities can't be activated"
KW_LURE = 1 << 24  # "all creatures able to block it do so" (509.1c requirement)
KW_SHADOW = 1 << 25  # 702.28: blocks or is blocked only by creatures with shadow

KEYWORD_BITS: dict[str, int] = {
    "flying": KW_FLYING,
    "reach": KW_REACH,
    "trample": KW_TRAMPLE,
    "deathtouch": KW_DEATHTOUCH,
    "lifelink": KW_LIFELINK,
    "vigilance": KW_VIGILANCE,
    "haste": KW_HASTE,
    "menace": KW_MENACE,
    "defender": KW_DEFENDER,
    "first strike": KW_FIRST_STRIKE,
    "double strike": KW_DOUBLE_STRIKE,
    "hexproof": KW_HEXPROOF,
    "shroud": KW_SHROUD,
    "indestructible": KW_INDESTRUCTIBLE,
    "fear": KW_FEAR,
    "intimidate": KW_INTIMIDATE,
    "flash": KW_FLASH,
    "unblockable": KW_UNBLOCKABLE,
    "can't block": KW_CANT_BLOCK,
    "can't attack": KW_CANT_ATTACK,
    "wither": KW_WITHER,
    "attacks each combat": KW_ATTACKS_EACH_COMBAT,
    "doesn't untap": KW_DOESNT_UNTAP,
    "activated abilities can't be activated": KW_NO_ACTIVATE,
    "all creatures able to block it do so": KW_LURE,
    "shadow": KW_SHADOW,
}
KEYWORD_NAMES = {bit: name for name, bit in KEYWORD_BITS.items()}

Keyword = Literal[
    "flying", "reach", "trample", "deathtouch", "lifelink", "vigilance", "haste", "menace",
    "defender", "first strike", "double strike", "hexproof", "shroud", "indestructible",
    "fear", "intimidate", "flash", "unblockable", "can't block", "can't attack", "wither",
    "attacks each combat", "doesn't untap", "activated abilities can't be activated",
    "all creatures able to block it do so", "shadow",
]


def keyword_mask(names: tuple[str, ...]) -> int:
    mask = 0
    for name in names:
        mask |= KEYWORD_BITS[name.lower()]
    return mask


class KeywordInstance(msgspec.Struct, frozen=True):
    """One instance of a keyword ability beyond the plain bits ("Annihilator 2").

    ``n`` is its number (-1 for X), ``cost`` its mana or other cost, ``quality`` the
    quality of variants such as "Devour artifact 1" or "Enchant land".
    """

    name: str
    n: int = 0
    cost: str = ""
    quality: str = ""
    text: str = ""


class _Base(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    pass


class _Frozen(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, frozen=True):
    pass


# --- filters, targets, amounts --------------------------------------------------------

Controller = Literal["any", "you", "opponent"]


class Filter(_Frozen, frozen=True):
    """Which objects qualify. Empty fields do not restrict."""

    types: tuple[str, ...] = ()  # any of these card types ("creature", "artifact", ...)
    not_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()  # any of these subtypes ("Forest", "Aura", "Goblin")
    supertypes: tuple[str, ...] = ()  # all of these ("basic", "legendary")
    colors: tuple[str, ...] = ()  # any of these colours
    not_colors: tuple[str, ...] = ()
    multicolored: bool = False
    controller: Controller = "any"
    other: bool = False  # not the source object itself
    tapped: bool | None = None
    attacking: bool = False
    blocking: bool = False
    max_mana_value: int | None = None
    max_power: int | None = None
    has_keyword: tuple[Keyword, ...] = ()
    token: bool | None = None
    attacked_this_turn: bool = False  # was declared as an attacker this turn (508.1)
    # has a counter of this kind ("with a +1/+1 counter on it"); "any": any counter at all
    with_counter: str | None = None
    power_below_source: bool = False  # power less than the source object's power
    in_combat: bool = False  # "attacking or blocking" (506.4)
    # not the object the source (an Aura, 303.4) is attached to: "each other creature"
    not_enchanted: bool = False
    # "with mana value X or less" where X is computed (202.3; X of a spell on the stack
    # counts, 202.3e): counted from the filter's controller, e.g. the Faeries you control
    max_mana_value_of: Amount | None = None
    lacks_keyword: tuple[Keyword, ...] = ()  # "without flying"
    # "with another Aura attached to it" (Daybreak Coronet): an Aura other than the
    # source is attached to it (303.4b)
    with_other_aura: bool = False
    damaged_this_turn: bool = False  # "that was dealt damage this turn" (120.3)
    # every one of these filters matches too: an Aura's several enchant abilities
    # (702.5c: it can enchant only what matches all of them)
    all_of: tuple[Filter, ...] = ()
    not_supertypes: tuple[str, ...] = ()  # none of these ("nonbasic land", 205.4)
    # has all of these keyword abilities that are not plain bits, printed or granted,
    # by lower-case name ("each creature you control with level up", 702.87)
    keyword_abilities: tuple[str, ...] = ()
    # is (True) or isn't (False) enchanted: an Aura is attached to it (303.4b)
    enchanted: bool | None = None
    monocolored: bool = False  # exactly one color (105.2b), after layer 5
    # "with mana value equal to [amount]" (202.3), the amount computed from the source
    # ("the number of +1/+1 counters on Necroplasm")
    mana_value_of: Amount | None = None


TargetKind = Literal[
    "any",  # creature, player (rule 115.4 "any target"; no planeswalkers are modelled)
    "creature",
    "player",
    "opponent",
    "permanent",
    "spell",
    "card_in_graveyard",
    "spell_or_permanent",  # "target spell or permanent"
]


class Target(_Frozen, frozen=True):
    """One instance of the word "target" (rule 115.1)."""

    kind: TargetKind
    filter: Filter = Filter()
    distinct: bool = False  # "another target": must differ from earlier targets
    # "X target ...": the spell has X targets, all different (601.2c, chosen after X is
    # announced in 601.2b); only for spells with {X}
    x_times: bool = False
    optional: bool = False  # "up to N target ...": may be left unchosen (601.2c, 115.1)
    # "... target cards from a single graveyard": in the same graveyard as the earlier
    # targets with this flag
    same_graveyard: bool = False


class Dyn(_Frozen, tag_field="of", frozen=True):
    """A number computed from the game when the effect happens."""


class X(Dyn, tag="x", frozen=True):
    times: int = 1


class CountPermanents(Dyn, tag="count_permanents", frozen=True):
    filter: Filter = Filter()
    times: int = 1


class CardsInHand(Dyn, tag="cards_in_hand", frozen=True):
    who: str = "you"


class CountersOnSelf(Dyn, tag="counters_on_self", frozen=True):
    counter: str = "+1/+1"


class AttachedAuras(Dyn, tag="attached_auras", frozen=True):
    """Auras attached to the source (Kor Spiritdancer)."""

    times: int = 1


class PowerOf(Dyn, tag="power_of", frozen=True):
    what: str = "self"



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


Amount = (
    int | X | CountPermanents | CardsInHand | CountersOnSelf | AttachedAuras | PowerOf
    | AmountsA | AmountsB | AmountsC | AmountsD | AmountsE | AmountsF
)
Condition = (
    YouControl | LifeAtMost | OpponentDamagedThisTurn | HadCounter | SelfHasCounter
    | ReplicatePaid
    | ConditionsA | ConditionsB | ConditionsC | ConditionsD | ConditionsE | ConditionsF
)

EffectT = (
    Damage | Destroy | Exile | Bounce | Draw | Discard | Mill | GainLife | LoseLife | Pump
    | AddCounters | CreateToken | Tap | Untap | Search | ReturnFromGraveyard | Sacrifice
    | CounterSpell | CopySpell | PutOnLibrary | GainControl | Regenerate | AddMana | May | If | ForEachTarget
    | Annihilate | Exalt | CascadeEffect | ReplicateCopies | EpicCopy | ReboundCast
    | HauntExile | RecoverPay | TransmuteSearch | UnearthReturn | MoveCounter
    | EffectsA | EffectsB | EffectsC | EffectsD | EffectsE | EffectsF
)

# --- abilities ------------------------------------------------------------------------


class Mode(_Frozen, frozen=True):
    label: str
    targets: tuple[Target, ...] = ()
    effects: tuple[EffectT, ...] = ()


class Cost(_Frozen, frozen=True):
    """The cost of an activated ability (rule 602.1a / 118)."""

    mana: str = ""
    tap: bool = False
    sacrifice_self: bool = False
    pay_life: int = 0
    discard: int = 0
    return_to_hand: Filter | None = None  # "Return a Forest you control to its owner's hand"
    put_counter: str | None = None  # "Put a -1/-1 counter on this"
    discard_self: bool = False  # transmute: "Discard this card"
    sacrifice: Filter | None = None  # "Sacrifice a creature"
    remove_counter: str | None = None
    untap: bool = False  # {Q}, the untap symbol (107.6): untap this permanent
    # "Remove two +1/+1 counters from among creatures you control": N counters of kind
    # ``remove_counters_kind`` from permanents you control matching the filter
    remove_counters_among: Filter | None = None
    remove_counters_n: int = 1
    remove_counters_kind: str = "+1/+1"
    # "put a -1/-1 counter (``put_counter``) on a creature you control" (a chosen one)
    put_counter_on: Filter | None = None
    sacrifice_n: int = 1  # how many permanents matching ``sacrifice`` ("Sacrifice four ...")
    # "Tap two untapped white and/or blue creatures you control" (any of them, summoning
    # sickness doesn't matter: 302.6 restricts only {T} of the creature itself)
    tap_untapped: Filter | None = None
    tap_untapped_count: int = 1
    reveal_self: bool = False  # "Reveal [this card] from your hand" (forecast, 702.57)


class SpellAbility(_Frozen, frozen=True):
    """What an instant or sorcery does when it resolves (or a permanent spell's targets)."""

    targets: tuple[Target, ...] = ()
    effects: tuple[EffectT, ...] = ()
    modes: tuple[Mode, ...] = ()  # "Choose one -" (601.2b)
    # "As an additional cost to cast this spell, ..." (601.2b, 601.2f-h)
    additional_cost: Cost | None = None


TriggerEvent = Literal[
    "enters",  # this enters the battlefield
    "dies",  # this is put into a graveyard from the battlefield
    "leaves_to_graveyard",  # this goes from the battlefield to a graveyard (Rancor)
    "attacks",  # this attacks
    "blocks",
    "attacks_or_blocks",
    "upkeep",  # beginning of your upkeep
    "end_step",  # beginning of your end step
    "each_upkeep",  # beginning of each upkeep
    "you_cast",  # whenever you cast a spell matching filter
    "creature_dies",  # whenever a creature matching filter dies
    "other_enters",  # whenever another permanent matching filter enters
    "deals_combat_damage_to_player",
    "enchanted_tapped_for_mana",
    "cast_self",  # when you cast this spell (cascade, replicate): works on the stack
    "ally_attacks_alone",  # whenever a creature you control attacks alone (exalted)
    "your_creature_to_graveyard",  # recover: works in the graveyard (702.59a)
    "haunted_dies",  # "when the creature it haunts dies": works in exile (702.55c)
    "spell_to_graveyard",  # haunt on a spell: put into a graveyard as it resolves
    "each_end_step",  # beginning of each end step (anyone's: "the end step", 513.1)
    # whenever another creature leaves the battlefield (to any zone; 603.6c, 603.10a)
    "another_creature_leaves",
    # whenever an opponent sacrifices a permanent matching filter (701.17); "it" = it
    "opponent_sacrifices",
    # when this card is put into a graveyard from anywhere (works in the graveyard)
    "put_into_graveyard",
    "begin_combat",  # beginning of combat on your turn (507)
    "deals_damage_to_player",  # this deals damage (any, 120.3) to a player; "it" = player
    "deals_combat_damage_to_creature",  # this deals combat damage to a creature ("it")
    "becomes_target",  # this becomes the target of a spell or ability an opponent controls
    "end_combat",  # "at end of combat" (511.2; delayed triggers)
    "enchanted_player_upkeep",  # beginning of the upkeep of the player this Aura enchants
    "deals_damage_to_opponent",  # this deals damage (any, 120.3) to an opponent of its
    # controller; "it" = that player
    "deals_damage",  # this deals damage (any, 120.3); "that much" = the damage dealt
    "enchanted_attacks",  # the creature this Aura enchants attacks; "it" = that creature
]


class Triggered(_Frozen, tag="triggered", frozen=True):
    """A triggered ability (603)."""

    when: TriggerEvent
    effects: tuple[EffectT, ...]
    targets: tuple[Target, ...] = ()
    filter: Filter = Filter()
    condition: Condition | None = None  # intervening "if" (603.4)
    # The ability exists only while this holds ("this spell has cascade as long as ...",
    # Delirium): checked when the event happens, not again on resolution.
    exists_if: Condition | None = None
    optional: bool = False  # "you may"
    keyword: str = ""  # the keyword ability this is ("exalted", "annihilator", ...), if any
    # "choose one —": the mode (its targets and effects replace ``targets``/``effects``)
    # is chosen as the ability is put on the stack (603.3c, 700.2)
    modes: tuple[Mode, ...] = ()


class Activated(_Frozen, tag="activated", frozen=True):
    """An activated ability (602)."""

    cost: Cost
    effects: tuple[EffectT, ...]
    targets: tuple[Target, ...] = ()
    sorcery_speed: bool = False
    your_turn_only: bool = False
    keyword: str = ""  # the keyword ability this is ("level up", "unearth", ...), if any
    once_per_turn: bool = False
    zone: Literal["battlefield", "hand", "graveyard"] = "battlefield"  # where it works
    upkeep_only: bool = False  # forecast: only during your upkeep (702.57b)
    condition: Condition | None = None  # "Activate only if ..." (602.5b)


class ManaAbility(_Frozen, tag="mana", frozen=True):
    """A mana ability (605): produces one mana of one of ``colors`` per activation."""

    colors: str  # "G", "RGW" (choice of one), "C"
    tap: bool = True
    sacrifice_self: bool = False
    amount: Amount = 1
    # it exists / may be activated only while this holds (a leveler's band, 711.2)
    condition: Condition | None = None


class Static(_Frozen, tag="static", frozen=True):
    """A static ability that generates a continuous effect (604, 613).

    ``applies_to``: "self", "enchanted" (Auras, 303.4), "equipped", "filter", or
    "spells_you_cast" (only ``spell_keywords``: it affects spells, not permanents).
    """

    applies_to: Literal["self", "enchanted", "equipped", "filter", "spells_you_cast"] = "self"
    filter: Filter = Filter()
    power: Amount = 0
    toughness: Amount = 0
    keywords: tuple[Keyword, ...] = ()
    set_base: tuple[int, int] | None = None  # layer 7b
    lose_all_abilities: bool = False  # layer 6
    gain_control: bool = False  # layer 2
    add_subtypes: tuple[str, ...] = ()  # layer 4
    protection: tuple[str, ...] = ()
    condition: Condition | None = None  # "... as long as / if [condition]" (611.3a)
    # "[this] can't be blocked by [creatures matching filter]" (509.1b); the filter's
    # source is the attacking creature ("power less than this creature's power")
    cant_be_blocked_by: Filter | None = None
    # "enchanted creature has 'Whenever this creature attacks, ...'" / "has '{T}: ...'"
    # (layer 6): abilities given to the affected objects; they are those objects' own,
    # controlled (and activated) by their controller (303.4e, 113.6)
    grants: tuple[Triggered | Activated, ...] = ()
    # "Elves you control have '{T}: Add {G}{G}.'" (layer 6): mana abilities given to the
    # affected permanents, activated by their controllers (605)
    grants_mana: tuple[ManaAbility, ...] = ()
    # "[this] can't be blocked except by N or more creatures" (509.1b, like menace)
    min_blockers: int = 0
    cant_be_countered: bool = False  # "This spell can't be countered" (works on the stack)
    # applies_to = "spells_you_cast": "[filter] spells you cast have [keyword]" (Chief
    # Engineer: convoke); keyword abilities as printed, granted to spells, not permanents
    spell_keywords: tuple[str, ...] = ()
    # the cost of a granted keyword that has one, when it depends on the spell:
    # "mana_cost": "The replicate cost is equal to its mana cost" (Djinn Illuminatus)
    spell_keyword_cost: Literal["", "mana_cost"] = ""


class Replacement(_Frozen, tag="replacement", frozen=True):
    """A static replacement ability of the card itself (614)."""

    kind: Literal["enters_tapped", "enters_with_counters", "others_enter_with_counters",
                  "choose_color"]  # "As this enters, choose a color" (614.12)
    # "enters with [amount] [counter] counters on it" (614.1c); for
    # "others_enter_with_counters": each other permanent matching ``filter`` that enters
    # gets them in addition ("Each other creature you control enters with an additional X
    # +1/+1 counters"), the amount evaluated for this (the source) permanent
    counter: str = "+1/+1"
    amount: Amount = 0
    filter: Filter = Filter()


AbilityT = Triggered | Activated | ManaAbility | Static | Replacement

CardType = Literal[
    "land", "creature", "artifact", "enchantment", "instant", "sorcery", "planeswalker",
    "kindred", "battle",
]
TYPE_BIT = {
    "land": 1, "creature": 2, "artifact": 4, "enchantment": 8, "instant": 16,
    "sorcery": 32, "planeswalker": 64, "kindred": 128, "battle": 256,
}
T_LAND, T_CREATURE, T_ARTIFACT, T_ENCHANTMENT, T_INSTANT, T_SORCERY = 1, 2, 4, 8, 16, 32


class LevelBand(_Frozen, frozen=True):
    """A leveler card's level symbol (711.2): from ``low`` to ``high`` level counters."""

    low: int
    high: int | None = None  # None: "N+"
    power: int = 0
    toughness: int = 0
    keywords: tuple[Keyword, ...] = ()
    abilities: tuple[AbilityT, ...] = ()


class CardDef(_Base):
    """One card's characteristics and abilities, as printed (Oracle text)."""

    name: str
    types: tuple[CardType, ...]
    mana_cost: str = ""
    supertypes: tuple[Literal["basic", "legendary", "snow", "world"], ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[Literal["W", "U", "B", "R", "G"], ...] | None = None  # default: from cost
    power: int | None = None
    toughness: int | None = None
    # Keyword abilities as printed ("Flying", "Annihilator 2", "Level up {1}{W}",
    # "Enchant creature", "Protection from blue"), plus rules shorthands such as
    # "can't block" that are not Oracle keywords.
    keywords: tuple[str, ...] = ()
    protection: tuple[Literal["W", "U", "B", "R", "G"], ...] = ()  # protection from colours
    printed_power: str | None = None  # "*" and the like, as printed; power holds the base
    printed_toughness: str | None = None
    levels: tuple[LevelBand, ...] = ()  # leveler cards (711)
    spell: SpellAbility | None = None
    enchant: Filter | None = None  # Enchant [quality] (702.5); None: not an Aura
    enchant_player: bool = False  # "Enchant player" (702.5d)
    abilities: tuple[AbilityT, ...] = ()
    text: str = ""  # the Oracle text this data implements
    # "You may [cost] rather than pay this spell's mana cost" (118.9; Hand of Emrakul)
    alternative_cost: Cost | None = None

    # derived, filled in by __post_init__ (recomputed after decoding)
    _cost: ManaCost | None = None
    _type_mask: int = 0
    _color_mask: int = 0
    _kw: int = 0
    _mana_value: int = 0
    _instant_speed: bool = False
    _mana_abilities: tuple[ManaAbility, ...] = ()
    _activated: tuple[Activated, ...] = ()
    _triggered: tuple[Triggered, ...] = ()
    _statics: tuple[Static, ...] = ()
    _layered: bool = False  # has statics or level bands: engine.layers must look at it
    _enters_tapped: bool = False
    _kwi: tuple[KeywordInstance, ...] = ()
    _kwnames: frozenset[str] = frozenset()
    _protection_extra: tuple[str, ...] = ()
    _protection_types: int = 0  # "protection from instants": card-type mask (702.16a)
    _protection_spells: bool = False  # "protection from colored spells" (702.16a)
    _zone_actions: bool = False  # usable from hand or graveyard (activations, flashback)
    _spell_grants: bool = False  # has "[quality] spells you cast have [keyword]"
    _base_protection: int = 0  # printed protection as a mask (engine.layers)
    _is_aura: bool = False
    _legendary: bool = False
    _cant_be_countered: bool = False
    _enter_replacements: tuple[Replacement, ...] = ()  # "enters with counters" (614.1c)

    def __post_init__(self) -> None:
        cost = parse_cost(self.mana_cost)
        self._cost = cost
        mask = 0
        for t in self.types:
            mask |= TYPE_BIT[t]
        self._type_mask = mask
        if self.colors is None:
            self._color_mask = cost.color_mask
        else:
            cm = 0
            for c in self.colors:
                cm |= COLOR_BIT[c]
            self._color_mask = cm
        from engine.keywords import compile_keywords

        # Keyword abilities expand into ordinary abilities (kept out of ``abilities`` so the
        # encoded card stays as written and decoding does not expand them twice).
        abilities = self.abilities + compile_keywords(self)
        self._mana_value = cost.mana_value
        self._instant_speed = bool(mask & T_INSTANT) or bool(self._kw & KW_FLASH)
        self._mana_abilities = tuple(a for a in abilities if isinstance(a, ManaAbility))
        self._activated = tuple(a for a in abilities if isinstance(a, Activated))
        self._triggered = tuple(a for a in abilities if isinstance(a, Triggered))
        self._statics = tuple(a for a in abilities if isinstance(a, Static))
        self._layered = bool(self._statics or self.levels)
        prot = 0
        for col in (*self.protection, *self._protection_extra):
            prot |= COLOR_BIT[col]
        if self._protection_spells:
            prot |= PROT_COLORED_SPELLS
        self._base_protection = prot
        self._is_aura = "Aura" in self.subtypes
        self._legendary = "legendary" in self.supertypes
        self._spell_grants = any(st.applies_to == "spells_you_cast" for st in self._statics)
        self._zone_actions = any(a.zone != "battlefield" for a in self._activated) or \
            "flashback" in self._kwnames or "retrace" in self._kwnames
        self._enters_tapped = any(
            isinstance(a, Replacement) and a.kind == "enters_tapped" for a in abilities
        )
        self._cant_be_countered = any(s.cant_be_countered for s in self._statics)
        self._enter_replacements = tuple(
            a for a in abilities if isinstance(a, Replacement) and a.kind != "enters_tapped")

    @property
    def is_land(self) -> bool:
        return bool(self._type_mask & T_LAND)

    @property
    def is_creature(self) -> bool:
        return bool(self._type_mask & T_CREATURE)

    @property
    def is_aura(self) -> bool:
        return self._is_aura

    @property
    def is_permanent_card(self) -> bool:
        return not self._type_mask & (T_INSTANT | T_SORCERY)

    def has_keyword(self, name: str) -> bool:
        """Printed keyword ability by lower-case name ("cascade", "flying", "dredge")."""
        return name in self._kwnames

    def instances(self, name: str) -> list[KeywordInstance]:
        return [k for k in self._kwi if k.name == name]


class CardFile(_Base):
    """One card data file: a list of ``[[card]]`` tables."""

    card: list[CardDef]
