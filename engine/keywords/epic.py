"""Epic (702.50): "For the rest of the game, you can't cast spells," and "At the beginning
of each of your upkeeps for the rest of the game, copy this spell except for its epic
ability. If the spell has any targets, you may choose new targets for the copy."
Copies are put on the stack, not cast (707.10), so they still happen."""

from __future__ import annotations

from typing import Any

from engine.ask import Asker
from engine.cards import EpicCopy, Triggered
from engine.copies import choose_new_targets, copy_spell
from engine.effects import RESOLVED_HOOKS, handles
from engine.state import DelayedTrigger, GameState, StackItem
from engine.stats import count

EPIC_UPKEEP = Triggered(when="upkeep", effects=(EpicCopy(),), keyword="epic")


def epic_resolved(state: GameState, item: StackItem) -> None:
    if not item.is_spell or item.is_copy or not item.card.has_keyword("epic"):
        return
    state.players[item.controller].can_cast_spells = False
    state.clock += 1
    snapshot = StackItem(item.sid, item.controller, item.source, item.card, True,
                         item.effects, item.target_specs, list(item.targets), x=item.x,
                         mode=item.mode, label=item.card.name)
    state.delayed.append(DelayedTrigger(
        "upkeep", item.controller, item.source, item.card, EPIC_UPKEEP, state.clock,
        one_shot=False, spell=snapshot))


@handles(EpicCopy)
def epic_copy(state: GameState, item: StackItem, eff: Any, asker: Asker,
              queue: list[Any]) -> None:
    original = item.spell
    if original is None:
        return
    targets = choose_new_targets(state, asker, original, item.controller) \
        if original.target_specs else None
    copy_spell(state, original, item.controller, targets)
    count(state, item.controller, "epic_copies")


RESOLVED_HOOKS.append(epic_resolved)
