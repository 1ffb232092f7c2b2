"""The ``mill`` effect (Mill): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
)
from mtgsim.engine.rules.effect import amount_of, effect_rules, unaffected
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import mill
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class Mill(Effect, tag="mill", frozen=True):
    amount: Amount = 1
    who: str = "you"


def resolve(state: GameState, item: StackItem, eff: Mill, asker: Asker,
            queue: list[EffectT]) -> None:
    n = amount_of(state, item, eff.amount)
    for p in players_of(state, item, eff.who):
        mill(state, p, n)


RULES = effect_rules(
    Mill, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: the heuristic plans with neither library nor graveyard '
                    'cards, so two milled cards are worth about nothing either way; the '
                    "pool's millers are Thought Scour, cast for its draw (estimated), and "
                    "Extractor Demon's optional trigger on a 5/5 flier valued as a creature"))
