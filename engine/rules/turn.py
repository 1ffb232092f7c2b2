"""Priority (117) and the game's main loop.

The loop runs the innermost task if there is one, otherwise the step machine: turn-based
actions of the current step (``engine.rules.steps``, 500-514), then priority. Before a
player receives priority, state-based actions are checked and waiting triggers go on the
stack (117.5). A player whose only legal action is to pass is passed for without asking,
so steps in which nobody can act cost no decisions. A game starts with
``engine.rules.game_start`` (103).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

import mtgsim.engine.keywords.all  # noqa: F401  (keyword modules register their hooks)
import mtgsim.engine.rules.draw_triggers  # noqa: F401  (zones.draw_card's, loaded with the engine)
from mtgsim.engine.rules import sba, triggers
from mtgsim.engine.rules.activation import activate_task
from mtgsim.engine.rules.casting import cast_task, play_land
from mtgsim.engine.rules.combat import attack_task, block_task
from mtgsim.engine.rules.game_start import mulligan_task, new_game, start_game
from mtgsim.engine.rules.priority_actions import legal_actions
from mtgsim.engine.rules.resolution import resolve_top
from mtgsim.engine.rules.special_actions import special
from mtgsim.engine.rules.steps import STEP_TASKS, next_step, turn_based_actions
from mtgsim.engine.state.ask import IllegalAnswer, Suspend, validate
from mtgsim.engine.state.game_state import (
    ACTIVATE,
    CAST,
    CLEANUP,
    PLAY,
    SPECIAL,
    STEP_NAMES,
    STOP_OWN_STACK,
    ActivateTask,
    Answer,
    AttackTask,
    BlockTask,
    CastTask,
    Decision,
    DecisionKind,
    GameResult,
    GameState,
    LegendTask,
    MulliganTask,
    ResolveTask,
    TriggerTask,
    ZoneActionsTask,
)

_PRIORITY = DecisionKind.PRIORITY  # (a module constant: see DecisionKind)


HANDLERS: dict[type, Callable[[GameState, Any], None]] = {
    **STEP_TASKS,  # the draw step's draw, the cleanup step's discard
    CastTask: cast_task,
    ActivateTask: activate_task,
    ResolveTask: resolve_top,
    TriggerTask: triggers.put_on_stack,
    AttackTask: attack_task,
    BlockTask: block_task,
    MulliganTask: mulligan_task,
    LegendTask: sba.legend_task,
    ZoneActionsTask: sba.zone_actions_task,
}


# --- priority (117) ----------------------------------------------------------------------


def step_machine(state: GameState) -> None:
    if not state.started:
        start_game(state)
        return
    if not state.in_priority:
        state.in_priority = True
        state.priority = state.active
        state.passes = 0
        if not turn_based_actions(state):
            next_step(state)
        elif not state.tasks and state.pending is None and state.result is None:
            _priority(state)  # what advance would do next
        return
    _priority(state)


# Whether ``_priority`` takes two automatic passes at once (a test turns it off: the games
# must be the same).
BOTH_PASSES_AT_ONCE = True


def _priority(state: GameState) -> None:
    """117.5: state-based actions and triggers first, then a player acts or passes."""
    d = state.derived
    if d.checks.needed and sba.check(state):  # (set by whatever makes characteristics stale)
        return
    if state.result is not None:
        return
    if state.triggers:
        state.tasks.append(TriggerTask())
        return
    player = state.priority
    stack = state.stack
    if stack:
        if stack[-1].controller == player and not state.stop_every_priority and \
                not state.stops[player] & STOP_OWN_STACK:
            pass_priority(state)  # they do not hold priority over their own object
            return
    elif not state.stop_every_priority:
        step = state.step
        stops = state.stops
        table = d.stop_table
        if table is None or table.mask0 is not stops[0] or table.mask1 is not stops[1]:
            table = _stop_table(state)
        flags = table.flags
        if not flags[player][step if player == state.active else step + 13]:
            # The player does not stop in this step (their stops) and passes without
            # being asked. If the other player has not passed yet and has no stop here
            # either, their priority, with the state unchanged, would be the same
            # automatic pass: both are taken at once and the step ends (pass_priority
            # twice with an empty stack, written out: most steps end here;
            # tests/state/test_caches.py plays the same games with BOTH_PASSES_AT_ONCE off).
            if BOTH_PASSES_AT_ONCE and state.passes == 0 and not flags[1 - player][
                    step if player != state.active else step + 13]:
                state.priority = 1 - player
                state.passes = 0
                if step == CLEANUP:
                    state.in_priority = False  # 514.3a: another cleanup step
                else:
                    next_step(state)
                return
            pass_priority(state)
            return
    actions = legal_actions(state, player)
    if len(actions) == 1 and not state.stop_every_priority:
        pass_priority(state)
        return
    state.pending = Decision(_PRIORITY, player, actions=actions)


class StopTable(msgspec.Struct, frozen=True):
    """``GameState.stops`` as flags (``Derived.stop_table``): ``flags[player]`` holds a
    player's stops as a flag per bit (``stop_bit``'s numbering: a step of their own turn,
    or 13 more for the other player's), made from the masks ``mask0`` and ``mask1``, the
    int objects themselves: the table holds while the state has them (a mask replaced by
    another int object makes it again). Frozen: a clone holds its original's table."""

    mask0: int
    mask1: int
    flags: tuple[tuple[bool, ...], tuple[bool, ...]]


