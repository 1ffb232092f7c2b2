"""Clause pattern of "You gain life equal to the sacrificed permanent's mana value."
(Reckoner's Bargain; the amount ``{ of = "sacrificed_mana_value" }``,
``engine.rules.amounts``): read only on a spell whose text makes sacrificing exactly
one permanent an additional cost to cast it (601.2b), so "the sacrificed permanent" is
that one, as it last existed on the battlefield (608.2h)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

# "As an additional cost to cast ~, sacrifice an artifact or creature." (one permanent)
_COST = re.compile(r"^As an additional cost to cast ~, sacrifice an? (?P<what>[a-z ]+)\.$")
_NOUNS = ("permanent", "creature", "artifact", "enchantment", "land")


@rule("effect", "gain_life_sacrificed_mana_value",
      r"you gain life equal to the sacrificed (?P<noun>[a-z]+)'s mana value")
def _gain_sacrificed(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.kind != "spell" or ab.ctx is None:
        raise NotUnderstood(m.group(0), "which sacrificed permanent")
    costs = [c for c in (_COST.match(line) for line in ab.ctx.lines) if c is not None]
    if len(costs) != 1 or " or " in costs[0].group("what") and m.group("noun") != "permanent":
        raise NotUnderstood(m.group(0), "which sacrificed permanent")
    what = costs[0].group("what")
    if m.group("noun") not in _NOUNS or m.group("noun") != "permanent" and \
            m.group("noun") != what:
        raise NotUnderstood(m.group(0), "the sacrificed what")
    return [{"do": "gain_life", "amount": {"of": "sacrificed_mana_value"}}]
