"""Clause pattern of "return the exiled card to the battlefield under its owner's
control" in a "When ~ leaves the battlefield" ability linked to the card's other ability
that exiles one target (Journey to Nowhere; 607.2a: ``engine/effects/return_exiled.py``).

"The exiled card" refers to what the linked ability exiled, so the card must have that
ability and no other that exiles: exactly one other line exiles, and it is "When ~
enters, exile [another] target [permanent]." (a triggered ability: the exile remembers
its source, ``engine/effects/exile.py``). Any other card is refused.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_LINKED = re.compile(r"^When ~ enters(?: the battlefield)?, exile (?:another )?target "
                     r"[^.]+\.$")


@rule("effect", "return_the_exiled_card",
      r"return the exiled card to the battlefield under its owner's control")
def _return_exiled(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.kind != "triggered" or ab.when != "leaves" or ab.ctx is None:
        raise NotUnderstood(m.group(0), "which exiled card")
    exiling = [line for line in ab.ctx.lines
               if re.search(r"\b[Ee]xile", line) and "the exiled card" not in line]
    if len(exiling) != 1 or _LINKED.fullmatch(exiling[0]) is None:
        raise NotUnderstood(m.group(0), "which exiled card: no one linked ability exiles")
    return [{"do": "return_exiled"}]
