"""The ``counter_unless_pays_for_each`` effect (CounterUnlessPaysForEach): its data, how
it resolves and what the AI thinks it is worth.

"Counter target spell unless its controller pays {1} for each card in your graveyard"
(Circular Logic; 701.5a): the amount is counted as the spell resolves (608.2h: the
counterspell itself is still on the stack then, not in the graveyard), "your" being the
counterspell's controller. The target spell's controller may pay that much generic mana
(118.3, paid with mana abilities activated then, 118.3a); a cost of {0} may be paid too
(118.5), so with an empty graveyard nothing is countered.
"""

from __future__ import annotations

from mtgsim.engine.cards import Amount, Effect, EffectT
from mtgsim.engine.effects.counter import cant_be_countered, counter_item
from mtgsim.engine.players.worth_effects import spell_threat
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules.amounts import estimate_amount
from mtgsim.engine.rules.effect import (
    Estimate,
    Role,
    amount_of,
    effect_rules,
    hurts,
    refers,
    yes_no,
)
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.payment import pay_cost
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayPay
from mtgsim.engine.state.game_state import NONE, GameState, StackItem


class CounterUnlessPaysForEach(Effect, tag="counter_unless_pays_for_each", frozen=True):
    """"Counter [target spell] unless its controller pays {1} for each [thing]": the
    generic mana to pay is ``amount`` as the spell resolves (608.2h)."""

    amount: Amount
    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: CounterUnlessPaysForEach, asker: Asker,
            queue: list[EffectT]) -> None:
    n = amount_of(state, item, eff.amount)
    for r in refs_of(state, item, eff.what):
        target = next((i for i in state.stack if i.sid == r), None)
        if target is None or cant_be_countered(target):
            continue
        cost = mana_mod.ManaCost(n, ())
        units, _ = mana_units(state, target.controller)
        if mana_mod.can_pay(cost.symbols, cost.generic, units):
            mana = "{" + str(n) + "}"
            if yes_no(asker, target.controller, f"pay {mana}?", item.source,
                      MayPay(mana, "unless", target.card)):
                pay_cost(state, target.controller, cost, 0)
                continue
        counter_item(state, target)


def estimate(ev: Estimate, e: CounterUnlessPaysForEach) -> None:
    """As ``counter``'s: the threat of each targeted spell, a gain when it is the other
    player's (whether they would pay is ``avoidable``'s question)."""
    for i, t in enumerate(ev.targets):
        if refers(e.what, f"t{i}"):
            item = next((s for s in ev.state.stack if s.sid == t), None)
            if item is not None:
                th = spell_threat(ev.state, item.controller, item, ev.price)
                ev.total += th if item.controller != ev.me else -th


def avoidable(state: GameState, e: CounterUnlessPaysForEach, controller: int) -> bool:
    """The AI expects the target's controller to pay when they can, the amount counted
    for the counterspell's caster (the other player) now."""
    n = estimate_amount(state, e.amount, 1 - controller, NONE, 0)
    return mana_mod.can_pay((), n, mana_units(state, controller)[0])


RULES = effect_rules(
    CounterUnlessPaysForEach, role=Role.COUNTER, resolve=resolve, estimate=estimate,
    sign=hurts("what"), avoidable=avoidable)
