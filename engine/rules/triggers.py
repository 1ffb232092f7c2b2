"""Triggered abilities (rule 603).

Events check the battlefield for abilities that trigger on them and queue
``PendingTrigger``s; the next time a player would receive priority they are put on the
stack in APNAP order (603.3b), each player's in the order their sources came under
their control (oldest first, so it resolves last), abilities of one source in printed
order. Targets are chosen then; an ability with no legal target is removed (603.3d).
Intervening "if" clauses are checked when the event happens and again on resolution
(603.4). Leaves-the-battlefield abilities "look back in time" (603.10a): they are checked
once the zone-change event is over, against the battlefield as it was immediately before
it and the last known information of what left (``left_battlefield``); every other
trigger looks at the game after the event (603.10).
"""

from __future__ import annotations

from collections.abc import Callable

from mtgsim.engine.cards import T_CREATURE, Triggered
from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.mechanics import AURA_DEALS_DAMAGE, ENCHANTED_DEALS_DAMAGE
from mtgsim.engine.rules.targets import legal_targets
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import DecisionKind, Modes, TargetOf
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    GRAVEYARD,
    NONE,
    Decision,
    Departure,
    GameObject,
    GameState,
    PendingTrigger,
    StackItem,
    TriggerTask,
)
from mtgsim.engine.state.log import describe, log
from mtgsim.engine.state.memo import memo_on

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_MODE = DecisionKind.MODE
_KIND_TARGET = DecisionKind.TARGET


def _queue(state: GameState, src: GameObject, ab: Triggered, subject: int = NONE,
           lki: GameObject | None = None, spell: StackItem | None = None) -> None:
    if ab.exists_if is not None and not condition_holds(state, ab.exists_if, src.controller,
                                                        src, lki):
        return  # a conditional ability ("has cascade as long as ...") it doesn't have now
    if ab.condition is not None and not condition_holds(state, ab.condition, src.controller,
                                                        src, lki):
        return
    state.triggers.append(
        PendingTrigger(src.oid, src.controller, src.card, ab, src.timestamp, subject, lki,
                       spell=spell)
    )


queue_trigger = _queue  # for keyword modules that add triggers of granted abilities


def _triggered(o: GameObject) -> tuple[Triggered, ...]:
    """A permanent's own triggered abilities (unless it lost all abilities) and those
    static abilities of other objects give it (``granted``, layer 6: an Aura's "enchanted
    creature has 'Whenever this creature attacks, ...'"; they are the permanent's own
    abilities, controlled by its controller, 113.6, 303.4e)."""
    own = () if o.lost_abilities else o.card.triggered
    return own + o.granted if o.granted else own

# Called after a spell is cast, once its own cast triggers are queued (replicate granted
# by another object, 702.56a): (state, spell object, its stack item) -> None
CAST_HOOKS: list[Callable[[GameState, GameObject, StackItem], None]] = []
# Triggered abilities of the game rather than of an object (a designation's: the monarch,
# 724.2), filled as their modules are imported: at the beginning of a step (state, its
# name as ``step_began`` gets it), and when a source deals combat damage to a player
# (state, source, player).
STEP_HOOKS: list[Callable[[GameState, str], None]] = []
COMBAT_DAMAGE_HOOKS: list[Callable[[GameState, GameObject, int], None]] = []


def _scan(state: GameState, when: str, subject: GameObject | None = None) -> None:
    for o in permanents(state):
        if not o.card.triggered and not o.granted:
            continue
        for ab in _triggered(o):
            if ab.when != when:
                continue
            if subject is not None:
                if when == "other_enters" and subject.oid == o.oid:
                    continue
                if not matches(state, ab.filter, subject, o.controller, o.oid):
                    continue
                _queue(state, o, ab, subject.oid, subject)
            else:
                _queue(state, o, ab)


def entered(state: GameState, obj: GameObject) -> None:
    """Enters-the-battlefield triggers (603.6a) of ``obj`` and of observers."""
    if obj.card.triggered or obj.granted:
        for ab in _triggered(obj):
            # "when this enters untapped": the event is its entering untapped, so the
            # ability triggers (and resolves) whether or not it is tapped later (603.2)
            if ab.when == "enters" or ab.when == "enters_untapped" and not obj.tapped:
                _queue(state, obj, ab, obj.oid, obj)
    _scan(state, "other_enters", obj)


