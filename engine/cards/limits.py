"""Bounds on what a card file may say, checked before the rules see it.

A card file is user input. Two things in one would otherwise surface far from the file:
an integer beyond what the engine's counters hold (``power = 10**30`` raised
``OverflowError`` when the pool hashed the card; ``2**63`` was accepted and could wrap
in the compiled engine's 64-bit arithmetic), and arrays or inline tables nested
thousands deep (the TOML parser recursed until ``RecursionError``). Both are refused here
with the file's line: every integer of a card must fit 32 bits (``INT_MIN`` ..
``INT_MAX``, as the games table stores life and turns), far beyond any card's numbers,
and nesting stops at ``MAX_NESTING``, far beyond any card's structure.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator

from mtgsim.engine.cards.tomlines import locate

__all__ = ["INT_MAX", "INT_MIN", "MAX_NESTING", "nesting_line", "number_out_of_range"]

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
MAX_NESTING = 32

Step = str | int


def nesting_line(text: str) -> int:
    """The first line (1-based) where arrays and inline tables nest deeper than
    ``MAX_NESTING``, or 0. Brackets inside strings and comments do not count; table
    headers (``[a]``, ``[[card]]``) open and close on their line."""
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return 0  # too few brackets to nest that deep: the usual card, at no cost
    depth = 0
    quote = ""  # the open string's delimiter
    lineno = 1
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            lineno += 1
            if quote in ('"', "'"):
                quote = ""  # a one-line string does not go on (a syntax error anyway)
        elif quote:
            if c == "\\" and quote in ('"', '"""'):
                i += 2
                continue
            if text.startswith(quote, i):
                i += len(quote)
                quote = ""
                continue
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            i += len(quote)
            continue
        elif c in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return lineno
        elif c in "]}":
            depth = max(0, depth - 1)
        i += 1
    return 0


def _ints(value: object, path: tuple[Step, ...]) -> Iterator[tuple[tuple[Step, ...], int]]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _ints(v, (*path, str(k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _ints(v, (*path, i))


def number_out_of_range(text: str, decoded: object) -> tuple[int, str, int] | None:
    """(line, dotted key, value) of the first integer of a card file outside ``INT_MIN``
    .. ``INT_MAX``, or None. ``decoded``: the file's cards as decoded, as builtins (a
    quick look: the file is parsed again, to find the line, only when one is out)."""
    if all(INT_MIN <= v <= INT_MAX for _, v in _ints(decoded, ())):
        return None
    for path, value in _ints(tomllib.loads(text), ()):
        if not INT_MIN <= value <= INT_MAX:
            key = ".".join(str(p) for p in path if isinstance(p, str))
            return locate(text, path), key, value
    return None
