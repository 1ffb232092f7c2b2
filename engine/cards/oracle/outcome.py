"""What compiling a card gives: ``Compiled`` (its definition and the text each pattern
consumed) or ``Refused`` (why not); ``Check``, what the pool does with a definition as
it loads it. Re-exported by ``engine.cards.oracle.compiler``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtgsim.engine.cards.oracle.text import Piece
from mtgsim.engine.cards.schema.carddef import CardDef


@dataclass(frozen=True)
class Compiled:
    """A card the compiler understood: its definition, its normalised lines and the
    text each pattern consumed."""

    defn: CardDef
    lines: tuple[str, ...]
    pieces: tuple[Piece, ...]


@dataclass(frozen=True)
class Refused:
    """A card the compiler does not compile: why, and the clause that stopped it (empty
    when the reason is its layout or type)."""

    name: str
    reason: str
    clause: str = ""
    # with ``compile_record(..., every=True)``: each line's first clause not understood
    clauses: tuple[str, ...] = ()

    def message(self) -> str:
        if self.clause:
            return f"\"{self.clause}\" not understood" + (f" ({self.reason})"
                                                          if self.reason else "")
        return self.reason


Check = Callable[[CardDef], object]




def with_second_face(name: str, first: Compiled, second: Compiled, face: CardDef,
                     defn: CardDef, check: Check | None,
                     first_pattern: str | None = None) -> Compiled | Refused:
    """A card of two faces compiled as one (an Adventure, 715; a transforming card's back,
    712; overload's and bestow's other ways to cast it, 702.96, 702.103): ``defn``, the
    card ``first`` compiled holding ``face`` (its other face, which ``second`` compiled),
    each checked as the pool will load them, with ``second``'s lines after ``first``'s
    and its pieces moved down by as many lines (the pattern of its first line
    ``first_pattern`` when given: bestow's enchant line). Refused when a check fails."""
    try:
        if check is not None:
            check(face)
            check(defn)
    except ValueError as exc:
        return Refused(name, f"not a valid card: {exc}")
    offset = len(first.lines)
    pieces = first.pieces + tuple(
        Piece(p.line + offset, p.start, p.end,
              first_pattern if first_pattern is not None and p.line == 0 else p.pattern)
        for p in second.pieces)
    return Compiled(defn, first.lines + second.lines, pieces)
