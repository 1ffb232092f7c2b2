"""Clause patterns of the monarch (724; ``engine/effects/become_monarch.py``): "you
become the monarch", and "~ can't be blocked by creatures the monarch controls" (the
filter's ``monarch_controls``, ``engine/rules/filters.py``)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "become_monarch", r"you become the monarch")
def _become(m: re.Match[str], ab: Ability) -> list[Data]:
    """724.3: the ability's controller becomes the monarch."""
    return [{"do": "become_monarch"}]


@rule("static", "cant_be_blocked_by_the_monarch",
      r"~ can't be blocked by creatures the monarch controls\.")
def _not_by_monarch(m: re.Match[str], ab: Ability, ctx: Ctx) -> Data:
    """Azure Fleet Admiral: a blocking restriction (509.1b) on creatures the monarch
    controls, whoever that is as blockers are declared (nobody: no restriction)."""
    if "creature" not in ctx.types:
        raise NotUnderstood(m.group(0), "not a creature")
    return {"abilities": [{"type": "static", "cant_be_blocked_by": {"monarch_controls": True}}]}
