"""The ``unless_you`` effect (UnlessYou): its data, how it resolves and what the AI thinks it
is worth.

"When this creature enters, sacrifice it unless you return an artifact you control to its
owner's hand." (Glint Hawk), "At the beginning of your upkeep, sacrifice this enchantment
unless you pay {U}{U}." (Sunken City): an "unless" cost (118.12): as the effect resolves,
the controller chooses whether to take the action (608.2d); if they don't, or can't (no
matching permanent, too little mana), ``effects`` happen. The action is taken at once:
mana paid by mana abilities (118.3, 605.3a), the permanent returned to its owner's hand
(the choice among several is theirs, ``DecisionKind.RETURN``).
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT, Filter
from mtgsim.engine.effects.return_chosen import ReturnChosen, loss, options_for
from mtgsim.engine.effects.return_chosen import resolve as return_one
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules.effect import Estimate, effect_rules, effects_sign, yes_no
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.payment import pay_cost
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayPay
from mtgsim.engine.state.game_state import GameState, StackItem


class UnlessYou(Effect, tag="unless_you", frozen=True):
    """``effects`` happen unless the controller returns a permanent they control
    matching ``return_filter`` to its owner's hand, or pays the mana ``pay`` (one of the
    two is set)."""

    effects: tuple[EffectT, ...]
    return_filter: Filter | None = None
    pay: str = ""


def resolve(state: GameState, item: StackItem, eff: UnlessYou, asker: Asker,
            queue: list[EffectT]) -> None:
    me = item.controller
    if eff.pay:
        cost = mana_mod.parse_cost(eff.pay)
        units, _ = mana_units(state, me)
        if mana_mod.can_pay(cost.symbols, cost.generic, units) and yes_no(
                asker, me, f"{item.label}: pay {eff.pay}?", item.source,
                MayPay(eff.pay, "unless")):
            pay_cost(state, me, cost, 0)
            return
    elif eff.return_filter is not None:
        back = ReturnChosen(eff.return_filter)
        if options_for(state, back, me, item.source) and yes_no(
                asker, me, f"{item.label}: return a permanent to its owner's hand?",
                item.source, MayPay("return a permanent you control", "unless")):
            return_one(state, item, back, asker, queue)
            return
    queue[0:0] = eff.effects


def estimate(ev: Estimate, e: UnlessYou) -> None:
    """The lesser loss: the action (the cheapest permanent to return, by
    ``return_chosen.loss``; mana at 0.5 a point) or the effects, when the action can be
    taken now; else the effects."""
    if ev.depth >= 3:
        return
    otherwise = ev.nested(e.effects)
    state = ev.state
    if e.pay:
        cost = mana_mod.parse_cost(e.pay)
        units, _ = mana_units(state, ev.me)
        if mana_mod.can_pay(cost.symbols, cost.generic, units):
            ev.total += max(otherwise, -0.5 * cost.mana_value)
            return
    elif e.return_filter is not None:
        pool = options_for(state, ReturnChosen(e.return_filter), ev.me, ev.source)
        if pool:
            cheapest = min(loss(state, state.objects[oid], ev.me, ev.source) for oid in pool)
            ev.total += max(otherwise, -cheapest)
            return
    ev.total += otherwise


def sign(e: UnlessYou, ref: str) -> int:
    return effects_sign(e.effects, ref)


RULES = effect_rules(UnlessYou, resolve=resolve, estimate=estimate, sign=sign)
