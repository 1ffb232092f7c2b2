"""Clause pattern of "If the discarded card [was / wasn't] a [type] card, [effects]."
(Grab the Prize; ``engine/effects/if_discarded.py``): read only on a spell whose text
makes discarding exactly one card an additional cost to cast it (601.2b), so "the
discarded card" is that one."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.effects import sub_clause
from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_TYPES = ("land", "creature", "artifact", "enchantment", "instant", "sorcery")
_COST = "As an additional cost to cast ~, discard a card."


@rule("effect", "if_discarded_card",
      r"if the discarded card (?P<verb>was|wasn't) an? (?P<type>[a-z]+) card, (?P<rest>.+)")
def _if_discarded(m: re.Match[str], ab: Ability) -> list[Data]:
    if m.group("type") not in _TYPES:
        raise NotUnderstood(m.group(0), "a card type")
    if ab.kind != "spell" or ab.ctx is None or _COST not in ab.ctx.lines:
        raise NotUnderstood(m.group(0), "which discarded card")
    effects = sub_clause(m, "rest", ab)
    out: Data = {"do": "if_discarded", "types": [m.group("type")], "effects": effects}
    if m.group("verb") == "wasn't":
        out["negate"] = True
    return [out]