def left_battlefield(state: GameState, departures: list[Departure],
                     before: list[int] | None) -> None:
    """Leaves-the-battlefield triggers of one event, looking back in time (603.10a,
    603.6c): whether an ability triggers is decided from the game immediately before the
    event, so the abilities of every permanent on the battlefield then (``before``, ids;
    None: the battlefield now plus the departed) are checked against every permanent that
    left, each observer and each departed one as it last existed. A permanent that left
    in the same event still sees the others leave (an "another creature" watcher never
    sees itself); one that left before the event, or entered during it, sees nothing.

    The kinds: "when this dies / is put into a graveyard from the battlefield" (the
    departed itself), "whenever another creature leaves the battlefield", "whenever a
    [filter] creature dies", "when enchanted / equipped creature dies" (an Aura or
    Equipment attached to it then, though it goes to the graveyard right after, 704.5m-n),
    "whenever an opponent sacrifices a [filter] permanent" (701.17), "when this leaves the
    battlefield", "when you sacrifice this" and "whenever you sacrifice another [filter]
    permanent" (701.17a: who sacrifices a permanent is its controller), "whenever a
    [filter] permanent is put into a graveyard from the battlefield"; and from other zones:
    recover in a graveyard (a card that was already there, 702.59a) and haunt in exile
    (702.55c)."""
    objects = state.objects
    gone = {d.lki.oid: d.lki for d in departures}
    if before is None:
        observers = [objects[oid] for oid in state.battlefield]
        observers.extend(d.lki for d in departures)
    else:
        observers = []
        for oid in before:
            o = objects.get(oid)
            if o is None or o.zone != BATTLEFIELD:
                o = gone.get(oid)
            if o is not None:
                observers.append(o)
    watching = [o for o in observers if o.card.triggered or o.granted]
    arrived = {d.lki.moved_to for d in departures}  # not in a graveyard before (603.10a)
    for d in departures:
        lki = d.lki
        creature = bool((lki.card.type_mask | lki.extra_types) & T_CREATURE)
        dies = d.zone == GRAVEYARD
        for o in watching:
            for ab in _triggered(o):
                when = ab.when
                if when == "another_creature_leaves":
                    hit = creature and o.oid != lki.oid
                elif when == "dies":
                    hit = creature and dies and o is lki
                elif when == "leaves_to_graveyard":
                    hit = dies and o is lki
                elif when == "creature_dies":
                    hit = creature and dies
                elif when == "enchanted_dies" or when == "equipped_dies":
                    hit = creature and dies and o.attached_to == lki.oid and (
                        o.card.is_aura if when == "enchanted_dies"
                        else "Equipment" in o.card.subtypes)
                elif when == "opponent_sacrifices":
                    hit = d.sacrificed and o.controller != lki.controller
                elif when == "leaves":
                    hit = o is lki
                elif when == "sacrificed":
                    hit = d.sacrificed and o is lki
                elif when == "you_sacrifice":  # 701.17a: its controller sacrifices it
                    hit = d.sacrificed and o.controller == lki.controller and o is not lki
                elif when == "to_graveyard_from_battlefield":
                    hit = dies
                else:
                    continue
                if hit and (when in _SELF_KINDS or matches(
                        state, ab.filter, lki, o.controller, o.oid)):
                    _queue(state, o, ab, lki.oid, lki)
        if creature and dies:
            _recover(state, lki, arrived)
            if state.haunters:
                _haunted_dies(state, lki)


# Kinds about the departed itself or what is attached to it: no filter applies.
_SELF_KINDS = ("dies", "leaves_to_graveyard", "enchanted_dies", "equipped_dies", "leaves",
               "sacrificed")


def _recover(state: GameState, lki: GameObject, arrived: set[int]) -> None:
    """Recover works from the graveyard (702.59a): "when a creature is put into your
    graveyard from the battlefield"; not for the dying card itself, nor for a card put
    there from the battlefield in the same event: it was not in the graveyard before
    (603.10a, leaves-the-battlefield abilities look back in time)."""
    owner = state.players[lki.owner]
    for oid in owner.graveyard:
        o = state.objects[oid]
        if oid == lki.moved_to or oid in arrived or not o.card.triggered:
            continue
        for ab in o.card.triggered:
            if ab.when == "your_creature_to_graveyard":
                _queue(state, o, ab, lki.moved_to, lki)


def _haunted_dies(state: GameState, lki: GameObject) -> None:
    """Haunt: "when the creature it haunts dies" works from exile (702.55c)."""
    for oid in list(state.haunters):
        haunter = state.objects.get(oid)
        if haunter is None or haunter.haunting != lki.oid:
            continue
        for ab in haunter.card.triggered:
            if ab.when == "haunted_dies":
                _queue(state, haunter, ab, lki.oid, lki)


