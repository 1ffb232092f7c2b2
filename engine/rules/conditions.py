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
    AllOf,
    CardsAtLeast,
    CardTypesInGraveyard,
    Condition,
    CreatureDiedThisTurn,
    EnteredThisTurn,
    HadCounter,
    LandEnteredThisTurn,
    LifeAtMost,
    MoreLifeThanOpponent,
    Not,
    NotYourTurn,
    OnBattlefield,
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
    if cond.who == "any_player":  # "a player has 13 or less life": either of them
        return min(p.life for p in state.players) <= cond.amount
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


@condition_rule(AllOf)
def all_of(state: GameState, cond: AllOf, controller: int, source: GameObject,
           subject: GameObject | None) -> bool:
    return all(condition_holds(state, c, controller, source, subject) for c in cond.conditions)


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


@condition_rule(LandEnteredThisTurn)
def land_entered_this_turn(state: GameState, cond: LandEnteredThisTurn, controller: int,
                           source: GameObject, subject: GameObject | None) -> bool:
    """Landfall's "if you had a land enter the battlefield under your control this turn"
    (recorded as each land enters, ``engine.rules.zones.arrived``)."""
    return state.players[controller].land_entered_turn == state.turn


@condition_rule(CreatureDiedThisTurn)
def creature_died_this_turn(state: GameState, cond: CreatureDiedThisTurn, controller: int,
                            source: GameObject, subject: GameObject | None) -> bool:
    """Morbid's "if a creature died this turn" (700.4; ``engine.rules.zones.departed``)."""
    return state.creature_died_turn == state.turn


@condition_rule(EnteredThisTurn)
def entered_this_turn(state: GameState, cond: EnteredThisTurn, controller: int,
                      source: GameObject, subject: GameObject | None) -> bool:
    """The source (as it last existed on the battlefield, 608.2h) entered this turn."""
    return source.entered_turn == state.turn and source.entered_turn > 0


@condition_rule(OnBattlefield)
def on_battlefield(state: GameState, cond: OnBattlefield, controller: int,
                   source: GameObject, subject: GameObject | None) -> bool:
    """Permanents matching the filter on the battlefield, any player's (Pestilence's "if
    no creatures are on the battlefield" is this condition negated)."""
    n = 0
    objects = state.objects
    for oid in state.battlefield:
        if matches(state, cond.filter, objects[oid], controller, source.oid):
            n += 1
            if n >= cond.at_least:
                return True
    return False
