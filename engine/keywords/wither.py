"""Wither (702.80): damage dealt to a creature by a source with wither isn't marked; it
puts that many -1/-1 counters on the creature (120.3d). It works from any zone, and last
known information decides whether a source that changed zones had it (702.80c-d).
Multiple instances are redundant (a bit)."""

from __future__ import annotations

from engine.cards import KW_WITHER
from engine.replacement import DAMAGE_TO_CREATURE_HOOKS, source_keywords
from engine.state import GameObject, GameState
from engine.stats import count


def wither_damage(state: GameState, source: GameObject, target: GameObject, amount: int,
                  combat: bool) -> int:
    if amount <= 0 or not source_keywords(source) & KW_WITHER:
        return amount
    from engine.effects import add_counters

    add_counters(state, target, "-1/-1", amount)
    count(state, source.controller, "wither_counters", amount)
    return 0


DAMAGE_TO_CREATURE_HOOKS.append(wither_damage)
