"""The ``counter`` effect (CounterSpell): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.players.worth_effects import spell_threat
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, hurts, refers, yes_no
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.payment import pay_cost
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.spell_costs import exiled_from_stack
from mtgsim.engine.rules.zones import forget_object, log, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayPay
from mtgsim.engine.state.game_state import EXILE, GRAVEYARD, GameState, StackItem

if TYPE_CHECKING:  # it uses this module; its class is named here only as a type
    from mtgsim.engine.effects.counter_unless_discard_hand import CounterUnlessDiscardHand


class CounterSpell(Effect, tag="counter", frozen=True):
    what: str = "t0"
    unless_pay: str | None = None  # "{3}": the spell's controller may pay to prevent it


def resolve(state: GameState, item: StackItem, eff: CounterSpell, asker: Asker,
            queue: list[EffectT]) -> None:
    counter(state, item, eff, asker)


def counter(state: GameState, item: StackItem, eff: CounterSpell, asker: Asker) -> None:
    for r in refs_of(state, item, eff.what):
        target = next((i for i in state.stack if i.sid == r), None)
        if target is None or cant_be_countered(target):
            continue
        if eff.unless_pay is not None:
            cost = mana_mod.parse_cost(eff.unless_pay)
            units, _ = mana_units(state, target.controller)
            if mana_mod.can_pay(cost.symbols, cost.generic, units):
                if yes_no(asker, target.controller, f"pay {eff.unless_pay}?", item.source,
                          MayPay(eff.unless_pay, "unless", target.card)):
                    pay_cost(state, target.controller, cost, 0)
                    continue
        counter_item(state, target)


def cant_be_countered(target: StackItem) -> bool:
    """"This spell can't be countered" (a static ability that works on the stack)."""
    return target.is_spell and target.card.cant_be_countered


def counter_item(state: GameState, target: StackItem) -> None:
    """Counter a spell or ability (701.5): off the stack, a spell card to the graveyard."""
    if cant_be_countered(target):
        return
    state.stack.remove(target)
    if state.log is not None:
        log(state, "countered", target.controller, target.card.name)
    if target.is_spell and not target.is_copy:
        obj = state.objects.get(target.sid)
        if obj is not None:
            move(state, obj, EXILE if target.alt and exiled_from_stack(target.alt) else GRAVEYARD)
    elif target.is_spell:
        forget_object(state, target.sid)  # a copy of a spell ceases to exist (707.10a)


def estimate(ev: Estimate, e: CounterSpell | CounterUnlessDiscardHand) -> None:
    """The threat of each targeted spell, a gain when it is the other player's (also the
    estimate of counter_unless_discard_hand)."""
    state = ev.state
    me = ev.me
    targets = ev.targets
    for i, t in enumerate(targets):
        if refers(e.what, f"t{i}"):
            item = next((s for s in state.stack if s.sid == t), None)
            if item is not None:
                th = spell_threat(state, item.controller, item, ev.price)
                ev.total += th if item.controller != me else -th


def avoidable(state: GameState, e: CounterSpell, controller: int) -> bool:
    """"Unless its controller pays {N}": the AI expects them to pay when they can."""
    if not e.unless_pay:
        return False
    pay = mana_mod.parse_cost(e.unless_pay)
    return mana_mod.can_pay(pay.symbols, pay.generic, mana_units(state, controller)[0])


RULES = effect_rules(
    CounterSpell, role=Role.COUNTER, resolve=resolve, estimate=estimate, sign=hurts("what"),
    avoidable=avoidable)
