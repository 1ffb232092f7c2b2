"""Whether an optional additional cost was paid for a spell or the permanent it became:
"If this spell was bargained" (702.166b), "if it was bargained" (702.166c), "If evidence
was collected" (701.59a, collect evidence paid as an additional cost, 601.2b).

The costs themselves are the keyword modules' (``engine.keywords.bargain``,
``engine.keywords.collect_evidence``), registered as additional costs in
``engine.rules.spell_costs``; each one paid is named in ``SpellPlan.paid``, which the spell
keeps (``StackItem.paid``; a copy copies it, 707.10) and the permanent it becomes
remembers (``GameObject.cast_paid``, set as it enters, 608.3). A spell's condition is read
from its stack item while it is on the stack (it resolves there, 608.2); a permanent's
from what it remembers (its intervening "if", 603.4).
"""

from __future__ import annotations

from mtgsim.engine.cards import OptionalCostPaid
from mtgsim.engine.rules.conditions import condition_rule
from mtgsim.engine.state.game_state import STACK, GameObject, GameState


def paid_for(state: GameState, source: GameObject) -> tuple[str, ...]:
    """The optional additional costs paid for ``source``: its stack item's while it is a
    spell, else what the permanent remembers ("kicker" included for a kicked one)."""
    if source.zone == STACK:
        for it in state.stack:
            if it.sid == source.oid and it.is_spell:
                return (*it.paid, "kicker") if it.kicked else it.paid
        return ()
    return source.cast_paid


@condition_rule(OptionalCostPaid)
def optional_cost_paid(state: GameState, cond: OptionalCostPaid, controller: int,
                       source: GameObject, subject: GameObject | None) -> bool:
    return cond.keyword in paid_for(state, source)
