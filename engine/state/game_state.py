"""The mutable game state: objects, players, zones, the stack and pending work.

Everything here is a msgspec Struct so a game in progress encodes to msgpack or JSON and
decodes back without loss (see ``engine.state.serialize``). Objects are referred to by integer
ids; ids 0 and 1 are the two players, objects start at 2 (so a target is one int).
A zone change gives the object a new id (rule 400.7): the old Struct, no longer in
``objects``, is the object's last known information.
"""

from __future__ import annotations

import msgspec

from mtgsim.engine.cards import (
    Activated,
    CardDef,
    EffectT,
    Filter,
    ManaAbility,
    Target,
    Triggered,
)
from mtgsim.engine.cards.card import Card

# the decisions' types, re-exported: the state holds the pending one
from mtgsim.engine.state.decisions import ACTIVATE as ACTIVATE
from mtgsim.engine.state.decisions import CAST as CAST
from mtgsim.engine.state.decisions import PASS as PASS
from mtgsim.engine.state.decisions import PASS_ACTION as PASS_ACTION
from mtgsim.engine.state.decisions import PLAY as PLAY
from mtgsim.engine.state.decisions import SPECIAL as SPECIAL
from mtgsim.engine.state.decisions import Action as Action
from mtgsim.engine.state.decisions import Answer as Answer
from mtgsim.engine.state.decisions import Decision as Decision
from mtgsim.engine.state.decisions import DecisionKind as DecisionKind
from mtgsim.engine.state.derived import UNBOUND, Derived
from mtgsim.engine.state.sight import UNSEEN, Sight

# zones
LIBRARY, HAND, BATTLEFIELD, GRAVEYARD, EXILE, STACK = 0, 1, 2, 3, 4, 5
ZONE_NAMES = ("library", "hand", "battlefield", "graveyard", "exile", "stack")
NONE = -1
FIRST_OBJECT_ID = 2

# steps (rules 500-514)
UNTAP, UPKEEP, DRAW, MAIN1, BEGIN_COMBAT, DECLARE_ATTACKERS, DECLARE_BLOCKERS = range(7)
FIRST_STRIKE_DAMAGE, COMBAT_DAMAGE, END_COMBAT, MAIN2, END, CLEANUP = range(7, 13)
STEP_NAMES = (
    "untap", "upkeep", "draw", "main1", "begin_combat", "declare_attackers",
    "declare_blockers", "first_strike_damage", "combat_damage", "end_combat", "main2",
    "end", "cleanup",
)


# Stops (as in MTGO): the steps in which a player wants priority while the stack is empty;
# in the others the engine passes for them. Bits 0-12: steps of their own turn, bits
# 13-25: steps of the opponent's turn. With anything on the stack a player always stops,
# except over their own spell or ability on top of the stack without STOP_OWN_STACK: like
# MTGO's default, they pass instead of holding priority to respond to it (117.3c).
STOP_OWN_STACK = 1 << 26
ALL_STOPS = (1 << 27) - 1


def stop_bit(step: int, own_turn: bool) -> int:
    return 1 << (step if own_turn else step + 13)


