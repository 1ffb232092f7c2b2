"""The ``untap_each`` effect (UntapEach): its data, how it resolves and what the AI thinks it is worth.

"Untap all [filter]".
"""

from __future__ import annotations

from mtgsim.engine.ask import Asker
from mtgsim.engine.cards import (
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.effect import Role, each_matching, effect_rules, unaffected
from mtgsim.engine.state import GameState, StackItem


class UntapEach(Effect, tag="untap_each", frozen=True):
    """"Untap all [filter]"."""

    filter: Filter = Filter()


def resolve(state: GameState, item: StackItem, eff: UntapEach, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in each_matching(state, item, eff.filter):
        state.set_tapped(o, False)


RULES = effect_rules(
    UntapEach, role=Role.UNTAP_ALL, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: the heuristic has no value for untapping its permanents yet (valued 0)'))
