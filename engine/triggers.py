"""Triggered abilities (rule 603).

Events check the battlefield for abilities that trigger on them and queue
``PendingTrigger``s; the next time a player would receive priority they are put on the
stack in APNAP order (603.3b), each player's in the order their sources came under
their control (oldest first, so it resolves last), abilities of one source in printed
order. Targets are chosen then; an ability with no legal target is removed (603.3d).
Intervening "if" clauses are checked when the event happens and again on resolution
(603.4). Leaves-the-battlefield abilities "look back in time" (603.10) through the
last-known-information object that the zone change left behind.
"""

from __future__ import annotations

from engine.ask import Asker
from engine.cards import Triggered
from engine.conditions import condition_holds
from engine.filters import matches
from engine.state import (
    NONE,
    Decision,
    GameObject,
    GameState,
    PendingTrigger,
    StackItem,
    TriggerTask,
)
from engine.targets import legal_targets


def _queue(state: GameState, src: GameObject, ab: Triggered, subject: int = NONE,
           lki: GameObject | None = None) -> None:
    if ab.condition is not None and not condition_holds(state, ab.condition, src.controller,
                                                        src, lki):
        return
    state.triggers.append(
        PendingTrigger(src.oid, src.controller, src.card, ab, src.timestamp, subject, lki)
    )


def _scan(state: GameState, when: str, subject: GameObject | None = None) -> None:
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if not o.card._triggered or o.lost_abilities:
            continue
        for ab in o.card._triggered:
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
    if obj.card._triggered and not obj.lost_abilities:
        for ab in obj.card._triggered:
            if ab.when == "enters":
                _queue(state, obj, ab, obj.oid, obj)
    _scan(state, "other_enters", obj)


def left_battlefield(state: GameState, lki: GameObject, to_graveyard: bool) -> None:
    """Leaves-the-battlefield triggers, looking back in time (603.10a)."""
    if lki.card._triggered and not lki.lost_abilities:
        for ab in lki.card._triggered:
            if to_graveyard and (
                (ab.when == "dies" and lki.card.is_creature) or ab.when == "leaves_to_graveyard"
            ):
                _queue(state, lki, ab, lki.oid, lki)
    if to_graveyard and lki.card.is_creature:
        _scan(state, "creature_dies", lki)
        # Recover works from the graveyard (702.59a); not for the dying card itself.
        owner = state.players[lki.owner]
        for oid in owner.graveyard:
            o = state.objects[oid]
            if oid == lki.moved_to or not o.card._triggered:
                continue
            for ab in o.card._triggered:
                if ab.when == "your_creature_to_graveyard":
                    _queue(state, o, ab, lki.moved_to, lki)
    # Haunt: "when the creature it haunts dies" works from exile (702.55c).
    if to_graveyard and state.haunters:
        for oid in list(state.haunters):
            haunter = state.objects.get(oid)
            if haunter is None or haunter.haunting != lki.oid:
                continue
            for ab in haunter.card._triggered:
                if ab.when == "haunted_dies":
                    _queue(state, haunter, ab, lki.oid, lki)


def step_began(state: GameState, when: str) -> None:
    """"At the beginning of your upkeep / end step" (controller's) and of each upkeep."""
    objects = state.objects
    active = state.active
    for oid in state.battlefield:
        o = objects[oid]
        if not o.card._triggered or o.lost_abilities:
            continue
        for ab in o.card._triggered:
            if ab.when == when and o.controller == active:
                _queue(state, o, ab)
            elif when == "upkeep" and ab.when == "each_upkeep":
                _queue(state, o, ab)


def attacked(state: GameState, attackers: list[int]) -> None:
    objects = state.objects
    for oid in attackers:
        o = objects[oid]
        if o.card._triggered and not o.lost_abilities:
            for ab in o.card._triggered:
                if ab.when in ("attacks", "attacks_or_blocks"):
                    _queue(state, o, ab, o.oid, o)
    if len(attackers) == 1:  # 506.5: it attacks alone
        alone = objects[attackers[0]]
        for oid in state.battlefield:
            o = objects[oid]
            if o.controller != alone.controller or not o.card._triggered or o.lost_abilities:
                continue
            for ab in o.card._triggered:
                if ab.when == "ally_attacks_alone":
                    _queue(state, o, ab, alone.oid, alone)


def blocked(state: GameState, blockers: list[int]) -> None:
    objects = state.objects
    for oid in blockers:
        o = objects[oid]
        if o.card._triggered and not o.lost_abilities:
            for ab in o.card._triggered:
                if ab.when in ("blocks", "attacks_or_blocks"):
                    _queue(state, o, ab, o.oid, o)


def cast(state: GameState, spell: GameObject, item: StackItem | None = None) -> None:
    """Cast triggers (603.2): "when you cast this spell" and "whenever you cast"."""
    if spell.card._triggered:
        for ab in spell.card._triggered:
            if ab.when == "cast_self":
                _queue(state, spell, ab, spell.oid, spell)
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if not o.card._triggered or o.lost_abilities or o.controller != spell.controller:
            continue
        for ab in o.card._triggered:
            if ab.when == "you_cast" and matches(state, ab.filter, spell, o.controller, o.oid):
                _queue(state, o, ab, spell.oid, spell)


def spell_to_graveyard(state: GameState, card_obj: GameObject) -> None:
    """A spell card put into a graveyard as it resolves (haunt on spells, 702.55a)."""
    for ab in card_obj.card._triggered:
        if ab.when == "spell_to_graveyard":
            _queue(state, card_obj, ab, card_obj.oid, card_obj)


def delayed(state: GameState, when: str) -> None:
    """Delayed triggered abilities (603.7) whose moment has come."""
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


def combat_damage_to_player(state: GameState, source: GameObject) -> None:
    if source.card._triggered and not source.lost_abilities:
        for ab in source.card._triggered:
            if ab.when == "deals_combat_damage_to_player":
                _queue(state, source, ab, source.oid, source)


def put_on_stack(state: GameState, task: TriggerTask) -> None:
    """Handler of TriggerTask: put every waiting trigger on the stack (603.3b)."""
    asker = Asker(state, task)
    waiting = state.triggers
    active = state.active
    order = sorted(
        range(len(waiting)),
        key=lambda i: (waiting[i].controller != active, waiting[i].timestamp, i),
    )
    chosen: list[tuple[PendingTrigger, list[int]] | None] = []
    for i in order:
        t = waiting[i]
        targets: list[int] = []
        ok = True
        for spec in t.ability.targets:
            options = legal_targets(state, spec, t.controller, t.source, targets)
            if not options:
                ok = False
                break
            pick = asker.choose(
                Decision(
                    "target", t.controller, f"target for {t.card.name}'s ability",
                    options=options, source=t.source,
                )
            )
            targets.append(options[pick])
        chosen.append((t, targets) if ok else None)
    state.triggers = []
    state.tasks.pop()
    for entry in chosen:
        if entry is None:
            continue
        t, targets = entry
        state.clock += 1
        sid = state.next_oid
        state.next_oid += 1
        state.stack.append(
            StackItem(
                sid, t.controller, t.source, t.card, False, t.ability.effects,
                t.ability.targets, targets, subject=t.subject, subject_lki=t.subject_lki,
                trigger=t.ability, label=f"{t.card.name} trigger",
                source_lki=state.objects.get(t.source) or t.subject_lki, spell=t.spell,
            )
        )
        if state.log is not None:
            from engine.zones import describe, log

            log(state, "trigger", t.controller, t.card.name,
                ", ".join(describe(state, r) for r in targets))
