"""Deck lists as text: the MTGO and Arena exports, Moxfield, Archidekt and MWS lines.

One reader for all of them, since they share ``COUNT NAME`` lines and differ in what
surrounds the name and how the sideboard is marked:

* **Card lines**: ``4 Lightning Bolt`` or ``4x Lightning Bolt``, with any of an Arena or
  Moxfield printing suffix ``(M10) 146``, Moxfield markers ``*F*`` (foil) and ``*E*``
  (etched), Archidekt categories ``[Burn]`` and colour tags ``^Have,#37d67a^``, an MWS
  set prefix ``[M10] Lightning Bolt``; each is read and dropped, since none changes play.
  ``SB: 2 Pyroclasm`` puts the line in the sideboard wherever it is.
* **Sections**: the headers ``Deck`` (also ``Main``, ``Mainboard``), ``Sideboard``,
  ``About`` (Arena: ``Name ...`` lines, the deck's title), ``Maybeboard`` (its lines are
  not part of the deck and are not read), ``Commander`` and ``Companion``; any case, an
  optional colon. Archidekt's ``[Sideboard]`` category puts a line in the sideboard, and
  ``[Maybeboard]`` or a ``{noDeck}`` category leaves it out of the deck.
* **MTGO's .txt export** has no headers: the main deck, one blank line, the sideboard.
  So in a list without any header, the first blank line after a card starts the
  sideboard, and a second such break is an error (it would be a guess); with headers,
  blank lines mean nothing.
* ``#`` and ``//`` start comment lines, and `` # ...`` ends a line with a comment (a
  trailing ``//`` is no comment: split cards are spelled ``Fire // Ice``).

Commander decks (a ``Commander`` section, a ``*CMDR*`` marker, Archidekt's
``[Commander]``) and companions are errors: the engine plays two-player constructed games
and does not implement companion (702.139), so such a list cannot be played as written.
"""

from __future__ import annotations

import re

from mtgsim.engine.decklists.lines import (
    MAIN,
    MAX_COUNT_DIGITS,
    SIDEBOARD,
    DeckError,
    DeckLine,
    ReadList,
)

__all__ = ["read_text"]

_HEADERS = {
    "deck": MAIN, "main": MAIN, "maindeck": MAIN, "main deck": MAIN, "mainboard": MAIN,
    "sideboard": SIDEBOARD, "side": SIDEBOARD, "about": "about",
    "maybeboard": "maybe", "considering": "maybe",
    "commander": "commander", "commanders": "commander", "companion": "companion",
}
_HEADER = re.compile(r"^(?P<name>[A-Za-z ]+?)\s*:?$")
_CARD = re.compile(r"^(?P<sb>SB:\s*)?(?P<count>\d+)[xX]?\s+(?P<rest>\S.*)$", re.IGNORECASE)
_TAGS = re.compile(r"\s+\^[^^]*\^$")
_CATEGORIES = re.compile(r"\s+\[(?P<cats>[^\]]*)\]$")
_MARKERS = re.compile(r"(?:\s+\*(?P<marker>[A-Za-z]+)\*)$")
_PRINTING = re.compile(r"\s+\([A-Za-z0-9]{2,6}\)(?:\s+[A-Za-z0-9\u2605\u2020-]+)?$")
_MWS_SET = re.compile(r"^\[[A-Za-z0-9]{2,6}\]\s+")
_TRAILING_COMMENT = re.compile(r"\s+#.*$")
_ABOUT_NAME = re.compile(r"^name\s+(?P<title>\S.*)$", re.IGNORECASE)

COMMANDER = ("commander decks are not supported (mtgsim plays two-player games of "
             "constructed decks)")
COMPANION = ("companion (702.139) is not implemented; remove the Companion section to play "
             "the deck without its companion")


def _header(line: str) -> str | None:
    m = _HEADER.match(line)
    if m is None:
        return None
    return _HEADERS.get(" ".join(m.group("name").lower().split()))


