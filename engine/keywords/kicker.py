"""Kicker (702.33): "You may pay an additional [cost] as you cast this spell"; "if this
spell was kicked" (702.33d) is the condition ``Kicked``.

The additional cost is asked by ``engine.casting`` (601.2b; the spell's ``kicked``
flag records that it was paid); this module checks the condition, for
the spell on the stack or the permanent it became (its stack item while it resolves).
"""

from __future__ import annotations

from mtgsim.engine.cards import Kicked
from mtgsim.engine.conditions import condition_rule
from mtgsim.engine.state import GameObject, GameState, StackItem


def _stack_item_of(state: GameState, obj: GameObject) -> StackItem | None:
    for it in state.stack:
        if it.sid == obj.oid:
            return it
    return None


@condition_rule(Kicked)
def kicked(state: GameState, cond: Kicked, controller: int, source: GameObject,
           subject: GameObject | None) -> bool:
    it = _stack_item_of(state, source)
    return bool(it is not None and it.kicked)
