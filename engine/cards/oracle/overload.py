"""Cards with overload (702.96) read from the corpus: the card as printed, and the spell
it is when cast for its overload cost, "its text [changed] by replacing all instances of
the word 'target' with the word 'each'" (702.96b).

The changed text is compiled as a face of its own (``CardDef.overloaded``,
``engine.keywords.overload``): the card's lines less the overload line, each "target"
made "each" ("Target" made "Each" at the start of a sentence). A card compiles when both
readings do, every clause understood; a card whose text has "targets" or another form of
the word, which the rule does not change, is refused, as is one whose changed text reads
as nothing the engine has.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import msgspec

from mtgsim.engine.cards.oracle.corpus import Record
from mtgsim.engine.cards.oracle.outcome import Check, Compiled, Refused, with_second_face

CompileFace = Callable[[Record, Check | None, bool, str], Compiled | Refused]
_LINE = re.compile(r"^Overload (?:\{[^}]+\})+")
_TARGET = re.compile(r"\b([Tt])arget\b")


def has_overload(rec: Record) -> bool:
    """Has the card an overload line ("Overload {1}{R} (You may cast ...)")?"""
    return any(_LINE.match(line) for line in (rec.text or "").split("\n"))


def _each(m: re.Match[str]) -> str:
    return "Each" if m.group(1) == "T" else "each"


def compile_overload(rec: Record, check: Check | None, every: bool,
                     compile_face: CompileFace) -> Compiled | Refused:
    """The card with its overloaded spell, or why it is refused."""
    card = compile_face(rec, None, every, "")
    if isinstance(card, Refused):
        return card
    kept = [line for line in (rec.text or "").split("\n") if not _LINE.match(line)]
    body = "\n".join(kept)
    if re.search(r"\btargets?\w", body, re.IGNORECASE) or not _TARGET.search(body):
        return Refused(rec.name, "overload: a text whose 'target' words the engine does "
                                 "not change")
    changed = msgspec.structs.replace(rec, text=_TARGET.sub(_each, body))
    face = compile_face(changed, None, every, "overloaded")
    if isinstance(face, Refused):
        return Refused(rec.name, f"overloaded: {face.reason}", face.clause, face.clauses)
    defn = msgspec.structs.replace(card.defn, overloaded=face.defn)
    return with_second_face(rec.name, card, face, face.defn, defn, check)
