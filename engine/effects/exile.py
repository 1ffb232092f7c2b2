"""The ``exile`` effect (Exile): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import removal_worth
from mtgsim.engine.players.worth_effects import objs_for, sign_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, hurts
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import move, simultaneously
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import BATTLEFIELD, EXILE, STACK, GameState, StackItem


class Exile(Effect, tag="exile", frozen=True):
    """Exile ``what``. Exiled by a triggered ability, the card remembers its source
    (``GameObject.exiled_by``): "the exiled card" of an ability linked to it (607.2a,
    ``engine/effects/return_exiled.py``)."""

    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: Exile, asker: Asker,
            queue: list[EffectT]) -> None:
    refs = refs_of(state, item, eff.what)
    plans = rep.plan_leaving(state, [o for r in refs if (o := state.objects.get(r))],
                             EXILE, asker)  # 616.1, before anything moves
    with simultaneously(state):
        for r in refs:
            found = state.objects.get(r)
            if found is None:
                continue
            if found.zone == BATTLEFIELD:
                new = rep.leave_battlefield(state, found, EXILE, plan=plans.get(found.oid))
            elif found.zone != STACK:
                new = move(state, found, EXILE)
            else:
                continue
            if new is not None and new.zone == EXILE and item.trigger is not None:
                new.exiled_by = item.source  # what a linked ability returns (607.2a)


def estimate(ev: Estimate, e: Exile) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    for o in objs_for(e.what, targets, state, source):
        ev.total -= sign_for(o, me) * (removal_worth(state, o, me, ev.price) + 0.5)


RULES = effect_rules(
    Exile, role=Role.EXILE, resolve=resolve, estimate=estimate, sign=hurts("what"))
