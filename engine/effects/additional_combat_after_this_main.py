"""The ``additional_combat_after_this_main`` effect (AdditionalCombatAfterThisMain): its data, how it resolves and what the AI thinks it is worth.

"After this main phase, there is an additional combat phase followed by an
additional main phase" (500.8, 505.1a): added right after the current main phase.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.effects.additional_combat import attack_value
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, unaffected
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import MAIN1, MAIN2, GameState, StackItem


class AdditionalCombatAfterThisMain(Effect, tag="additional_combat_after_this_main",
                                    frozen=True):
    """"After this main phase, there is an additional combat phase followed by an
    additional main phase" (500.8, 505.1a): added right after the current main phase."""


def resolve(state: GameState, item: StackItem, eff: AdditionalCombatAfterThisMain, asker: Asker,
            queue: list[EffectT]) -> None:
    if state.step != MAIN1 and state.step != MAIN2:
        return  # "this main phase": there is none
    state.combats_after_main += 1  # engine.rules.turn: combat, then an additional main phase
    if state.log is not None:
        log(state, "additional_combat", item.controller, item.card.name)


def estimate(ev: Estimate, e: AdditionalCombatAfterThisMain) -> None:
    """Another attack (``additional_combat.attack_value``), outside a main phase none."""
    if ev.state.step in (MAIN1, MAIN2):
        ev.total += attack_value(ev.state, ev.me, price=ev.price)


RULES = effect_rules(
    AdditionalCombatAfterThisMain, role=Role.EXTRA_COMBAT, resolve=resolve,
    estimate=estimate, sign=unaffected)