def with_triggers(state: GameState) -> list[int]:
    """The permanents with triggered abilities, printed or granted, in battlefield order:
    they change only with the battlefield or characteristics, which a refresh follows."""
    ensure(state)
    return memo_on(state, "with triggers", state.derived.layers.refreshes,
                   _find_with_triggers)


def _find_with_triggers(state: GameState) -> list[int]:
    return [o.oid for o in permanents(state) if o.card.triggered or o.granted]


def step_began(state: GameState, when: str) -> None:
    """"At the beginning of your upkeep / end step" (controller's) and of each upkeep."""
    objects = state.objects
    active = state.active
    for oid in with_triggers(state):
        o = objects[oid]
        for ab in _triggered(o):
            if ab.when == when and o.controller == active:
                _queue(state, o, ab)
            elif when == "upkeep" and ab.when == "each_upkeep":
                _queue(state, o, ab)
            elif when == "end_step" and ab.when == "each_end_step":  # "the end step"
                _queue(state, o, ab)
            elif when == "upkeep" and ab.when == "enchanted_player_upkeep" and \
                    o.attached_to == active:  # "at the beginning of enchanted player's upkeep"
                _queue(state, o, ab)
            elif when == "upkeep" and ab.when == "each_opponent_upkeep" and \
                    o.controller != active:  # "at the beginning of each opponent's upkeep"
                _queue(state, o, ab)
    for hook in STEP_HOOKS:
        hook(state, when)


def attacked(state: GameState, attackers: list[int]) -> None:
    objects = state.objects
    for oid in attackers:
        o = objects[oid]
        if o.card.triggered or o.granted:
            for ab in _triggered(o):
                if ab.when in ("attacks", "attacks_or_blocks"):
                    _queue(state, o, ab, o.oid, o)
    if len(attackers) == 1:  # 506.5: it attacks alone
        alone = objects[attackers[0]]
        for o in permanents(state):
            if o.controller != alone.controller or not (o.card.triggered or o.granted):
                continue
            for ab in _triggered(o):
                if ab.when == "ally_attacks_alone":
                    _queue(state, o, ab, alone.oid, alone)
    # "Whenever enchanted / equipped creature attacks": abilities of the Auras and
    # Equipment attached to attackers.
    for o in permanents(state):
        if o.attached_to in attackers and o.card.triggered and not o.lost_abilities:
            for ab in o.card.triggered:
                if ab.when == "enchanted_attacks" or ab.when == "equipped_attacks" and \
                        "Equipment" in o.card.subtypes:
                    attacker = objects[o.attached_to]
                    _queue(state, o, ab, attacker.oid, attacker)


def blocked(state: GameState, blockers: list[int]) -> None:
    """"Whenever this blocks" of each blocker, then "whenever this becomes blocked" of
    each attacker that became blocked: once each combat, however many creatures block
    it (509.3c); "whenever this becomes blocked by a creature": once for each creature
    blocking it, that creature "it" (509.3d)."""
    objects = state.objects
    for oid in blockers:
        o = objects[oid]
        if o.card.triggered or o.granted:
            for ab in _triggered(o):
                if ab.when in ("blocks", "attacks_or_blocks"):
                    _queue(state, o, ab, o.oid, o)
    combat = state.combat
    if combat is None:
        return
    for oid in combat.attackers:
        o = objects[oid]
        if combat.blocked.get(oid) and (o.card.triggered or o.granted):
            for ab in _triggered(o):
                if ab.when == "becomes_blocked":
                    _queue(state, o, ab, o.oid, o)
                elif ab.when == "becomes_blocked_by_creature":
                    for b in combat.blockers.get(oid, []):
                        _queue(state, o, ab, b, objects[b])


def cast(state: GameState, spell: GameObject, item: StackItem | None = None) -> None:
    """Cast triggers (603.2): "when you cast this spell" and "whenever you cast"."""
    if spell.card.triggered:
        for ab in spell.card.triggered:
            if ab.when == "cast_self":  # the ability sees the spell as cast (LKI later)
                _queue(state, spell, ab, spell.oid, spell, spell=item)
    if item is not None:
        for hook in CAST_HOOKS:
            hook(state, spell, item)
    for o in permanents(state):
        if not (o.card.triggered or o.granted) or o.controller != spell.controller:
            continue
        for ab in _triggered(o):
            if ab.when == "you_cast" and matches(state, ab.filter, spell, o.controller, o.oid):
                _queue(state, o, ab, spell.oid, spell)


