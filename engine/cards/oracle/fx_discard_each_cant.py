"""Clause pattern of "Each opponent discards a card. For each opponent who can't,
[effects]." (Refurbished Familiar, Aclazotz; ``engine/effects/discard_each_cant.py``):
the effects happen once for each opponent whose hand was empty (701.8a, 608.2c)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.effects import sub_effects
from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effects2", "discard_each_cant",
      r"each opponent discards a card\. For each opponent who can't, (?P<then>[^.\"]+\.)")
def _discard_each_cant(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    effects = sub_effects(m, "then", ab)
    if not effects:
        raise NotUnderstood(m.group("then"), "what happens for each opponent who can't")
    return before + [{"do": "discard_each_cant", "who": "each_opponent", "effects": effects}]
