"""The ``discard_chosen`` effect (DiscardChosen): its data, how it resolves and what the AI thinks it is worth.

"[Player] reveals their hand. You choose [N] [filter] card(s) from it. That player
discards that card" (701.8a: the effect's controller, not the discarding player,
chooses).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.effects.discard import estimate, put_discarded
from mtgsim.engine.rules.effect import amount_of, effect_rules, hurts
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import log, reveal
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import Decision, DecisionKind, GameState, StackItem


class DiscardChosen(Effect, tag="discard_chosen", frozen=True):
    """"[Player] reveals their hand. You choose [N] [filter] card(s) from it. That player
    discards that card" (701.8a: the effect's controller, not the discarding player,
    chooses)."""

    who: str = "t0"
    amount: Amount = 1
    filter: Filter = Filter()


def resolve(state: GameState, item: StackItem, eff: DiscardChosen, asker: Asker,
            queue: list[EffectT]) -> None:
    n = amount_of(state, item, eff.amount)
    chosen: list[tuple[int, int]] = []
    for p in players_of(state, item, eff.who):
        hand = state.players[p].hand
        if state.log is not None:  # "reveals their hand"
            log(state, "reveal", p, ", ".join(state.objects[o].card.name for o in hand))
        for revealed in hand:
            reveal(state, state.objects[revealed])
        options = [oid for oid in hand
                   if matches(state, eff.filter, state.objects[oid], item.controller,
                              item.source)]
        k = min(n, len(options))
        if k == 0:
            continue
        picks = asker.choose_many(Decision(
            DecisionKind.CHOOSE_DISCARD, item.controller, f"{item.label}: choose {k} to be discarded",
            options=options, multi=True, min_count=k, max_count=k, source=item.source))
        chosen.extend((p, options[i]) for i in picks)
    for p, oid in chosen:
        put_discarded(state, p, oid)


RULES = effect_rules(
    DiscardChosen, resolve=resolve, estimate=estimate, sign=hurts("who"))
