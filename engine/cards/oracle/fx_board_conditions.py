"""Clause patterns of conditions about the whole battlefield, whoever controls what is
on it (``engine.rules.conditions.on_battlefield``): "if no creatures are on the
battlefield" (Pestilence's intervening "if", 603.4: the end-step trigger neither
triggers nor resolves while a creature is on the battlefield)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import read_noun
from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("condition", "if_none_on_battlefield",
      r"(?:if )?no (?P<what>[a-z]+s) are on the battlefield")
def _none_on_battlefield(m: re.Match[str], ab: Ability) -> Data:
    """"No creatures are on the battlefield": not one permanent of that kind, any
    player's (110.1: every permanent is on the battlefield, whoever controls it)."""
    n = read_noun(m.group("what"), ab)
    if n.noun != "permanent" or not n.plural or "controller" in n.filter:
        raise NotUnderstood(m.group(0), "none of what")
    return {"if": "not", "condition": {"if": "on_battlefield", "filter": n.filter}}
