"""The ``sacrifice`` effect (Sacrifice): its data, how it resolves and what the AI thinks it is worth.

``who`` sacrifices ``amount`` permanents matching ``filter`` of their choice;
``greatest_power``: one with the greatest power among those (Extract a Confession's
"a creature with the greatest power among creatures they control": the player chooses
among the tied ones).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.players.worth import perm_value
from mtgsim.engine.players.worth_effects import each_of, objs_for, players_for, sign_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, Role, amount_of, effect_rules, refers
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.refs import permanents, players_of, refs_of
from mtgsim.engine.rules.zones import simultaneously
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import Sacrificing
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    GRAVEYARD,
    Decision,
    DecisionKind,
    GameState,
    StackItem,
)

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_SACRIFICE = DecisionKind.SACRIFICE


class Sacrifice(Effect, tag="sacrifice", frozen=True):
    """``who`` sacrifices ``amount`` permanents matching ``filter`` of their choice."""

    who: str = "you"
    filter: Filter = Filter()
    amount: Amount = 1
    what: str | None = None  # a specific object ("self") instead of a choice
    greatest_power: bool = False  # only those of the greatest power among them


def resolve(state: GameState, item: StackItem, eff: Sacrifice, asker: Asker,
            queue: list[EffectT]) -> None:
    sacrifice(state, item, eff, asker)


def sacrifice(state: GameState, item: StackItem, eff: Sacrifice, asker: Asker) -> None:
    """701.17: each player chooses (in turn order, 101.4) before anything is sacrificed,
    then all the chosen permanents are sacrificed at once, one event (603.10a)."""
    if eff.what is not None:
        mine = [o for o in permanents(state, refs_of(state, item, eff.what))
                if o.controller == item.controller]
        plans = rep.plan_leaving(state, mine, GRAVEYARD, asker)  # 616.1, first
        with simultaneously(state):
            for o in mine:
                rep.sacrifice(state, o, plan=plans.get(o.oid))
        return
    n = amount_of(state, item, eff.amount)
    chosen: list[int] = []
    for p in players_of(state, item, eff.who):
        options = [oid for oid in state.battlefield
                   if state.objects[oid].controller == p
                   and matches(state, eff.filter, state.objects[oid], p, item.source)]
        if eff.greatest_power:
            options = _greatest_power(state, options)
        k = min(n, len(options))
        if k == 0:
            continue
        picks = asker.choose_many(Decision(
            _KIND_SACRIFICE, p, f"sacrifice {k}", options=options, multi=True,
            min_count=k, max_count=k, source=item.source, about=Sacrificing()))
        chosen.extend(options[i] for i in picks)
    # 616.1: each sacrificed permanent's controller chooses among its replacement effects
    # before anything is sacrificed
    plans = rep.plan_leaving(state, [state.objects[oid] for oid in chosen], GRAVEYARD, asker)
    with simultaneously(state):
        for oid in chosen:
            victim = state.objects.get(oid)
            if victim is not None and victim.zone == BATTLEFIELD:
                rep.sacrifice(state, victim, plan=plans.get(oid))


def _greatest_power(state: GameState, options: list[int]) -> list[int]:
    """Those of ``options`` whose power is the greatest among them (as it is now)."""
    if not options:
        return options
    objects = state.objects
    top = max(objects[oid].power for oid in options)
    return [oid for oid in options if objects[oid].power == top]


def estimate(ev: Estimate, e: Sacrifice) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    opp = 1 - ev.me
    if e.what is not None:
        for o in objs_for(e.what, targets, state, source):
            ev.total -= sign_for(o, me) * perm_value(state, o, me)
        return
    for p in players_for(e.who, me, targets, state):
        pool = [o for o in each_of(state, e.filter, p, source) if o.controller == p]
        if pool and e.greatest_power:  # the player's least loss among the strongest
            top = max(o.power for o in pool)
            pool = [o for o in pool if o.power == top]
        if pool:
            worst = min(perm_value(state, o, p) for o in pool)
            ev.total += worst if p == opp else -worst


def sign(e: Sacrifice, ref: str) -> int:
    return -1 if (e.what is not None and refers(e.what, ref)) or refers(e.who, ref) \
        else 0


RULES = effect_rules(
    Sacrifice, role=Role.SACRIFICE, resolve=resolve, estimate=estimate, sign=sign)
