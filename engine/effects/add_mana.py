"""The ``add_mana`` effect (AddMana): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class AddMana(Effect, tag="add_mana", frozen=True):
    mana: str  # "{R}{R}{R}" or "{C}"


def resolve(state: GameState, item: StackItem, eff: AddMana, asker: Asker,
            queue: list[EffectT]) -> None:
    cost = mana_mod.parse_cost(eff.mana)
    pool = state.players[item.controller].pool
    pool.extend(cost.symbols)
    pool.extend([mana_mod.C] * cost.generic)


RULES = effect_rules(
    AddMana, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: mana is valued by the planner that spends it (policies.planning), not as an effect'))
