"""Keyword lines: "Flying, vigilance", "Annihilator 2", "Equip {2}", "Enchant creature",
"Protection from black and from red" read into a card's ``keywords``.

A keyword is accepted only when the engine has its rules: a keyword bit, or a keyword
module of ``engine/keywords/`` (and, for those with a cost, a cost that module pays: a
mana cost, or recover's "Pay half your life, rounded up"). Devoid is the card's colour
(702.114a: it has none), so a card with devoid is colourless.
"""

from __future__ import annotations

import pkgutil
import re
from functools import cache

import mtgsim.engine.keywords as keyword_modules
from mtgsim.engine.cards.oracle.nouns import read_noun, singular_subtype
from mtgsim.engine.cards.oracle.table import Data, declare
from mtgsim.engine.cards.oracle.text import NotUnderstood
from mtgsim.engine.cards.schema.bits import KEYWORD_BITS
from mtgsim.engine.keywords import NOT_ORACLE, WITH_COST, parse_keyword
from mtgsim.engine.keywords.craft import craft_cost
from mtgsim.engine.keywords.escape import escape_cost
from mtgsim.engine.keywords.flashback import flashback_cost
from mtgsim.engine.keywords.ward import ward_life
from mtgsim.engine.rules.mana import ManaCostError, parse_cost

_MANA = re.compile(r"^(?:\{[^}]+\})+$")
_ESCAPE_LINE = re.compile(r"^Escape—\{")
_PROTECTION = {"white": "white", "blue": "blue", "black": "black", "red": "red",
               "green": "green", "instants": "instants", "sorceries": "sorceries",
               "spells that are one or more colors": "colored spells"}
# Keywords the engine knows by name but plays only with more text than the keyword: the
# card's other lines must say the rest (forecast's ability, haunt's trigger, levels).
NEEDS_TEXT = {"forecast", "haunt", "level up"}


KEYWORD_LINE = declare("keywords", "a line of keyword abilities: \"Flying, vigilance\"")


@cache
def engine_keywords() -> frozenset[str]:
    """The keywords with rules in the engine: one module each in ``engine/keywords/``
    ("level_up.py": "level up"), and devoid, which is a colour (702.114a)."""
    names = {m.name.replace("_", " ") for m in pkgutil.iter_modules(keyword_modules.__path__)
             if m.name != "all"}
    return frozenset(names | {"devoid"})


class Keywords:
    """What a keyword line gives the card: keywords as printed, and an explicit
    enchant filter for an "Enchant [quality]" the keyword module has no table for."""

    def __init__(self) -> None:
        self.keywords: list[str] = []
        self.enchant: Data | None = None


def _mana_cost(cost: str, whole: str) -> None:
    if not _MANA.match(cost):
        raise NotUnderstood(whole, "a keyword cost that is not mana")
    try:
        parse_cost(cost)
    except ManaCostError:
        raise NotUnderstood(whole, "mana symbols the engine cannot pay") from None


def keyword(text: str, out: Keywords) -> None:
    """Read one keyword as printed into ``out``; raises NotUnderstood."""
    t = text.strip()
    low = t.lower()
    if low in NOT_ORACLE:
        raise NotUnderstood(t, "not a keyword")
    if low.startswith("protection from "):
        _protection(t, out)
        return
    if low.startswith("enchant "):
        _enchant(t, out)
        return
    try:
        parsed = parse_keyword(t)
    except ValueError:
        raise NotUnderstood(t, "a keyword the engine does not have") from None
    if isinstance(parsed, int):
        out.keywords.append(t[:1].upper() + t[1:])
        return
    name = parsed.name
    if name not in engine_keywords():
        raise NotUnderstood(t, "a keyword the engine does not have")
    if name in WITH_COST:
        if name == "recover" and parsed.cost.lower() == "pay half your life, rounded up":
            pass
        elif name == "flashback" and not _MANA.match(parsed.cost):
            try:  # "Flashback—Sacrifice a Mountain", "Flashback—{1}{U}, Pay 3 life"
                flashback_cost(parsed.cost)
            except ValueError:
                raise NotUnderstood(t, "a flashback cost the engine does not pay") from None
        elif name == "craft":
            try:  # "Craft with creature {4}{B}" (702.167a)
                craft_cost(parsed.cost)
            except ValueError:
                raise NotUnderstood(t, "craft materials the engine does not read") from None
        elif name == "ward" and ward_life(parsed.cost):
            pass  # "Ward—Pay 2 life" (702.21a, 119.4)
        elif name == "escape":
            try:  # "Escape—{2}{U}, Exile three other cards from your graveyard" (702.138a)
                escape_cost(parsed.cost)
            except ValueError:
                raise NotUnderstood(t, "an escape cost the engine does not pay") from None
        else:
            _mana_cost(parsed.cost, t)
    if name == "devour" and parsed.quality:
        q = parsed.quality
        if q not in ("artifact", "land", "creature", "enchantment") and \
                singular_subtype(q.capitalize()) != q.capitalize():
            raise NotUnderstood(t, "devour what")
    out.keywords.append(t[:1].upper() + t[1:])


def _protection(t: str, out: Keywords) -> None:
    """"Protection from black", "protection from black and from red"."""
    rest = t[len("protection from "):]
    parts = re.split(r",? and from |, from ", rest)
    for p in parts:
        q = _PROTECTION.get(p)
        if q is None:
            raise NotUnderstood(t, "protection from what")
        out.keywords.append(f"Protection from {q}")


_ENCHANT_TABLE = {"creature", "land", "artifact", "enchantment", "permanent", "forest",
                  "creature you control", "player"}


def _enchant(t: str, out: Keywords) -> None:
    quality = t[len("enchant "):]
    if quality.lower() in _ENCHANT_TABLE:
        out.keywords.append(f"Enchant {quality}")
        return
    if out.enchant is not None:
        raise NotUnderstood(t, "two enchant qualities")
    n = read_noun(quality)
    if n.noun != "permanent" or n.plural:
        raise NotUnderstood(t, "enchant what")
    out.enchant = n.filter
    out.keywords.append(f"Enchant {quality}")


def keyword_line(text: str) -> Keywords:
    """A line of keywords separated by commas (or semicolons); raises NotUnderstood."""
    out = Keywords()
    if text.endswith(".") and "—" in text:  # "Recover—Pay half your life, rounded up."
        keyword(text[:-1], out)
        return out
    if _ESCAPE_LINE.match(text):  # "Escape—{2}{U}, Exile three other cards ..." (no stop)
        keyword(text, out)
        return out
    parts = [p for p in re.split(r"[,;] (?![^{]*\})", text) if p]
    for p in parts:
        if not p or p != p.strip():
            raise NotUnderstood(text, "not a keyword line")
        keyword(p, out)
    return out


def is_plain(name: str) -> bool:
    """A keyword that is a bit of the core rules (flying ...)."""
    return name.lower() in KEYWORD_BITS
