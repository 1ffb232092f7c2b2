"""The ``if`` effect (If): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Condition,
    Effect,
    EffectT,
)
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.effect import Estimate, effect_rules, effects_sign
from mtgsim.engine.rules.refs import source_object
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class If(Effect, tag="if", frozen=True):
    condition: Condition
    effects: tuple[EffectT, ...]
    otherwise: tuple[EffectT, ...] = ()  # "Otherwise, ..." (done when the condition fails)


def resolve(state: GameState, item: StackItem, eff: If, asker: Asker,
            queue: list[EffectT]) -> None:
    src = source_object(state, item)
    if condition_holds(state, eff.condition, item.controller, src, item.subject_lki):
        queue[0:0] = eff.effects
    else:
        queue[0:0] = eff.otherwise


def estimate(ev: Estimate, e: If) -> None:
    """At best what the inner effects are worth, never less than nothing (it may not happen)."""
    if ev.depth < 3:
        ev.total += max(0.0, ev.nested(e.effects))


def sign(e: If, ref: str) -> int:
    return effects_sign(e.effects, ref)


RULES = effect_rules(
    If, resolve=resolve, estimate=estimate, sign=sign)
