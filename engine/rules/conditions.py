"""Conditions of card text ("if you control a blue permanent", intervening ifs 603.4, "as
long as" of static abilities 611.3a, "Activate only if" 602.5b): one rule per condition.

``CONDITIONS[type]`` is how each is checked; ``condition_holds`` dispatches through it.
The conditions of a keyword are registered by that keyword's module (kicked, evoke's
"if its evoke cost was paid", level up's level symbols, devour, replicate), those that
read current characteristics by ``engine.rules.layers`` (so the layer system, which checks the
conditions of static abilities, is not asked to recompute itself).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgsim.engine.cards import (
    CardsAtLeast,
    CardTypesInGraveyard,
    Condition,
    HadCounter,
    LifeAtMost,
    MoreLifeThanOpponent,
    Not,
    NotYourTurn,
    OpponentDamagedThisTurn,
    OwnedByYou,
    SelfHasCounter,
    YouControl,
)
from mtgsim.engine.rules.filters import count_cards, matches
from mtgsim.engine.state.game_state import GameObject, GameState

# (state, condition, controller, source, subject) -> bool
ConditionCheck = Callable[[GameState, Any, int, GameObject, "GameObject | None"], bool]
CONDITIONS: dict[type, ConditionCheck] = {}


def condition_rule(cond_type: type) -> Callable[[ConditionCheck], ConditionCheck]:
    """Register how the condition ``cond_type`` is checked."""
    def deco(fn: ConditionCheck) -> ConditionCheck:
        CONDITIONS[cond_type] = fn
        return fn
    return deco


def condition_holds(state: GameState, cond: Condition, controller: int, source: GameObject,
                    subject: GameObject | None = None) -> bool:
    """Does ``cond`` hold now for ``controller``'s ``source`` (``subject``: what the
    trigger is about, "it")?"""
    check = CONDITIONS.get(type(cond))
    if check is None:
        raise TypeError(f"unknown condition {cond!r}")
    return check(state, cond, controller, source, subject)


@condition_rule(YouControl)
def you_control(state: GameState, cond: YouControl, controller: int, source: GameObject,
                subject: GameObject | None) -> bool:
    n = 0
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller == controller and matches(state, cond.filter, o, controller,
                                                  source.oid):
            n += 1
    return n >= cond.at_least


@condition_rule(LifeAtMost)
def life_at_most(state: GameState, cond: LifeAtMost, controller: int, source: GameObject,
                 subject: GameObject | None) -> bool:
    who = controller if cond.who == "you" else 1 - controller
    return state.players[who].life <= cond.amount


@condition_rule(OpponentDamagedThisTurn)
def opponent_damaged_this_turn(state: GameState, cond: OpponentDamagedThisTurn,
                               controller: int, source: GameObject,
                               subject: GameObject | None) -> bool:
    return state.players[1 - controller].damage_this_turn > 0


@condition_rule(HadCounter)
def had_counter(state: GameState, cond: HadCounter, controller: int, source: GameObject,
                subject: GameObject | None) -> bool:
    """The triggering object had such a counter (last known information)."""
    return subject is not None and subject.counters.get(cond.counter, 0) > 0


@condition_rule(SelfHasCounter)
def self_has_counter(state: GameState, cond: SelfHasCounter, controller: int,
                     source: GameObject, subject: GameObject | None) -> bool:
    return source.counters.get(cond.counter, 0) > 0


@condition_rule(CardTypesInGraveyard)
def card_types_in_graveyard(state: GameState, cond: CardTypesInGraveyard, controller: int,
                            source: GameObject, subject: GameObject | None) -> bool:
    """Delirium (205.2a): card types among cards in your graveyard."""
    mask = 0
    for oid in state.players[controller].graveyard:
        mask |= state.objects[oid].card.type_mask
    return bin(mask).count("1") >= cond.at_least


@condition_rule(MoreLifeThanOpponent)
def more_life_than_opponent(state: GameState, cond: MoreLifeThanOpponent, controller: int,
                            source: GameObject, subject: GameObject | None) -> bool:
    return state.players[controller].life > state.players[1 - controller].life


@condition_rule(OwnedByYou)
def owned_by_you(state: GameState, cond: OwnedByYou, controller: int, source: GameObject,
                 subject: GameObject | None) -> bool:
    obj = subject if subject is not None else source
    return obj.owner == controller


@condition_rule(CardsAtLeast)
def cards_at_least(state: GameState, cond: CardsAtLeast, controller: int,
                   source: GameObject, subject: GameObject | None) -> bool:
    """Threshold: "seven or more cards in your graveyard"."""
    return count_cards(state, controller, cond) >= cond.amount


@condition_rule(Not)
def not_(state: GameState, cond: Not, controller: int, source: GameObject,
         subject: GameObject | None) -> bool:
    if cond.condition is None:
        return False
    return not condition_holds(state, cond.condition, controller, source, subject)


@condition_rule(NotYourTurn)
def not_your_turn(state: GameState, cond: NotYourTurn, controller: int, source: GameObject,
                  subject: GameObject | None) -> bool:
    return state.active != controller
