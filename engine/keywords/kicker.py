"""Kicker (702.33): "You may pay an additional [cost] as you cast this spell"; "if this
spell was kicked" (702.33d) is the condition ``Kicked``.

This module registers the additional cost ``KICKER`` in ``engine.rules.spell_costs``, which
``engine.rules.casting`` asks after replicate (601.2b: offered only when the total cost with it
can be paid; the spell's ``kicked`` flag records that it was paid), and checks the
condition, for the spell on the stack or the permanent it became (its stack item while
it resolves).
"""

from __future__ import annotations

from mtgsim.engine.cards import Kicked
from mtgsim.engine.rules.conditions import condition_rule
from mtgsim.engine.rules.mana import parse_cost
from mtgsim.engine.rules.payment import total_cost
from mtgsim.engine.rules.spell_costs import AdditionalCost, SpellPlan, additional_cost, plan_fits
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import ForSpell
from mtgsim.engine.state.game_state import Decision, DecisionKind, GameObject, GameState, StackItem

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_MAY = DecisionKind.MAY


def _stack_item_of(state: GameState, obj: GameObject) -> StackItem | None:
    for it in state.stack:
        if it.sid == obj.oid:
            return it
    return None


@condition_rule(Kicked)
def kicked(state: GameState, cond: Kicked, controller: int, source: GameObject,
           subject: GameObject | None) -> bool:
    """702.33d: the spell was kicked; a permanent was kicked if the spell it was was
    ("When this creature enters, if it was kicked", an intervening "if", 603.4)."""
    it = _stack_item_of(state, source)
    if it is not None:
        return it.kicked
    return "kicker" in source.cast_paid


def may_kick(state: GameState, obj: GameObject) -> bool:
    return "kicker" in obj.card.keyword_names


def ask_kicker(state: GameState, asker: Asker, player: int, obj: GameObject, plan: SpellPlan,
               units: list[int]) -> None:
    """702.33a: "You may pay an additional [cost] as you cast this spell", asked only when
    the total cost with it can be paid (601.2b, 601.2f-h)."""
    for inst in obj.card.instances("kicker"):
        kcost = parse_cost(inst.cost)
        symbols, generic = total_cost([*plan.mana, kcost], plan.x)
        if plan_fits(state, player, plan, symbols, generic, units) and asker.choose(Decision(
                _KIND_MAY, player, f"pay kicker {inst.cost}?", options=[1, 0],
                source=obj.oid, about=ForSpell(obj.card, inst.cost))) == 0:
            plan.kicked = True
            plan.mana.append(kcost)


KICKER = additional_cost(AdditionalCost("kicker", order=2, may=may_kick, ask=ask_kicker))
