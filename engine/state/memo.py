"""Memoising derived facts of a game state between changes (mana sources, ...).

``memo`` keys a fact on the whole state as ``state_key`` sums it up; ``memo_on`` takes a
narrower key from a caller that knows what its fact depends on (a refresh count). Entries
are ``Memoised`` records kept by name in the state's derived data
(``GameState.derived.memo.entries``, engine.state.derived), so one state's facts are never
another's, and encoding, decoding or cloning a state leaves them behind. Nothing here is
game state: outcomes never depend on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from mtgsim.engine.state.game_state import GameState

T = TypeVar("T")


class Memoised(msgspec.Struct):
    """A memo entry: the ``key`` a fact was found for, and the fact."""

    key: Any
    value: Any


def state_key(state: GameState) -> tuple[int, ...]:
    """What a fact about the whole state is keyed on (``memo``; ``payment.mana_units`` for
    mana abilities with a condition or a computed amount): a tuple of counters that each
    move on when a kind of change happens, so that an equal key means none happened.

    It covers: taps and untaps (``Mana.taps``, and ``Memo.changes`` for permanents other
    than mana sources), damage dealt or removed and life totals (``Memo.changes``), the
    turn (summoning sickness, "this turn"), stack objects done (``Memo.resolved``), every
    object made, which every zone change does (``next_oid``), new timestamps (``clock``),
    the mana pools' sizes, and characteristics: the refresh count, and whether a refresh
    is due (a fact read while they are stale is not taken after the refresh).

    That is enough for the facts memoised on it (the permanents giving spells keywords,
    mana that depends on a condition) because every change of the game is one of those,
    or is followed by one before priority (a counter or an effect marks characteristics
    stale, and the refresh that follows counts). The step is not in it: a fact that
    depends on the step, or on anything else not listed, passes it in ``memo``'s ``extra``.
    """
    p0, p1 = state.players
    d = state.derived
    memo = d.memo
    layers = d.layers
    taps = d.mana.taps
    return (taps[0] + taps[1] + memo.changes, state.turn, memo.resolved, state.next_oid,
            state.clock, len(p0.pool), len(p1.pool), layers.refreshes, layers.stale,
            len(state.battlefield))


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
    if hit is not None and hit.key == key:
        return hit.value  # type: ignore[no-any-return]
    value = compute(state)
    cache[name] = Memoised(key, value)
    return value
