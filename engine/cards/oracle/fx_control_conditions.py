"""Conditions on what you control that name a card or a subtype: "if you control another
creature named ~" (Faerie Miscreant's intervening "if", 603.4) and "if you control a
Human creature and a non-Human creature" (Of One Mind's cost reduction, 601.2f).

* "named ~": the card's own name (201.2: two objects have the same name when their
  names are identical); "another": not the source itself (109.1);
* "non-Human": a creature without that creature type (205.4b: "non-" followed by a
  subtype means an object without it); the two creatures are necessarily different
  objects, since none is both Human and non-Human.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("condition", "you_control_another_named",
      r"(?:if )?you control another (?P<type>creature|permanent) named ~")
def _another_named(m: re.Match[str], ab: Ability) -> Data:
    """"if you control another creature named ~" (Faerie Miscreant)."""
    if ab.ctx is None:
        raise NotUnderstood(m.group(0), "which name")
    f: Data = {"other": True, "named": ab.ctx.name}
    if m.group("type") == "creature":
        f["types"] = ["creature"]
    return {"if": "you_control", "filter": f}


@rule("condition", "you_control_type_and_non_type",
      r"(?:if )?you control an? (?P<sub>[A-Z][a-z]+) creature and an? "
      r"non-(?P=sub) creature")
def _type_and_non_type(m: re.Match[str], ab: Ability) -> Data:
    """"if you control a Human creature and a non-Human creature" (Of One Mind)."""
    sub = m.group("sub")
    return {"if": "all_of", "conditions": [
        {"if": "you_control", "filter": {"types": ["creature"], "subtypes": [sub]}},
        {"if": "you_control", "filter": {"types": ["creature"], "not_subtypes": [sub]}},
    ]}
