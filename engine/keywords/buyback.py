"""Buyback (702.27).

702.27a: buyback is a static ability that functions while the spell with buyback is on
the stack. "Buyback [cost]" means "You may pay an additional [cost] as you cast this
spell" and "If the buyback cost was paid, put this spell into its owner's hand instead
of into that player's graveyard as it resolves."

This module registers the additional cost ``BUYBACK`` in ``engine.rules.spell_costs``
(asked after bargain, 601.2b; offered only when the total cost with it can be paid, as
kicker's is; a paid one is ``"buyback"`` in ``StackItem.paid``) and a hook of
``engine.rules.resolution``: a resolving spell whose buyback cost was paid goes to its
owner's hand. A countered spell does not resolve, so it goes to the graveyard; a copy
(707.10: it copies the choice) is not a card and goes nowhere.
"""

from __future__ import annotations

from mtgsim.engine.rules.mana import parse_cost
from mtgsim.engine.rules.payment import total_cost
from mtgsim.engine.rules.resolution import SPELL_DONE_HOOKS
from mtgsim.engine.rules.spell_costs import AdditionalCost, SpellPlan, additional_cost, plan_fits
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import ForSpell
from mtgsim.engine.state.game_state import (
    HAND,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
    StackItem,
)

_KIND_MAY = DecisionKind.MAY
KEYWORD = "buyback"


def may_buy_back(state: GameState, obj: GameObject) -> bool:
    return KEYWORD in obj.card.keyword_names


def ask_buyback(state: GameState, asker: Asker, player: int, obj: GameObject, plan: SpellPlan,
                units: list[int]) -> None:
    """702.27a: "You may pay an additional [cost]", asked only when the total cost with
    it can be paid (601.2b, 601.2f-h)."""
    for inst in obj.card.instances(KEYWORD):
        cost = parse_cost(inst.cost)
        symbols, generic = total_cost([*plan.mana, cost], plan.x)
        if plan_fits(state, player, plan, symbols, generic, units) and asker.choose(Decision(
                _KIND_MAY, player, f"pay buyback {inst.cost}?", options=[1, 0],
                source=obj.oid, about=ForSpell(obj.card, inst.cost))) == 0:
            plan.mana.append(cost)
            plan.paid.append(KEYWORD)
        return  # a card prints one buyback


def bought_back(state: GameState, item: StackItem, obj: GameObject) -> int | None:
    """702.27a: the resolving spell goes to its owner's hand instead of the graveyard."""
    if KEYWORD in item.paid and not item.is_copy:
        return HAND
    return None


SPELL_DONE_HOOKS.append(bought_back)
BUYBACK = additional_cost(AdditionalCost(KEYWORD, order=5, may=may_buy_back, ask=ask_buyback))
