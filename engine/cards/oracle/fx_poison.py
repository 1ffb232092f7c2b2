"""Clause pattern of poison counters given without damage (``engine/effects/poison.py``,
122.1f, 704.5c): "Each opponent gets a poison counter." (Prologue to Phyresis), "target
player gets two poison counters"."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.refs import player
from mtgsim.engine.cards.oracle.table import Ability, Data, number, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "poison_counters",
      r"(?P<who>each opponent|target opponent|target player|you) gets? "
      r"(?P<n>a|an|one|two|three|four|five|\d+) poison counters?")
def _poison(m: re.Match[str], ab: Ability) -> list[Data]:
    """A player gets N poison counters; the verb agrees with "you" and the number."""
    who, n_word = m.group("who"), m.group("n")
    verb = m.group(0).split(" ")[len(who.split(" "))]
    if (who == "you") != (verb == "get") or (n_word in ("a", "an", "one")) != \
            m.group(0).endswith("counter"):
        raise NotUnderstood(m.group(0), "verb or number")
    n = 1 if n_word in ("a", "an") else number(n_word, ab)
    out: Data = {"do": "poison", "amount": n}
    ref = player(who, ab)
    if ref != "each_opponent":
        out["who"] = ref
    return [out]