class GameObject(msgspec.Struct, array_like=True, omit_defaults=True):
    """A card, token or copy in some zone (rule 109).

    Encoded as an array with trailing defaults left out (a card in a library is its first
    eight fields), so the fields go from the ones every object sets to the rare ones; tap
    and untap with ``set_tapped``, which keeps the counters memoised facts key on."""

    oid: int
    card: Card
    owner: int
    controller: int
    zone: int
    timestamp: int = 0
    color: int = 0  # its colours now (colour mask; layer 5, 105.3): set from the card
    base_controller: int = 0  # controller before layer-2 effects
    # characteristics after continuous effects (layers.refresh keeps them current)
    power: int = 0
    toughness: int = 0
    kw: int = 0
    tapped: bool = False  # change it with set_tapped
    sick: bool = False  # came under its controller's control since their last turn began
    protection: int = 0  # colour mask
    damage: int = 0
    damaged_turn: int = 0  # the last turn it was dealt damage (120.3: "dealt damage this turn")
    counters: dict[str, int] = {}
    attached_to: int = NONE
    token: bool = False
    moved_to: int = NONE  # set on the old object by a zone change: the card's new id
    deathtouched: bool = False  # dealt damage by a deathtouch source since last SBA check
    regen_shields: int = 0
    used_once: int = 0  # bitmask of "activate only once each turn" abilities used
    lost_abilities: bool = False
    extra_subtypes: tuple[str, ...] = ()
    cant_regenerate: bool = False
    haunting: int = NONE  # haunt (702.55b): the creature this exiled card haunts
    unearthed: bool = False  # unearth (702.84a): exile it if it would leave the battlefield
    devoured: int = 0  # devour (702.82b): how many permanents it devoured
    # devour (702.82b): what it devoured, as they were (a tuple, like ``gained_keywords``:
    # an immutable default costs no container per object made)
    devoured_lki: tuple[GameObject, ...] = ()
    # Keyword abilities (as printed, "Bloodthirst 3") an effect gave this spell; they stay
    # with the permanent it becomes (400.7a).
    gained_keywords: tuple[str, ...] = ()
    extra_types: int = 0  # card types added by effects (layer 4: "becomes a creature")
    skip_untap: bool = False  # "doesn't untap during its controller's next untap step"
    chosen_color: int = 0  # "as this enters, choose a color" (colour bit; Utopia Sprawl)
    # the card as printed when a text-changing effect (612, layer 3) changed ``card``; a
    # new object (400.7) starts from it again
    printed: Card | None = None
    # Triggered abilities other objects' static abilities give it (layer 6, 613.1f):
    # Auras with "enchanted creature has 'Whenever this creature attacks, ...'" (303.4e)
    granted: tuple[Triggered, ...] = ()
    granted_activated: tuple[Activated, ...] = ()  # likewise, activated abilities
    # Mana abilities other objects' static abilities give it (layer 6; Joraga Treespeaker:
    # "Elves you control have '{T}: Add {G}{G}.'")
    granted_mana: tuple[ManaAbility, ...] = ()
    # "can't be blocked except by N or more creatures" (509.1b; layer 6), 0: no such rule
    min_blockers: int = 0
    # a permanent that was a spell: the casting permission its controller used for it
    # (engine.rules.spell_costs permission codes; "if its evoke cost was paid", 702.74a)
    cast_alt: int = 0
    # who has seen this card in a hidden zone (bit 1 << player): revealed to all (a
    # forecast card in hand, a revealed search) or looked at by one (the top of a library);
    # a shuffle or a zone change (a new object, 400.7) forgets it (engine.rules.zones)
    known: int = 0
    # an effect set its creature types (205.1a, layer 4: Lignify's "is a Treefolk"): the
    # card's own creature types are not its types now (``extra_subtypes`` are)
    lost_creature_types: bool = False
    # a transforming double-faced permanent with its back face up (712.8d, 701.28): its
    # front face's card (``card`` is the back face's); it leaves the battlefield as the
    # front face (712.8a). ``transforms``: how many times it transformed (701.28f)
    front: Card | None = None
    transforms: int = 0
    # an effect set its land type (305.7, layer 4: Spreading Seas' "is an Island"): the
    # card's own land types are not its types now (``extra_subtypes`` has the new one)
    lost_land_types: bool = False
    plotted: int = 0  # plot (702.170a): the turn this card in exile became plotted
    # foretell (702.143a): the turn this card was exiled face down, foretold (its owner
    # alone sees it: engine.keywords.foretell)
    foretold: int = 0
    # an adventurer card exiled as its Adventure resolved (715.3d): the player who may
    # cast its creature from exile (the Adventure's controller), NONE for any other card
    adventurer: int = -1
    # the object whose ability exiled this card (607.2a: "the exiled card" of a linked
    # ability, Journey to Nowhere's); a new object of the source (400.7) has another id
    exiled_by: int = NONE
    # the turn it came onto the battlefield (a new object each zone change, 400.7; 0 for an
    # object in another zone): "if ~ entered this turn"
    entered_turn: int = 0
    # a permanent that was a spell: the optional additional costs paid for it ("kicker",
    # "bargain", "collect evidence"; ``StackItem.paid``): "if it was bargained" (702.166c)
    cast_paid: tuple[str, ...] = ()


