"""Deck lists: the formats people paste, read into one checked :class:`Deck`.

Formats (see ``engine.decklists.text`` and ``engine.decklists.dek`` for their details):

* text: MTGO's .txt export (main deck, a blank line, the sideboard), Arena's export
  (``About``, ``Deck``, ``Sideboard`` sections, ``(SET) NUMBER`` suffixes), Moxfield and
  Archidekt lines (``1x Name (SET) 123 *F*``, ``[Sideboard]`` categories), ``SB:`` lines;
  for example::

    // Gruul Stompy
    Deck
    4 Pelt Collector
    4x Lightning Bolt (M10) 146     # printing suffixes are accepted and dropped
    20 Mountain

    Sideboard:
    2 Pyroclasm

* MTGO's ``.dek`` XML (by its suffix, or text that starts like XML).

Names match case-insensitively (curly apostrophes straightened, spaces collapsed) and are
returned in their canonical spelling; repeated entries of one card in the same section
are merged at its first position.

Checks, each failure a :class:`DeckError` naming file and line: a line that is no card
line; a count below one; a count over a deck's size; an unknown card (with a
did-you-mean suggestion); more than four copies of a non-basic card across main deck and
sideboard (at the line that crosses the limit); a sideboard over fifteen cards, or a main
deck over 1,000 (at the line that crosses the limit); a main deck under sixty cards (at
the last line). Commander decks and companions are errors (the engine cannot play them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import msgspec

from mtgsim.engine.cards.spelling import MAX_NAME, close_names, did_you_mean
from mtgsim.engine.decklists.dek import looks_like_dek, read_dek
from mtgsim.engine.decklists.lines import (
    SIDEBOARD,
    DeckError,
    DeckLine,
    ReadList,
    read_list_file,
)
from mtgsim.engine.decklists.text import read_text

__all__ = [
    "MAX_COPIES",
    "MAX_MAIN",
    "MAX_SIDEBOARD",
    "MIN_MAIN",
    "Deck",
    "DeckEntry",
    "DeckError",
    "check_lines",
    "load_deck",
    "parse_deck",
    "parse_deck_text",
]

MAX_COPIES = 4
MIN_MAIN = 60
MAX_MAIN = 1000  # far over any real deck; a bigger one is a mistake, not a deck
MAX_SIDEBOARD = 15


class DeckEntry(msgspec.Struct, frozen=True):
    """``count`` copies of the card called ``name`` (canonical spelling)."""

    name: str
    count: int


class Deck(msgspec.Struct, frozen=True):
    """A validated deck list; ``title`` is the name the file gives it (Arena's About)."""

    name: str
    main: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...]
    title: str = ""

    def main_cards(self) -> list[str]:
        """The main deck as one name per card, in file order."""
        return [e.name for e in self.main for _ in range(e.count)]

    def main_count(self) -> int:
        """How many cards the main deck holds."""
        return sum(e.count for e in self.main)

    def sideboard_count(self) -> int:
        """How many cards the sideboard holds."""
        return sum(e.count for e in self.sideboard)


_SPACES = re.compile(r"\s+")


def _canonical(written: str, canonical: Mapping[str, str]) -> str | None:
    """The known card a list's name means: its own, or for a double-faced card written
    "Front // Back" the card of its front face's name (712.8a: the card is its front
    face), as the corpus lookup reads it (``engine.cards.oracle.corpus.lookup``)."""
    name = canonical.get(_fold(written))
    if name is None and "//" in written:
        name = canonical.get(_fold(written.split("//", 1)[0]))
    return name


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


