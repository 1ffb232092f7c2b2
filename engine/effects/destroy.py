"""The ``destroy`` effect (Destroy): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_INDESTRUCTIBLE,
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.players.worth import death_triggers_value, removal_worth
from mtgsim.engine.players.worth_effects import each_of, objs_for, sign_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, Role, each_or_named, effect_rules, hurts
from mtgsim.engine.rules.zones import simultaneously
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GRAVEYARD, GameState, StackItem


class Destroy(Effect, tag="destroy", frozen=True):
    what: str = "t0"
    no_regenerate: bool = False
    each: Filter | None = None


def resolve(state: GameState, item: StackItem, eff: Destroy, asker: Asker,
            queue: list[EffectT]) -> None:
    targets = each_or_named(state, item, eff.each, eff.what)
    # Each destruction's replacement effects are chosen first (616.1: asked of each
    # permanent's controller, in APNAP order, before anything moves), then "destroy
    # all ..." is one event (603.10a).
    plans = rep.plan_leaving(state, targets, GRAVEYARD, asker, destroy=True,
                             cant_regenerate=eff.no_regenerate)
    with simultaneously(state):
        for o in targets:
            plan = plans.get(o.oid)
            if plan is not None:
                rep.perform_zone_change(state, plan)


def estimate(ev: Estimate, e: Destroy) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    if e.each is not None:
        for o in each_of(state, e.each, me, source):
            if not o.kw & KW_INDESTRUCTIBLE:
                ev.total += death_triggers_value(state, o, me, ev.price) - \
                    sign_for(o, me) * removal_worth(state, o, me, ev.price)
        return
    for o in objs_for(e.what, targets, state, source):
        if not o.kw & KW_INDESTRUCTIBLE and (e.no_regenerate or not o.regen_shields):
            ev.total += death_triggers_value(state, o, me, ev.price) - \
                sign_for(o, me) * removal_worth(state, o, me, ev.price)


RULES = effect_rules(
    Destroy, role=Role.REMOVAL, resolve=resolve, estimate=estimate, sign=hurts("what"))
