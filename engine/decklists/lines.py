"""What every deck-list format reads into: the lines of a list, before they are checked.

A reader (``engine.decklists.text`` for the text formats, ``engine.decklists.dek`` for MTGO's XML)
turns a file into :class:`DeckLine` values, each with the line it came from; the checks
of ``engine.decklists.deck`` are the same for every format. Problems are :class:`DeckError`.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from mtgsim.engine.files import NotRegularFile, read_regular

__all__ = ["MAIN", "MAX_COUNT_DIGITS", "SIDEBOARD", "DeckError", "DeckLine", "ReadList",
           "read_list_file", "shorten"]

MAIN, SIDEBOARD = "main", "sideboard"
# A count of more digits is no deck (and is not even turned into a number: the checks of
# engine.decklists.deck cap a deck at 1,000 cards).
MAX_COUNT_DIGITS = 6


MAX_MESSAGE = 300  # characters of a message that quotes the file's text


def shorten(message: str) -> str:
    """``message`` as it is, or, when it quotes a huge line, its head and tail with the
    middle cut out (a megabyte line is not echoed whole to the terminal)."""
    if len(message) <= MAX_MESSAGE:
        return message
    cut = len(message) - 200
    return f"{message[:120]}...[{cut} characters]...{message[-80:]}"


class DeckError(Exception):
    """A deck list that cannot be used; ``str()`` is ``"FILE:LINE: message"``.

    ``line`` is 1-based; 0 means the file itself could not be read.
    """

    file: str
    line: int
    message: str
    whole: bool

    def __init__(self, file: str, line: int, message: str, whole: bool = False) -> None:
        # ``whole``: a message made of bounded parts (every card of a list that cannot be
        # played, engine.decklists.corpus, each name cut short) is not cut in the middle
        message = message if whole else shorten(message)
        super().__init__(f"{file}:{line}: {message}")
        self.file = file
        self.line = line
        self.message = message
        self.whole = whole

    def __reduce__(self) -> tuple[type[DeckError], tuple[str, int, str, bool]]:
        # Keeps the error picklable (e.g. when raised inside a Ray worker).
        return (DeckError, (self.file, self.line, self.message, self.whole))


def read_list_file(path: str | Path) -> str:
    """The text of the deck list at ``path``, for every reader of lists alike (loading a
    deck, or finding the cards it names in the corpus): a file that cannot be read is a
    DeckError at line 0, one line that says why, never a traceback."""
    file = str(path)
    try:
        return read_regular(path).decode("utf-8-sig")  # a FIFO would block: refused
    except FileNotFoundError:
        raise DeckError(file, 0, "no such file") from None
    except UnicodeDecodeError as exc:
        raise DeckError(file, 0, f"not UTF-8 text ({exc.reason})") from None
    except NotRegularFile as exc:
        raise DeckError(file, 0, exc.strerror or "not a regular file") from None
    except OSError as exc:
        raise DeckError(file, 0, f"cannot read file ({exc.strerror or exc})") from None


class DeckLine(msgspec.Struct, frozen=True):
    """``count`` copies of the card written ``name`` in ``section``, from line ``line``."""

    line: int
    section: str  # MAIN or SIDEBOARD
    count: int
    name: str


class ReadList(msgspec.Struct, frozen=True):
    """A list as a reader found it: its card lines, the number of its last line (where a
    whole-deck problem is reported) and the deck's title if the file names it.

    A reader stops at the first line it cannot read and keeps that problem as ``error``
    (line, message), after the lines before it: the checks of those lines come first, so
    the first problem in file order is the one reported.
    """

    lines: tuple[DeckLine, ...]
    last_line: int
    title: str = ""
    error: tuple[int, str] | None = None
