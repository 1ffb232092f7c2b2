"""The ``regenerate`` effect (Regenerate): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth_effects import by_sign
from mtgsim.engine.rules.effect import Role, effect_rules, helps
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class Regenerate(Effect, tag="regenerate", frozen=True):
    what: str = "self"


def resolve(state: GameState, item: StackItem, eff: Regenerate, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        o.regen_shields += 1


RULES = effect_rules(
    Regenerate, role=Role.REGENERATE, resolve=resolve, estimate=by_sign, sign=helps("what"))
