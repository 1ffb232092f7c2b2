"""The ``delayed_trigger`` effect (DelayedTriggerAbout): its data, how it resolves and what the AI thinks it is worth.

Create a delayed triggered ability (603.7) about an object: "Whenever [target
creature] deals damage this turn, [effects]" (``when`` = "deals_damage"; "that much"
is the damage dealt). It is controlled by the controller of the effect (603.7d).
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards import (
    Effect,
    EffectT,
    Triggered,
)
from mtgsim.engine.players.worth_effects import by_sign
from mtgsim.engine.rules.effect import effect_rules, helps
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import DelayedTrigger, GameState, StackItem


class DelayedTriggerAbout(Effect, tag="delayed_trigger", frozen=True):
    """Create a delayed triggered ability (603.7) about an object: "Whenever [target
    creature] deals damage this turn, [effects]" (``when`` = "deals_damage"; "that much"
    is the damage dealt). It is controlled by the controller of the effect (603.7d)."""

    when: Literal["deals_damage"] = "deals_damage"
    about: str = "t0"
    effects: tuple[EffectT, ...] = ()
    this_turn: bool = True


def resolve(state: GameState, item: StackItem, eff: DelayedTriggerAbout, asker: Asker,
            queue: list[EffectT]) -> None:
    ability = Triggered(when=eff.when, effects=eff.effects)
    for o in permanents(state, refs_of(state, item, eff.about)):
        state.clock += 1
        state.delayed.append(DelayedTrigger(
            eff.when, item.controller, item.source, item.card, ability, state.clock,
            one_shot=False, any_player=True, subject=o.oid, subject_lki=o,
            turn=state.turn if eff.this_turn else 0))


RULES = effect_rules(
    DelayedTriggerAbout, resolve=resolve, estimate=by_sign, sign=helps("about"))
