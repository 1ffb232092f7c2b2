"""Clause pattern of Navigator's Compass: "Until end of turn, target land you control
becomes the basic land type of your choice in addition to its other types." (205.1b,
305.6): the effect ``add_land_type`` (engine/effects/add_land_type.py),
the type chosen as it resolves (608.2d)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.refs import one_object
from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "land_becomes_basic_type_of_choice",
      r"[Uu]ntil end of turn, (?P<what>target land[^,]*) becomes the basic land type of "
      r"your choice in addition to its other types")
def _land_type(m: re.Match[str], ab: Ability) -> list[Data]:
    what = one_object(m.group("what"), ab, ("permanent", "land"))
    if not ab.targets or ab.targets[-1].get("filter", {}).get("types") != ["land"]:
        raise NotUnderstood(m.group("what"), "a target land")
    return [{"do": "add_land_type", "what": what}]
