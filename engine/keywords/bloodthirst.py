"""Bloodthirst N / X (702.54): "If an opponent was dealt damage this turn, this permanent
enters with N +1/+1 counters on it"; "Bloodthirst X": enters with X counters, X the total
damage your opponents have been dealt this turn. Instances apply separately."""

from __future__ import annotations

from engine.ask import Asker
from engine.cards import CardDef
from engine.effects import add_counters
from engine.replacement import ENTER_HOOKS, AfterEnter
from engine.state import GameObject, GameState
from engine.stats import count


def bloodthirst_enters(state: GameState, card: CardDef, controller: int,
                       asker: Asker | None) -> AfterEnter | None:
    instances = [k for k in card._kwi if k.name == "bloodthirst"]
    if not instances:
        return None
    damage = state.players[1 - controller].damage_this_turn
    total = 0
    for k in instances:
        if k.n < 0:
            total += damage
        elif damage > 0:
            total += k.n
    if not total:
        return None

    def put(state: GameState, obj: GameObject) -> None:
        add_counters(state, obj, "+1/+1", total)
        count(state, obj.controller, "bloodthirst_counters", total)
    return put


ENTER_HOOKS.append(bloodthirst_enters)
