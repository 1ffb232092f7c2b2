"""The ``add_chosen_color_mana`` effect (AddChosenColorMana): its data, how it resolves and what the AI thinks it is worth.

"Add one mana of the chosen color" (the colour chosen as the source entered).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.rules.refs import source_object
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class AddChosenColorMana(Effect, tag="add_chosen_color_mana", frozen=True):
    """"Add one mana of the chosen color" (the colour chosen as the source entered)."""

    amount: int = 1


def resolve(state: GameState, item: StackItem, eff: AddChosenColorMana, asker: Asker,
            queue: list[EffectT]) -> None:
    color = source_object(state, item).chosen_color
    if color:
        state.players[item.controller].pool.extend([color] * eff.amount)


RULES = effect_rules(
    AddChosenColorMana, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: mana is valued by the planner that spends it (policies.planning), not as an effect'))
