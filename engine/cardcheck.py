"""Checking card data against the reference Oracle file (shared/cards/oracle.jsonl)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import msgspec

from mtgsim.engine.card import Card
from mtgsim.engine.keywords import oracle_keywords

DEFAULT_REFERENCE = Path(__file__).resolve().parent.parent.parent / "shared" / "cards" / \
    "oracle.jsonl"


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


def load_reference(path: str | Path | None = None) -> dict[str, ReferenceCard]:
    p = Path(path) if path else DEFAULT_REFERENCE
    dec = msgspec.json.Decoder(ReferenceCard)
    out = {}
    for line in p.read_text(encoding="utf-8").splitlines():
        if line.strip():
            card = dec.decode(line)
            out[card.name] = card
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


def check_card(card: Card, ref: ReferenceCard) -> list[str]:
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
    ours = sorted(k.lower() for k in oracle_keywords(card))
    theirs = sorted(k.lower() for k in ref.keywords)
    if ours != theirs:
        problems.append(f"keywords {ours}, reference {theirs}")
    return problems


def check_pool(pool: Mapping[str, Card], reference: str | Path | None = None) -> list[str]:
    """Problems, one line each ('Card Name: problem'); empty when everything matches."""
    ref = load_reference(reference)
    problems = []
    for name in sorted(ref):
        card = pool.get(name)
        if card is None:
            problems.append(f"{name}: missing from the card data")
            continue
        for p in check_card(card, ref[name]):
            problems.append(f"{name}: {p}")
    return problems
