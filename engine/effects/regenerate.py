"""The ``regenerate`` effect (Regenerate): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.ask import Asker
from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.effect import Role, effect_rules, helps
from mtgsim.engine.refs import permanents, refs_of
from mtgsim.engine.state import GameState, StackItem
from mtgsim.engine.worth_effects import by_sign


class Regenerate(Effect, tag="regenerate", frozen=True):
    what: str = "self"


def resolve(state: GameState, item: StackItem, eff: Regenerate, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        o.regen_shields += 1


RULES = effect_rules(
    Regenerate, role=Role.REGENERATE, resolve=resolve, estimate=by_sign, sign=helps("what"))
