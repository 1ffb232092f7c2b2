"""Clause patterns of keyword counters (122.1b): "Put a +1/+1 counter and a lifelink
counter on target creature" (Unexpected Fangs), "put a flying counter on it". (Stun
counters, 122.1d, are read by ``fx_mana_artifacts``: "manart_put_stun_counters".)

Each kind of counter is an ``add_counters`` effect on the same object (one target:
"target creature" is one instance of the word, 115.1); the keyword a counter gives is
added in layer 6 (``engine.rules.keyword_counters``). Only the keyword counters the
engine gives as keyword bits are read; a decayed or exalted counter leaves the clause
not understood.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import object_filter
from mtgsim.engine.cards.oracle.refs import objects
from mtgsim.engine.cards.oracle.table import Ability, Data, count, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood
from mtgsim.engine.rules.keyword_counters import KEYWORD_COUNTERS

_KIND = r"(?:\+1/\+1|-1/-1|" + "|".join(sorted(KEYWORD_COUNTERS, key=len, reverse=True)) + ")"
_ONE = r"(?:an?|one|two|three|four|five|\d+) " + _KIND + r" counters?"
_PART = re.compile(r"^(?P<n>\w+) (?P<kind>" + _KIND[3:-1] + r") counters?$")


@rule("effect", "keyword_counters_put",
      r"put (?P<list>" + _ONE + r"(?: and " + _ONE + r")?) on (?P<what>.+)")
def _keyword_counters(m: re.Match[str], ab: Ability) -> list[Data]:
    """One ``add_counters`` effect per kind, in the order printed (all on the same
    permanent at once: 122.1, one instruction); a keyword counter comes one at a time
    ("two flying counters" would be no more than one, 122.1b, and no card prints it)."""
    kinds: list[tuple[str, int]] = []
    for part in m.group("list").split(" and "):
        p = _PART.match(part)
        if p is None:
            raise NotUnderstood(part, "a counter")
        n = count(p.group("n"))
        kind = p.group("kind")
        if (n != 1) != part.endswith("counters") or kind in [k for k, _ in kinds]:
            raise NotUnderstood(part, "counter or counters")
        if kind in KEYWORD_COUNTERS and n != 1:
            raise NotUnderstood(part, "several keyword counters of one kind")
        kinds.append((kind, n))
    if not any([k in KEYWORD_COUNTERS for k, _ in kinds]):
        raise NotUnderstood(m.group(0), "no keyword counter")  # (fx_pump reads these)
    what = m.group("what")
    if what.startswith("each "):
        f = object_filter(what[5:], ab)
        return [{"do": "add_counters", "counter": k, "amount": n, "each": f}
                for k, n in kinds]
    refs = objects(what, ab, ("creature", "permanent"))
    out: list[Data] = []
    for r in refs:
        for k, n in kinds:
            out.append({"do": "add_counters", "what": r, "counter": k, "amount": n})
    return out