class Player(msgspec.Struct, omit_defaults=True):
    idx: int
    life: int = 20
    library: list[int] = []  # top card last (fast pop)
    hand: list[int] = []
    graveyard: list[int] = []  # top card last
    exile: list[int] = []
    poison: int = 0
    lands_played: int = 0
    land_drops: int = 1
    drew_from_empty: bool = False
    lost: bool = False
    mulligans: int = 0
    damage_this_turn: int = 0  # damage dealt to this player this turn (bloodthirst)
    drawn_this_turn: int = 0  # cards this player drew this turn (121.2: "your third card")
    cast_this_turn: int = 0  # spells this player cast this turn (storm, 702.40a)
    # the card types (TYPE_BIT mask) of the spells this player cast this turn, as cast
    # ("if you've cast an instant or sorcery spell this turn": engine.rules.cast_this_turn)
    cast_types_this_turn: int = 0
    land_entered_turn: int = 0  # the last turn a land entered under their control (landfall)
    cant_gain_life: bool = False  # "can't gain life for the rest of the game" (119.7)
    pool: list[int] = []  # floating mana, one colour bit per unit
    can_cast_spells: bool = True
    stats: dict[str, int] = {}  # keyword statistics of this game (engine.state.stats)
    # dungeons (309; engine.effects.venture): the dungeon card this player has in the
    # command zone ("" for none, 309.3), the room their venture marker is on (its index in
    # that dungeon's rooms, 309.4), and how many dungeons they completed (309.7)
    dungeon: str = ""
    room: int = -1
    dungeons_completed: int = 0
    # the venture marker is on the dungeon's bottommost room: state-based actions complete
    # the dungeon once that room's ability has left the stack (704.5t, engine.rules.sba)
    room_last: bool = False
    # "skips their next combat phase" (614.10): how many of this player's next combat
    # phases are skipped (engine/effects/skip_combat.py)
    skip_combats: int = 0


class StackItem(msgspec.Struct, omit_defaults=True):
    """A spell or ability on the stack (rules 405, 601, 602, 603)."""

    sid: int  # equals the spell object's oid for spells
    controller: int
    source: int  # oid of the source (the card itself for spells)
    card: Card  # the source's card, for its name and characteristics
    is_spell: bool
    effects: tuple[EffectT, ...]
    target_specs: tuple[Target, ...] = ()
    targets: list[int] = []
    x: int = 0
    mode: int = -1
    is_copy: bool = False
    subject: int = NONE  # the object a trigger is about ("it")
    subject_lki: GameObject | None = None
    source_lki: GameObject | None = None
    trigger: Triggered | None = None
    label: str = ""
    cast_from: int = NONE  # zone the spell was cast from (rebound: "cast from your hand")
    alt: int = 0  # casting permission used (engine.rules.spell_costs)
    replicated: int = 0
    replicate_counts: list[int] = []  # times each replicate instance was paid (702.56b)
    kicked: bool = False
    data: int = 0  # a number remembered for the ability (e.g. the mana value to search)
    spell: StackItem | None = None  # for epic: the spell its copies copy
    created: list[int] = []  # tokens this ability created as it resolved ("created")
    # how many times the source had transformed when the ability was put on the stack
    # (701.28f: it transforms its source only if the source has not transformed since)
    source_transforms: int = 0
    # the cards discarded to pay its costs, as they were ("the discarded card", 601.2h)
    discarded: tuple[Card, ...] = ()
    # the permanents sacrificed to pay its costs, as they last existed (608.2h): "the
    # sacrificed permanent's mana value" (Reckoner's Bargain)
    sacrificed: tuple[Card, ...] = ()
    # each target's controller as the item began to resolve (NONE: not a permanent):
    # "that artifact's controller" after the artifact is gone (608.2h)
    target_controllers: tuple[int, ...] = ()
    # a spell with storm: the spells cast before it this turn, as it was cast (702.40a)
    storm_count: int = 0
    # the optional additional costs paid as the spell was cast, by keyword ("bargain",
    # "collect evidence"; kicker is ``kicked``): "If this spell was bargained" (702.166b)
    paid: tuple[str, ...] = ()
    # the object a cost chose or revealed ("the creature you chose or the card you
    # revealed": Monstrous Emergence), as it is or as it last existed (608.2h)
    chosen: int = NONE


