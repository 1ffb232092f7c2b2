"""The ``exile_until`` effect (ExileUntil): its data, how it resolves and what the AI thinks it is worth.

"Exile cards from the top of your library until you exile a [filter] card"; the
last exiled card is remembered for ``{ of = "exiled_mana_value" }``.
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
from mtgsim.engine.state.game_state import EXILE, GameObject, GameState, StackItem


class ExileUntil(Effect, tag="exile_until", frozen=True):
    """"Exile cards from the top of your library until you exile a [filter] card"; the
    last exiled card is remembered for ``{ of = "exiled_mana_value" }``."""

    filter: Filter = Filter(not_types=("land",))
    who: str = "you"


def resolve(state: GameState, item: StackItem, eff: ExileUntil, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who)[:1]:
        library = state.players[p].library
        exiled: list[GameObject] = []
        item.data = 0
        while library:
            obj = state.objects[library[-1]]
            hit = matches(state, eff.filter, obj, p, item.source)
            exiled.append(move(state, obj, EXILE))
            if hit:
                item.data = obj.card.mana_value
                break
        if state.log is not None and exiled:
            log(state, "exile", p, ", ".join(o.card.name for o in exiled))


RULES = effect_rules(
    ExileUntil, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=("not estimated: what it exiles is the library's order, hidden from the AI; valued 0"))
