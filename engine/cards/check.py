"""Checking card data against reference Oracle data: name, mana cost, type line,
power/toughness and keywords of each card.

Two reference formats are read:

* the project's JSON Lines (``engine/cards/reference/oracle.jsonl``, a copy of the
  specification's ``shared/cards/oracle.jsonl``, shipped in the package): one card a line
  with ``name``, ``mana_cost``, ``type_line``, ``power``, ``toughness``, ``keywords``
  (printed with their numbers and costs: ``Annihilator 2``) and ``oracle_text``. It lists
  the cards the pool must support, so a reference card missing from the pool is a problem.
* MTGJSON files (``AtomicCards.json``, ``AllPrintings.json`` or one set's file): an object
  with ``data``. MTGJSON lists keyword *names* (``Annihilator``) and also keyword actions
  and ability words (``Scry``, ``Landfall``), so a card's keywords match when each of ours
  is among theirs and each of theirs that names a keyword ability mtgsim knows is among
  ours. It is a catalogue: cards it has and the pool lacks are no problem. Of a card with
  several faces the first (``side`` "a") is compared, under the card's full name.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import msgspec

from mtgsim.engine.cards import KEYWORD_BITS, KEYWORD_NAMES, KeywordInstance
from mtgsim.engine.cards.card import Card
from mtgsim.engine.cards.pool import CardDataError
from mtgsim.engine.files import read_regular
from mtgsim.engine.keywords import (
    NOT_ORACLE,
    PLAIN,
    WITH_COST,
    WITH_NUMBER,
    oracle_keywords,
    parse_keyword,
)

DEFAULT_REFERENCE = Path(__file__).resolve().parent / "reference" / "oracle.jsonl"

JSONL, MTGJSON = "jsonl", "mtgjson"
# Keyword abilities by name, as MTGJSON spells them in lower case.
KNOWN_KEYWORDS = frozenset({*KEYWORD_BITS, *PLAIN, *WITH_NUMBER, *WITH_COST, "enchant",
                            "protection", "totem armor"}) - NOT_ORACLE


class ReferenceError(CardDataError):
    """A reference file that cannot be read; str() is 'FILE:LINE: problem'."""


class ReferenceCard(msgspec.Struct):
    name: str
    mana_cost: str
    type_line: str
    power: str | None
    toughness: str | None
    keywords: list[str]
    oracle_text: str
    groups: list[str] = []
    source: str = ""


class Reference(msgspec.Struct):
    """The cards of one reference file and its format (``jsonl`` or ``mtgjson``)."""

    path: str
    format: str
    cards: dict[str, ReferenceCard]


class _MtgjsonFace(msgspec.Struct):
    name: str
    type: str = ""
    manaCost: str = ""  # noqa: N815  (MTGJSON's field names)
    power: str | None = None
    toughness: str | None = None
    keywords: list[str] = []
    text: str = ""
    side: str | None = None


def read_reference(path: str | Path | None = None) -> Reference:
    """Read a reference file of either format (raises ``ReferenceError``)."""
    p = Path(path) if path else DEFAULT_REFERENCE
    try:
        data = read_regular(p)  # a FIFO would block: refused
    except OSError as exc:
        raise ReferenceError(f"{p}: cannot read the reference ({exc.strerror or exc})"
                             ) from None
    try:
        whole = msgspec.json.decode(data)
    except msgspec.DecodeError:
        whole = None  # several JSON values: JSON Lines
    if isinstance(whole, dict) and "data" in whole:
        return Reference(str(p), MTGJSON, _mtgjson_cards(p, whole["data"]))
    return Reference(str(p), JSONL, _jsonl_cards(p, data))


def load_reference(path: str | Path | None = None) -> dict[str, ReferenceCard]:
    """The reference cards by name (see :func:`read_reference`)."""
    return read_reference(path).cards


def _jsonl_cards(p: Path, data: bytes) -> dict[str, ReferenceCard]:
    dec = msgspec.json.Decoder(ReferenceCard)
    out: dict[str, ReferenceCard] = {}
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ReferenceError(f"{p}: not UTF-8 text ({exc.reason})") from None
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            card = dec.decode(line)
        except msgspec.DecodeError as exc:
            raise ReferenceError(f"{p}:{lineno}: not a reference card ({exc}); expected "
                                 "one JSON object per line, or an MTGJSON file") from None
        out[card.name] = card
    if not out:
        raise ReferenceError(f"{p}: no reference cards in the file")
    return out


def _mtgjson_faces(data: Any) -> Iterator[list[Any]]:
    """Each card's faces, from AtomicCards (name -> faces), a set file (``cards``) or
    AllPrintings (set code -> set)."""
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        for card in data["cards"]:
            yield [card]
    elif isinstance(data, dict):
        for value in data.values():
            if isinstance(value, list):
                yield value
            elif isinstance(value, dict) and isinstance(value.get("cards"), list):
                for card in value["cards"]:
                    yield [card]


def _mtgjson_cards(p: Path, data: Any) -> dict[str, ReferenceCard]:
    out: dict[str, ReferenceCard] = {}
    for faces in _mtgjson_faces(data):
        try:
            decoded = [msgspec.convert(f, _MtgjsonFace) for f in faces]
        except msgspec.ValidationError as exc:
            raise ReferenceError(f"{p}: not an MTGJSON card ({exc})") from None
        if not decoded:
            continue
        front = next((f for f in decoded if f.side in (None, "a")), decoded[0])
        out.setdefault(front.name, ReferenceCard(
            name=front.name, mana_cost=front.manaCost, type_line=front.type,
            power=front.power, toughness=front.toughness, keywords=list(front.keywords),
            oracle_text=front.text))
    if not out:
        raise ReferenceError(f"{p}: an MTGJSON file without cards (expected data as "
                             "AtomicCards, AllPrintings or one set)")
    return out


def type_line(card: Card) -> str:
    words = [s.capitalize() for s in card.supertypes] + [t.capitalize() for t in card.types]
    line = " ".join(words)
    if card.subtypes:
        line += " — " + " ".join(card.subtypes)
    return line


def _pt(value: int | None, printed: str | None) -> str | None:
    if printed is not None:
        return printed
    return None if value is None else str(value)


def keyword_name(text: str) -> str:
    """A printed keyword's name in lower case: ``Devour artifact 1`` -> ``devour``."""
    parsed = parse_keyword(text)
    name = KEYWORD_NAMES[parsed] if isinstance(parsed, int) else parsed.name
    if isinstance(parsed, KeywordInstance) and parsed.name.startswith("devour"):
        name = "devour"
    return name.lower()


