"""Keyword abilities: parsing the printed keywords of a card and compiling them.

Each keyword lives in its own module in this package, citing its rules, and plugs into
the core through its general mechanisms: the abilities it compiles into (triggered,
activated, static), replacement hooks (engine.rules.replacement), casting permissions and
additional costs (engine.rules.casting), and delayed triggers. Plain evasion and combat
keywords are bits (engine.cards.KEYWORD_BITS) handled by the core rules modules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from mtgsim.engine.cards import (
    COLOR_NAME,
    KEYWORD_BITS,
    KEYWORD_NAMES,
    TYPE_BIT,
    AbilityT,
    Filter,
    KeywordInstance,
    SpellCostReduction,
)

if TYPE_CHECKING:
    from mtgsim.engine.cards.card import Card
    from mtgsim.engine.state.game_state import GameObject

# Rules shorthands accepted in ``keywords`` that are not Oracle keyword abilities.
NOT_ORACLE = {
    "unblockable", "can't block", "can't attack", "attacks each combat", "doesn't untap",
    "activated abilities can't be activated", "all creatures able to block it do so",
}
# Keywords with a number N (or X) and with a cost.
WITH_NUMBER = {"annihilator", "bloodthirst", "dredge", "graft", "devour", "collect evidence",
               "backup"}
WITH_COST = {
    "level up", "recover", "replicate", "transmute", "unearth", "equip", "flashback",
    "evoke", "kicker", "cycling", "ward", "madness", "plot", "typecycling",
    "escape",
    "ninjutsu",
    "buyback",
    "reinforce",  # "Reinforce 2—{1}{G}": N and a cost (702.77a)
    "scavenge",
    "overload",
    "craft",
    "disturb",
    "sneak",
    "foretell",
    "bestow",
}
PLAIN = {
    "cascade", "exalted", "epic", "haunt", "convoke", "forecast", "umbra armor", "rebound",
    "retrace", "devoid", "persist", "delve", "storm", "changeling", "living weapon",
    "decayed",
    "bargain",
    "job select",
    "prowess",
    "improvise",
}
# "Islandcycling {1}", "Basic landcycling {1}{G}" (702.29e): the types the engine reads
_TYPECYCLING = re.compile(r"^(?P<type>[a-z]+(?: land)?)cycling (?P<cost>\{.+)$")
TYPECYCLING_TYPES = frozenset(("plains", "island", "swamp", "mountain", "forest",
                               "basic land"))
_REINFORCE = re.compile(r"^[Rr]einforce (?P<n>\d+)—(?P<cost>\{.+\})$")
_NUMBER = re.compile(r"^(?P<name>[a-z ]+?)(?: (?P<quality>[a-zA-Z]+))? (?P<n>\d+|[xX])$")

Compiler = Callable[["Card", KeywordInstance], list[AbilityT]]
COMPILERS: dict[str, Compiler] = {}
# keywords that reduce the cost of the spell that has them (affinity, 702.41a)
Reducer = Callable[["Card", KeywordInstance], SpellCostReduction]
REDUCERS: dict[str, Reducer] = {}


def compiles(name: str) -> Callable[[Compiler], Compiler]:
    """Register how a keyword expands into ordinary abilities."""
    def deco(fn: Compiler) -> Compiler:
        COMPILERS[name] = fn
        return fn
    return deco


def reduces(name: str) -> Callable[[Reducer], Reducer]:
    """Register the cost reduction a keyword is (engine.rules.cost_changes)."""
    def deco(fn: Reducer) -> Reducer:
        REDUCERS[name] = fn
        return fn
    return deco


def parse_keyword(text: str) -> KeywordInstance | int:
    """A keyword as printed -> a bit (plain keywords) or a KeywordInstance."""
    low = text.strip().lower()
    bit = KEYWORD_BITS.get(low)
    if bit is not None:
        return bit
    if low == "totem armor":
        low = "umbra armor"
    if low in PLAIN:
        return KeywordInstance(low, text=text)
    if low.startswith("enchant "):
        return KeywordInstance("enchant", quality=text.strip()[8:], text=text)
    if low.startswith("protection from "):
        return KeywordInstance("protection", quality=low[16:], text=text)
    if low.startswith("affinity for "):  # 702.41a
        return KeywordInstance("affinity", quality=low[13:], text=text)
    m = _NUMBER.match(low)
    if m and (m.group("name") in WITH_NUMBER or f"{m.group('name')} {m.group('quality')}"
              in WITH_NUMBER):
        name = m.group("name")
        quality = m.group("quality") or ""
        if name not in WITH_NUMBER:
            name, quality = f"{name} {quality}", ""
        n = -1 if m.group("n") == "x" else int(m.group("n"))
        return KeywordInstance(name, n=n, quality=quality, text=text)
    m = _TYPECYCLING.match(low)
    if m is not None and m.group("type") in TYPECYCLING_TYPES:  # 702.29e
        return KeywordInstance("typecycling", quality=m.group("type"),
                               cost=text.strip()[m.start("cost"):].strip(), text=text)
    m = _REINFORCE.match(text.strip())
    if m is not None:  # "Reinforce 2—{1}{G}" (702.77a)
        return KeywordInstance("reinforce", n=int(m.group("n")), cost=m.group("cost"),
                               text=text)
    for name in WITH_COST:
        if low.startswith(name) and low[len(name):len(name) + 1] in (" ", "—"):
            return KeywordInstance(name, cost=text.strip()[len(name) + 1:].strip(), text=text)
    raise ValueError(f"unknown keyword ability {text!r}")


_ENCHANT_FILTERS = {
    "creature": Filter(types=("creature",)),
    "land": Filter(types=("land",)),
    "artifact": Filter(types=("artifact",)),
    "enchantment": Filter(types=("enchantment",)),
    "permanent": Filter(),
    "forest": Filter(subtypes=("Forest",)),
    "creature you control": Filter(types=("creature",), controller="you"),
}


def compile_keywords(card: Card) -> tuple[AbilityT, ...]:
    """Fill in the card's keyword-derived fields; return the abilities they expand into.

    A step of loading the pool (``engine.cards.pool.compile_card``, which has every
    keyword module registered: ``engine.keywords.all``)."""

    mask = 0
    instances: list[KeywordInstance] = []
    names: set[str] = set()
    protection: list[str] = []
    protection_types = 0
    enchant_filters: list[Filter] = []  # one per "Enchant [quality]" instance (702.5c)
    explicit_enchant = card.enchant is not None
    for text in card.keywords:
        parsed = parse_keyword(text)
        if isinstance(parsed, int):
            mask |= parsed
            names.add(KEYWORD_NAMES[parsed])
            continue
        instances.append(parsed)
        names.add(parsed.name)
        if parsed.name == "enchant":
            quality = parsed.quality.lower()
            if quality == "player":
                card.enchant_player = True
            elif not explicit_enchant:
                f = _ENCHANT_FILTERS.get(quality)
                if f is None:
                    raise ValueError(f"{card.name}: give 'enchant' explicitly for "
                                     f"'Enchant {parsed.quality}'")
                enchant_filters.append(f)
        elif parsed.name == "protection":
            color = COLOR_NAME.get(parsed.quality)
            if color is not None:
                protection.append(color)
            elif parsed.quality.rstrip("s") in TYPE_BIT:  # "protection from instants"
                protection_types |= TYPE_BIT[parsed.quality.rstrip("s")]
            elif parsed.quality == "colored spells":  # spells that are one or more colors
                card.protection_spells = True
    if enchant_filters:
        # 702.5c: with several enchant abilities it can enchant only what matches all.
        card.enchant = enchant_filters[0] if len(enchant_filters) == 1 else \
            Filter(all_of=tuple(enchant_filters))
    if card.enchant_player and card.enchant is not None:
        # 702.5c-d: "Enchant player" and "Enchant [object]": nothing matches all of them.
        raise ValueError(f"{card.name}: an Aura with 'Enchant player' and another enchant "
                         "ability can enchant nothing")
    card.keyword_mask = mask
    card.keyword_instances = tuple(instances)
    card.keyword_names = frozenset(names)
    card.protection_extra = tuple(protection)
    card.protection_types = protection_types
    extra: list[AbilityT] = []
    reductions = list(card.cost_reductions)
    for inst in instances:
        fn = COMPILERS.get(inst.name)
        if fn is not None:
            extra.extend(fn(card, inst))
        reducer = REDUCERS.get(inst.name)
        if reducer is not None:
            reductions.append(reducer(card, inst))
    card.reductions = tuple(reductions)
    return tuple(extra)


def oracle_keywords(card: Card) -> list[str]:
    """The card's keyword abilities as Oracle prints them (for checking card data)."""
    out = []
    for text in card.keywords:
        if text.strip().lower() in NOT_ORACLE:
            continue
        out.append(text.strip())
    return out


def object_keywords(obj: GameObject) -> list[str]:
    """The keyword abilities an object has now, by lower-case name."""
    names = [name for bit, name in KEYWORD_NAMES.items() if obj.kw & bit]
    if not obj.lost_abilities:
        names.extend(k.name for k in obj.card.keyword_instances)
        for text in obj.gained_keywords:  # gained by an effect (400.7a)
            parsed = parse_keyword(text)
            if isinstance(parsed, KeywordInstance):
                names.append(parsed.name)
    # keyword abilities other objects give it ("other creatures you control have exalted")
    names.extend(a.keyword for a in obj.granted if a.keyword)
    return names