class Event(msgspec.Struct, array_like=True, omit_defaults=True, frozen=True):
    """One line of the game log; built only when a log is being kept. ``step`` is the
    step of the turn it happened in (``STEP_NAMES``; the pre-game draws and mulligans are
    turn 1's untap step), last so that events built by position keep their meaning."""

    turn: int
    kind: str
    player: int = NONE
    card: str = ""
    target: str = ""
    amount: int = 0
    step: int = UNTAP


class PendingTrigger(msgspec.Struct, omit_defaults=True):
    source: int
    controller: int
    card: Card
    ability: Triggered
    timestamp: int
    subject: int = NONE
    subject_lki: GameObject | None = None
    spell: StackItem | None = None  # the spell an epic copy trigger copies
    amount: int = 0  # the number of the event ("that much": the damage dealt)


class DelayedTrigger(msgspec.Struct, omit_defaults=True):
    """A delayed triggered ability (603.7): created by an effect, triggers later."""

    when: str  # "upkeep", "end_step"
    controller: int
    source: int
    card: Card
    ability: Triggered
    timestamp: int
    one_shot: bool = True
    any_player: bool = False  # "the next end step" (anyone's) vs. "your next upkeep"
    subject: int = NONE
    subject_lki: GameObject | None = None
    spell: StackItem | None = None
    turn: int = 0  # "... this turn": it triggers only during this turn (0: no limit)


class Departure(msgspec.Struct, array_like=True, omit_defaults=True):
    """A permanent that left the battlefield in the zone-change event in progress: its
    last known information (400.7), the zone it went to (after replacement effects; a
    token too, though it then ceases to exist, 704.5d) and whether it was sacrificed."""

    lki: GameObject
    zone: int
    sacrificed: bool = False


class ContinuousEffect(msgspec.Struct, omit_defaults=True):
    """A resolved effect that modifies characteristics (rule 611), e.g. until end of turn."""

    target: int
    timestamp: int
    power: int = 0
    toughness: int = 0
    kw: int = 0
    control: int = NONE  # layer 2: new controller
    until_eot: bool = True
    add_types: int = 0  # layer 4: card types it adds ("becomes a 3/1 creature")
    # a basic land type it adds in addition to the land's others (layer 4, 205.1b), with
    # that type's intrinsic mana ability (layer 6, 305.6): Navigator's Compass
    land_type: str = ""
    # layer 4: the creature types it sets ("becomes a 0/0 Homunculus artifact creature":
    # they replace its creature types, its other subtypes stay, 205.1b)
    creature_types: tuple[str, ...] = ()
    set_base: tuple[int, int] | None = None  # layer 7b: base power and toughness
    protection: int = 0  # layer 6: protection from these colours (colour mask)
    # "for as long as [object] remains on the battlefield" (611.2b): ends when it leaves
    until_leaves: int = NONE
    # layer 6: a triggered ability it gains ("gains 'Whenever this creature ...'")
    ability: Triggered | None = None
    # a card (in a graveyard) gains flashback with this cost (702.34a; Snapcaster Mage)
    flashback_cost: str | None = None
    color: int = NONE  # layer 5: its colours become these (colour mask, 105.3)
    # "if that creature would die this turn, exile it instead" (614.1a; Suplex)
    exile_if_dies: bool = False
    # "until [this player's] next turn" (611.2a: the duration the effect states; goad's
    # 701.15a, Throne of the Dead Three's hexproof): ends as that player's next turn
    # begins (engine.rules.turn); NONE for the other durations
    until_turn_of: int = NONE
    # "~ can't be blocked this turn except by creatures with haste" (509.1b; Gingerbrute):
    # only creatures matching this filter may block the target (engine.effects.
    # cant_be_blocked_except_by adds the restriction to the blocking rules)
    blockable_only_by: Filter | None = None
    # impulse draw (engine.rules.play_from_exile): this player may play the target, a card
    # in exile, while the effect lasts ("you may play those cards", 305.2, 601.2)
    play_from_exile_by: int = NONE
    # "until the end of your next turn" (611.2a, 514.2): ends in the cleanup step of the
    # first turn of this player after turn ``since_turn``; NONE for the other durations
    until_end_of_turn_of: int = NONE
    since_turn: int = 0


class Combat(msgspec.Struct, omit_defaults=True):
    attackers: list[int] = []
    defender: int = 0
    blockers: dict[int, list[int]] = {}  # attacker -> blockers in damage order
    blocked: dict[int, bool] = {}  # attacker -> was blocked (stays blocked, 509.1h)
    blocking: dict[int, list[int]] = {}  # blocker -> attackers it blocks
    first_strike_done: list[int] = []  # creatures that dealt first-strike damage


