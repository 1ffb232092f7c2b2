"""The clause table: every pattern the compiler understands, by family, and the state of
the ability a pattern adds to.

A pattern (``Rule``) is a regular expression that must match a whole clause, and a
function that turns the match into card data: effects (``{"do": ...}`` tables, as a
card file writes them), a trigger, a cost, a static ability. The modules of this
package register their patterns with ``@rule(family, name, regex)``; the parsers
(``engine.cards.oracle.effects``, ``abilities``) try a family's patterns in the order
they were registered. A pattern that matches but finds a part it cannot read raises
``NotUnderstood``: a clause understood only in part is not understood.

Regexes may use the macros of ``MACROS`` (``{N}``: a number word, ``{MANA}``: mana
symbols, ...).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mtgsim.engine.cards.oracle.text import NotUnderstood, Piece, Span

Data = dict[str, Any]  # card data as a card file writes it (a table)
# what a static or effect clause's rule returns: the card data it adds, by field (one
# alias for every pattern module, which had each written it out)
Out = dict[str, list[Data] | list[str] | Data]

NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fifteen": 15, "twenty": 20,
}
_NUM = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
MACROS = {
    "N": rf"(?:\d+|X|{_NUM})",
    "MANA": r"(?:\{[^}]+\})+",
    "PT": r"[+-](?:\d+|X)/[+-](?:\d+|X)",
}


def expand(pattern: str) -> str:
    """``pattern`` with its ``{MACRO}`` names replaced (other braces are left alone)."""
    return re.sub(r"\{([A-Z]+)\}", lambda m: MACROS.get(m.group(1), m.group(0)), pattern)


@dataclass
class Ability:
    """The ability being compiled: its targets so far and what its pronouns mean.

    ``it``: what "it" / "that creature" refers to now (the trigger's subject "it", the
    source "self", or the last target); ``kind``: "spell", "triggered", "activated",
    "static" (some clauses read differently in each: "you may" is the trigger's optional
    in a triggered ability, an effect elsewhere).
    """

    kind: str
    it: str = "self"
    targets: list[Data] = field(default_factory=list)
    when: str = ""  # a triggered ability's event
    # X is known: the ability is the spell of a card whose cost has {X} (a permanent's
    # abilities have no X: the engine keeps it only while the spell is on the stack)
    x: bool = False
    optional: bool = False  # a triggered ability's "you may" (603.5)
    zone: str = "battlefield"  # where an activated ability works ("from your graveyard")
    # the clause a pattern is building and the parts of it read by other patterns
    # (``engine.cards.oracle.effects.sub_clause``)
    span: Span | None = None
    nested: list[Span] = field(default_factory=list)
    ctx: Ctx | None = None

    def target(self, spec: Data) -> str:
        """Add a target (``{"kind": ..., "filter": {...}}``); its reference ("t0", ...)."""
        self.targets.append(spec)
        # interned: a field left at its default ("t0") is the default's own object, so
        # the definition encodes as a card file that omits it does (msgspec omits a
        # default by identity)
        ref = sys.intern(f"t{len(self.targets) - 1}")
        self.it = ref
        return ref


@dataclass
class Ctx:
    """One card's compilation: what it knows of the card and the pieces consumed."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    lines: list[str] = field(default_factory=list)  # the normalised lines
    pieces: list[Piece] = field(default_factory=list)
    # reads a quoted ability a card grants ("It has \"...\"") as the abilities of a line
    # (``engine.cards.oracle.abilities.parse_line``, set by the compiler)
    line_parser: Callable[[Span, Ctx], list[Data]] = field(default=lambda s, c: _no_lines(s))
    layout: str = "normal"  # the record's layout ("transform": a face of a double-faced card)
    # the card's mana cost has {X}: "~ enters with X +1/+1 counters" reads the X paid
    # for the spell that became it (107.3m)
    x: bool = False
    face: str = ""  # which face of a double-faced card: "front" or "back" ("": one face)

    def consume(self, span: Span, pattern: str) -> None:
        """Record that ``pattern`` understood ``span`` (empty spans are not recorded)."""
        if span.text.strip():
            self.pieces.append(Piece(span.line, span.start, span.end, pattern))

    def glue(self, whole: Span, parts: list[Span], pattern: str) -> None:
        """Record the text of ``whole`` outside ``parts`` (which other patterns consume)
        as understood by ``pattern``: the words that join a clause's parts."""
        cuts = sorted((p.start, p.end) for p in parts)
        pos = whole.start
        for start, end in cuts:
            if start > pos:
                self.consume(Span(_slice(whole, pos, start), whole.line, pos), pattern)
            pos = max(pos, end)
        if pos < whole.end:
            self.consume(Span(_slice(whole, pos, whole.end), whole.line, pos), pattern)


