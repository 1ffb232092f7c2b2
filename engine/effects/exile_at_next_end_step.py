"""The ``exile_at_next_end_step`` effect (ExileAtNextEndStep): its data, how it resolves and what the AI thinks it is worth.

"Exile it at the beginning of the next end step" (a delayed trigger, 603.7).
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT, Triggered
from mtgsim.engine.effects.exile import Exile
from mtgsim.engine.rules.effect import Role, effect_rules, unaffected
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import DelayedTrigger, GameState, StackItem


class ExileAtNextEndStep(Effect, tag="exile_at_next_end_step", frozen=True):
    """"Exile it at the beginning of the next end step" (a delayed trigger, 603.7)."""

    what: str = "created"

EXILE_AT_END = Triggered(when="end_step", effects=(Exile(what="it"),))


def resolve(state: GameState, item: StackItem, eff: ExileAtNextEndStep, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        state.clock += 1
        state.delayed.append(DelayedTrigger(
            "end_step", item.controller, o.oid, o.card, EXILE_AT_END, state.clock,
            any_player=True, subject=o.oid, subject_lki=o))


RULES = effect_rules(
    ExileAtNextEndStep, role=Role.TEMPORARY, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: the exile is the cost of a temporary effect valued with it (unearth, the tokens it follows); valued 0'))
