"""Cards with bestow (702.103) read from the corpus: the enchantment creature as printed,
and the bestowed Aura it is when cast bestowed (``CardDef.bestowed``,
``engine.keywords.bestow``).

- The card as printed: every line but those of its "Enchanted creature ..." abilities.
  Such an ability applies to the creature the object enchants (303.4e); as the printed
  enchantment creature the object is no Aura and enchants nothing (303.4d, 301.5), so the
  ability does nothing and leaving it out of that face is exact. The "Bestow [cost]" line
  is its keyword (a mana cost only: "Bestow—{R}, Collect evidence 6" is refused).
- The bestowed Aura (702.103b: "it becomes an Aura enchantment and gains enchant
  creature"): the card's supertypes, the types "Enchantment — Aura" (no creature type, no
  creature types, 205.1a and 205.3d, no power or toughness, 208.3), the line "Enchant
  creature" (702.5a), then every line of the card but the Bestow line (702.103a's
  permission is used as the card is cast; the spell and permanent have it but it does
  nothing there). Its "Enchanted creature ..." lines are its Aura abilities; its others
  (keywords, "enters with" replacements, triggers) are the object's own as they are
  printed. The "Enchant creature" the bestow ability gives is recorded with the pattern
  ``bestow_enchant_creature``.

A card compiles only when both readings do, every clause understood; one that does not
is refused naming the clause (of the printed face first, then "bestowed: ..." for the
Aura).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import msgspec

from mtgsim.engine.cards.oracle.corpus import Record
from mtgsim.engine.cards.oracle.outcome import Check, Compiled, Refused, with_second_face
from mtgsim.engine.cards.oracle.table import declare

CompileFace = Callable[[Record, Check | None, bool, str], Compiled | Refused]
_LINE = re.compile(r"^Bestow\b")
_MANA_LINE = re.compile(r"^Bestow (?:\{[^}]+\})+(?: \([^)]*\))?$")
_ENCHANTED = re.compile(r"^(?:Enchanted creature\b|You control enchanted creature\.$)")
ENCHANT_CREATURE = declare(
    "bestow_enchant_creature",
    "a card with bestow cast bestowed: an Aura enchantment with enchant creature (702.103b)")


def has_bestow(rec: Record) -> bool:
    """Has the card a bestow line ("Bestow {1}{R} (If you cast this card ...)")?"""
    return any(_LINE.match(line) for line in (rec.text or "").split("\n"))


def _aura_record(rec: Record, lines: list[str]) -> Record:
    """The bestowed Aura's record: 702.103b's types and "Enchant creature" (702.5a)."""
    supers = " ".join(rec.supertypes)
    return msgspec.structs.replace(
        rec, type=(supers + " " if supers else "") + "Enchantment — Aura",
        types=("Enchantment",), subtypes=("Aura",), power=None, toughness=None,
        text="\n".join(["Enchant creature", *lines]))


def compile_bestow(rec: Record, check: Check | None, every: bool,
                   compile_face: CompileFace) -> Compiled | Refused:
    """The card with its bestowed Aura, or why it is refused."""
    lines = (rec.text or "").split("\n")
    if "Creature" not in rec.types or "Enchantment" not in rec.types:
        return Refused(rec.name, "bestow on a card that is not an enchantment creature")
    if not all(_MANA_LINE.match(line) for line in lines if _LINE.match(line)) or \
            sum(1 for line in lines if _LINE.match(line)) != 1:
        return Refused(rec.name, "bestow: a bestow cost that is not mana, or two",
                       next(line for line in lines if _LINE.match(line)))
    printed = [line for line in lines if not _ENCHANTED.match(line)]
    card = compile_face(msgspec.structs.replace(rec, text="\n".join(printed)), None, every,
                        "")
    if isinstance(card, Refused):
        return card
    aura = compile_face(_aura_record(rec, [line for line in lines if not _LINE.match(line)]),
                        None, every, "bestowed")
    if isinstance(aura, Refused):
        return Refused(rec.name, f"bestowed: {aura.reason}", aura.clause, aura.clauses)
    face = msgspec.structs.replace(aura.defn, text=rec.text or "")
    defn = msgspec.structs.replace(card.defn, text=rec.text or "", bestowed=face)
    return with_second_face(rec.name, card, aura, face, defn, check, ENCHANT_CREATURE)