class _Card:
    """A card line taken apart: count, the name as written, and where it goes."""

    def __init__(self, count: str, rest: str, sideboard: bool) -> None:
        self.count = count
        self.sideboard = sideboard
        self.skip = False  # not part of the deck (Archidekt's maybeboard)
        self.commander = False
        rest = _TAGS.sub("", rest)
        cats = _CATEGORIES.search(rest)
        if cats is not None:
            rest = rest[:cats.start()]
            self._categories(cats.group("cats"))
        while (m := _MARKERS.search(rest)) is not None:
            rest = rest[:m.start()]
            self.commander = self.commander or m.group("marker").upper() == "CMDR"
        rest = _PRINTING.sub("", rest)
        self.name = _MWS_SET.sub("", rest).strip()

    def _categories(self, text: str) -> None:
        for raw in text.split(","):
            flags = re.findall(r"\{(\w+)\}", raw)
            name = re.sub(r"\{\w*\}", "", raw).strip().lower()
            if "noDeck" in flags or name in ("maybeboard", "considering"):
                self.skip = True
            elif name == "sideboard":
                self.sideboard = True
            elif name == "commander":
                self.commander = True


def read_text(text: str, file: str) -> ReadList:
    """The card lines of a text deck list, up to the first line it cannot read."""
    lines = text.splitlines()
    out: list[DeckLine] = []
    try:
        title = _read(lines, file, out)
    except DeckError as exc:
        return ReadList(tuple(out), max(len(lines), 1), "", (exc.line, exc.message))
    return ReadList(tuple(out), max(len(lines), 1), title)


def _one_break_at_most(stripped: list[str], file: str) -> None:
    """A list without headers has at most one blank line between cards (the one before
    MTGO's sideboard); a second would make its sections a guess."""
    breaks = 0
    seen = gap = False
    for lineno, line in enumerate(stripped, start=1):
        if not line:
            gap = gap or seen
        elif not line.startswith(("#", "//")):
            if gap:
                breaks += 1
                if breaks == 2:
                    raise DeckError(file, lineno, "a second blank line between cards: "
                                    "without section headers a blank line starts the "
                                    "sideboard (MTGO's format), so there can be only one; "
                                    "add 'Deck' and 'Sideboard' headers")
            seen, gap = True, False


def _read(lines: list[str], file: str, out: list[DeckLine]) -> str:
    """Append the card lines to ``out``; the deck's title (raises DeckError)."""
    stripped = [_TRAILING_COMMENT.sub("", raw.strip()) for raw in lines]
    with_headers = any(_header(s) is not None for s in stripped
                       if s and not s.startswith(("#", "//")))
    if not with_headers:
        _one_break_at_most(stripped, file)
    section = MAIN
    title = ""
    cards_seen = False
    gap_after_cards = False
    for lineno, line in enumerate(stripped, start=1):
        if not line:
            gap_after_cards = gap_after_cards or cards_seen
            continue
        if line.startswith(("#", "//")):
            continue
        header = _header(line)
        if header is not None:
            if header == "commander":
                raise DeckError(file, lineno, f"a Commander section: {COMMANDER}")
            if header == "companion":
                raise DeckError(file, lineno, f"a Companion section: {COMPANION}")
            section = header
            continue
        if section == "maybe":
            continue
        if section == "about":
            about = _ABOUT_NAME.match(line)
            if about is None:
                raise DeckError(file, lineno, f"unexpected line '{line}' in the About "
                                              "section (expected 'Name DECK NAME')")
            title = about.group("title").strip()
            continue
        m = _CARD.match(line)
        if m is None:
            raise DeckError(file, lineno,
                            f"malformed line '{line}' (expected 'COUNT CARD NAME')")
        if not with_headers and gap_after_cards:
            section = SIDEBOARD
        gap_after_cards = False
        cards_seen = True
        card = _Card(m.group("count"), m.group("rest"), section == SIDEBOARD or
                     bool(m.group("sb")))
        if card.commander:
            raise DeckError(file, lineno, f"'{card.name}' is marked as a commander: "
                                          f"{COMMANDER}")
        if card.skip:
            continue
        if len(card.count.lstrip("0")) > MAX_COUNT_DIGITS:
            raise DeckError(file, lineno, f"count {card.count[:12]}"
                            f"{'...' if len(card.count) > 12 else ''} is more than a deck "
                            "can hold")
        out.append(DeckLine(lineno, SIDEBOARD if card.sideboard else MAIN,
                            int(card.count), card.name))
    return title