class Task(msgspec.Struct, tag=True, omit_defaults=True):
    """Work in progress that may stop to ask a question; answers accumulate in it.

    A task's handler runs from its start each time it is resumed and replays the answers
    it already has, so handlers ask all their questions before changing the game.
    """

    answers: list[Answer] = []


class CastTask(Task):
    """Casting a spell (601.2): mode, X, targets, costs, then onto the stack."""

    player: int = 0
    oid: int = NONE
    free: bool = False
    alt: int = 0


class ActivateTask(Task):
    """Activating an ability (602.2)."""

    player: int = 0
    oid: int = NONE
    index: int = 0


class ResolveTask(Task):
    """Resolving the top object of the stack, one effect at a time (608.2)."""

    sid: int = NONE
    started: bool = False
    queue: list[EffectT] = []  # effects still to do, next first


class TriggerTask(Task):
    """Putting waiting triggered abilities on the stack, APNAP order (603.3b)."""


class AttackTask(Task):
    """Declaring attackers (508.1)."""


class BlockTask(Task):
    """Declaring blockers (509.1) and damage assignment order (509.2)."""


class MulliganTask(Task):
    """London mulligan (103.5): keep or mulligan, then put cards on the bottom."""

    player: int = 0


class DrawTask(Task):
    """The draw step's draw (504.1), which a replacement effect may ask about (dredge)."""

    player: int = 0


class DiscardTask(Task):
    """The cleanup step (514): discard down to hand size, then end-of-turn cleanup."""


class LegendTask(Task):
    """State-based action 704.5j: choose which legendary permanent to keep."""

    player: int = 0
    name: str = ""


class ZoneActionsTask(Task):
    """State-based actions that move permanents (704.3: one event) when a replacement
    effect on one of them needs its controller's choice (616.1): the choices, then the
    event."""

    graveyard: list[int] = []  # put into their owners' graveyards (704.5f, m, ...)
    destroy: list[int] = []  # destroyed (704.5g-h)


AnyTask = (
    CastTask | ActivateTask | ResolveTask | TriggerTask | AttackTask | BlockTask
    | MulliganTask | DiscardTask | LegendTask | DrawTask | ZoneActionsTask
)


class GameResult(msgspec.Struct, omit_defaults=True):
    winner: int  # 0, 1, or -1 for a draw
    reason: str
    turns: int


