"""Deck lists in the MTGO / Arena text format.

A deck file looks like this::

    // Gruul Stompy
    Deck
    4 Pelt Collector
    4x Lightning Bolt (M10) 146     # Arena set suffixes are accepted and dropped
    20 Mountain

    Sideboard:
    2 Pyroclasm

Rules:

* a card line is ``COUNT NAME`` or ``COUNTx NAME``; an Arena suffix ``(SET) NUMBER`` is stripped;
* ``#`` and ``//`` start full-line comments, and `` # ...`` ends a line with a comment
  (a trailing ``//`` is *not* a comment: split cards are spelled ``Fire // Ice``);
* blank lines are ignored; an optional ``Deck`` header is ignored; a ``Sideboard`` header
  (any case, optional trailing colon) switches to the sideboard;
* names match case-insensitively and are returned in their canonical spelling;
* repeated entries of one card in the same section are merged at its first position.

Validation, each failure a :class:`DeckError` naming file and line: malformed line; count below
one; unknown card (with a did-you-mean suggestion); more than four copies of a non-basic card
across main deck and sideboard (at the line that crosses the limit); a sideboard over fifteen
cards (at the line that crosses the limit); a main deck under sixty cards (at the last line).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from pathlib import Path

import msgspec

__all__ = [
    "MAX_COPIES",
    "MAX_SIDEBOARD",
    "MIN_MAIN",
    "Deck",
    "DeckEntry",
    "DeckError",
    "load_deck",
    "parse_deck_text",
]

MAX_COPIES = 4
MIN_MAIN = 60
MAX_SIDEBOARD = 15


class DeckError(Exception):
    """A deck list that cannot be used; ``str()`` is ``"FILE:LINE: message"``.

    ``line`` is 1-based; 0 means the file itself could not be read.
    """

    file: str
    line: int
    message: str

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(f"{file}:{line}: {message}")
        self.file = file
        self.line = line
        self.message = message

    def __reduce__(self) -> tuple[type[DeckError], tuple[str, int, str]]:
        # Keeps the error picklable (e.g. when raised inside a Ray worker).
        return (DeckError, (self.file, self.line, self.message))


class DeckEntry(msgspec.Struct, frozen=True):
    """``count`` copies of the card called ``name`` (canonical spelling)."""

    name: str
    count: int


class Deck(msgspec.Struct, frozen=True):
    """A validated deck list."""

    name: str
    main: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...]

    def main_cards(self) -> list[str]:
        """The main deck as one name per card, in file order."""
        return [e.name for e in self.main for _ in range(e.count)]

    def main_count(self) -> int:
        """How many cards the main deck holds."""
        return sum(e.count for e in self.main)

    def sideboard_count(self) -> int:
        """How many cards the sideboard holds."""
        return sum(e.count for e in self.sideboard)


_CARD_LINE = re.compile(r"^(?P<count>\d+)[xX]?\s+(?P<name>\S.*)$")
_ARENA_SUFFIX = re.compile(r"\s+\([A-Za-z0-9]{2,6}\)(?:\s+\S+)?$")
_TRAILING_COMMENT = re.compile(r"\s+#.*$")
_SIDEBOARD_HEADER = re.compile(r"^sideboard\s*:?$", re.IGNORECASE)
_DECK_HEADER = re.compile(r"^deck\s*:?$", re.IGNORECASE)
_SPACES = re.compile(r"\s+")


def _fold(name: str) -> str:
    """The key names are matched on: case-folded, curly quotes straightened, spaces collapsed."""
    return _SPACES.sub(" ", name.replace("\u2019", "'").strip()).casefold()


class _Section:
    """Entries of one section being built, merged by card name in first-seen order."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.total = 0

    def add(self, name: str, count: int) -> None:
        self.counts[name] = self.counts.get(name, 0) + count
        self.total += count

    def entries(self) -> tuple[DeckEntry, ...]:
        return tuple(DeckEntry(name=n, count=c) for n, c in self.counts.items())


def parse_deck_text(text: str, *, file: str, known_cards: Mapping[str, bool]) -> Deck:
    """Parse and validate a deck list.

    ``file`` is used for error messages and the deck's name (its stem). ``known_cards`` maps every
    supported card name to ``True`` if it is a basic land (basics may have any number of copies).
    """
    canonical = {_fold(name): name for name in known_cards}
    lines = text.splitlines()
    main = _Section()
    side = _Section()
    section = main
    copies: dict[str, int] = {}

    for lineno, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        line = _TRAILING_COMMENT.sub("", line)
        if _SIDEBOARD_HEADER.match(line):
            section = side
            continue
        if _DECK_HEADER.match(line):
            section = main
            continue

        m = _CARD_LINE.match(line)
        if m is None:
            raise DeckError(file, lineno, f"malformed line '{line}' (expected 'COUNT CARD NAME')")
        count = int(m.group("count"))
        if count < 1:
            raise DeckError(file, lineno, f"count must be at least 1, got {count}")

        written = _ARENA_SUFFIX.sub("", m.group("name")).strip()
        name = canonical.get(_fold(written))
        if name is None:
            raise DeckError(file, lineno, _unknown_card_message(written, canonical))

        if not known_cards[name]:
            before = copies.get(name, 0)
            copies[name] = before + count
            if before + count > MAX_COPIES:
                raise DeckError(
                    file,
                    lineno,
                    f"too many copies of '{name}': {before + count} across main deck and "
                    f"sideboard (at most {MAX_COPIES})",
                )

        section.add(name, count)
        if section is side and side.total > MAX_SIDEBOARD:
            raise DeckError(
                file,
                lineno,
                f"sideboard has {side.total} cards (at most {MAX_SIDEBOARD})",
            )

    if main.total < MIN_MAIN:
        raise DeckError(
            file,
            max(len(lines), 1),
            f"main deck has {main.total} cards (at least {MIN_MAIN})",
        )

    return Deck(name=Path(file).stem, main=main.entries(), sideboard=side.entries())


def _unknown_card_message(written: str, canonical: Mapping[str, str]) -> str:
    close = difflib.get_close_matches(_fold(written), list(canonical), n=1, cutoff=0.6)
    if close:
        return f"unknown card '{written}' (did you mean '{canonical[close[0]]}'?)"
    return f"unknown card '{written}'"


def load_deck(path: str | Path, known_cards: Mapping[str, bool]) -> Deck:
    """Read and validate the deck list at ``path`` (see :func:`parse_deck_text`)."""
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DeckError(file, 0, "no such file") from None
    except UnicodeDecodeError as exc:
        raise DeckError(file, 0, f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise DeckError(file, 0, f"cannot read file ({exc.strerror or exc})") from None
    return parse_deck_text(text, file=file, known_cards=known_cards)
