"""Clause pattern of "untap up to N [permanents]" (Snap's "Untap up to two lands."):
the ``untap_up_to`` effect (``engine/effects/untap_up_to.py``; 701.26a, 608.2c-d), the
permanents chosen as it resolves, none of them targeted. Registered before the general
"tap/untap [object]" pattern (``fx_objects``), which reads only targets and "all".
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import read_noun
from mtgsim.engine.cards.oracle.table import Ability, Data, count, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "untap_up_to",
      r"untap up to (?P<n>one|two|three|four|five) (?P<what>[a-z ]+)")
def _untap_up_to(m: re.Match[str], ab: Ability) -> list[Data]:
    n = count(m.group("n"))
    noun = read_noun(m.group("what"), ab)
    if noun.noun not in ("permanent", "creature") or noun.plural != (n > 1) or noun.zone:
        raise NotUnderstood(m.group(0), "untap what")
    return [{"do": "untap_up_to", "filter": noun.filter, "n": n}]
