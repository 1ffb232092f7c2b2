"""Memoising derived facts of a game state between changes (mana sources, ...).

The key holds everything whose change may change such a fact: taps and untaps (the tap
epoch), turns (summoning sickness ends), resolutions, new objects and timestamps, characteristics recomputed, and
the mana pools. Entries hold a weak reference to their state, so a recycled ``id`` never
returns another state's answer. Nothing here is game state: outcomes never depend on it.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from engine.state import TAP_EPOCH, GameState

T = TypeVar("T")
_MEMO: dict[tuple[int, str], tuple[weakref.ref[GameState], tuple[int, ...], Any]] = {}


def state_key(state: GameState) -> tuple[int, ...]:
    p0, p1 = state.players
    return (TAP_EPOCH[0] + TAP_EPOCH[1] + TAP_EPOCH[2], state.turn, state.resolved, state.next_oid,
            state.clock, len(p0.pool), len(p1.pool), int(state.dirty or bool(state.entered)), len(state.battlefield))


def memo(state: GameState, name: str, compute: Callable[[], T],
         extra: tuple[int, ...] = ()) -> T:
    """``compute()``, or its value from the last call with the same state and key;
    ``extra`` adds what else the value depends on."""
    ident = (id(state), name)
    key = state_key(state) + extra if extra else state_key(state)
    hit = _MEMO.get(ident)
    if hit is not None and hit[0]() is state and hit[1] == key:
        return hit[2]  # type: ignore[no-any-return]
    if len(_MEMO) > 256:
        _MEMO.clear()
    value = compute()
    _MEMO[ident] = (weakref.ref(state), key, value)
    return value

