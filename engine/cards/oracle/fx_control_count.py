"""Clause patterns of a static "~ gets +N/+N as long as [condition]" (Ardent Recruit:
a characteristic-changing effect that exists only while the condition holds, 611.3a-b,
applied in layer 7c). Its condition, e.g. metalcraft's "you control three or more
artifacts" (207.2c), is ``you_control_n_or_more`` in ``fx_lands``."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, condition_of, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("static", "self_gets_as_long_as",
      r"~ gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+) as long as (?P<cond>[^,.]+)\.")
def _gets_as_long_as(m: re.Match[str], ab: Ability, ctx: Ctx) -> dict[str, list[Data]]:
    if "creature" not in ctx.types:
        raise NotUnderstood(m.group(0), "not a creature")
    out: Data = {"type": "static", "condition": condition_of(m, "cond", ab)}
    for key in ("p", "t"):
        v = int(m.group(key))
        if v:
            out["power" if key == "p" else "toughness"] = v
    return {"abilities": [out]}
