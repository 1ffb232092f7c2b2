"""The ``additional_combat`` effect (AdditionalCombat): its data, how it resolves and what the AI thinks it is worth.

"After the first postcombat main phase this turn, there's an additional combat
phase followed by an additional main phase" (500.8); ``at_beginning``: "At the
beginning of that combat, ..." (a delayed trigger, 603.7).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_CANT_ATTACK,
    KW_DEFENDER,
    KW_HASTE,
    Effect,
    EffectT,
    Triggered,
)
from mtgsim.engine.players.worth import creatures_of, life_value
from mtgsim.engine.rules.effect import HANDSET, Estimate, LifePrice, Role, effect_rules, unaffected
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import DelayedTrigger, GameState, StackItem


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


def attack_value(state: GameState, me: int, fresh: bool = False,
                 price: LifePrice = HANDSET) -> float:
    """What one more attack by ``me`` is worth: the life its power takes, half of it
    assumed blocked while they have untapped creatures. The creatures counted are those
    able to attack that are untapped or attacked this turn (every extra combat of the
    pool untaps those); ``fresh``: a new turn, every creature untapped and none sick;
    life at ``price``."""
    attacked = state.attacked_this_turn if state.attacked_turn == state.turn else ()
    power = 0
    for o in creatures_of(state, me):
        if o.kw & (KW_DEFENDER | KW_CANT_ATTACK):
            continue
        if not fresh and (o.sick and not o.kw & KW_HASTE or
                          o.tapped and o.oid not in attacked):
            continue
        power += max(0, o.power)
    if power == 0:
        return 0.0
    blockers = any(not o.tapped for o in creatures_of(state, 1 - me))
    return min(12.0, life_value(state, 1 - me, power // 2 if blockers else power,
                                 price))


def estimate(ev: Estimate, e: AdditionalCombat) -> None:
    ev.total += attack_value(ev.state, ev.me, price=ev.price)


RULES = effect_rules(
    AdditionalCombat, role=Role.EXTRA_COMBAT, resolve=resolve, estimate=estimate,
    sign=unaffected)
