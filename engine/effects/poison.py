"""The ``poison`` effect (Poison): its data, how it resolves and what the AI thinks it is
worth.

"Each opponent gets a poison counter." (Prologue to Phyresis, Infectious Inquiry): the
player gets poison counters (122.1f) without any damage being dealt; a player with ten
or more loses the game the next time state-based actions are checked (704.5c). The
counters are logged as a ``poison`` event (infect's, from damage, as ``infect``:
``engine.keywords.infect``).
"""

from __future__ import annotations

from mtgsim.engine.cards import Amount, Effect, EffectT
from mtgsim.engine.players.worth import guess_amount
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules.effect import Estimate, amount_of, effect_rules, hurts
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import life_changed
from mtgsim.engine.state.game_state import GameState, StackItem
from mtgsim.engine.state.log import log


class Poison(Effect, tag="poison", frozen=True):
    """``who`` gets ``amount`` poison counters (122.1f)."""

    amount: Amount = 1
    who: str = "each_opponent"


def resolve(state: GameState, item: StackItem, eff: Poison, asker: Asker,
            queue: list[EffectT]) -> None:
    n = amount_of(state, item, eff.amount)
    if n <= 0:
        return
    for p in players_of(state, item, eff.who):
        state.players[p].poison += n
        life_changed(state)  # a state-based check is due (704.5c)
        if state.log is not None:
            log(state, "poison", p, item.card.name, amount=n)


def poison_value(state: GameState, player: int, amount: int) -> float:
    """What ``amount`` poison counters given to ``player`` are worth to their opponent:
    the game when they reach ten (704.5c), else two life's worth each (ten counters
    against twenty life, at ``life_value``'s 0.6 a point), more when few are left."""
    left = 10 - state.players[player].poison
    if amount >= left:
        return 100.0
    v = 1.2 * amount
    if left - amount <= 3:
        v += 0.8 * amount
    return v


def estimate(ev: Estimate, e: Poison) -> None:
    state = ev.state
    n = guess_amount(state, e.amount, ev.me, ev.source, ev.x)
    opp = 1 - ev.me
    for p in players_for(e.who, ev.me, ev.targets, state):
        ev.total += poison_value(state, p, n) * (1 if p == opp else -1.2)


RULES = effect_rules(Poison, resolve=resolve, estimate=estimate, sign=hurts("who"))