def _no_lines(span: Span) -> list[Data]:
    raise NotUnderstood(span.text, "a quoted ability here")


def _slice(span: Span, start: int, end: int) -> str:
    return span.text[start - span.start:end - span.start]


Build = Callable[..., Any]


@dataclass(frozen=True)
class Rule:
    """One pattern: its family, its name (recorded with the text it consumes), its
    regex (matched against a whole clause) and what it builds."""

    family: str
    name: str
    regex: re.Pattern[str]
    build: Build


RULES: dict[str, list[Rule]] = {}
NAMES: set[str] = set()


def rule(family: str, name: str, pattern: str) -> Callable[[Build], Build]:
    """Register ``build`` as the pattern ``name`` of ``family`` (names are unique)."""
    def deco(fn: Build) -> Build:
        if name in NAMES:
            raise ValueError(f"clause pattern {name!r} is registered twice")
        NAMES.add(name)
        RULES.setdefault(family, []).append(
            Rule(family, name, re.compile(expand(pattern)), fn))
        return fn
    return deco


def declare(name: str, doc: str) -> str:
    """Register a pattern read by code rather than by one regex (a keyword line, a
    leveler's level symbol); its name, as recorded with the text it consumes."""
    if name in NAMES:
        raise ValueError(f"clause pattern {name!r} is registered twice")
    NAMES.add(name)
    DECLARED[name] = doc
    return name


DECLARED: dict[str, str] = {}


def match(family: str, span: Span) -> tuple[Rule, re.Match[str]] | None:
    """The first pattern of ``family`` whose regex matches all of ``span``."""
    for r in RULES.get(family, ()):
        m = r.regex.fullmatch(span.text)
        if m is not None:
            return r, m
    return None


def condition_of(m: re.Match[str], group: str, ab: Ability) -> Data:
    """The condition a group of the clause being built names ("you control an artifact",
    "it's not your turn"), read by a pattern of the ``condition`` family and recorded
    as that pattern's text."""
    assert ab.span is not None and ab.ctx is not None
    part = ab.span.group(m, group)
    found = match("condition", part)
    if found is None:
        raise NotUnderstood(part.text, "a condition the engine does not have")
    r, cm = found
    out: Data = r.build(cm, ab)
    ab.nested.append(part)
    ab.ctx.consume(part, r.name)
    return out


def number(word: str, ab: Ability | None = None) -> int | Data:
    """A number word ("two", "3", "X") as an amount; X only when the cost has {X}."""
    w = word.lower()
    if w in NUMBER_WORDS:
        return NUMBER_WORDS[w]
    if w.isdigit():
        return int(w)
    if w == "x" and ab is not None and ab.x:
        return {"of": "x"}
    raise NotUnderstood(word, "not a number")


def count(word: str) -> int:
    """A plain number word (no X)."""
    w = word.lower()
    if w in NUMBER_WORDS:
        return NUMBER_WORDS[w]
    if w.isdigit():
        return int(w)
    raise NotUnderstood(word, "not a number")
