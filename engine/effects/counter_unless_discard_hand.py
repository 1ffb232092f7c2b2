"""The ``counter_unless_discard_hand`` effect (CounterUnlessDiscardHand): its data, how it resolves and what the AI thinks it is worth.

"Counter [target spell] unless its controller discards their hand" (701.5a,
701.8a; a player may discard a hand of no cards).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.effects.counter import cant_be_countered, counter_item, estimate
from mtgsim.engine.rules.effect import Role, effect_rules, hurts, yes_no
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import log, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayDiscardHand
from mtgsim.engine.state.game_state import GRAVEYARD, GameState, StackItem


class CounterUnlessDiscardHand(Effect, tag="counter_unless_discard_hand", frozen=True):
    """"Counter [target spell] unless its controller discards their hand" (701.5a,
    701.8a; a player may discard a hand of no cards)."""

    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: CounterUnlessDiscardHand, asker: Asker,
            queue: list[EffectT]) -> None:
    for r in refs_of(state, item, eff.what):
        target = next((i for i in state.stack if i.sid == r), None)
        if target is None or cant_be_countered(target):
            continue
        p = target.controller
        if yes_no(asker, p, f"discard your hand so that {target.card.name} is not countered?",
                  item.source, MayDiscardHand(target.sid)):
            for oid in list(state.players[p].hand):
                o = state.objects[oid]
                if state.log is not None:
                    log(state, "discard", p, o.card.name)
                move(state, o, GRAVEYARD)
            continue
        counter_item(state, target)


def avoidable(state: GameState, e: CounterUnlessDiscardHand, controller: int) -> bool:
    """A hand of one card or none is no price: the AI expects it discarded."""
    return len(state.players[controller].hand) <= 1


RULES = effect_rules(
    CounterUnlessDiscardHand, role=Role.COUNTER, resolve=resolve, estimate=estimate,
    sign=hurts("what"), avoidable=avoidable)
