"""The ``reveal_top`` effect (RevealTop): its data, how it resolves and what the AI thinks it is worth.

"[Player] reveals the top card of their library. If it's a [filter] card, that
player puts it into their hand" (701.16a).
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
from mtgsim.engine.rules.zones import log, move, reveal
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import HAND, GameState, StackItem


class RevealTop(Effect, tag="reveal_top", frozen=True):
    """"[Player] reveals the top card of their library. If it's a [filter] card, that
    player puts it into their hand" (701.16a)."""

    who: str = "defending_player"
    filter: Filter = Filter(types=("land",))


def resolve(state: GameState, item: StackItem, eff: RevealTop, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who):
        library = state.players[p].library
        if not library:
            continue
        top = state.objects[library[-1]]
        if state.log is not None:
            log(state, "reveal", p, top.card.name)
        reveal(state, top)
        if matches(state, eff.filter, top, p, item.source):
            reveal(state, move(state, top, HAND))


RULES = effect_rules(
    RevealTop, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: depends on the hidden top card of a library; valued 0'))
