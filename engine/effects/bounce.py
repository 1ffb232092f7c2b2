"""The ``bounce`` effect (Bounce): its data, how it resolves and what the AI thinks it is worth.

Return a permanent to its owner's hand.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import removal_worth
from mtgsim.engine.players.worth_effects import objs_for, sign_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, effect_rules, hurts
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import simultaneously
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import HAND, GameState, StackItem


class Bounce(Effect, tag="bounce", frozen=True):
    """Return a permanent to its owner's hand."""

    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: Bounce, asker: Asker,
            queue: list[EffectT]) -> None:
    objs = permanents(state, refs_of(state, item, eff.what))
    plans = rep.plan_leaving(state, objs, HAND, asker)  # 616.1, before anything moves
    with simultaneously(state):
        for o in objs:
            rep.leave_battlefield(state, o, HAND, plan=plans.get(o.oid))


def estimate(ev: Estimate, e: Bounce) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    for o in objs_for(e.what, targets, state, source):
        v = removal_worth(state, o, me, ev.price)
        ev.total -= sign_for(o, me) * (v if o.token else 0.35 * v + 1.0)


RULES = effect_rules(
    Bounce, resolve=resolve, estimate=estimate, sign=hurts("what"))