def _stop_table(state: GameState) -> StopTable:
    """``GameState.stops`` as a ``StopTable``, kept in the derived data."""
    s0, s1 = state.stops
    flags0, flags1 = (tuple(bool(mask >> bit & 1) for bit in range(26)) for mask in (s0, s1))
    table = state.derived.stop_table = StopTable(s0, s1, (flags0, flags1))
    return table


def stop_table(state: GameState) -> StopTable:
    """The state's ``StopTable``, made now unless the one kept holds (``_priority``'s
    test): a search makes its deal's once, and each of the deal's clones holds it
    (``Derived.copy``) instead of making its own at its first priority."""
    stops = state.stops
    table = state.derived.stop_table
    if table is None or table.mask0 is not stops[0] or table.mask1 is not stops[1]:
        table = _stop_table(state)
    return table


def pass_priority(state: GameState) -> None:
    """117.3d-117.4: both pass in succession: resolve the top object or end the step."""
    state.passes += 1
    if state.passes >= 2:
        state.passes = 0
        if state.stack:
            state.tasks.append(ResolveTask(sid=state.stack[-1].sid))
            state.priority = state.active  # 117.3b
        else:
            if state.step == CLEANUP:
                state.in_priority = False  # 514.3a: another cleanup step
            else:
                next_step(state)
    else:
        state.priority = 1 - state.priority


def take_action(state: GameState, index: int) -> None:
    """Apply the answer to a priority decision."""
    d = state.pending
    assert d is not None
    action = d.actions[index]
    state.pending = None
    kind = action.kind
    player = d.player
    if kind == PLAY:
        play_land(state, player, action.oid)
        state.passes = 0
    elif kind == CAST:
        state.tasks.append(CastTask(player=player, oid=action.oid, alt=action.alt))
    elif kind == ACTIVATE:
        state.tasks.append(ActivateTask(player=player, oid=action.oid, index=action.index))
    elif kind == SPECIAL:  # 116.2: no stack; the player keeps priority (116.3)
        special(action.index).take(state, player, action.oid)
        state.passes = 0
    else:
        pass_priority(state)


# --- driving the game -------------------------------------------------------------------


def advance(state: GameState) -> Decision | None:
    """Run the game until a player must decide (returned) or it ends (None)."""
    tasks = state.tasks
    while state.result is None:
        if state.pending is not None:
            return state.pending
        if tasks:
            task = tasks[-1]
            try:
                HANDLERS[type(task)](state, task)
            except Suspend:
                return state.pending
        elif state.in_priority:
            _priority(state)
        else:
            step_machine(state)
    return None


def answer(state: GameState, value: Answer) -> None:
    """Give the answer to the pending decision (validated; the state is unchanged if bad)."""
    d = state.pending
    if d is None:
        raise IllegalAnswer("no decision is pending")
    validate(d, value)
    if isinstance(value, list):  # the state's own (the caller may reuse its list)
        value = value.copy()
    state.actions_taken += 1
    if state.decisions is not None:
        state.decisions.append(value.copy() if isinstance(value, list) else value)
    if d.kind is _PRIORITY:
        assert isinstance(value, int)
        take_action(state, value)
    else:
        task = state.tasks[-1]
        task.answers.append(value)
        state.pending = None
        try:
            HANDLERS[type(task)](state, task)
        except Suspend:
            pass
        except IllegalAnswer:
            task.answers.pop()
            state.pending = d
            state.actions_taken -= 1
            if state.decisions is not None:
                state.decisions.pop()
            raise
    if state.actions_taken >= state.max_actions and state.result is None:
        state.result = GameResult(-1, "action limit", state.turn)


def step_name(state: GameState) -> str:
    return STEP_NAMES[state.step]


__all__ = ["advance", "answer", "new_game", "stop_table"]
