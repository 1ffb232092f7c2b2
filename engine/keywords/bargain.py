"""Bargain (702.166).

702.166a: bargain is a static ability that functions while the spell with bargain is on
the stack. "Bargain" means "As an additional cost to cast this spell, you may sacrifice
an artifact, enchantment, or token."
702.166b: a spell is "bargained" if its controller declared the intention to pay that
cost (601.2b) — "If this spell was bargained" (Torch the Tower).
702.166c: a permanent is "bargained" if it resolved as a bargained spell — "When this
creature enters, if it was bargained" (Troublemaker Ouphe, an intervening "if", 603.4).

This module registers the additional cost ``BARGAIN`` in ``engine.rules.spell_costs``, asked
after collect evidence (601.2b): offered only when the player controls an artifact,
enchantment or token whose loss leaves the total cost payable (601.2f-h: a Treasure
sacrificed this way makes no mana for it). The permanent is chosen then (a ``cost``
question, ``CostOf("sacrifice")``) and sacrificed as the cost is paid (601.2h,
``SpellPlan.sacrifices``); the spell keeps "bargain" in ``StackItem.paid``, the permanent it
becomes in ``GameObject.cast_paid`` (``engine.rules.optional_costs``).
"""

from __future__ import annotations

import mtgsim.engine.rules.optional_costs  # noqa: F401  (its condition registers)
from mtgsim.engine.cards import T_ARTIFACT, T_ENCHANTMENT
from mtgsim.engine.rules.mana import can_pay
from mtgsim.engine.rules.payment import total_cost, units_without
from mtgsim.engine.rules.spell_costs import AdditionalCost, SpellPlan, additional_cost
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import CostOf, ForSpell
from mtgsim.engine.state.game_state import Decision, DecisionKind, GameObject, GameState

_KIND_MAY = DecisionKind.MAY
_KIND_COST = DecisionKind.COST
KEYWORD = "bargain"


def may_bargain(state: GameState, obj: GameObject) -> bool:
    return KEYWORD in obj.card.keyword_names


def bargain_options(state: GameState, player: int, plan: SpellPlan) -> list[int]:
    """702.166a: the artifacts, enchantments and tokens ``player`` controls that could be
    sacrificed with the spell's total cost still payable (601.2f-h)."""
    objects = state.objects
    symbols, generic = total_cost(plan.mana, plan.x)
    out: list[int] = []
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller != player or oid in plan.sacrifices:
            continue
        if not (o.token or o.card.type_mask & (T_ARTIFACT | T_ENCHANTMENT)):
            continue
        if can_pay(symbols, generic, units_without(state, player, [oid])):
            out.append(oid)
    return out


def ask_bargain(state: GameState, asker: Asker, player: int, obj: GameObject,
                plan: SpellPlan, units: list[int]) -> None:
    """601.2b: whether to bargain, then which permanent (sacrificed at 601.2h)."""
    options = bargain_options(state, player, plan)
    if not options:
        return
    if asker.choose(Decision(
            _KIND_MAY, player, f"bargain {obj.card.name}?", options=[1, 0], source=obj.oid,
            about=ForSpell(obj.card, KEYWORD))) != 0:
        return
    pick = asker.choose(Decision(
        _KIND_COST, player, f"sacrifice to bargain {obj.card.name}", options=options,
        source=obj.oid, about=CostOf("sacrifice", obj.card)))
    plan.sacrifices.append(options[pick])
    plan.paid.append(KEYWORD)


BARGAIN = additional_cost(AdditionalCost(KEYWORD, order=4, may=may_bargain, ask=ask_bargain))
