"""Schema of abilities: costs, spell abilities and modes, triggered, activated, mana,
static and replacement abilities (the ``AbilityT`` union).
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards.schema.base import _Frozen
from mtgsim.engine.cards.schema.bits import CardType, Keyword
from mtgsim.engine.cards.schema.filters import Filter, Target
from mtgsim.engine.cards.schema.unions import Amount, Condition, EffectT

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
    exile_self: bool = False  # "Exile this artifact" (Relic of Progenitus)
    reveal_hand: bool = False  # "reveal your hand" (Land Grant's alternative cost, 118.9)
    # "exile the top three black cards of your graveyard" (Spinning Darkness, 118.9)
    exile_graveyard_top: int = 0
    exile_graveyard_filter: Filter | None = None
    # "Reveal X white cards from your hand" (Martyr of Sands): any number of matching
    # cards, X being how many (107.3: X is chosen as the cost is)
    reveal_x: Filter | None = None
    # "choose a creature you control" (Monstrous Emergence: one permanent chosen, nothing
    # done to it) and "reveal a creature card from your hand" (one card, revealed): the
    # spell remembers it (``StackItem.chosen``: "the creature you chose")
    choose: Filter | None = None
    reveal_card: Filter | None = None
    # "Spend only black mana on X" (Crypt Rats): the colour ("B") of every mana paid for
    # the {X} of ``mana`` (engine.rules.x_costs)
    x_color: str = ""
    # craft's materials (702.167a): "Exile a creature you control or a creature card from
    # your graveyard": one permanent you control or one card in your graveyard matching it
    craft_material: Filter | None = None


class SpellCostReduction(_Frozen, frozen=True):
    """"This spell costs {N} less to cast [for each ...] [if ...]" (601.2f, 118.7): a
    reduction of the generic part of the spell's total cost, ``generic`` times ``per``
    (once when None), while ``condition`` holds (always when None); affinity for [text]
    is one (702.41a). ``engine.rules.cost_changes`` applies it."""

    generic: int = 1
    per: Amount | None = None
    condition: Condition | None = None
    # "if it targets a tapped permanent" (Ride's End): one of the spell's targets matches
    if_targets: Filter | None = None


class SpellAbility(_Frozen, frozen=True):
    """What an instant or sorcery does when it resolves (or a permanent spell's targets)."""

    targets: tuple[Target, ...] = ()
    effects: tuple[EffectT, ...] = ()
    modes: tuple[Mode, ...] = ()  # "Choose one -" (601.2b)
    # "As an additional cost to cast this spell, ..." (601.2b, 601.2f-h)
    additional_cost: Cost | None = None
    # "..., sacrifice a creature or discard a card": the other additional cost the
    # caster may pay instead of ``additional_cost`` (601.2b; a cast with
    # engine.rules.spell_costs.ALT_OTHER_ADDITIONAL)
    additional_cost_or: Cost | None = None


TriggerEvent = Literal[
    # "When you draw your third card in a turn, return this card from your graveyard
    # ...": a card in the drawing player's graveyard (113.6k)
    "third_draw_graveyard",
    # madness (702.35a): "when this card is exiled this way" (queued by its module)
    "discarded_into_exile",
    "enters",  # this enters the battlefield
    "enters_untapped",  # this enters the battlefield untapped (Witch's Cottage)
    "dies",  # this is put into a graveyard from the battlefield
    "leaves_to_graveyard",  # this goes from the battlefield to a graveyard (Rancor)
    "attacks",  # this attacks
    "blocks",
    "attacks_or_blocks",
    "upkeep",  # beginning of your upkeep
    "end_step",  # beginning of your end step
    "each_upkeep",  # beginning of each upkeep
    "you_cast",  # whenever you cast a spell matching filter
    "creature_dies",  # whenever a creature matching filter dies (this one included)
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
    # "when enchanted / equipped creature dies" (an Aura's, an Equipment's): looks back in
    # time (603.10a), so it triggers though the Aura or Equipment leaves or is unattached
    # right after (704.5m-n) or left with it; "it" = that creature
    "enchanted_dies",
    "equipped_dies",
    "leaves",  # this leaves the battlefield (to any zone; looks back in time, 603.10a)
    "sacrificed",  # this is sacrificed ("when you sacrifice it", 701.17a)
    # a Saga's chapter ability (714.2b): lore counters put on it went from fewer than
    # ``Triggered.chapter`` to at least that many (engine.rules.sagas)
    "chapter",
    # whenever its controller sacrifices another permanent matching filter; "it" = it
    "you_sacrifice",
    # whenever a permanent matching filter is put into a graveyard from the battlefield
    # (this one included); "it" = it
    "to_graveyard_from_battlefield",
    # the creature this Aura enchants deals damage (any, 120.3); "that much" = the damage
    "enchanted_deals_damage",
    "becomes_blocked",  # this attacking creature becomes blocked (once a combat, 509.3c)
    "is_dealt_damage",  # this is dealt damage (any, 120.3); "that much" = the damage
    "each_opponent_upkeep",  # beginning of each opponent's upkeep
    "equipped_attacks",  # the creature this Equipment equips attacks; "it" = that creature
    # the triggers of the game's designations and dungeons, queued by their modules and
    # never found on a permanent: "whenever a player takes the initiative" (725.2), a
    # room ability, "when you move your venture marker into this room" (309.4c)
    "takes_initiative",
    "room_entered",
    # this attacking creature becomes blocked by a creature: once for each creature that
    # blocks it (509.3d); "it" = that blocker
    "becomes_blocked_by_creature",
    # one or more +1/+1 counters are put on this permanent (122.6; engine/effects/add_counters.py)
    "plus_one_counters_put",
    # the permanent this Aura enchants becomes tapped (701.26a) / is dealt damage (120.3);
    # "it" = that permanent (engine.rules.enchanted_events)
    "enchanted_becomes_tapped",
    "equipped_becomes_tapped",  # the creature this Equipment equips becomes tapped; "it"
    "enchanted_dealt_damage",
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
    chapter: int = 0  # a chapter ability's chapter number (714.2a-b; when = "chapter")


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
    # "Activate only during the end of combat step" (602.5b): the step's name
    # (``STEP_NAMES``) in which alone it may be activated, by either player
    during_step: Literal["", "end_combat"] = ""


class ManaAbility(_Frozen, tag="mana", frozen=True):
    """A mana ability (605): produces ``amount`` mana of one of ``colors`` per activation,
    or with ``each`` one mana of each symbol of ``colors`` ("Add {B}{R}.": "BR", two mana
    of different colours from one activation, 106.1, 605.1a)."""

    colors: str  # "G", "RGW" (choice of one), "C"
    tap: bool = True
    sacrifice_self: bool = False
    amount: Amount = 1
    # it exists / may be activated only while this holds (a leveler's band, 711.2)
    condition: Condition | None = None
    each: bool = False  # one mana of each of ``colors``, not one of them (``amount`` is 1)
    # a mana cost the activation pays first (605.1a, 602.2b): "{1}, {T}: Add one mana of
    # any color." (a filter: one mana in, one of ``colors`` out; engine.rules.payment uses
    # it only so, and the pool refuses any other: "{1}", one mana of one of its colours)
    mana_cost: str = ""
    # "{T}, Tap an untapped creature you control: Add one mana of any color." (Springleaf
    # Drum): the activation also taps one of its controller's untapped creatures, another
    # than this (summoning sickness doesn't matter: 302.6 restricts only {T})
    tap_creature: bool = False
    # "Activate only once each turn." (602.5b): only on a filter that doesn't tap
    # ("{1}: Add {R}, {W}, or {B}.", Mardu Devotee; engine.rules.mana_once)
    once_per_turn: bool = False


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
    # layer 4 (613.1d), in timestamp order with the other type-changing effects:
    # ``add_subtypes`` are had in addition to the others ("in addition to its other
    # types", "still a", 205.1b); ``creature_types`` set them: "is a Treefolk" replaces its
    # creature types, and only those (its card types and other subtypes stay, 205.1a)
    add_subtypes: tuple[str, ...] = ()
    creature_types: tuple[str, ...] = ()
    # card types had in addition to the others, in the same layer-4 order ("is a Toy
    # artifact creature ... in addition to its other types": Unable to Scream, 205.1b)
    add_types: tuple[CardType, ...] = ()
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
    # "Enchanted land is an Island" (305.7): the affected land's land type is this one
    # (layer 4) and it has only that type's mana ability of the abilities of its rules
    # text (layer 6)
    land_type: str = ""
    # "[this] can't be blocked except by N or more creatures" (509.1b, like menace)
    min_blockers: int = 0
    cant_be_countered: bool = False  # "This spell can't be countered" (works on the stack)
    # applies_to = "spells_you_cast": "[filter] spells you cast have [keyword]" (Chief
    # Engineer: convoke); keyword abilities as printed, granted to spells, not permanents
    spell_keywords: tuple[str, ...] = ()
    # the cost of a granted keyword that has one, when it depends on the spell:
    # "mana_cost": "The replicate cost is equal to its mana cost" (Djinn Illuminatus)
    spell_keyword_cost: Literal["", "mana_cost"] = ""
    # "While an opponent is choosing targets as part of casting a spell they control or
    # activating an ability they control, that player must choose at least one Flagbearer
    # on the battlefield if able" (Standard Bearer; 601.2c, 602.2b, 115):
    # engine.rules.flagbearer
    flagbearer_targeting: bool = False


class Replacement(_Frozen, tag="replacement", frozen=True):
    """A static replacement ability of the card itself (614)."""

    kind: Literal["enters_tapped", "enters_with_counters", "others_enter_with_counters",
                  "choose_color",  # "As this enters, choose a color" (614.12)
                  # "If ~ would be put into a graveyard from anywhere, exile it instead"
                  # (614.1a; a disturb card's back face, 702.146)
                  "exile_instead_of_graveyard"]
    # "enters with [amount] [counter] counters on it" (614.1c); for
    # "others_enter_with_counters": each other permanent matching ``filter`` that enters
    # gets them in addition ("Each other creature you control enters with an additional X
    # +1/+1 counters"), the amount evaluated for this (the source) permanent
    counter: str = "+1/+1"
    amount: Amount = 0
    filter: Filter = Filter()
    # "enters tapped unless [condition]" (614.1c): it enters untapped when this holds as
    # it would enter (engine.rules.entering.enters_tapped)
    unless: Condition | None = None
    # "If this was kicked, it enters with two +1/+1 counters" (614.1c, 702.33d): the
    # counters only when this holds for the spell entering
    condition: Condition | None = None


AbilityT = Triggered | Activated | ManaAbility | Static | Replacement
