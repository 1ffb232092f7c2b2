"""The ``draw_if_control_named`` effect (DrawIfControlNamed): its data, how it resolves
and what the AI thinks it is worth.

"Each player who controls a permanent named Bonder's Ornament draws a card." (Bonder's
Ornament): who controls one is seen as the ability resolves (608.2h: the information it
needs is determined then), by name (201.2: a permanent's name is its card's, or what a
copy effect made it); the players draw in APNAP order (101.4), each draw its own event
(121.1, so a replacement such as dredge applies to each).
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.effects.draw import Draw
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import GameState, StackItem


class DrawIfControlNamed(Effect, tag="draw_if_control_named", frozen=True):
    """Each player who controls a permanent named ``name`` draws ``amount`` cards."""

    name: str
    amount: int = 1


def controllers_of_named(state: GameState, name: str) -> list[int]:
    """The players who control a permanent named ``name``, active player first."""
    found = [False, False]
    for o in permanents(state):
        if o.card.name == name:
            found[o.controller] = True
    return [p for p in (state.active, 1 - state.active) if found[p]]


def resolve(state: GameState, item: StackItem, eff: DrawIfControlNamed, asker: Asker,
            queue: list[EffectT]) -> None:
    queue[0:0] = [Draw(1, str(p)) for p in controllers_of_named(state, eff.name)
                  for _ in range(eff.amount)]


def estimate(ev: Estimate, e: DrawIfControlNamed) -> None:
    """As ``draw`` for each player who controls one now, the ability's controller always
    (its source is one: "named ~" is the source's own name): 2.8 a card for the AI, -2.0 a
    card for the other player (a loss past the end of a library)."""
    state = ev.state
    players = controllers_of_named(state, e.name)
    if ev.me not in players:
        players.append(ev.me)
    for p in players:
        if len(state.players[p].library) < e.amount:
            ev.total += -100.0 if p == ev.me else 100.0
        else:
            ev.total += (2.8 if p == ev.me else -2.0) * e.amount
            if p == ev.me:
                ev.drawn += e.amount


# (no target: no reference of the effect to be good or bad for)
RULES = effect_rules(DrawIfControlNamed, resolve=resolve, estimate=estimate, sign=unaffected)
