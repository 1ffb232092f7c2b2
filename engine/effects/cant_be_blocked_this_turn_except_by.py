"""The ``cant_be_blocked_this_turn_except_by`` effect (CantBeBlockedExceptBy): its data, how it
resolves and what the AI thinks it is worth.

"~ can't be blocked this turn except by creatures with haste" (Gingerbrute): until end of
turn (611.2a) a restriction on blocking (509.1b): a creature may block the affected one
only if it matches ``filter`` as blockers are declared. Kept as a continuous effect on
the creature (``ContinuousEffect.blockable_only_by``), which ends at cleanup (514.2) or
when the creature leaves the battlefield (400.7), and read by the blocking rules through
``engine.rules.combat.BLOCK_RESTRICTIONS``. Each activation adds one; they say the same.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT, Filter
from mtgsim.engine.players.worth import is_creature
from mtgsim.engine.rules.combat import BLOCK_RESTRICTIONS
from mtgsim.engine.rules.effect import Estimate, effect_rules, helps
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import (
    BEGIN_COMBAT,
    ContinuousEffect,
    GameObject,
    GameState,
    StackItem,
)


class CantBeBlockedExceptBy(Effect, tag="cant_be_blocked_this_turn_except_by", frozen=True):
    """"[It] can't be blocked this turn except by [creatures matching ``filter``]"."""

    filter: Filter
    what: str = "self"


def resolve(state: GameState, item: StackItem, eff: CantBeBlockedExceptBy, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        state.clock += 1
        state.effects.append(ContinuousEffect(o.oid, state.clock,
                                              blockable_only_by=eff.filter))
        if state.log is not None:
            log(state, "evasion", item.controller, o.card.name, "this turn")


def blockable_by(state: GameState, blocker: GameObject, attacker: GameObject) -> bool:
    """509.1b: False if an effect on the attacker lets only other creatures block it."""
    for e in state.effects:
        f = e.blockable_only_by
        if f is not None and e.target == attacker.oid and \
                not matches(state, f, blocker, attacker.controller, attacker.oid):
            return False
    return True


BLOCK_RESTRICTIONS.append(blockable_by)


def estimate(ev: Estimate, e: CantBeBlockedExceptBy) -> None:
    """Worth something only before its controller's combat, for a creature not already
    made so this turn: about what a blocker would have taken off its attack (a third of
    its power, as an evasive creature's ``card_creature_value`` counts half of it)."""
    state = ev.state
    if state.active != ev.me or state.step > BEGIN_COMBAT:
        return
    o = state.objects.get(ev.source)
    if o is None or not is_creature(o) or o.controller != ev.me:
        return
    if any(x.target == o.oid and x.blockable_only_by is not None for x in state.effects):
        return
    ev.total += 0.3 * max(0, o.power)


RULES = effect_rules(
    CantBeBlockedExceptBy, resolve=resolve, estimate=estimate, sign=helps("what"))