def put_into_graveyard(state: GameState, card_obj: GameObject) -> None:
    """"When this is put into a graveyard from anywhere": it triggers in the graveyard
    (the card, a new object, 400.7), whichever zone it came from."""
    for ab in card_obj.card.triggered:
        if ab.when == "put_into_graveyard":
            _queue(state, card_obj, ab, card_obj.oid, card_obj)


def spell_to_graveyard(state: GameState, card_obj: GameObject) -> None:
    """A spell card put into a graveyard as it resolves (haunt on spells, 702.55a)."""
    for ab in card_obj.card.triggered:
        if ab.when == "spell_to_graveyard":
            _queue(state, card_obj, ab, card_obj.oid, card_obj)


def delayed(state: GameState, when: str) -> None:
    """Delayed triggered abilities (603.7) whose moment has come."""
    if not state.delayed:
        return
    keep = []
    for d in state.delayed:
        if d.when == when and (d.controller == state.active or d.any_player):
            state.triggers.append(PendingTrigger(
                d.source, d.controller, d.card, d.ability, d.timestamp, d.subject,
                d.subject_lki, spell=d.spell))
            if not d.one_shot:
                keep.append(d)
        else:
            keep.append(d)
    state.delayed = keep


def combat_damage_to_player(state: GameState, source: GameObject, player: int) -> None:
    if source.card.triggered or source.granted:
        for ab in _triggered(source):
            if ab.when == "deals_combat_damage_to_player":
                _queue(state, source, ab, source.oid, source)
    for hook in COMBAT_DAMAGE_HOOKS:
        hook(state, source, player)


def abilities_of(state: GameState, obj: GameObject) -> list[Triggered]:
    """The triggered abilities a permanent has now: its own and those effects gave it
    ("gains 'Whenever this creature deals combat damage ...' until end of turn")."""
    out = list(_triggered(obj))  # its own (unless lost) and those statics grant it
    if obj.lost_abilities:
        return out
    for e in state.effects:
        if e.ability is not None and e.target == obj.oid:
            out.append(e.ability)
    return out


def damage_to_player(state: GameState, source: GameObject, player: int) -> None:
    """"Whenever this deals damage to a player" (any damage, 120.3); "it" is the player."""
    if source.oid not in state.objects or source.zone != BATTLEFIELD:
        return
    for ab in abilities_of(state, source):
        if ab.when == "deals_damage_to_player" or (
                ab.when == "deals_damage_to_opponent" and player != source.controller):
            _queue(state, source, ab, player)


def combat_damage_to_creature(state: GameState, source: GameObject,
                              target: GameObject) -> None:
    """"Whenever this creature deals combat damage to a creature"; "it" is that creature."""
    if source.oid not in state.objects or source.zone != BATTLEFIELD:
        return
    for ab in abilities_of(state, source):
        if ab.when == "deals_combat_damage_to_creature":
            _queue(state, source, ab, target.oid, target)


def dealt_damage(state: GameState, source: GameObject, amount: int) -> None:
    """"Whenever [this] deals damage" (120.3, any damage, to anything) and delayed
    triggers about the source ("whenever target creature deals damage this turn",
    603.7). Damage dealt simultaneously (510.2: all combat damage of a step) is one event:
    one trigger whose "that much" is the total. "Whenever enchanted creature deals
    damage" (Spirit Link) is the ability of an Aura attached to the source then."""
    if source.oid in state.objects and source.zone == BATTLEFIELD:
        for ab in abilities_of(state, source):
            if ab.when == "deals_damage":
                _queue_counted(state, source.oid, source.controller, source.card, ab,
                               source.timestamp, source, amount)
        if state.derived.mechanics & AURA_DEALS_DAMAGE:  # (engine.rules.mechanics)
            _enchanted_deals_damage(state, source, amount)
    if state.delayed:
        expired = False
        for d in state.delayed:
            if d.turn and d.turn != state.turn:
                expired = True
            elif d.when == "deals_damage" and d.subject == source.oid:
                _queue_counted(state, d.source, d.controller, d.card, d.ability, d.timestamp,
                               source, amount)
        if expired:
            state.delayed = [d for d in state.delayed if not d.turn or d.turn == state.turn]


def _enchanted_deals_damage(state: GameState, source: GameObject, amount: int) -> None:
    """"Whenever enchanted creature deals damage": the abilities of the Auras attached to
    ``source`` (asked only when a card of the game has one)."""
    soid = source.oid
    for o in permanents(state):
        if o.attached_to == soid and o.card.triggered and not o.lost_abilities:
            for ab in o.card.triggered:
                if ab.when == ENCHANTED_DEALS_DAMAGE and o.card.is_aura:
                    _queue_counted(state, o.oid, o.controller, o.card, ab, o.timestamp,
                                   source, amount)


