"""Conditions in card text ("if you control a blue permanent"), incl. intervening ifs."""

from __future__ import annotations

from engine.cards import (
    Condition,
    HadCounter,
    LifeAtMost,
    OpponentDamagedThisTurn,
    ReplicatePaid,
    SelfHasCounter,
    YouControl,
)
from engine.filters import matches
from engine.state import GameObject, GameState


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
            if item.sid == source.oid:
                counts = item.replicate_counts
                return cond.instance < len(counts) and counts[cond.instance] > 0
        return False
    raise TypeError(f"unknown condition {cond!r}")
