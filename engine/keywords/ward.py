"""Ward (702.21).

702.21a "Ward [cost]" means "Whenever this permanent becomes the target of a spell or
ability an opponent controls, counter that spell or ability unless that player pays
[cost]." The trigger (``becomes_target``, engine/rules/triggers.became_target) is about the
spell or ability ("it" = its stack id). A spell that can't be countered stays.
702.21b Multiple instances trigger separately (each compiles to its own ability).
A cost may be life ("Ward—Pay 2 life", Dwarven Forge-Chanter): paid by losing that
much life, which a player can do only with at least that much life (119.4).
"""

from __future__ import annotations

import re
from typing import Any

from mtgsim.engine.cards import (
    AbilityT,
    Effect,
    KeywordInstance,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.counter import counter_item
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import effect_rules, unaffected, yes_no
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayPay
from mtgsim.engine.state.game_state import GameState, StackItem
from mtgsim.engine.state.stats import count


class WardCounter(Effect, tag="ward_counter", frozen=True):
    """Ward (702.21a): counter the spell or ability that targeted this ("it") unless its
    controller pays ``cost``."""

    cost: str = ""


_LIFE = re.compile(r"^[Pp]ay (?P<n>\d+) life$")


def ward_life(cost: str) -> int:
    """The life of a ward cost "Pay N life" (702.21a: any cost; 119.4), else 0 (mana)."""
    m = _LIFE.match(cost)
    return int(m.group("n")) if m else 0


@compiles("ward")
def compile_ward(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="becomes_target", keyword="ward",
                      effects=(WardCounter(cost=inst.cost),))]


def ward_counter(state: GameState, item: StackItem, eff: Any, asker: Asker,
                 queue: list[Any]) -> None:
    from mtgsim.engine.rules.mana_units import mana_units
    from mtgsim.engine.rules.payment import pay_cost

    target = next((i for i in state.stack if i.sid == item.subject), None)
    if target is None:
        return
    life = ward_life(eff.cost)
    if life:  # "Ward—Pay 2 life": payable with that much life or more (119.4)
        who = target.controller
        if state.players[who].life >= life and yes_no(
                asker, who, f"pay {life} life for ward?", item.source,
                MayPay(eff.cost, "ward", target.card)):
            rep.lose_life(state, who, life)
            return
        if target in state.stack:
            counter_item(state, target)
            count(state, item.controller, "ward_counters")
        return
    cost = mana_mod.parse_cost(eff.cost)
    units, _ = mana_units(state, target.controller)
    if mana_mod.can_pay(cost.symbols, cost.generic, units) and yes_no(
            asker, target.controller, f"pay {eff.cost} for ward?", item.source,
            MayPay(eff.cost, "ward", target.card)):
        pay_cost(state, target.controller, cost, 0)
        return
    if target in state.stack:
        counter_item(state, target)
        count(state, item.controller, "ward_counters")


effect_rules(WardCounter, resolve=ward_counter, estimate=None, sign=unaffected,
             why_not_valued="not estimated: ward's trigger is the opponent's cost of targeting, not an effect anyone chooses to cast")
