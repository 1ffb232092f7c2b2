"""The ``put_from_top_onto_battlefield`` effect (PutFromTopOntoBattlefield): its data, how it resolves and what the AI thinks it is worth.

"Look at the top [amount] cards of your library. Put any number of [filter] cards
from among them onto the battlefield [tapped], then shuffle" (401.5, 701.20).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import amount_of, effect_rules, unaffected
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.zones import shuffle_library
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import Decision, DecisionKind, GameState, StackItem


class PutFromTopOntoBattlefield(Effect, tag="put_from_top_onto_battlefield", frozen=True):
    """"Look at the top [amount] cards of your library. Put any number of [filter] cards
    from among them onto the battlefield [tapped], then shuffle" (401.5, 701.20)."""

    amount: Amount = 1
    filter: Filter = Filter(types=("land",))
    tapped: bool = True


def resolve(state: GameState, item: StackItem, eff: PutFromTopOntoBattlefield, asker: Asker,
            queue: list[EffectT]) -> None:
    p = item.controller
    n = amount_of(state, item, eff.amount)
    library = state.players[p].library
    looked = list(reversed(library[-n:])) if n > 0 else []
    options = [oid for oid in looked
               if matches(state, eff.filter, state.objects[oid], p, item.source)]
    chosen: list[int] = []
    if options:
        picks = asker.choose_many(Decision(
            DecisionKind.DIG, p, "put any number of them onto the battlefield", options=options,
            multi=True, min_count=0, max_count=len(options), source=item.source))
        chosen = [options[i] for i in picks]
    for oid in chosen:
        obj = state.objects.get(oid)
        if obj is not None:
            rep.enter(state, obj, p, tapped=eff.tapped, asker=asker)
    shuffle_library(state, p)


RULES = effect_rules(
    PutFromTopOntoBattlefield, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: depends on the hidden top cards of the library; valued 0'))
