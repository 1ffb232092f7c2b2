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


