"""Replicate (702.56): "As an additional cost to cast this spell, you may pay [cost] any
number of times" (asked by engine.casting) and "When you cast this spell, if a replicate
cost was paid for it, copy it for each time its replicate cost was paid. If the spell
has any targets, you may choose new targets for any of the copies." Each instance is
paid and triggers separately (702.56b). Copies are not cast (707.10)."""

from __future__ import annotations

from typing import Any

from engine.ask import Asker
from engine.cards import (
    AbilityT,
    CardDef,
    KeywordInstance,
    ReplicateCopies,
    ReplicatePaid,
    Triggered,
)
from engine.copies import choose_new_targets, copy_spell
from engine.effects import handles
from engine.keywords import compiles
from engine.state import GameState, StackItem
from engine.stats import count

_counter = {"n": 0}


@compiles("replicate")
def compile_replicate(card: CardDef, inst: KeywordInstance) -> list[AbilityT]:
    index = [k for k in card._kwi if k.name == "replicate"].index(inst)
    return [Triggered(when="cast_self", effects=(ReplicateCopies(index),), keyword="replicate",
                      condition=ReplicatePaid(index))]


@handles(ReplicateCopies)
def replicate(state: GameState, item: StackItem, eff: Any, asker: Asker,
              queue: list[Any]) -> None:
    original = next((i for i in state.stack if i.sid == item.subject), None)
    if original is None:
        return  # the spell left the stack: nothing to copy (LKI copies are not modelled)
    n = original.replicate_counts[eff.instance] if eff.instance < len(
        original.replicate_counts) else 0
    plans = [choose_new_targets(state, asker, original, item.controller)
             if original.target_specs else None for _ in range(n)]
    for targets in plans:
        copy_spell(state, original, item.controller, targets)
    count(state, item.controller, "replicate_copies", n)