def _their_name(text: str) -> str:
    low = text.strip().lower()
    return "umbra armor" if low == "totem armor" else low


def _keyword_problems(card: Card, ref: ReferenceCard, fmt: str) -> list[str]:
    if fmt == JSONL:
        ours = sorted(k.lower() for k in oracle_keywords(card))
        theirs = sorted(k.lower() for k in ref.keywords)
        return [] if ours == theirs else [f"keywords {ours}, reference {theirs}"]
    our_names = {keyword_name(k) for k in oracle_keywords(card)}
    their_names = {_their_name(k) for k in ref.keywords}
    extra = sorted(our_names - their_names)
    missing = sorted(n for n in their_names - our_names if n in KNOWN_KEYWORDS)
    if not extra and not missing:
        return []
    return [f"keywords {sorted(our_names)}, reference {sorted(their_names)}"]


def check_card(card: Card, ref: ReferenceCard, fmt: str = JSONL) -> list[str]:
    """How ``card`` differs from its reference, one phrase each."""
    problems = []
    if card.mana_cost != ref.mana_cost:
        problems.append(f"mana cost {card.mana_cost!r}, reference {ref.mana_cost!r}")
    tl = type_line(card)
    if tl != ref.type_line:
        problems.append(f"type line {tl!r}, reference {ref.type_line!r}")
    power = _pt(card.power, card.printed_power)
    toughness = _pt(card.toughness, card.printed_toughness)
    if power != ref.power or toughness != ref.toughness:
        problems.append(f"power/toughness {power}/{toughness}, reference "
                        f"{ref.power}/{ref.toughness}")
    problems.extend(_keyword_problems(card, ref, fmt))
    return problems


class CheckResult(msgspec.Struct):
    """The outcome of a check: problems ('Card Name: problem') and what was compared."""

    problems: list[str]
    compared: int  # cards found in both the pool (or the user's files) and the reference
    matched: int
    unreferenced: list[str]  # pool cards checked that the reference does not have


def check(pool: Mapping[str, Card], reference: Reference,
          only: Iterable[str] | None = None, unreferenced_ok: bool = False) -> CheckResult:
    """Check ``only`` those cards (the user's own), or the whole pool, against ``reference``.

    A card of ``only`` that the reference lacks is a problem, unless ``unreferenced_ok``
    (the user gave no reference of their own: the bundled one holds the bundled cards,
    and a new card of theirs is in no reference; it was checked against the schema when
    the pool loaded, and is listed in ``unreferenced``). A JSON Lines reference card
    missing from the pool is a problem when the whole pool is checked.
    """
    problems: list[str] = []
    unreferenced: list[str] = []
    compared = matched = 0
    names = sorted(set(only)) if only is not None else sorted(pool)
    if only is None and reference.format == JSONL:
        problems.extend(f"{name}: missing from the card data"
                        for name in sorted(reference.cards) if name not in pool)
    for name in names:
        ref = reference.cards.get(name)
        if ref is None:
            if only is not None and not unreferenced_ok:
                problems.append(f"{name}: not in the reference {reference.path}")
            unreferenced.append(name)
            continue
        compared += 1
        found = check_card(pool[name], ref, reference.format)
        problems.extend(f"{name}: {p}" for p in found)
        matched += not found
    return CheckResult(sorted(problems), compared, matched, unreferenced)


def check_pool(pool: Mapping[str, Card], reference: str | Path | None = None) -> list[str]:
    """Problems of the whole pool against a reference file, one line each; empty when
    everything matches."""
    return check(pool, read_reference(reference)).problems
