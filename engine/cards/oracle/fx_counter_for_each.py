"""Clause pattern of "Counter target spell unless its controller pays {1} for each card in
your graveyard" (Circular Logic): the ``counter_unless_pays_for_each`` effect, the amount
read by ``engine.cards.oracle.amounts.counted`` (anything it does not count exactly is
refused). Registered before ``fx_objects``'s plain "counter" pattern (the first pattern
whose regex matches a clause reads it)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.amounts import counted
from mtgsim.engine.cards.oracle.refs import one_object
from mtgsim.engine.cards.oracle.table import Ability, Data, rule


@rule("effect", "counter_unless_pays_for_each",
      r"counter (?P<what>target [^,]+?) unless its controller pays \{1\} for each "
      r"(?P<each>[^,]+)")
def _counter_for_each(m: re.Match[str], ab: Ability) -> list[Data]:
    ref = one_object(m.group("what"), ab, ("spell",))
    return [{"do": "counter_unless_pays_for_each", "what": ref,
             "amount": counted(m.group("each"), ab)}]
