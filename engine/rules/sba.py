"""State-based actions (rule 704), checked whenever a player would receive priority.

All applicable actions are performed simultaneously, then the check repeats until none
applies (704.3). The legend rule asks its controller which permanent to keep, through a
LegendTask; a permanent whose destruction or move has replacement effects for its
controller to choose among (616.1) is moved, with the others of the event, by a
ZoneActionsTask that asks first.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from typing import TYPE_CHECKING

from mtgsim.engine.cards import KW_INDESTRUCTIBLE, T_CREATURE
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules import sagas
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.replacement_order import ChoiceNeeded
from mtgsim.engine.rules.targets import can_enchant as can_enchant
from mtgsim.engine.rules.zones import begin_event, end_event, log, simultaneously
from mtgsim.engine.state.decisions import Decision, DecisionKind, Legend
from mtgsim.engine.state.derived import characteristics_changed, conditions_changed
from mtgsim.engine.state.game_state import (
    GRAVEYARD,
    GameObject,
    GameResult,
    GameState,
    LegendTask,
    ZoneActionsTask,
)

if TYPE_CHECKING:
    from mtgsim.engine.state.ask import Asker
    from mtgsim.engine.state.caches import Checks

# An Aura 704.5m would put into its owner's graveyard: a hook that keeps it on the
# battlefield as something else returns True (a bestowed Aura becomes unattached and
# ceases to be bestowed, 702.103f). (state, the Aura) -> kept
AURA_KEPT_HOOKS: list[Callable[[GameState, GameObject], bool]] = []

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_LEGEND = DecisionKind.LEGEND


def check(state: GameState) -> bool:
    """Perform one round of state-based actions; True if any was performed (704.3: the
    caller checks again until none is). The players' losses end the game first
    (704.5a-c); then the permanents' checks (``_permanent_checks``), whose results are
    performed as one event (``_to_graveyards``, the Sagas' sacrifices)."""
    derived = state.derived
    if derived.layers.stale:
        ensure(state)
    checks = derived.checks
    p0, p1 = state.players
    if (p0.room_last or p1.room_last) and _complete_dungeons(state):
        return True
    if not checks.needed:
        return False
    # 704.5a-c: life, empty library draw, poison.
    if p0.life <= 0 or p1.life <= 0 or p0.drew_from_empty or p1.drew_from_empty or \
            p0.poison >= 10 or p1.poison >= 10:
        losers = [p.idx for p in state.players
                  if p.life <= 0 or p.drew_from_empty or p.poison >= 10]
        end_game(state, losers, _loss_reason(state, losers[0]))
        return True
    to_graveyard: list[GameObject] = []
    to_destroy: list[GameObject] = []
    sacrificed: list[GameObject] = []  # Sagas after their last chapter (714.4)
    acted = _permanent_checks(state, checks, to_graveyard, to_destroy, sacrificed)
    if to_graveyard or to_destroy:
        moved = _to_graveyards(state, to_graveyard, to_destroy)
        if moved < 0:
            return True  # a controller chooses first (ZoneActionsTask)
        if moved:
            acted = True
    if sacrificed:
        acted = True
        with simultaneously(state):
            for o in sacrificed:
                if o.zone == 2 and o.oid in state.objects:
                    rep.sacrifice(state, o)
    if acted:
        ensure(state)
    else:  # a dungeon waiting for its last room's ability keeps the checks due (704.5t)
        checks.needed = p0.room_last or p1.room_last
    return acted


def _permanent_checks(state: GameState, checks: Checks, to_graveyard: list[GameObject],
                      to_destroy: list[GameObject], sacrificed: list[GameObject]) -> bool:
    """The checks of the permanents (704.5f-s: toughness, damage, Auras, counters, the
    legend rule...), over only the permanents whose state may have changed since the last
    check: what they would move is added to the lists, the legend rule's question is a
    task (704.5j); True when something was done. Toughness, counters, attachments and the
    legend rule change only with characteristics (layers.refresh, which sets
    Checks.full); damage when it is dealt (Checks.damaged): a creature that survived a
    check with its damage can't die of it until its characteristics change."""
    damaged = checks.damaged
    if damaged:
        checks.damaged = ()
    full = checks.full
    checks.full = False
    entered = checks.entered
    if entered:
        checks.entered = ()
    acted = False
    legend = None
    if full or entered and _legendary_among(state, entered):
        # every permanent; with a legendary newcomer the legend rule reads them all
        acted, legend = _permanent_actions(state, state.battlefield, None, to_graveyard,
                                           to_destroy, sacrificed)
    elif entered:
        # Permanents that entered with nothing else's characteristics changed: they get
        # every check, the others dealt damage the damage check.
        acted, legend = _permanent_actions(
            state, _in_order(state, [*entered, *damaged]), set(entered), to_graveyard,
            to_destroy, sacrificed)
    elif damaged:  # only damage may have changed: the creatures dealt damage
        acted, legend = _permanent_actions(state, _in_order(state, damaged), _NONE_ENTERED,
                                           to_graveyard, to_destroy, sacrificed)
    if legend is not None:  # 704.5j (asked after the moves: a task under theirs)
        state.tasks.append(LegendTask(player=legend[0], name=legend[1]))
        acted = True
    return acted


def _legendary_among(state: GameState, entered: tuple[int, ...]) -> bool:
    """Whether a permanent that entered (and is still an object) is legendary."""
    objects = state.objects
    for oid in entered:  # (a loop, not any(): a compiled function holds no generator)
        if oid in objects and objects[oid].card.legendary:
            return True
    return False


def _to_graveyards(state: GameState, to_graveyard: list[GameObject],
                   to_destroy: list[GameObject]) -> int:
    """704.5f-g, 704.5m and the others that put permanents into graveyards, as one event
    (704.3): 1 when something moved, 0 when nothing did, -1 when a controller must first
    choose among replacement effects (616.1: a ZoneActionsTask then moves them).
    An indestructible creature with lethal damage stays and nothing happens: not "acted",
    or the check would repeat forever. Regeneration and replacements (umbra armor) change
    the game, so the check runs again after them."""
    objects = state.objects
    graveyard = [o for o in to_graveyard if o.zone == 2 and o.oid in objects]
    destroyed = [o for o in to_destroy if o.oid in objects and not o.kw & KW_INDESTRUCTIBLE]
    if not graveyard and not destroyed:
        return 0
    try:
        plans = _plans(state, graveyard, destroyed, None)
    except ChoiceNeeded:  # a controller chooses among replacements (616.1)
        state.tasks.append(ZoneActionsTask(graveyard=[o.oid for o in graveyard],
                                           destroy=[o.oid for o in destroyed]))
        return -1
    _perform(state, plans)
    return 1


def _complete_dungeons(state: GameState) -> bool:
    """704.5t: a player whose venture marker is on the bottommost room of their dungeon,
    that room's ability (309.4c: controlled by the dungeon's owner) having triggered and
    left the stack, completes the dungeon: it is removed from the game (309.7; the player
    ventures into a new one next time, 701.49a). True if a dungeon was completed."""
    done = False
    for p in state.players:
        if p.room_last and not _room_ability_waits(state, p.idx):
            complete_dungeon(state, p.idx)
            done = True
    return done


def complete_dungeon(state: GameState, player: int) -> None:
    """``player`` completes their dungeon (309.7): it is removed from the game (704.5t,
    or 701.49c when they venture again first)."""
    p = state.players[player]
    if state.log is not None:
        log(state, "dungeon_completed", player, p.dungeon)
    p.dungeon = ""
    p.room = -1
    p.room_last = False
    p.dungeons_completed += 1
    conditions_changed(state)  # "as long as you've completed a dungeon"


def _room_ability_waits(state: GameState, player: int) -> bool:
    """Has a room ability of ``player``'s dungeon triggered without leaving the stack yet
    (waiting to be put on it, or on it)?"""
    for t in state.triggers:
        if t.controller == player and t.ability.when == "room_entered":
            return True
    for item in state.stack:
        if item.controller == player and item.trigger is not None and \
                item.trigger.when == "room_entered":
            return True
    return False


_NONE_ENTERED: frozenset[int] = frozenset()  # ``only`` for a damage-only check


def _in_order(state: GameState, oids: Sequence[int]) -> list[int]:
    """The permanents among ``oids`` still on the battlefield, each once, in battlefield
    order (what the old full scans destroyed them in)."""
    objects = state.objects
    if len(oids) == 1:
        o = objects.get(oids[0])
        return [oids[0]] if o is not None and o.zone == 2 else []
    here = {oid for oid in oids if (o := objects.get(oid)) is not None and o.zone == 2}
    return sorted(here, key=state.battlefield.index)


def _aura_kept(state: GameState, o: GameObject) -> bool:
    """Whether a hook keeps an illegally attached Aura on the battlefield (702.103f); a
    function of its own, since the compiled ``_permanent_actions`` holds no generator."""
    return any(keep(state, o) for keep in AURA_KEPT_HOOKS)


def _permanent_actions(state: GameState, oids: list[int], only: Container[int] | None,
                       to_graveyard: list[GameObject], to_destroy: list[GameObject],
                       sacrificed: list[GameObject]) -> tuple[bool, tuple[int, str] | None]:
    """The state-based actions about the permanents ``oids`` (in battlefield order): those
    that move them are collected, to be done at once; the others (704.5n, q) are done
    here (True if one was). Also the first controller and name the legend rule applies
    to, if any. With ``only``, the permanents not in it get the damage check alone."""
    objects = state.objects
    acted = False
    legends: dict[tuple[int, str], list[int]] = {}
    for oid in oids:
        o = objects[oid]
        card = o.card
        if only is not None and oid not in only:
            if _destroyed_by_damage(o):
                to_destroy.append(o)
            continue
        if (card.type_mask | o.extra_types) & T_CREATURE:
            if o.toughness <= 0:  # 704.5f
                to_graveyard.append(o)
                continue
            if (o.damage or o.deathtouched) and _destroyed_by_damage(o):
                to_destroy.append(o)
        counters = o.counters
        if counters and "+1/+1" in counters and "-1/-1" in counters:  # 704.5q
            n = min(counters["+1/+1"], counters["-1/-1"])
            if n:
                for k in ("+1/+1", "-1/-1"):
                    counters[k] -= n
                    if counters[k] == 0:
                        del counters[k]
                characteristics_changed(state)
                acted = True
        if card.is_aura:
            if not aura_legal(state, o):  # 704.5m
                if _aura_kept(state, o):
                    acted = True  # it is no Aura now (702.103f: an exception to 704.5m)
                else:
                    to_graveyard.append(o)
        elif o.attached_to >= 2 and (
                o.attached_to not in objects or not _attachment_legal(state, o)):
            o.attached_to = -1  # 704.5n: unattached, it stays on the battlefield
            characteristics_changed(state)
            acted = True
        if counters and "lore" in counters and sagas.finished(state, o):  # 704.5s
            sacrificed.append(o)
        if card.legendary:
            legends.setdefault((o.controller, card.name), []).append(oid)
    for key, same in legends.items():
        if len(same) > 1:  # 704.5j
            return acted, key
    return acted, None


def _destroyed_by_damage(o: GameObject) -> bool:
    """704.5g-h: lethal damage is marked on the creature, or it was dealt damage by a
    deathtouch source since the last check (which counts even when wither made that damage
    -1/-1 counters). Checking a creature clears the deathtouch mark; a noncreature is
    never destroyed by damage and keeps it."""
    if not (o.card.type_mask | o.extra_types) & T_CREATURE:
        return False
    if o.deathtouched:
        o.deathtouched = False
        return True
    return o.damage > 0 and o.damage >= o.toughness


def aura_legal(state: GameState, aura: GameObject) -> bool:
    """303.4c-d (704.5m): attached to an object or player its enchant ability allows; an
    Aura that is also a creature can't enchant anything."""
    if aura.attached_to < 0 or aura.extra_types & T_CREATURE:  # 303.4d
        return False
    return can_enchant(state, aura.card, aura.oid, aura.controller, aura.attached_to)


def _attachment_legal(state: GameState, o: GameObject) -> bool:
    """704.5n, 301.5c: an Equipment is attached to a creature and isn't a creature."""
    if "Equipment" not in o.card.subtypes:
        return True
    host = state.objects[o.attached_to]
    return host.zone == 2 and bool((host.card.type_mask | host.extra_types) & T_CREATURE) \
        and not (o.card.type_mask | o.extra_types) & T_CREATURE


def _loss_reason(state: GameState, player: int) -> str:
    p = state.players[player]
    if p.life <= 0:
        return "life"
    if p.drew_from_empty:
        return "empty library"
    return "poison"


def end_game(state: GameState, losers: list[int], reason: str) -> None:
    """104.2a / 104.4a: the game ends; both losing at once is a draw."""
    for i in losers:
        state.players[i].lost = True
    winner = -1 if len(losers) == 2 else 1 - losers[0]
    state.result = GameResult(winner, reason, state.turn)
    state.pending = None
    if state.log is not None:
        log(state, "game_over", winner, reason)


def _plans(state: GameState, graveyard: list[GameObject], destroyed: list[GameObject],
           asker: Asker | None) -> list[rep.ZonePlan]:
    """The replacement effects of each move, chosen before any happens (616.1: by each
    permanent's controller, the active player's first, 101.4), in the moves' order."""
    plans: dict[tuple[int, bool], rep.ZonePlan] = {}
    for player in (state.active, 1 - state.active):
        for destroy, objs in ((False, graveyard), (True, destroyed)):
            for o in objs:
                if o.controller == player:
                    plans[o.oid, destroy] = rep.plan_zone_change(state, o, GRAVEYARD, destroy,
                                                                 False, asker)
    return [plans[o.oid, False] for o in graveyard] + [plans[o.oid, True] for o in destroyed]


def _perform(state: GameState, plans: list[rep.ZonePlan]) -> None:
    """704.3: the moves happen at the same time, one event: the leaves-the-battlefield
    abilities of each permanent see all of them leave (603.10a)."""
    begin_event(state)
    for plan in plans:
        rep.perform_zone_change(state, plan)
    end_event(state)


def zone_actions_task(state: GameState, task: ZoneActionsTask) -> None:
    """The state-based moves whose replacement effects need a choice: each controller
    chooses (616.1), then they happen as one event."""
    from mtgsim.engine.state.ask import Asker
    asker = Asker(state, task)
    objects = state.objects
    plans = _plans(state, [objects[oid] for oid in task.graveyard if oid in objects],
                   [objects[oid] for oid in task.destroy if oid in objects], asker)
    state.tasks.pop()
    _perform(state, plans)
    ensure(state)


def legend_task(state: GameState, task: LegendTask) -> None:
    from mtgsim.engine.state.ask import Asker
    asker = Asker(state, task)
    oids = [oid for oid in state.battlefield
            if state.objects[oid].controller == task.player
            and state.objects[oid].card.name == task.name]
    keep = asker.choose(Decision(_KIND_LEGEND, task.player, f"keep which {task.name}?",
                                 options=oids, about=Legend(task.name)))
    # 616.1: their controller chooses among each one's replacement effects, first
    plans = rep.plan_leaving(state, [state.objects[oid] for i, oid in enumerate(oids)
                                     if i != keep], GRAVEYARD, asker)
    state.tasks.pop()
    with simultaneously(state):  # 704.5j: the others at once
        for i, oid in enumerate(oids):
            if i != keep:
                rep.leave_battlefield(state, state.objects[oid], GRAVEYARD, plan=plans[oid])
