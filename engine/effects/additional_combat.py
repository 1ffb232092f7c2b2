"""The ``additional_combat`` effect (AdditionalCombat): its data, how it resolves and what the AI thinks it is worth.

"After the first postcombat main phase this turn, there's an additional combat
phase followed by an additional main phase" (500.8); ``at_beginning``: "At the
beginning of that combat, ..." (a delayed trigger, 603.7).
"""

from __future__ import annotations

from mtgsim.engine.ask import Asker
from mtgsim.engine.cards import (
    Effect,
    EffectT,
    Triggered,
)
from mtgsim.engine.effect import Role, effect_rules, unaffected
from mtgsim.engine.state import DelayedTrigger, GameState, StackItem
from mtgsim.engine.zones import log


class AdditionalCombat(Effect, tag="additional_combat", frozen=True):
    """"After the first postcombat main phase this turn, there's an additional combat
    phase followed by an additional main phase" (500.8); ``at_beginning``: "At the
    beginning of that combat, ..." (a delayed trigger, 603.7)."""

    at_beginning: tuple[EffectT, ...] = ()


def resolve(state: GameState, item: StackItem, eff: AdditionalCombat, asker: Asker,
            queue: list[EffectT]) -> None:
    if state.postcombat_main_done:
        return  # "after the first postcombat main phase this turn": it is over already
    state.clock += 1
    phase = state.clock
    state.extra_combats.insert(0, phase)  # 500.8: the most recent one comes first
    if eff.at_beginning:
        state.delayed.append(DelayedTrigger(
            f"begin_combat:{phase}", item.controller, item.source, item.card,
            Triggered(when="begin_combat", effects=eff.at_beginning), phase,
            any_player=True))
    if state.log is not None:
        log(state, "additional_combat", item.controller, item.card.name)


RULES = effect_rules(
    AdditionalCombat, role=Role.EXTRA_COMBAT, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: the heuristic has no value for an extra combat yet (valued 0)'))
