"""Adventurer cards (715) and Omen cards read from the corpus and their second halves.

An adventurer card has two sets of characteristics: its creature's, and its Adventure's,
an instant or sorcery with the subtype "Adventure" (715.2); an Omen card likewise, its
second half with the subtype "Omen". The corpus gives such a card as one record, named
"Creature // Half" with the creature's characteristics and layout "adventure", and
leaves its second half out. Those halves are in ``adventures.jsonl`` beside it
(``ADVENTURES.md``; a record each, in the corpus's fields, ``front`` naming the card),
their Oracle text as printed; a card whose half is not there is refused, saying so.

A card compiles when both halves do, each with every clause understood; its definition
is the creature's with the half's as ``CardDef.adventure``. The half's reminder text says
where the card goes as it resolves ("Then exile this card. You may cast the creature
later from exile": 715.3d; "Then shuffle this card into its owner's library": an Omen),
which the half's subtype decides (``engine.keywords.adventure``).

Refused: an adventurer creature with flash (its cast from exile is offered at sorcery
speed only, ``engine.rules.casting``), and a half with a subtype other than those two.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from pathlib import Path

import msgspec

from mtgsim.engine.cards.oracle.corpus import Record
from mtgsim.engine.cards.oracle.outcome import Check, Compiled, Refused, with_second_face

HALVES = Path(__file__).with_name("adventures.jsonl")
KINDS = ("Adventure", "Omen")

CompileFace = Callable[[Record, Check | None, bool, str], Compiled | Refused]


@cache
def halves() -> dict[str, Record]:
    """The second halves by the name of their card ("Merchant of the Vale // Haggle")."""
    decoder = msgspec.json.Decoder(Record)
    out: dict[str, Record] = {}
    for line in HALVES.read_bytes().splitlines():
        if line.strip():
            rec = decoder.decode(line)
            assert rec.front is not None, rec.name
            out[rec.front] = rec
    return out


def compile_adventurer(rec: Record, check: Check | None, every: bool,
                       compile_face: CompileFace) -> Compiled | Refused:
    """An adventurer or Omen card from its record (``rec``), or why it is refused."""
    half = halves().get(rec.name)
    if half is None:
        return Refused(rec.name, "adventure layout: the second half's text is not in "
                                 "adventures.jsonl")
    kind = [s for s in half.subtypes if s in KINDS]
    if len(kind) != 1 or not set(half.types) <= {"Instant", "Sorcery"}:
        return Refused(rec.name, f"second half {half.type!r}: not an Adventure or Omen "
                                 "instant or sorcery")
    creature = compile_face(rec, None, every, "adventurer")
    if isinstance(creature, Refused):
        return creature
    if "flash" in (k.lower() for k in creature.defn.keywords):
        return Refused(rec.name, "an adventurer with flash: its creature is cast from "
                                 "exile at sorcery speed only")
    second = compile_face(half, None, every, "adventure")
    if isinstance(second, Refused):
        return dataclasses.replace(second, name=rec.name,
                                   reason=f"{half.name}: {second.reason}" if second.reason
                                   else second.reason)
    defn = msgspec.structs.replace(creature.defn, adventure=second.defn)
    return with_second_face(rec.name, creature, second, second.defn, defn, check)
