"""The ``discard_chosen`` effect (DiscardChosen): how it resolves and what the AI thinks it is worth.

"[Player] reveals their hand. You choose [N] [filter] card(s) from it. That player
discards that card" (701.8a: the effect's controller, not the discarding player,
chooses).
"""

from __future__ import annotations

from mtgsim.engine.ask import Asker
from mtgsim.engine.cards import DiscardChosen, EffectT
from mtgsim.engine.effect import Estimate, amount_of, effect_rules, hurts
from mtgsim.engine.filters import matches
from mtgsim.engine.refs import players_of
from mtgsim.engine.state import GRAVEYARD, Decision, DecisionKind, GameState, StackItem
from mtgsim.engine.worth import guess_amount, known_lands_in_hand, lands_of, players_for
from mtgsim.engine.zones import log, move, reveal


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
        o = state.objects[oid]
        if state.log is not None:
            log(state, "discard", p, o.card.name)
        move(state, o, GRAVEYARD)


def estimate(ev: Estimate, e: DiscardChosen) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    x = ev.x
    n = guess_amount(state, e.amount, me, source, x)
    for p in players_for(e.who, me, targets, state):
        size = len(state.players[p].hand) + (ev.drawn - ev.in_hand if p == me else 0)
        have = min(n, max(0, size))
        if p != me:
            ev.total += 2.5 * have
            continue
        spare = 0
        if lands_of(state, me) >= 5:  # extra lands are cheap to discard
            spare = known_lands_in_hand(state, me)
        cheap = min(have, spare)
        ev.total -= 0.8 * cheap + 2.5 * (have - cheap)


RULES = effect_rules(
    DiscardChosen, resolve=resolve, estimate=estimate, sign=hurts("who"))
