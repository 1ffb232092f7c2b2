"""Clause pattern of "Target creature and all other creatures with the same name as that
creature get -2/-2 until end of turn" (Echoing Decay): the ``pump_same_name`` effect
(201.2: a name; 611.2a: until end of turn). Fixed amounts with the same sign on both
numbers only; anything else is refused."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "target_and_same_name_get",
      r"target creature and all other creatures with the same name as that creature get "
      r"(?P<sp>[+-])(?P<p>\d+)/(?P<st>[+-])(?P<t>\d+) until end of turn")
def _same_name(m: re.Match[str], ab: Ability) -> list[Data]:
    if m.group("sp") != m.group("st"):
        raise NotUnderstood(m.group(0), "a pump of mixed signs")
    ref = ab.target({"kind": "creature"})
    out: Data = {"do": "pump_same_name", "what": ref, "power": int(m.group("p")),
                 "toughness": int(m.group("t"))}
    if m.group("sp") == "-":
        out["negative"] = True
    return [out]
