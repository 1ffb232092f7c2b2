"""The ``draw`` effect (Draw): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import guess_amount
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, Role, amount_of, effect_rules, helps
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class Draw(Effect, tag="draw", frozen=True):
    amount: Amount = 1
    who: str = "you"


def resolve(state: GameState, item: StackItem, eff: Draw, asker: Asker,
            queue: list[EffectT]) -> None:
    n = amount_of(state, item, eff.amount)
    players = players_of(state, item, eff.who)
    if n == 1 and len(players) == 1:
        rep.draw(state, players[0], asker)
    elif n > 0:
        # Each draw may be replaced (dredge) with its own question: one at a time.
        queue[0:0] = [Draw(1, str(p)) for p in players for _ in range(n)]


def estimate(ev: Estimate, e: Draw) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    x = ev.x
    n = guess_amount(state, e.amount, me, source, x)
    for p in players_for(e.who, me, targets, state):
        lib = len(state.players[p].library)
        if lib < n:
            ev.total += -100.0 if p == me else 100.0
        else:
            ev.total += (2.8 if p == me else -2.0) * n
            if p == me:
                ev.drawn += n


RULES = effect_rules(
    Draw, role=Role.DRAW, resolve=resolve, estimate=estimate, sign=helps("who"))
