"""Conditions in card text ("if you control a blue permanent"), incl. intervening ifs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgsim.engine.cards import (
    Condition,
    HadCounter,
    LifeAtMost,
    OpponentDamagedThisTurn,
    ReplicatePaid,
    SelfHasCounter,
    YouControl,
)
from mtgsim.engine.filters import matches
from mtgsim.engine.state import GameObject, GameState

# Conditions added by keyword/family modules register their evaluators here:
# (state, condition, controller, source, subject) -> bool
ConditionHandler = Callable[[GameState, Any, int, GameObject, "GameObject | None"], bool]
CONDITION_HANDLERS: dict[type, ConditionHandler] = {}


def condition_handler(cond_type: type) -> Callable[[ConditionHandler], ConditionHandler]:
    def deco(fn: ConditionHandler) -> ConditionHandler:
        CONDITION_HANDLERS[cond_type] = fn
        return fn
    return deco


def condition_holds(state: GameState, cond: Condition, controller: int, source: GameObject,
                    subject: GameObject | None = None) -> bool:
    if isinstance(cond, YouControl):
        n = 0
        objects = state.objects
        for oid in state.battlefield:
            o = objects[oid]
            if o.controller == controller and matches(state, cond.filter, o, controller,
                                                      source.oid):
                n += 1
        return n >= cond.at_least
    if isinstance(cond, LifeAtMost):
        who = controller if cond.who == "you" else 1 - controller
        return state.players[who].life <= cond.amount
    if isinstance(cond, OpponentDamagedThisTurn):
        return state.players[1 - controller].damage_this_turn > 0
    if isinstance(cond, HadCounter):
        return subject is not None and subject.counters.get(cond.counter, 0) > 0
    if isinstance(cond, SelfHasCounter):
        return source.counters.get(cond.counter, 0) > 0
    if isinstance(cond, ReplicatePaid):
        for item in state.stack:
            spell = item if item.sid == source.oid else item.spell
            if spell is not None and spell.sid == source.oid and spell.is_spell:
                # the spell itself, or (once it left the stack) the replicate trigger's
                # record of it as it was cast: last known information (608.2h)
                counts = spell.replicate_counts
                return cond.instance < len(counts) and counts[cond.instance] > 0
        return False
    handler = CONDITION_HANDLERS.get(type(cond))
    if handler is not None:
        return handler(state, cond, controller, source, subject)
    raise TypeError(f"unknown condition {cond!r}")
