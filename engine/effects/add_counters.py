"""The ``add_counters`` effect (AddCounters): its data, how it resolves and what the AI thinks it is worth.

Counters (122): +1/+1 and -1/-1 counters change power and toughness (layer 7c, 613.4c),
keyword counters give their keyword (122.1b, ``engine.rules.keyword_counters``).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.players.worth import guess_amount, is_creature, value
from mtgsim.engine.players.worth_effects import each_or_named_of, sign_for
from mtgsim.engine.rules.effect import (
    Estimate,
    Role,
    amount_of,
    each_or_named,
    effect_rules,
    refers,
)
from mtgsim.engine.rules.keyword_counters import KEYWORD_COUNTERS
from mtgsim.engine.rules.sagas import LORE, put_lore
from mtgsim.engine.rules.stun import STUN
from mtgsim.engine.rules.triggers import abilities_of, queue_trigger
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
    targets = each_or_named(state, item, eff.each, eff.what)
    for o in targets:
        add_counters(state, o, eff.counter, n)


def add_counters(state: GameState, obj: GameObject, counter: str, n: int) -> None:
    if n <= 0:
        return
    if counter == "level":
        count(state, obj.controller, "levels_gained", n)
    if counter == LORE:  # a Saga's chapter abilities trigger (714.2b)
        put_lore(state, obj, n)
        return
    obj.counters[counter] = obj.counters.get(counter, 0) + n
    characteristics_changed(state)
    if counter == "+1/+1" and (obj.card.triggered or obj.granted or state.effects):
        # "Whenever one or more +1/+1 counters are put on this creature": one event per
        # instruction however many (122.6: entering with them counts too)
        for ab in abilities_of(state, obj):
            if ab.when == "plus_one_counters_put":
                queue_trigger(state, obj, ab, obj.oid, obj)
    if state.log is not None:
        log(state, "counters", obj.controller, obj.card.name, counter, n)


def estimate(ev: Estimate, e: AddCounters) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    x = ev.x
    n = guess_amount(state, e.amount, me, source, x)
    objs = each_or_named_of(state, e.each, e.what, me, targets, source)
    for o in objs:
        if e.counter == "-1/-1":
            if is_creature(o) and o.toughness - o.damage <= n:
                ev.total -= sign_for(o, me) * value(o)
            else:
                ev.total -= sign_for(o, me) * 1.8 * n
        elif e.counter == "+1/+1":
            ev.total += sign_for(o, me) * 2.3 * n
        elif e.counter == STUN:
            # a stun counter (122.1d) keeps it tapped through its next untap: against a
            # tapped creature, a turn it neither attacks nor blocks, a third of its worth
            # a counter; 0.5 against another permanent, whose next untap it delays
            if is_creature(o) and o.tapped:
                ev.total -= sign_for(o, me) * (0.5 + 0.35 * value(o)) * n
            else:
                ev.total -= sign_for(o, me) * 0.5 * n
        elif e.counter in KEYWORD_COUNTERS:
            # a keyword it lacks, worth about what a +1/+0 is to a creature; one it has
            # (printed or from another counter) adds nothing (122.1b)
            if not o.kw & KEYWORD_COUNTERS[e.counter]:
                ev.total += sign_for(o, me) * (1.2 if is_creature(o) else 0.2)
        else:
            ev.total += sign_for(o, me) * 0.5 * n


def sign(e: AddCounters, ref: str) -> int:
    if e.each is not None or not refers(e.what, ref):
        return 0
    return -1 if e.counter == "-1/-1" or e.counter == STUN else 1


RULES = effect_rules(
    AddCounters, role=Role.COUNTERS, resolve=resolve, estimate=estimate, sign=sign)
