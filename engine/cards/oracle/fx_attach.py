"""Clause pattern of an Equipment's "attach it to target creature you control" in its own
triggered ability (Mirran Banesplitter's "When this Equipment enters, ..."; 701.3a:
``attach_equipment`` of ``engine/keywords/equip.py``, which does nothing if the
Equipment or the creature is gone, or is already attached to it, 701.3b-c)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.refs import one_object
from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "attach_equipment_to_target",
      r"attach (?:it|~) to (?P<what>target creature you control)")
def _attach(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.ctx is None or "Equipment" not in ab.ctx.subtypes or ab.kind != "triggered" or \
            ab.it != "self":
        raise NotUnderstood(m.group(0), "attach what")
    ref = one_object(m.group("what"), ab, ("creature",))
    return [{"do": "attach_equipment", "to": ref}]
