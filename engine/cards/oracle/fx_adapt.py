"""Clause patterns of adapt (701.46: "Adapt 2", ``engine/effects/adapt.py``) and of the
event of +1/+1 counters being put on a permanent ("Whenever one or more +1/+1 counters
are put on ~", 122.6: counters it enters with count; one trigger for each instruction
that puts them, however many: ``engine/effects/add_counters.py``)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, number, rule

# (The trigger's "it" is the source itself: ``engine.cards.oracle.triggers.SUBJECT``'s
# default. This module imports only the table, so importing it first changes no other
# pattern's place in the order patterns are tried.)


@rule("effect", "adapt", r"adapt (?P<n>{N})")
def _adapt(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Adapt N" of the ability's source (701.46a: only a permanent adapts; it is the
    keyword action of an activated ability of the permanent)."""
    return [{"do": "adapt", "amount": number(m.group("n"), ab)}]


@rule("trigger", "plus_one_counters_put_on_self",
      r"Whenever one or more \+1/\+1 counters are put on ~")
def _counters_put(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"Whenever one or more +1/+1 counters are put on ~" (Evolution Witness)."""
    return [{"when": "plus_one_counters_put"}]
