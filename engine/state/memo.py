"""Memoising derived facts of a game state between changes (mana sources, ...).

``memo`` keys a fact on everything whose change may change it: taps, untaps and damage
(``Memo.changes``), turns (summoning sickness ends), resolutions, new objects and
timestamps, characteristics recomputed, and the mana pools. ``memo_on`` takes a narrower
key from a caller that knows what its fact depends on (a refresh count). Entries live in
the state's derived data (``GameState.derived.memo.entries``), so one state's facts are never
another's, and encoding, decoding or cloning a state leaves them behind. Nothing here is
game state: outcomes never depend on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from mtgsim.engine.state.game_state import GameState

T = TypeVar("T")


def state_key(state: GameState) -> tuple[int, ...]:
    p0, p1 = state.players
    d = state.derived
    memo = d.memo
    taps = d.mana.taps
    return (taps[0] + taps[1] + memo.changes, state.turn, memo.resolved, state.next_oid,
            state.clock, len(p0.pool), len(p1.pool), d.layers.stale, len(state.battlefield))


def memo(state: GameState, name: str, compute: Callable[[GameState], T],
         extra: tuple[int, ...] = ()) -> T:
    """``compute(state)``, or its value from the last call with the same state and key;
    ``extra`` adds what else the value depends on."""
    return memo_on(state, name, state_key(state) + extra if extra else state_key(state),
                   compute)


def memo_on(state: GameState, name: str, key: object,
            compute: Callable[[GameState], T]) -> T:
    """``compute(state)``, or its value from the last call for this state and ``name``
    made with an equal ``key``. Entries live in the state's derived data, so they go with
    it and are never those of another state."""
    cache = state.derived.memo.entries
    hit = cache.get(name)
    if hit is not None and hit[0] == key:
        return hit[1]  # type: ignore[no-any-return]
    value = compute(state)
    cache[name] = (key, value)
    return value
