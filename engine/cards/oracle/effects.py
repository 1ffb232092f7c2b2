"""Effect text: sentences and clauses read into effects through the clause table.

A sequence of sentences is read one at a time: a two-sentence pattern first ("Create a
0/1 ... token. It has ..."), then a sentence that amends the effects before it ("It
can't be regenerated."), then the sentence itself, whose clauses are one pattern of the
``effect`` family or clauses joined by "and", ", then" or ". Then" (each side a whole
clause the table understands). What a failed reading added (targets, pieces) is undone
before the next reading is tried, so the result does not depend on what was tried.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mtgsim.engine.cards.oracle.table import RULES, Ability, Ctx, Data, Rule
from mtgsim.engine.cards.oracle.text import NotUnderstood, Span, sentences


class _Saved:
    """What a reading changes, to undo it when the reading fails."""

    def __init__(self, ab: Ability, ctx: Ctx) -> None:
        self.ab, self.ctx = ab, ctx
        self.targets = len(ab.targets)
        self.it = ab.it
        self.pieces = len(ctx.pieces)
        self.optional = ab.optional

    def undo(self) -> None:
        del self.ab.targets[self.targets:]
        self.ab.it = self.it
        self.ab.optional = self.optional
        del self.ctx.pieces[self.pieces:]


def _join(a: Span, b: Span, ctx: Ctx) -> Span:
    return Span(ctx.lines[a.line][a.start:b.end], a.line, a.start)


def parse_effects(span: Span, ab: Ability, ctx: Ctx) -> list[Data]:
    """The effects of a sequence of sentences."""
    out: list[Data] = []
    sents = sentences(span)
    i = 0
    while i < len(sents):
        got = None
        for n in (3, 2):
            if i + n <= len(sents):
                many = _join(sents[i], sents[i + n - 1], ctx)
                got = _family(f"effects{n}", many, ab, ctx, out)
                if got is not None:
                    out = got
                    i += n
                    break
        if got is not None:
            continue
        amended = _family("amend", sents[i], ab, ctx, out) if out else None
        if amended is not None:
            out = amended
        else:
            out = out + parse_sentence(sents[i], ab, ctx)
        i += 1
    return out


def amend_line(span: Span, ab: Ability, ctx: Ctx, before: list[Data]) -> list[Data] | None:
    """A spell's line of one sentence that amends the effects of its lines before
    ("Metalcraft — ~ deals 4 damage instead if you control three or more artifacts.":
    a self-replacement effect of the spell's one ability, 614.15), read by a pattern of
    the ``amend`` family; None if the line is not one."""
    sents = sentences(span)
    if len(sents) != 1:
        return None
    return _family("amend", sents[0], ab, ctx, before)


def _family(family: str, span: Span, ab: Ability, ctx: Ctx,
            before: list[Data]) -> list[Data] | None:
    """The effects so far with ``span`` read by a pattern of ``family`` (which gets the
    effects before it), or None."""
    texts = [span.text]
    if span.text[:1].isupper():
        texts.insert(0, span.text[0].lower() + span.text[1:])
    for r, text in ((r, t) for t in texts for r in RULES.get(family, ())):
        m = r.regex.fullmatch(text)
        if m is None:
            continue
        saved = _Saved(ab, ctx)
        try:
            got: list[Data] = _build(r, m, span, ab, ctx, before)
        except NotUnderstood:
            saved.undo()
            continue
        return got
    return None


def _build(r: Rule, m: re.Match[str], span: Span, ab: Ability, ctx: Ctx,
           *before: list[Data]) -> Any:
    """Run a pattern's build with ``span`` as its clause; record what it consumed (its
    clause, less the parts it had other patterns read: ``sub_clause``)."""
    outer_span, outer_nested = ab.span, ab.nested
    ab.span, ab.nested, ab.ctx = span, [], ctx
    try:
        got = r.build(m, ab, *before)
        ctx.glue(span, ab.nested, r.name)
    finally:
        ab.span, ab.nested = outer_span, outer_nested
    return got


def sub_clause(m: re.Match[str], group: str, ab: Ability) -> list[Data]:
    """The effects of one group of the clause a pattern is building, read as a clause of
    its own (by the table, recorded as its patterns' text)."""
    return _nested(m, group, ab, parse_clause)


def sub_effects(m: re.Match[str], group: str, ab: Ability) -> list[Data]:
    """Like ``sub_clause`` for a group of one or more sentences."""
    return _nested(m, group, ab, parse_effects)


def _nested(m: re.Match[str], group: str, ab: Ability,
            parse: Callable[[Span, Ability, Ctx], list[Data]]) -> list[Data]:
    """``parse`` of the group ``group`` of the clause a pattern is building, recorded
    among the ability's nested parts; the ability's span and nested parts are as they
    were afterwards, whether it compiles or is refused."""
    assert ab.span is not None and ab.ctx is not None
    part = ab.span.group(m, group)
    ab.nested.append(part)
    span, nested = ab.span, ab.nested
    try:
        return parse(part, ab, ab.ctx)
    finally:
        ab.span, ab.nested = span, nested


def parse_sentence(span: Span, ab: Ability, ctx: Ctx) -> list[Data]:
    """One sentence (with its full stop) -> effects. A sentence ending in a quoted
    ability ends with the ability's own full stop: the clause is all of it."""
    if span.text.endswith('."'):
        return parse_clause(span, ab, ctx)
    if not span.text.endswith("."):
        raise NotUnderstood(span.text, "not a sentence")
    body = span.cut(0, len(span.text) - 1)
    effects = parse_clause(body, ab, ctx)
    ctx.consume(span.cut(len(span.text) - 1), "sentence")
    return effects


_JOINS = (", then ", " and ", ", and ", ". Then ", "; ")
_JOIN_RE = re.compile("|".join(re.escape(j) for j in _JOINS))


def parse_clause(span: Span, ab: Ability, ctx: Ctx) -> list[Data]:
    """One clause -> effects: a pattern of the ``effect`` family, or two clauses joined
    by "and" / ", then" (the first split, left to right, where both sides read).

    The patterns are written in lower case; a clause that starts a sentence is tried
    with its first letter lowered, then as written ("Elves you control ...")."""
    first_error: NotUnderstood | None = None
    texts = [span.text]
    if span.text[:1].isupper():
        texts.insert(0, span.text[0].lower() + span.text[1:])
    for r, text in ((r, t) for t in texts for r in RULES.get("effect", ())):
        m = r.regex.fullmatch(text)
        if m is None:
            continue
        saved = _Saved(ab, ctx)
        try:
            got: list[Data] = _build(r, m, span, ab, ctx)
        except NotUnderstood as exc:
            saved.undo()
            first_error = first_error or exc
            continue
        return got
    for j in _JOIN_RE.finditer(span.text):
        saved = _Saved(ab, ctx)
        try:
            left = parse_clause(span.cut(0, j.start()), ab, ctx)
            right = parse_clause(span.cut(j.end()), ab, ctx)
        except NotUnderstood:
            saved.undo()
            continue
        ctx.consume(span.cut(j.start(), j.end()), "join")
        return left + right
    if first_error is None:
        _first_part_not_understood(span, ab, ctx)
    raise NotUnderstood(span.text, first_error.why if first_error else "")


def _first_part_not_understood(span: Span, ab: Ability, ctx: Ctx) -> None:
    """For a clause of joined parts that no reading understands: raise the error of its
    first part not understood ("Scry 2" of "Scry 2, then draw a card"), to name the
    smallest clause that stops the card. Returns if it has no joint."""
    j = _JOIN_RE.search(span.text)
    if j is None:
        return
    saved = _Saved(ab, ctx)
    try:
        parse_clause(span.cut(0, j.start()), ab, ctx)
        parse_clause(span.cut(j.end()), ab, ctx)
    finally:
        saved.undo()
