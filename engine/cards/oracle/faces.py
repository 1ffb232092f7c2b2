"""Transforming double-faced cards (712) read from their two corpus records.

The corpus gives such a card as two records: the front face's, named "Front // Back"
with ``back`` naming the back face, and the back face's, named by its own name with
``front``. A card compiles when both faces do, each with every clause understood; its
definition is the front face's with the back face's as ``CardDef.back`` (712.2). A
record of a back face on its own is refused: the card is its front face (712.8a: in
every zone but the battlefield it has only its front face's characteristics; a deck
names it by its front face).

The back face has no mana cost; its mana value is its front face's (712.8e:
``CardDef.front_mana_cost``). Its colours are those of its colour indicator (204),
which the corpus does not carry. They are read from what the corpus does say: the
card's colour identity, which holds the colours of both faces' indicators, costs and
mana symbols (903.4). A back face that is a land has no colour (no transforming card's
land face has a colour indicator). Another back face is given the colour identity when
that is one colour, or none, and equal to the front face's colours (its indicator can
only hold those colours, and no transforming card with a coloured front face has a
colourless nonland back face); any other card is refused, naming its back face's
colour.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import msgspec

from mtgsim.engine.cards.oracle.corpus import Record, records
from mtgsim.engine.cards.oracle.outcome import Check, Compiled, Refused, with_second_face
from mtgsim.engine.cards.schema.bits import COLOR_BIT
from mtgsim.engine.rules.mana import parse_cost

CompileFace = Callable[[Record, Check | None, bool, str], Compiled | Refused]


def compile_faces(rec: Record, check: Check | None, every: bool,
                  compile_face: CompileFace) -> Compiled | Refused:
    """A transforming double-faced card from its front face's record (``rec``), or why
    it is refused (the first face refused, or its back face's colour)."""
    if rec.back is None:
        # (one reason for every such record, as coverage counts reasons; the front face's
        # name is the record's ``front``)
        return Refused(rec.name, "the back face of a double-faced card: the card is "
                                 "played as its front face")
    back_rec = records().get(rec.back)
    if back_rec is None:
        return Refused(rec.name, f"back face {rec.back!r} is not in the corpus")
    front = compile_face(rec, None, every, "front")
    if isinstance(front, Refused):
        return front
    back = compile_face(back_rec, None, every, "back")
    if isinstance(back, Refused):
        return dataclasses.replace(back, name=rec.name,
                                   reason=_on_back(back.reason, back.clause))
    colors = back_colors(rec, back_rec)
    if colors is None:
        return Refused(rec.name, "the colour of its back face: its colour indicator is not "
                                 "in the corpus")
    back_def = msgspec.structs.replace(back.defn, colors=colors,
                                       front_mana_cost=rec.manaCost or "")
    defn = msgspec.structs.replace(front.defn, back=back_def)
    return with_second_face(rec.name, front, back, back_def, defn, check)


def _on_back(reason: str, clause: str) -> str:
    return f"back face: {reason}" if reason or not clause else "back face"


def back_colors(front: Record, back: Record) -> tuple[str, ...] | None:
    """The back face's colours (its colour indicator), as the module docstring reads
    them from the corpus, or None when the corpus does not say."""
    if "Land" in back.types:
        return ()
    identity = tuple(sorted(front.colorIdentity, key=lambda c: COLOR_BIT[c]))
    mask = parse_cost(front.manaCost or "").color_mask
    front_colors = tuple(c for c in "WUBRG" if mask & COLOR_BIT[c])
    if len(identity) <= 1 and identity == front_colors:
        return identity
    return None
