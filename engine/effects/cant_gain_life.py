"""The ``cant_gain_life`` effect (CantGainLife): its data, how it resolves and what the AI thinks it is worth.

"[Player] can't gain life for the rest of the game" (119.7).
"""

from __future__ import annotations

from mtgsim.engine.ask import Asker
from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.effect import effect_rules, unaffected
from mtgsim.engine.refs import players_of
from mtgsim.engine.state import GameState, StackItem
from mtgsim.engine.zones import log


class CantGainLife(Effect, tag="cant_gain_life", frozen=True):
    """"[Player] can't gain life for the rest of the game" (119.7)."""

    who: str = "it"


def resolve(state: GameState, item: StackItem, eff: CantGainLife, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who):
        state.players[p].cant_gain_life = True
        if state.log is not None:
            log(state, "cant_gain_life", p)


RULES = effect_rules(
    CantGainLife, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: the heuristic has no value for a lasting "can\'t gain life" yet (valued 0)'))
