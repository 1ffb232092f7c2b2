"""The ``gain_life`` effect (GainLife): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import guess_amount
from mtgsim.engine.players.worth_effects import life_gain_worth, players_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, amount_of, effect_rules, helps
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class GainLife(Effect, tag="gain_life", frozen=True):
    amount: Amount
    who: str = "you"


def resolve(state: GameState, item: StackItem, eff: GainLife, asker: Asker,
            queue: list[EffectT]) -> None:
    n = amount_of(state, item, eff.amount)
    for p in players_of(state, item, eff.who):
        rep.gain_life(state, p, n)


def estimate(ev: Estimate, e: GainLife) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    x = ev.x
    n = guess_amount(state, e.amount, me, source, x)
    for p in players_for(e.who, me, targets, state):
        ev.total += life_gain_worth(state, p, n, me, ev.price)


RULES = effect_rules(
    GainLife, resolve=resolve, estimate=estimate, sign=helps("who"))
