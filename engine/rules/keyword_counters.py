"""Keyword counters (122.1b): a flying, first strike, double strike, deathtouch, haste,
hexproof, indestructible, lifelink, menace, reach, shadow, trample or vigilance counter on
a permanent gives it that keyword ability; more than one of a kind gives nothing more.

The ability is added in layer 6 (613.1f) with the keyword bits of the permanent's own
abilities, before the effects that remove abilities: "loses all abilities" takes the
counters' keywords away too. (613.7 gives a counter the timestamp of when it was put on,
so a counter put on after such an effect began should keep its keyword; no card the
compiler reads puts a keyword counter on a permanent that lost its abilities, so this
order is the one that matters.) Decayed and exalted counters (abilities that are not
bits of ``GameObject.kw``) are not among these: a card that puts them is refused.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_DEATHTOUCH,
    KW_DOUBLE_STRIKE,
    KW_FIRST_STRIKE,
    KW_FLYING,
    KW_HASTE,
    KW_HEXPROOF,
    KW_INDESTRUCTIBLE,
    KW_LIFELINK,
    KW_MENACE,
    KW_REACH,
    KW_SHADOW,
    KW_TRAMPLE,
    KW_VIGILANCE,
)

# The keyword counters of 122.1b the engine gives as keyword bits, by counter name.
KEYWORD_COUNTERS: dict[str, int] = {
    "flying": KW_FLYING,
    "first strike": KW_FIRST_STRIKE,
    "double strike": KW_DOUBLE_STRIKE,
    "deathtouch": KW_DEATHTOUCH,
    "haste": KW_HASTE,
    "hexproof": KW_HEXPROOF,
    "indestructible": KW_INDESTRUCTIBLE,
    "lifelink": KW_LIFELINK,
    "menace": KW_MENACE,
    "reach": KW_REACH,
    "shadow": KW_SHADOW,
    "trample": KW_TRAMPLE,
    "vigilance": KW_VIGILANCE,
}


def counter_keywords(counters: dict[str, int]) -> int:
    """The keyword bits the counters on a permanent give it (122.1b): those of each kind
    of keyword counter it has at least one of."""
    kw = 0
    for kind, n in counters.items():
        bit = KEYWORD_COUNTERS.get(kind)
        if bit is not None and n > 0:
            kw |= bit
    return kw
