"""The ``add_any_colors`` effect (AddAnyColors): its data, how it resolves and what the AI
thinks it is worth.

"Add two mana in any combination of colors." (Manamorphose): ``amount`` mana, each of the
colour its controller chooses as the effect resolves (106.1: the five colours; 106.4: it
goes into that player's mana pool, and empties at the end of the step, 500.4). A spell's
mana is not a mana ability's (605.1a: it has no cost to activate; it resolves from the
stack), so its colours are chosen as it resolves, one question a mana.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.rules.effect import COLOR_CHOICES, choose_color, effect_rules, unaffected
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import ColorFor
from mtgsim.engine.state.game_state import GameState, StackItem


class AddAnyColors(Effect, tag="add_any_colors", frozen=True):
    """Add ``amount`` mana in any combination of colours."""

    amount: int = 2


def resolve(state: GameState, item: StackItem, eff: AddAnyColors, asker: Asker,
            queue: list[EffectT]) -> None:
    me = item.controller
    # every colour is asked before any mana is added: a question stops the resolution,
    # which then runs again from its start with the answers so far (engine.state.ask)
    picks = [choose_color(asker, item, "add one mana of a color", ColorFor("mana"))
             for _ in range(eff.amount)]
    state.players[me].pool.extend(COLOR_CHOICES[p] for p in picks)

RULES = effect_rules(
    AddAnyColors, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=("not estimated: mana is valued by the planner that spends it "
                    "(policies.planning), not as an effect (as add_mana)"))
