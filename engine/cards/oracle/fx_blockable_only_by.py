"""Clause pattern of "~ can't be blocked this turn except by creatures with haste"
(Gingerbrute): the ``cant_be_blocked_this_turn_except_by`` effect on the card itself, the
creatures that may still block it read as a noun phrase (``nouns.read_noun``: "creatures
with flying", "artifact creatures", ...); anything that is not creatures is refused."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import read_noun
from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "self_cant_be_blocked_this_turn_except_by",
      r"~ can't be blocked this turn except by (?P<what>[^,.]+)")
def _except_by(m: re.Match[str], ab: Ability) -> list[Data]:
    n = read_noun(m.group("what"), ab)
    if n.noun != "permanent" or not n.plural or "creature" not in n.filter.get("types", ()):
        raise NotUnderstood(m.group(0), "which creatures may block it")
    return [{"do": "cant_be_blocked_this_turn_except_by", "what": "self", "filter": n.filter}]
