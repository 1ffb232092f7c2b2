"""The ``add_counters`` effect (AddCounters): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.players.worth import guess_amount, is_creature, value
from mtgsim.engine.players.worth_effects import each_of, objs_for, sign_for
from mtgsim.engine.rules.effect import (
    Estimate,
    Role,
    amount_of,
    each_matching,
    effect_rules,
    refers,
)
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import GameObject, GameState, StackItem
from mtgsim.engine.state.stats import count


class AddCounters(Effect, tag="add_counters", frozen=True):
    what: str = "t0"
    counter: str = "+1/+1"
    amount: Amount = 1
    each: Filter | None = None  # on each permanent matching (and `what` is ignored)


def resolve(state: GameState, item: StackItem, eff: AddCounters, asker: Asker,
            queue: list[EffectT]) -> None:
    n = amount_of(state, item, eff.amount)
    targets = each_matching(state, item, eff.each) if eff.each is not None else \
        permanents(state, refs_of(state, item, eff.what))
    for o in targets:
        add_counters(state, o, eff.counter, n)


def add_counters(state: GameState, obj: GameObject, counter: str, n: int) -> None:
    if n <= 0:
        return
    if counter == "level":
        count(state, obj.controller, "levels_gained", n)
    obj.counters[counter] = obj.counters.get(counter, 0) + n
    characteristics_changed(state)
    if state.log is not None:
        log(state, "counters", obj.controller, obj.card.name, counter, n)


def estimate(ev: Estimate, e: AddCounters) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    x = ev.x
    n = guess_amount(state, e.amount, me, source, x)
    objs = each_of(state, e.each, me, source) if e.each is not None else \
        objs_for(e.what, targets, state, source)
    for o in objs:
        if e.counter == "-1/-1":
            if is_creature(o) and o.toughness - o.damage <= n:
                ev.total -= sign_for(o, me) * value(o)
            else:
                ev.total -= sign_for(o, me) * 1.8 * n
        elif e.counter == "+1/+1":
            ev.total += sign_for(o, me) * 2.3 * n
        else:
            ev.total += sign_for(o, me) * 0.5 * n


def sign(e: AddCounters, ref: str) -> int:
    if e.each is not None or not refers(e.what, ref):
        return 0
    return -1 if e.counter == "-1/-1" else 1


RULES = effect_rules(
    AddCounters, role=Role.COUNTERS, resolve=resolve, estimate=estimate, sign=sign)
