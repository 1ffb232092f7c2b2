"""Explicit chance: a splitmix64 generator whose whole state is one int in the game state.

No global random state is used anywhere in the engine, so a game is a pure function of
(card data, decks, policies, seed) and the generator state serializes with the game.
"""

from __future__ import annotations

from typing import Any

MASK64 = (1 << 64) - 1
# the mask, splitmix64's increment and its two multipliers as the generator uses them
# (private names, so that the C types of mtgsim/declarations.py can make them and the state
# 64-bit C integers in the compiled engine, where they are no attributes of the module)
_MASK = MASK64
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return state, z ^ (z >> 31)


def randbelow(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, uniform int in [0, n)). Bias is < 2**-40 for n < 2**24."""
    state, z = next_u64(state)
    return state, z % n


def shuffle(state: int, items: list[Any]) -> int:
    """Fisher-Yates shuffle in place; returns the new generator state. (``randbelow``, and
    with it ``next_u64``, written out: a library shuffle is most of a game's setup, and
    a search shuffles two lists for each of its deals, ``determinize``;
    tests/state/test_caches.py checks it against a shuffle made with ``randbelow``.)"""
    for i in range(len(items) - 1, 0, -1):
        state = (state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state
