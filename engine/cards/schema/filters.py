"""Schema of filters and targets: which objects an ability refers to.

Only the data; matching a filter against the game is ``engine.rules.filters`` and choosing
targets ``engine.rules.targets``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from mtgsim.engine.cards.schema.base import _Frozen
from mtgsim.engine.cards.schema.bits import Keyword

if TYPE_CHECKING:  # defined later in the schema; linked in by engine.cards.schema for msgspec
    from mtgsim.engine.cards.schema.unions import Amount

# --- filters and targets -------------------------------------------------------------

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
    # an attacking creature no creature blocks once blockers are declared (509.1h,
    # 506.4): "an unblocked attacking creature" (ninjutsu, 702.49a)
    unblocked: bool = False
    named: str = ""  # has this name ("another creature named Faerie Miscreant", 201.2)
    # none of these subtypes ("a non-Human creature", "each non-Dragon creature", 205.4b:
    # "non-" + a subtype)
    not_subtypes: tuple[str, ...] = ()
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
    # matches at least one of these: "creature or Vehicle" (a card type or a subtype),
    # "an instant card or a card with flash" (Mystical Teachings): two object phrases
    # joined by "or"
    any_of: tuple[Filter, ...] = ()
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
    monarch_controls: bool = False  # controlled by the monarch (724: "the monarch controls")
    # "if its toughness is less than or equal to [amount]" (Ghastly Demise), the amount
    # computed from the filter's controller's side
    max_toughness_of: Amount | None = None
    # "with power N or greater", "with toughness N or greater" (Destroy Evil; 208.3: a
    # card off the battlefield has its printed power and toughness)
    min_power: int | None = None
    min_toughness: int | None = None
    # its controller has at least this many poison counters (122.1f; corrupted: "if its
    # controller has three or more poison counters", Anoint with Affliction)
    controller_poison_at_least: int | None = None


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
    # "target creature that player controls" (Searing Blaze): controlled by the player
    # chosen for the earlier target of this index (601.2c: targets are chosen in order)
    controlled_by: int = -1