def check_lines(read: ReadList, *, file: str, known_cards: Mapping[str, bool]) -> Deck:
    """Check a list's lines and build the deck (the checks every format shares).

    ``known_cards`` maps every supported card name to ``True`` if it is a basic land
    (basics may have any number of copies).
    """
    canonical = {_fold(name): name for name in known_cards}
    main = _Section()
    side = _Section()
    copies: dict[str, int] = {}
    _check_known(read, file, canonical)
    for item in read.lines:
        _check_line(item, file, canonical, known_cards, copies)
        section = side if item.section == SIDEBOARD else main
        section.add(_canonical(item.name, canonical) or item.name, item.count)
        if section is side and side.total > MAX_SIDEBOARD:
            raise DeckError(file, item.line,
                            f"sideboard has {side.total} cards (at most {MAX_SIDEBOARD})")
        if section is main and main.total > MAX_MAIN:
            raise DeckError(file, item.line,
                            f"main deck has {main.total} cards (at most {MAX_MAIN})")
    if read.error is not None:
        raise DeckError(file, *read.error)
    if main.total < MIN_MAIN:
        raise DeckError(file, read.last_line,
                        f"main deck has {main.total} cards (at least {MIN_MAIN})")
    return Deck(name=Path(file).stem, main=main.entries(), sideboard=side.entries(),
                title=read.title)


def _check_line(item: DeckLine, file: str, canonical: Mapping[str, str],
                known_cards: Mapping[str, bool], copies: dict[str, int]) -> None:
    if item.count < 1:
        raise DeckError(file, item.line, f"count must be at least 1, got {item.count}")
    if item.count > MAX_MAIN:
        raise DeckError(file, item.line, f"count {item.count} is more than a deck can hold "
                                         f"(at most {MAX_MAIN} cards)")
    name = _canonical(item.name, canonical)
    if name is None:
        raise DeckError(file, item.line, _unknown_card_message(item.name, canonical))
    if not known_cards[name]:
        total = copies.get(name, 0) + item.count
        copies[name] = total
        if total > MAX_COPIES:
            raise DeckError(file, item.line, f"too many copies of '{name}': {total} across "
                            f"main deck and sideboard (at most {MAX_COPIES})")


def parse_deck_text(text: str, *, file: str, known_cards: Mapping[str, bool]) -> Deck:
    """Parse and check a text deck list (any of the text formats).

    ``file`` is used for error messages and the deck's name (its stem).
    """
    return check_lines(read_text(text, file), file=file, known_cards=known_cards)


def parse_deck(text: str, *, file: str, known_cards: Mapping[str, bool]) -> Deck:
    """Parse and check a deck list of any format: MTGO .dek XML, or text."""
    read = read_dek(text, file) if looks_like_dek(text, file) else read_text(text, file)
    return check_lines(read, file=file, known_cards=known_cards)


def _unknown_card_message(written: str, canonical: Mapping[str, str], line: int = 0) -> str:
    """An unknown card, with a "did you mean" only for a close spelling of a card of the
    pool (``engine.cards.spelling``); ``line``: where, when several are named at once."""
    shown = written if len(written) <= MAX_NAME else written[:MAX_NAME] + "..."
    notes = [f"line {line}"] if line else []
    close = did_you_mean(close_names(_fold(written), canonical))
    if close:
        notes.append(f"did you mean {close}?")
    return f"unknown card '{shown}'" + (f" ({'; '.join(notes)})" if notes else "")


def _check_known(read: ReadList, file: str, canonical: Mapping[str, str]) -> None:
    """Every card of the list the pool does not know, named in one error (at the first
    one's line), so that a list is fixed in one pass rather than one card per run."""
    unknown: list[DeckLine] = []
    seen: set[str] = set()
    for item in read.lines:
        key = _fold(item.name)
        if _canonical(item.name, canonical) is None and key not in seen:
            seen.add(key)
            unknown.append(item)
    if len(unknown) == 1:
        raise DeckError(file, unknown[0].line, _unknown_card_message(unknown[0].name,
                                                                     canonical))
    if unknown:
        text = "; ".join(_unknown_card_message(i.name, canonical, i.line) for i in unknown)
        raise DeckError(file, unknown[0].line,
                        f"{len(unknown)} cards of this list are unknown: {text}")


def load_deck(path: str | Path, known_cards: Mapping[str, bool]) -> Deck:
    """Read and check the deck list at ``path`` (see :func:`parse_deck`)."""
    return parse_deck(read_list_file(path), file=str(path), known_cards=known_cards)