def was_dealt_damage(state: GameState, obj: GameObject, amount: int) -> None:
    """"Whenever this creature is dealt damage" (120.3): damage dealt to it at once (510.2,
    several blockers' combat damage) is one event, one trigger whose "that much" is the
    total."""
    for ab in abilities_of(state, obj):
        if ab.when == "is_dealt_damage":
            _queue_counted(state, obj.oid, obj.controller, obj.card, ab, obj.timestamp, obj,
                           amount)


def _queue_counted(state: GameState, src: int, controller: int, card: Card,
                   ab: Triggered, timestamp: int, subject: GameObject, amount: int) -> None:
    for t in state.triggers:  # the same damage event: add to its amount
        if t.ability is ab and t.source == src and t.subject == subject.oid:
            t.amount += amount
            return
    state.triggers.append(PendingTrigger(src, controller, card, ab, timestamp, subject.oid,
                                         subject, amount=amount))


queue_counted = _queue_counted  # for an Aura's "is dealt damage" (engine.rules.enchanted_events)


def became_target(state: GameState, item: StackItem) -> None:
    """"Whenever this permanent becomes the target of a spell or ability an opponent
    controls" (ward, 702.21a): "it" is that spell or ability (its stack id)."""
    seen: set[int] = set()
    for t in item.targets:
        if t < 2 or t in seen:
            continue
        seen.add(t)
        o = state.objects.get(t)
        if o is None or o.zone != BATTLEFIELD or o.controller == item.controller:
            continue
        for ab in abilities_of(state, o):
            if ab.when == "becomes_target":
                _queue(state, o, ab, item.sid)


def _transforms(state: GameState, source: int) -> int:
    """How many times ``source`` has transformed so far (701.28f), 0 if it is gone."""
    o = state.objects.get(source)
    return o.transforms if o is not None else 0


def put_on_stack(state: GameState, task: TriggerTask) -> None:
    """Handler of TriggerTask: put every waiting trigger on the stack (603.3b)."""
    asker = Asker(state, task)
    waiting = state.triggers
    active = state.active
    order = sorted(
        range(len(waiting)),
        key=lambda i: (waiting[i].controller != active, waiting[i].timestamp, i),
    )
    chosen: list[tuple[PendingTrigger, list[int], int] | None] = []
    for i in order:
        t = waiting[i]
        targets: list[int] = []
        ok = True
        mode = -1
        specs = t.ability.targets
        if t.ability.modes:  # 603.3c: the mode is chosen as it is put on the stack
            modes = t.ability.modes
            legal = [m for m, md in enumerate(modes) if all(
                spec.optional or legal_targets(state, spec, t.controller, t.source)
                for spec in md.targets)]
            if not legal:
                chosen.append(None)  # no mode can be chosen: removed from the stack
                continue
            labels = tuple(modes[m].label for m in legal)
            mode = legal[asker.choose(Decision(
                _KIND_MODE, t.controller,
                f"mode for {t.card.name}'s ability: " + " or ".join(labels), options=legal,
                source=t.source, about=Modes(labels)))]
            specs = modes[mode].targets
        for spec in specs:
            options = legal_targets(state, spec, t.controller, t.source, targets)
            if spec.optional:
                options.append(NONE)
            if not options:
                ok = False
                break
            pick = asker.choose(Decision(
                _KIND_TARGET, t.controller, f"target for {t.card.name}'s ability",
                options=options, source=t.source,
                about=TargetOf("trigger", t.card, len(targets), spec)))
            targets.append(options[pick])
        chosen.append((t, targets, mode) if ok else None)
    state.triggers = []
    state.tasks.pop()
    for entry in chosen:
        if entry is None:
            continue
        t, targets, mode = entry
        state.clock += 1
        sid = state.next_oid
        state.next_oid += 1
        md = t.ability.modes[mode] if mode >= 0 else None
        state.stack.append(
            StackItem(
                sid, t.controller, t.source, t.card, False,
                md.effects if md is not None else t.ability.effects,
                md.targets if md is not None else t.ability.targets, targets, mode=mode,
                subject=t.subject, subject_lki=t.subject_lki,
                trigger=t.ability, label=f"{t.card.name} trigger",
                source_lki=state.objects.get(t.source) or t.subject_lki, spell=t.spell,
                data=t.amount, source_transforms=_transforms(state, t.source),
            )
        )
        if targets:
            became_target(state, state.stack[-1])
        if state.log is not None:
            log(state, "trigger", t.controller, t.card.name,
                ", ".join(describe(state, r) for r in targets))
