"""The ``mill`` effect (Mill): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.ask import Asker
from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
)
from mtgsim.engine.effect import amount_of, effect_rules, unaffected
from mtgsim.engine.refs import players_of
from mtgsim.engine.state import GameState, StackItem
from mtgsim.engine.zones import mill


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
    why_not_valued=('not estimated: milling is worth little either way to the heuristic (its library is no resource it plans with) and no bundled card mills for value'))
