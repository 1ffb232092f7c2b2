"""Annihilator N (702.86): "Whenever this creature attacks, defending player sacrifices N
permanents." Each instance triggers separately (702.86b): one ability per instance."""

from __future__ import annotations

from typing import Any

from engine import replacement as rep
from engine.ask import Asker
from engine.cards import AbilityT, Annihilate, CardDef, KeywordInstance, Triggered
from engine.effects import handles, refs_of
from engine.keywords import compiles
from engine.state import Decision, GameState, StackItem
from engine.stats import count


@compiles("annihilator")
def compile_annihilator(card: CardDef, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="attacks", effects=(Annihilate(inst.n),), keyword="annihilator")]


@handles(Annihilate)
def annihilate(state: GameState, item: StackItem, eff: Any, asker: Asker,
               queue: list[Any]) -> None:
    defender = refs_of(state, item, "defending_player")[0]
    options = [oid for oid in state.battlefield if state.objects[oid].controller == defender]
    k = min(eff.n, len(options))
    if k == 0:
        return
    picks = asker.choose_many(Decision(
        "sacrifice", defender, f"sacrifice {k} permanent(s) to annihilator {eff.n}",
        options=options, multi=True, min_count=k, max_count=k, source=item.source))
    for i in picks:
        rep.sacrifice(state, state.objects[options[i]])
    count(state, item.controller, "permanents_annihilated", k)
