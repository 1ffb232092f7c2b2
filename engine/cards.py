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
}
KEYWORD_NAMES = {bit: name for name, bit in KEYWORD_BITS.items()}

Keyword = Literal[
    "flying", "reach", "trample", "deathtouch", "lifelink", "vigilance", "haste", "menace",
    "defender", "first strike", "double strike", "hexproof", "shroud", "indestructible",
    "fear", "intimidate", "flash", "unblockable", "can't block", "can't attack", "wither",
    "attacks each combat", "doesn't untap", "activated abilities can't be activated",
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


TargetKind = Literal[
    "any",  # creature, player (rule 115.4 "any target"; no planeswalkers are modelled)
    "creature",
    "player",
    "opponent",
    "permanent",
    "spell",
    "card_in_graveyard",
]


class Target(_Frozen, frozen=True):
    """One instance of the word "target" (rule 115.1)."""

    kind: TargetKind
    filter: Filter = Filter()
    distinct: bool = False  # "another target": must differ from earlier targets


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
    to: Literal["hand", "battlefield"] = "hand"
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


EffectsA = MoveCounter
ConditionsA = SelfHasCounter
AmountsA = X
# === end of family A ===


# === family B (dredge, recover, retrace, transmute, forecast): effects, conditions and amounts added for its cards ===
# (keep additions inside this block; add each new class to the three aliases below)


EffectsB = MoveCounter
ConditionsB = SelfHasCounter
AmountsB = X
# === end of family B ===


# === family C (devour, graft, bloodthirst, wither): effects, conditions and amounts added for its cards ===
# (keep additions inside this block; add each new class to the three aliases below)


EffectsC = MoveCounter
ConditionsC = SelfHasCounter
AmountsC = X
# === end of family C ===


# === family D (Auras, umbra armor, haunt): effects, conditions and amounts added for its cards ===
# (keep additions inside this block; add each new class to the three aliases below)


EffectsD = MoveCounter
ConditionsD = SelfHasCounter
AmountsD = X
# === end of family D ===


# === family E (level up, exalted, annihilator and Eldrazi, unearth): effects, conditions and amounts added for its cards ===
# (keep additions inside this block; add each new class to the three aliases below)


EffectsE = MoveCounter
ConditionsE = SelfHasCounter
AmountsE = X
# === end of family E ===


# === family F (flash staples, convoke): effects, conditions and amounts added for its cards ===
# (keep additions inside this block; add each new class to the three aliases below)


EffectsF = MoveCounter
ConditionsF = SelfHasCounter
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


class SpellAbility(_Frozen, frozen=True):
    """What an instant or sorcery does when it resolves (or a permanent spell's targets)."""

    targets: tuple[Target, ...] = ()
    effects: tuple[EffectT, ...] = ()
    modes: tuple[Mode, ...] = ()  # "Choose one -" (601.2b)


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
]


class Triggered(_Frozen, tag="triggered", frozen=True):
    """A triggered ability (603)."""

    when: TriggerEvent
    effects: tuple[EffectT, ...]
    targets: tuple[Target, ...] = ()
    filter: Filter = Filter()
    condition: Condition | None = None  # intervening "if" (603.4)
    optional: bool = False  # "you may"
    keyword: str = ""  # the keyword ability this is ("exalted", "annihilator", ...), if any


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


class ManaAbility(_Frozen, tag="mana", frozen=True):
    """A mana ability (605): produces one mana of one of ``colors`` per activation."""

    colors: str  # "G", "RGW" (choice of one), "C"
    tap: bool = True
    sacrifice_self: bool = False
    amount: Amount = 1


class Static(_Frozen, tag="static", frozen=True):
    """A static ability that generates a continuous effect (604, 613).

    ``applies_to``: "self", "enchanted" (Auras, 303.4), "equipped", or "filter".
    """

    applies_to: Literal["self", "enchanted", "equipped", "filter"] = "self"
    filter: Filter = Filter()
    power: Amount = 0
    toughness: Amount = 0
    keywords: tuple[Keyword, ...] = ()
    set_base: tuple[int, int] | None = None  # layer 7b
    lose_all_abilities: bool = False  # layer 6
    gain_control: bool = False  # layer 2
    add_subtypes: tuple[str, ...] = ()  # layer 4
    protection: tuple[str, ...] = ()


class Replacement(_Frozen, tag="replacement", frozen=True):
    """A static replacement ability of the card itself (614)."""

    kind: Literal["enters_tapped"]


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
    _enters_tapped: bool = False
    _kwi: tuple[KeywordInstance, ...] = ()
    _kwnames: frozenset[str] = frozenset()
    _protection_extra: tuple[str, ...] = ()
    _zone_actions: bool = False  # usable from hand or graveyard (activations, flashback)

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
        self._zone_actions = any(a.zone != "battlefield" for a in self._activated) or \
            "flashback" in self._kwnames or "retrace" in self._kwnames
        self._enters_tapped = any(
            isinstance(a, Replacement) and a.kind == "enters_tapped" for a in abilities
        )

    @property
    def is_land(self) -> bool:
        return bool(self._type_mask & T_LAND)

    @property
    def is_creature(self) -> bool:
        return bool(self._type_mask & T_CREATURE)

    @property
    def is_aura(self) -> bool:
        return "Aura" in self.subtypes

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
