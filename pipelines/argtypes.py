"""Argument types of the command line: each value checked where it is parsed, so a bad
one is a usage error (exit 2) naming the option, never a traceback or a silent wrap."""

from __future__ import annotations

import argparse
import math


def positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def seed(text: str) -> int:
    """A seed: an integer 0 .. 2**64 - 1 (never silently wrapped)."""
    from mtgsim.cluster.seeds import SEED_MAX

    try:
        n = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if not 0 <= n <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"must be 0 .. 2**64 - 1 ({SEED_MAX}), got {n}")
    return n


def seconds(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(x) or x <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text}")
    return x


def count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, got {n}")
    return n


def share(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(x) or x < 0:
        raise argparse.ArgumentTypeError(f"must be a finite number at least 0, got {text}")
    return x
