"""MTGO's ``.dek`` deck files: XML, one ``Cards`` element per card.

::

    <?xml version="1.0" encoding="utf-8"?>
    <Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" ...>
      <NetDeckID>0</NetDeckID>
      <PreconstructedDeckID>0</PreconstructedDeckID>
      <Cards CatID="31745" Quantity="4" Sideboard="false" Name="Lightning Bolt" />
      <Cards CatID="1234" Quantity="2" Sideboard="true" Name="Pyroclasm" />
    </Deck>

``Quantity``, ``Name`` and ``Sideboard`` (``true`` / ``false``) are read; ``CatID`` (MTGO's
catalogue number of a printing) and ``Annotation`` are not needed. Expat gives each
element's line, so every problem names it. Expat expands no external entities and
limits entity amplification, so a hostile file cannot make it fetch or blow up.
"""

from __future__ import annotations

import re
from xml.parsers import expat

from mtgsim.engine.decklists.lines import (
    MAIN,
    MAX_COUNT_DIGITS,
    SIDEBOARD,
    DeckError,
    DeckLine,
    ReadList,
)

__all__ = ["looks_like_dek", "read_dek"]

_XML_START = re.compile(r"^\s*(<\?xml|<Deck[\s>])")


def looks_like_dek(text: str, file: str) -> bool:
    """A ``.dek`` file, or text that starts like XML."""
    return file.lower().endswith(".dek") or _XML_START.match(text) is not None


def read_dek(text: str, file: str) -> ReadList:
    """The card lines of an MTGO ``.dek`` file, up to its first problem."""
    parser = expat.ParserCreate()
    out: list[DeckLine] = []
    depth = [0]
    problem: list[DeckError] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        line = parser.CurrentLineNumber
        depth[0] += 1
        if problem:
            return
        if depth[0] == 1 and tag != "Deck":
            problem.append(DeckError(file, line, f"not an MTGO deck: the root element is "
                                                 f"<{tag}>, not <Deck>"))
        elif depth[0] == 2 and tag == "Cards":
            try:
                out.append(_card(attrs, file, line))
            except DeckError as exc:
                problem.append(exc)

    def end(tag: str) -> None:
        depth[0] -= 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    last = max(len(text.splitlines()), 1)
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        problem.append(DeckError(file, exc.lineno, "not a valid .dek file (XML: "
                                 f"{expat.ErrorString(exc.code)})"))
    if problem:
        return ReadList(tuple(out), last, "", (problem[0].line, problem[0].message))
    return ReadList(tuple(out), last)


def _card(attrs: dict[str, str], file: str, line: int) -> DeckLine:
    name = attrs.get("Name", "").strip()
    if not name:
        raise DeckError(file, line, "a <Cards> element without a Name")
    quantity = attrs.get("Quantity", "").strip()
    if not quantity.isdigit() or not quantity.isascii():
        raise DeckError(file, line, f"'{name}': Quantity {quantity!r} is not a count")
    if len(quantity.lstrip("0")) > MAX_COUNT_DIGITS:
        raise DeckError(file, line, f"'{name}': count {quantity[:12]} is more than a deck "
                                    "can hold")
    side = attrs.get("Sideboard", "false").strip().lower()
    if side not in ("true", "false"):
        raise DeckError(file, line, f"'{name}': Sideboard must be true or false, not "
                                    f"{attrs.get('Sideboard')!r}")
    return DeckLine(line, SIDEBOARD if side == "true" else MAIN, int(quantity), name)
