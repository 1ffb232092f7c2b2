"""The ``may`` effect (May): its data, how it resolves and what the AI thinks it is worth.

"You may ...": the controller chooses yes or no as the effect happens.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, effects_sign, yes_no
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayEffect
from mtgsim.engine.state.game_state import GameState, StackItem


class May(Effect, tag="may", frozen=True):
    """"You may ...": the controller chooses yes or no as the effect happens."""

    effects: tuple[EffectT, ...]


def resolve(state: GameState, item: StackItem, eff: May, asker: Asker,
            queue: list[EffectT]) -> None:
    if yes_no(asker, item.controller, f"{item.label}: do it?", item.source,
              MayEffect(eff.effects)):
        queue[0:0] = eff.effects


def estimate(ev: Estimate, e: May) -> None:
    """At best what the inner effects are worth, never less than nothing (it may not happen)."""
    if ev.depth < 3:
        ev.total += max(0.0, ev.nested(e.effects))


def sign(e: May, ref: str) -> int:
    return effects_sign(e.effects, ref)


RULES = effect_rules(
    May, role=Role.OPTIONAL, resolve=resolve, estimate=estimate, sign=sign)
