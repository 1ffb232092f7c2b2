"""Oracle text made ready for the clause table: reminder text dropped, the card's
self-references written ``~``, lines and sentences found; and the record of which text
each pattern consumed.

A card's text is compiled line by line (one ability a line, the bullets of "Choose one —"
with their line). Every pattern that understands a piece of a line records the piece
(``Piece``: line, start, end, pattern); ``uncovered`` says what of a line no pattern
recorded, so a test can check that an accepted card lost no text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Reminder text: a parenthesised piece (never nested in Oracle text), with the space
# before it. Removed before anything else, so a pattern never sees it.
_REMINDER = re.compile(r"\s*\([^()]*\)")
# "this creature", "this spell", ...: the object the ability is printed on (or, inside a
# quoted ability a card grants, the object that has it: the same "self" there).
_THIS = re.compile(r"\b[Tt]his (?:creature|spell|card|permanent|artifact|enchantment|land|"
                   r"Aura|Equipment|Vehicle|token|Saga)\b")


class NotUnderstood(Exception):
    """A clause the table does not understand: the card is refused naming it."""

    def __init__(self, clause: str, why: str = "") -> None:
        super().__init__(clause)
        self.clause = clause
        self.why = why


@dataclass(frozen=True)
class Piece:
    """Text of one line (``start``..``end``) that the pattern ``pattern`` consumed."""

    line: int
    start: int
    end: int
    pattern: str


@dataclass(frozen=True)
class Span:
    """A piece of a normalised line: its text and where it starts in the line."""

    text: str
    line: int
    start: int

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    def group(self, m: re.Match[str], name: str | int) -> Span:
        """The part of this span a regex group matched (``m`` matched ``self.text``)."""
        return Span(m.group(name), self.line, self.start + m.start(name))

    def cut(self, start: int, end: int | None = None) -> Span:
        """The span's text from ``start`` to ``end`` (offsets in this span)."""
        stop = len(self.text) if end is None else end
        return Span(self.text[start:stop], self.line, self.start + start)

    def strip(self) -> Span:
        """Without surrounding spaces."""
        lead = len(self.text) - len(self.text.lstrip())
        return Span(self.text.strip(), self.line, self.start + lead)


def strip_reminder(text: str) -> str:
    """``text`` without reminder text."""
    return _REMINDER.sub("", text)


def self_names(name: str) -> list[str]:
    """How a card's text names the card itself: its full name and, for a name with a
    comma (a legend's epithet), the part before it ("Emrakul" for "Emrakul, the Aeons
    Torn"); longest first."""
    names = [name]
    if ", " in name:
        names.append(name.split(", ", 1)[0])
    return names


def normalise(text: str, name: str) -> list[str]:
    """The lines of a card's Oracle text as the table reads them: reminder text removed,
    the card's name and "this creature" (spell, card, ...) written ``~``, blank lines
    dropped."""
    body = strip_reminder(text)
    for n in self_names(name):
        body = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", "~", body)
    body = _THIS.sub("~", body)
    return [line.strip() for line in body.split("\n") if line.strip()]


def sentences(span: Span) -> list[Span]:
    """The sentences of a span, each with its full stop, split at a full stop outside
    quotation marks ("It has \"Sacrifice ~: Add {C}.\"" stays one sentence)."""
    out: list[Span] = []
    start = 0
    quoted = False
    text = span.text
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
            if not quoted and text[i - 1:i] == "." and (i + 1 == len(text) or
                                                        text[i + 1].isspace()):
                out.append(span.cut(start, i + 1).strip())  # '... has "X: Y."'
                start = i + 1
        elif ch == "." and not quoted and (i + 1 == len(text) or text[i + 1].isspace()):
            out.append(span.cut(start, i + 1).strip())
            start = i + 1
    rest = span.cut(start).strip()
    if rest.text:
        out.append(rest)
    return out


def uncovered(line: str, pieces: list[Piece], index: int) -> list[tuple[int, int]]:
    """The stretches of ``line`` (number ``index``) that no piece covers, spaces aside,
    and any stretch two pieces both claim: empty when the pieces tile the line."""
    covered = [0] * len(line)
    for p in pieces:
        if p.line != index:
            continue
        for i in range(p.start, p.end):
            covered[i] += 1
    bad: list[tuple[int, int]] = []
    i = 0
    while i < len(line):
        wrong = covered[i] > 1 or (covered[i] == 0 and not line[i].isspace())
        if wrong:
            j = i
            while j < len(line) and (covered[j] > 1 or (covered[j] == 0 and
                                                        not line[j].isspace())):
                j += 1
            bad.append((i, j))
            i = j
        else:
            i += 1
    return bad
