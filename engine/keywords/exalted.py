"""Exalted (702.83): "Whenever a creature you control attacks alone, that creature gets
+1/+1 until end of turn." A creature attacks alone if it is the only creature declared
as an attacker in that combat (506.5). Every instance on every permanent triggers."""

from __future__ import annotations

from typing import Any

from engine.ask import Asker
from engine.cards import AbilityT, CardDef, Exalt, KeywordInstance, Triggered
from engine.effects import handles
from engine.keywords import compiles
from engine.state import BATTLEFIELD, ContinuousEffect, GameState, StackItem
from engine.stats import count


@compiles("exalted")
def compile_exalted(card: CardDef, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="ally_attacks_alone", effects=(Exalt(),), keyword="exalted")]


@handles(Exalt)
def exalt(state: GameState, item: StackItem, eff: Any, asker: Asker, queue: list[Any]) -> None:
    target = state.objects.get(item.subject)
    if target is None or target.zone != BATTLEFIELD:
        return
    state.clock += 1
    state.effects.append(ContinuousEffect(target.oid, state.clock, 1, 1))
    state.dirty = True
    count(state, item.controller, "exalted_bonuses")
