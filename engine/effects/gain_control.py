"""The ``gain_control`` effect (GainControl): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import perm_value
from mtgsim.engine.players.worth_effects import objs_for
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, hurts
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import BATTLEFIELD, NONE, ContinuousEffect, GameState, StackItem


class GainControl(Effect, tag="gain_control", frozen=True):
    what: str = "t0"
    until_end_of_turn: bool = False
    # "for as long as [this source] remains on the battlefield" (611.2b)
    while_source_on_battlefield: bool = False


def resolve(state: GameState, item: StackItem, eff: GainControl, asker: Asker,
            queue: list[EffectT]) -> None:
    until_leaves = NONE
    if eff.while_source_on_battlefield:
        # 611.2b: if the source already left the battlefield, the effect does nothing.
        src_obj = state.objects.get(item.source)
        if src_obj is None or src_obj.zone != BATTLEFIELD:
            return
        until_leaves = src_obj.oid
    for o in permanents(state, refs_of(state, item, eff.what)):
        state.clock += 1
        state.effects.append(ContinuousEffect(
            o.oid, state.clock, control=item.controller, until_eot=eff.until_end_of_turn,
            until_leaves=until_leaves))
        if o.controller != item.controller:
            o.sick = True
        characteristics_changed(state)


def estimate(ev: Estimate, e: GainControl) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    for o in objs_for(e.what, targets, state, source):
        if o.controller != me:
            v = perm_value(state, o, me)
            ev.total += (0.3 if e.until_end_of_turn else 2.0) * v


RULES = effect_rules(
    GainControl, role=Role.STEAL, resolve=resolve, estimate=estimate, sign=hurts("what"))