class GameState(msgspec.Struct, omit_defaults=True):
    """The whole game: the rules state, which is what serializes (defaults left out).

    What the state implies but does not hold — the card table, the invalidation flags of
    incremental computations, counts, memoised facts — is the field ``derived``
    (engine.state.derived), and what each player may see is ``sight``: fields so that reading
    them costs what reading a field costs, but never encoded (engine.state.serialize writes
    every other field), rebuilt by decoding and by ``engine.state.clone.clone``; two states
    never differ by them (``Derived`` and ``Sight`` objects compare equal)."""

    players: list[Player]
    # definitions of the cards this game made (engine.state.derived.game_card): handles past the
    # pool's cards refer to them, in order; a tuple, replaced when the game makes a card, so
    # that a view and a clone hold it by reference and no reader of a view can add to it
    extra_cards: tuple[CardDef, ...] = ()
    objects: dict[int, GameObject] = {}
    battlefield: list[int] = []  # in timestamp order
    stack: list[StackItem] = []
    tasks: list[AnyTask] = []  # innermost last
    pending: Decision | None = None
    triggers: list[PendingTrigger] = []
    delayed: list[DelayedTrigger] = []
    haunters: list[int] = []  # exiled cards that haunt a creature
    effects: list[ContinuousEffect] = []
    combat: Combat | None = None
    turn: int = 1
    active: int = 0
    step: int = UNTAP
    in_priority: bool = False  # turn-based actions of this step are done
    priority: int = 0
    passes: int = 0
    next_oid: int = FIRST_OBJECT_ID
    clock: int = 0  # timestamps (rule 613.7)
    rng: int = 0
    result: GameResult | None = None
    max_turns: int = 60
    max_actions: int = 5000
    actions_taken: int = 0
    log: list[Event] | None = None
    decisions: list[Answer] | None = None  # every answer given, for replays
    skip_first_draw: bool = True
    stop_every_priority: bool = False  # ask even when passing is the only action (scenarios)
    stops: list[int] = msgspec.field(default_factory=lambda: [ALL_STOPS, ALL_STOPS])
    started: bool = False
    mulligan_stage: int = 0
    # 500.8: additional combat phases (each followed by an additional main phase) that
    # come after this turn's first postcombat main phase, most recently created first.
    extra_combats: list[int] = []
    extra_combat: int = NONE  # id of the additional combat phase in progress
    postcombat_main_done: bool = False  # this turn's first postcombat main phase ended
    attacked_this_turn: list[int] = []  # creatures declared as attackers this turn
    attacked_turn: int = 0  # the turn attacked_this_turn is about
    # 500.8: "after this main phase, there is an additional combat phase followed by an
    # additional main phase": how many are added after the current main phase; the main
    # phase (MAIN1/MAIN2) the additional combat in progress resumes after its main phase;
    # and the main phase an additional main phase stands for (what follows it).
    combats_after_main: int = 0
    added_combat_resume: int = NONE
    main_as: int = NONE
    # 500.7: players who take an extra turn after this one; the most recently created
    # extra turn (last) is taken first
    extra_turns: list[int] = []
    next_regular: int = NONE  # whose regular turn follows the extra turns (500.7)
    # A simultaneous zone-change event in progress (engine.rules.zones.simultaneously: state-
    # based actions, a board wipe, several sacrifices at once, several cards returned to
    # the battlefield at once): its nesting depth, the battlefield immediately before it,
    # the permanents that left in it so far and those that entered. Leaves-the-battlefield
    # abilities are checked when it ends, looking back in time (603.10a); enters-the-
    # battlefield abilities then too, against the game after it (603.6a, 603.10). Empty
    # outside such an event.
    event_depth: int = 0
    event_before: list[int] = []
    departures: list[Departure] = []
    arrivals: list[int] = []
    # the monarch (724.1): the player with the designation, NONE before anyone becomes it
    # (engine.effects.become_monarch)
    monarch: int = NONE
    # the initiative (725.1): the player who has it, NONE before anyone takes it
    # (engine.effects.take_initiative)
    initiative: int = NONE
    # "Damage can't be prevented this turn" (615.12; engine.effects.damage_cant_be_prevented):
    # the turn it holds for, 0 for none
    unpreventable_turn: int = 0
    creature_died_turn: int = 0  # the last turn a creature died (700.4; morbid's "this turn")
    # "Prevent all combat damage / all damage creatures would deal this turn" (615.1,
    # engine.effects.prevent_damage): what is prevented (its bits) and the turn it lasts
    prevented: int = 0
    prevented_turn: int = 0
    # "Prevent all damage target spell would deal this turn. You gain life equal to the
    # damage prevented this way." (615.1, engine.effects.prevent_spell_damage): for each
    # such shield, (the spell's object, the turn it lasts, the player who gains the life)
    spell_shields: list[tuple[int, int, int]] = []
    # "Target creature can't be the target of spells or abilities your opponents control
    # this turn." (115.1, engine.effects.untargetable_by_opponents): for each, (the
    # permanent, the turn it lasts, the player whose opponents can't target it)
    untargetable: list[tuple[int, int, int]] = []

    # set by whoever makes a state (engine.rules.game_start.new_game, engine.state.serialize);
    # until then UNBOUND, whose every attribute is missing
    derived: Derived = UNBOUND
    # what each player may see (engine.state.sight): derived too, and never encoded
    sight: Sight = UNSEEN

    def obj(self, oid: int) -> GameObject:
        return self.objects[oid]

    def set_tapped(self, obj: GameObject, tapped: bool) -> None:
        """Tap or untap a permanent (701.26): the invalidation point for taps
        (engine.state.derived): its controller's mana if it is a mana source
        (``Mana.taps``), else the facts memoised on the whole state (``Memo.changes``; that
        key adds up both)."""
        if tapped != obj.tapped:
            obj.tapped = tapped
            if obj.card.mana_abilities or obj.granted_mana:
                self.derived.mana.taps[obj.controller & 1] += 1
            else:
                self.derived.memo.changes += 1

    def opponent(self, player: int) -> int:
        return 1 - player
