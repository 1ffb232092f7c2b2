"""Effects, conditions and amounts of the level up / exalted / Eldrazi / unearth cards
(the family E block of engine.cards).

* ``extra_turn`` (500.7): "take an extra turn after this one" (Emrakul, the Aeons Torn;
  Lighthouse Chronologist). The turn order lives in engine.turn (``state.extra_turns``).
* ``shuffle_graveyard_into_library`` (701.20): the Eldrazi titans' "its owner shuffles
  their graveyard into their library".
* ``not_your_turn``: "if it's not your turn" (an intervening if, 603.4).
* ``count_permanents_of``: "the number of [filter] that player controls".
* ``colors_of_affected`` (105.2): "gets +1/+1 for each of its colors" is counted for each
  affected object by engine.layers.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.ask import Asker
from mtgsim.engine.cards import (
    CountPermanentsOf,
    ExtraTurn,
    NotYourTurn,
    ShuffleGraveyardIntoLibrary,
)
from mtgsim.engine.conditions import condition_handler
from mtgsim.engine.effects import handles, handles_amount, players_of
from mtgsim.engine.filters import matches
from mtgsim.engine.state import LIBRARY, GameObject, GameState, StackItem
from mtgsim.engine.stats import count
from mtgsim.engine.zones import log, move, shuffle_library


@handles(ExtraTurn)
def extra_turn(state: GameState, item: StackItem, eff: Any, asker: Asker,
               queue: list[Any]) -> None:
    for p in players_of(state, item, eff.who):
        state.extra_turns.append(p)  # the last one created is taken first (500.7)
        count(state, p, "extra_turns")
        if state.log is not None:
            log(state, "extra_turn", p, item.card.name)


@handles(ShuffleGraveyardIntoLibrary)
def shuffle_graveyard(state: GameState, item: StackItem, eff: Any, asker: Asker,
                      queue: list[Any]) -> None:
    for p in players_of(state, item, eff.who):
        player = state.players[p]
        for oid in list(player.graveyard):
            move(state, state.objects[oid], LIBRARY)
        shuffle_library(state, p)
        if state.log is not None:
            log(state, "shuffle_graveyard", p, item.card.name)


@condition_handler(NotYourTurn)
def not_your_turn(state: GameState, cond: NotYourTurn, controller: int, source: GameObject,
                  subject: GameObject | None) -> bool:
    return state.active != controller


@handles_amount(CountPermanentsOf)
def count_permanents_of(state: GameState, item: StackItem, amount: CountPermanentsOf) -> int:
    players = players_of(state, item, amount.who)
    if not players:
        return 0
    p = players[0]
    objects = state.objects
    return sum(1 for oid in state.battlefield if objects[oid].controller == p
               and matches(state, amount.filter, objects[oid], p, item.source))
