"""The ``gain_ability`` effect (GainAbility): its data, how it resolves and what the AI thinks it is worth.

"Until end of turn, [target] gains '[triggered ability]'" (layer 6, 613.1f).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
    Triggered,
)
from mtgsim.engine.players.worth_effects import by_sign
from mtgsim.engine.rules.effect import effect_rules, helps
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import BATTLEFIELD, ContinuousEffect, GameState, StackItem


class GainAbility(Effect, tag="gain_ability", frozen=True):
    """"Until end of turn, [target] gains '[triggered ability]'" (layer 6, 613.1f)."""

    what: str = "t0"
    ability: Triggered | None = None
    until_end_of_turn: bool = True


def resolve(state: GameState, item: StackItem, eff: GainAbility, asker: Asker,
            queue: list[EffectT]) -> None:
    """Layer 6: the permanent has the ability until end of turn (engine.rules.triggers reads
    granted triggered abilities through ``abilities_of``)."""
    if eff.ability is None:
        return
    for r in refs_of(state, item, eff.what):
        obj = state.objects.get(r)
        if obj is None or r < 2 or obj.zone != BATTLEFIELD:
            continue
        state.clock += 1
        state.effects.append(ContinuousEffect(
            obj.oid, state.clock, until_eot=eff.until_end_of_turn, ability=eff.ability))


RULES = effect_rules(
    GainAbility, resolve=resolve, estimate=by_sign, sign=helps("what"))
