"""The ``exile_if_dies`` effect (ExileIfDies): its data, how it resolves and what the AI thinks it is worth.

"If that creature would die this turn, exile it instead." (Suplex): a replacement effect
(614.1a) created as the spell resolves, lasting until the end of the turn (514.2), on the
creature ``what`` names: if it would be put into a graveyard from the battlefield (dies,
700.4) while it is a creature, it is exiled instead. Registered as a kind of replacement
of leaving the battlefield (``engine.rules.replacement.zone_rule``), which the affected
creature's controller orders with any others (616.1). The creature leaving the
battlefield (a new object, 400.7) ends it.
"""

from __future__ import annotations

from mtgsim.engine.cards import T_CREATURE, Effect, EffectT
from mtgsim.engine.players.worth_effects import objs_for, sign_for
from mtgsim.engine.rules.effect import Estimate, effect_rules, hurts
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.replacement import ZoneChange, ZoneRule, zone_rule
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    ContinuousEffect,
    GameState,
    StackItem,
)


class ExileIfDies(Effect, tag="exile_if_dies", frozen=True):
    """Until end of turn, ``what`` is exiled instead of dying."""

    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: ExileIfDies, asker: Asker,
            queue: list[EffectT]) -> None:
    for r in refs_of(state, item, eff.what):
        obj = state.objects.get(r)
        if obj is None or r < 2 or obj.zone != BATTLEFIELD:
            continue
        exile_if_dies(state, obj.oid)


def exile_if_dies(state: GameState, oid: int) -> None:
    """Until end of turn, the permanent ``oid`` is exiled instead of dying (also what
    ``damage``'s ``exile_if_dies`` does to each creature it dealt damage)."""
    state.clock += 1
    state.effects.append(ContinuousEffect(oid, state.clock, exile_if_dies=True))


def _dying(state: GameState, event: ZoneChange) -> list[int]:
    """The creature this turn's effect names, going from the battlefield to a graveyard."""
    obj = event.obj
    if event.zone != GRAVEYARD or not (obj.card.type_mask | obj.extra_types) & T_CREATURE:
        return []
    for e in state.effects:
        if e.exile_if_dies and e.target == obj.oid:
            return [obj.oid]
    return []


def _to_exile(event: ZoneChange) -> None:
    event.zone = EXILE


def estimate(ev: Estimate, e: ExileIfDies) -> None:
    """A creature that can't come back from the graveyard: a little against the
    opponent's, a little loss for mine."""
    for o in objs_for(e.what, ev.targets, ev.state, ev.source):
        ev.total -= 0.3 * sign_for(o, ev.me)


EXILE_IF_DIES = zone_rule(ZoneRule("exile instead of dying", _dying, ends=False,
                                   modify=_to_exile))
RULES = effect_rules(ExileIfDies, resolve=resolve, estimate=estimate, sign=hurts("what"))
