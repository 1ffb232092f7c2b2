"""The ``shuffle_graveyard_into_library`` effect (ShuffleGraveyardIntoLibrary): its data, how it resolves and what the AI thinks it is worth.

"[Player] shuffles their graveyard into their library" (Eldrazi titans; 701.20).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import log, move, shuffle_library
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import LIBRARY, GameState, StackItem


class ShuffleGraveyardIntoLibrary(Effect, tag="shuffle_graveyard_into_library",
                                  frozen=True):
    """"[Player] shuffles their graveyard into their library" (Eldrazi titans; 701.20)."""

    who: str = "you"


def resolve(state: GameState, item: StackItem, eff: ShuffleGraveyardIntoLibrary, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who):
        player = state.players[p]
        for oid in list(player.graveyard):
            move(state, state.objects[oid], LIBRARY)
        shuffle_library(state, p)
        if state.log is not None:
            log(state, "shuffle_graveyard", p, item.card.name)


RULES = effect_rules(
    ShuffleGraveyardIntoLibrary, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: a graveyard shuffled back is no resource the heuristic counts; valued 0'))
