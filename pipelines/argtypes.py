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


# A game's index in its pairing is stored as a 64-bit integer (the games table's ``game``
# column), and seeds mix it as one: more games than this would repeat or not be stored.
MAX_GAMES = 2**63 - 1


def games(text: str) -> int:
    """A number of games: 1 .. ``MAX_GAMES``. Any such count is played lazily (work is
    made as it is handed out), so a huge one costs time, not memory."""
    return _parsed(text, int, "an integer", lambda n: 1 <= n <= MAX_GAMES,
                   f"1 .. {MAX_GAMES} (a game's index is a 64-bit integer)")


def count(text: str) -> int:
    return _parsed(text, int, "an integer", lambda n: n >= 0, "at least 0")


# A work unit's rows are built in one worker's memory and sent back whole, and a unit is
# what a lost worker's retry plays again: a unit of more games is refused.
MAX_UNIT_SIZE = 100_000


def unit_size(text: str) -> int:
    return _parsed(text, int, "an integer", lambda n: 1 <= n <= MAX_UNIT_SIZE,
                   f"1 .. {MAX_UNIT_SIZE} (a unit's rows are held in a worker's memory)")


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


# --- decks: positional in every command, ``--decks`` kept as the older spelling --------

DECK_HELP_ALIAS = "the same as the DECK arguments (the older spelling, still accepted)"


def add_decks(parser: argparse.ArgumentParser, help: str, *, least: int = 1,
              most: int | None = None, default: list[str] | None = None) -> None:
    """Positional ``DECK`` arguments (``args.decks``) and ``--decks DECK ...``, the spelling
    swiss, ladder and bench had: the same concept is spelt one way in every command, and a
    command line written for an older mtgsim still works. ``least``/``most``: how many
    decks the command takes (checked by ``merge_decks``: argparse cannot count over two
    arguments); ``default``: the decks when none is given."""
    parser.add_argument("decks", nargs="*", metavar="DECK", help=help)
    parser.add_argument("--decks", dest="decks_alias", nargs="+", metavar="DECK",
                        default=None, help=DECK_HELP_ALIAS)
    parser.set_defaults(decks_need=(least, most), decks_default=default)


def merge_decks(args: argparse.Namespace) -> str | None:
    """Put ``--decks`` into ``args.decks`` (a command made by ``add_decks``); the problem
    with the decks as given (one line), or None."""
    if not hasattr(args, "decks_need"):
        return None
    if args.decks and args.decks_alias:
        return "give the decks as DECK arguments or after --decks, not both"
    decks = list(args.decks or args.decks_alias or [])
    least, most = args.decks_need
    if not decks and args.decks_default is not None:
        decks = list(args.decks_default)
    if least == most and len(decks) != least:
        return f"{args.command}: give {least} decks (DECK ...), got {len(decks)}"
    if len(decks) < least:
        return (f"{args.command}: give at least {least} deck{'s' if least > 1 else ''} "
                f"(DECK ...), got {len(decks)}")
    if most is not None and len(decks) > most:
        return f"{args.command}: give at most {most} decks (DECK ...), got {len(decks)}"
    args.decks = decks
    return None
