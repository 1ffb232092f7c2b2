"""Clause patterns of "[effect] target [object] if it's [colour]." (Hydroblast,
Pyroblast: ``engine/effects/if_target_is.py``; 608.2c): the effect's clause is read by
the table, must choose exactly one target, and happens only if that target has the
colour as the spell resolves. The colour does not restrict the targeting (115.1)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.effects import sub_clause
from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@rule("effect", "if_target_is_color",
      r"(?P<eff>.+ target [^,]+?) if it's (?P<color>white|blue|black|red|green)")
def _if_target_is(m: re.Match[str], ab: Ability) -> list[Data]:
    before = len(ab.targets)
    inner = sub_clause(m, "eff", ab)
    if len(ab.targets) != before + 1 or ab.it != f"t{before}":
        raise NotUnderstood(m.group(0), "which target \"it\" is")
    return [{"do": "if_target_is", "what": ab.it,
             "filter": {"colors": [_COLORS[m.group("color")]]}, "effects": inner}]
