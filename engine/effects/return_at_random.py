"""The ``return_at_random`` effect (ReturnAtRandom): its data, how it resolves and what the AI thinks it is worth.

"Return a [filter] card at random from your graveyard to your hand".
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import log, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import HAND, GameState, StackItem
from mtgsim.engine.state.rng import randbelow


class ReturnAtRandom(Effect, tag="return_at_random", frozen=True):
    """"Return a [filter] card at random from your graveyard to your hand"."""

    filter: Filter = Filter()
    who: str = "you"


def resolve(state: GameState, item: StackItem, eff: ReturnAtRandom, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who)[:1]:
        pool = [oid for oid in state.players[p].graveyard
                if matches(state, eff.filter, state.objects[oid], p, item.source)]
        if not pool:
            return
        state.rng, j = randbelow(state.rng, len(pool))
        o = state.objects[pool[j]]
        if state.log is not None:
            log(state, "return", p, o.card.name)
        move(state, o, HAND)


RULES = effect_rules(
    ReturnAtRandom, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: which card comes back is random; valued 0'))
