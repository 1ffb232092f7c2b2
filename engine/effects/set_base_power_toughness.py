"""The ``set_base_power_toughness`` effect (SetBasePowerToughness): its data, how it resolves and what the AI thinks it is worth.

"Each [filter] has base power and toughness P/T until end of turn" (layer 7b,
613.4b); the affected set is fixed as the effect happens (611.2c).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.players.worth import is_creature, value
from mtgsim.engine.players.worth_effects import each_of, sign_for
from mtgsim.engine.rules.effect import Estimate, each_matching, effect_rules, unaffected
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import ContinuousEffect, GameState, StackItem


class SetBasePowerToughness(Effect, tag="set_base_power_toughness", frozen=True):
    """"Each [filter] has base power and toughness P/T until end of turn" (layer 7b,
    613.4b); the affected set is fixed as the effect happens (611.2c)."""

    each: Filter = Filter(types=("creature",))
    power: int = 1
    toughness: int = 1
    until_end_of_turn: bool = True


def resolve(state: GameState, item: StackItem, eff: SetBasePowerToughness, asker: Asker,
            queue: list[EffectT]) -> None:
    """Layer 7b for each object matching now (611.2c: later arrivals are unaffected)."""
    for o in each_matching(state, item, eff.each):
        state.clock += 1
        state.effects.append(ContinuousEffect(
            o.oid, state.clock, until_eot=eff.until_end_of_turn,
            set_base=(eff.power, eff.toughness)))
    characteristics_changed(state)


def estimate(ev: Estimate, e: SetBasePowerToughness) -> None:
    state = ev.state
    me = ev.me
    source = ev.source
    for o in each_of(state, e.each, me, source):
        if is_creature(o):
            ev.total -= sign_for(o, me) * 0.3 * max(0, value(o) - 2.5)


RULES = effect_rules(
    SetBasePowerToughness, resolve=resolve, estimate=estimate, sign=unaffected)
