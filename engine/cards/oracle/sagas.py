"""Saga chapter lines (714.2): "I — [effect]" and "I, II — [effect]" (with a chapter's
name, a flavor word of no rules meaning, 207.2d: "I, II — Stampede! — [effect]") read
into chapter abilities (``engine/rules/sagas.py``), and the Saga's "Exile this Saga, then return it to
the battlefield transformed under your control." (The Modern Age; 712.14,
``engine/effects/return_transformed.py``).

714.2a-b: each chapter number on a line is a chapter ability of its own with the line's
effect, triggering as lore counters reach that number. The compiler gives a Saga with
chapter abilities 714.3a's replacement, "As a Saga enters, its controller puts a lore
counter on it" (``enters_with_counters``, 614.1c); the reminder text that says so is
dropped with all reminder text. A Saga whose chapters are not numbered one by one from I
(a line missing) is refused.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mtgsim.engine.cards.oracle.effects import parse_effects
from mtgsim.engine.cards.oracle.table import Ability, Data, declare, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood, Span

if TYPE_CHECKING:
    from mtgsim.engine.cards.oracle.lines import Card

CHAPTER = declare("saga_chapter", "a Saga's chapter symbols: \"I, II — \" (714.2a)")
_NUMERALS = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7}
CHAPTER_LINE = re.compile(r"^(?P<nums>[IVX]+(?:, [IVX]+)*) — (?=\S)")
# a chapter's name after its symbols ("I, II — Stampede! — ..."; the summons of Final
# Fantasy): a flavor word, with no rules meaning (207.2d)
_CHAPTER_NAME = re.compile(r"^[A-Z][\w'!,. -]{0,40}? — (?=\S)")
LORE_ENTERS: Data = {"type": "replacement", "kind": "enters_with_counters", "counter": "lore",
                     "amount": 1}


def chapter_line(span: Span, card: Card) -> bool:
    """A chapter line of a Saga into its chapter abilities; False if ``span`` is not one."""
    ctx = card.ctx
    m = CHAPTER_LINE.match(span.text)
    if m is None or "Saga" not in ctx.subtypes:
        return False
    numbers = []
    for n in m.group("nums").split(", "):
        if n not in _NUMERALS:
            raise NotUnderstood(n, "a chapter number")
        numbers.append(_NUMERALS[n])
    start = m.end()
    named = _CHAPTER_NAME.match(span.text[start:])
    if named is not None:
        start += named.end()
    ctx.consume(span.cut(0, start), CHAPTER)
    ab = Ability("triggered", when="chapter", ctx=ctx)
    effects = parse_effects(span.cut(start), ab, ctx)
    for n in numbers:
        a: Data = {"type": "triggered", "when": "chapter", "chapter": n, "effects": effects}
        if ab.targets:
            a["targets"] = list(ab.targets)
        card.abilities.append(a)
    if LORE_ENTERS not in card.abilities:
        card.abilities.append(dict(LORE_ENTERS))
    return True


def check_chapters(abilities: list[Data], name: str) -> None:
    """Chapters numbered I to N, each once (714.2a: every Saga the compiler reads)."""
    got = sorted(a["chapter"] for a in abilities
                 if a.get("type") == "triggered" and a.get("when") == "chapter")
    if got and got != list(range(1, len(got) + 1)):
        raise NotUnderstood(name, "chapters not numbered I to N")


@rule("effect", "saga_exile_return_transformed",
      r"exile ~, then return it to the battlefield transformed under your control")
def _exile_return(m: re.Match[str], ab: Ability) -> list[Data]:
    """The Saga's own chapter ability: it is exiled, and the card it became (400.7)
    returns with its back face up under the ability's controller (712.14)."""
    if ab.when != "chapter" or ab.ctx is None or ab.ctx.layout != "transform":
        raise NotUnderstood(m.group(0), "a Saga of a double-faced card")
    return [{"do": "exile", "what": "self"},
            {"do": "return_transformed", "what": "self_card", "under": "you"}]
