"""The public face of the engine: build a game from decks, drive it with policies.

Static definition (card pool, decks) is separate from the mutable GameState; policies
see the state and the pending Decision, and answer with an index (or list of indices).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.cards import CardDef
from engine.state import Answer, Decision, GameState
from engine.turn import advance, answer, new_game


class Policy(Protocol):
    """Anything that answers decisions. Must be deterministic given its own seed."""

    name: str

    def decide(self, state: GameState, decision: Decision) -> Answer: ...


def deck_cards(pool: dict[str, CardDef], names: Sequence[str]) -> list[CardDef]:
    return [pool[n] for n in names]


def play(state: GameState, policies: Sequence[Policy]) -> GameState:
    """Run ``state`` to the end, asking ``policies[player]`` every question."""
    while True:
        d = advance(state)
        if d is None:
            return state
        answer(state, policies[d.player].decide(state, d))


def play_game(deck_a: list[CardDef], deck_b: list[CardDef], policies: Sequence[Policy],
              seed: int, *, keep_log: bool = False, record: bool = False,
              max_turns: int = 60) -> GameState:
    """One game; player 0 (deck_a) is on the play. A pure function of its arguments."""
    state = new_game([deck_a, deck_b], seed, keep_log=keep_log, record=record,
                     max_turns=max_turns)
    return play(state, policies)
