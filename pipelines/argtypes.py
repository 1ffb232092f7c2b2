"""Argument types of the command line: each value checked where it is parsed, so a bad
one is a usage error (exit 2) naming the option, never a traceback or a silent wrap."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TypeVar

Number = TypeVar("Number", int, float)


def _parsed(
    text: str, convert: Callable[[str], Number], kind: str, ok: Callable[[Number], bool], need: str
) -> Number:
    """`text` converted, or a usage error saying it is not a `kind` or not `need`."""
    try:
        value = convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not {kind}: {text!r}") from None
    if not ok(value):
        raise argparse.ArgumentTypeError(f"must be {need}, got {text}")
    return value


def positive(text: str) -> int:
    return _parsed(text, int, "an integer", lambda n: n >= 1, "at least 1")


def count(text: str) -> int:
    return _parsed(text, int, "an integer", lambda n: n >= 0, "at least 0")


def seed(text: str) -> int:
    """A seed: an integer 0 .. 2**64 - 1 (never silently wrapped)."""
    from mtgsim.cluster.seeds import SEED_MAX

    return _parsed(
        text,
        lambda t: int(t, 0),
        "an integer",
        lambda n: 0 <= n <= SEED_MAX,
        f"0 .. 2**64 - 1 ({SEED_MAX})",
    )


def seconds(text: str) -> float:
    return _parsed(
        text, float, "a number", lambda x: math.isfinite(x) and x > 0, "a positive number of seconds"
    )


def share(text: str) -> float:
    return _parsed(
        text, float, "a number", lambda x: math.isfinite(x) and x >= 0, "a finite number at least 0"
    )
