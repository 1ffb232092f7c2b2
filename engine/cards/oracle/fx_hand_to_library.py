"""Clause pattern of putting cards from the hand on top of the library
(``engine/effects/put_from_hand_on_top.py``): "put two cards from your hand on top of
your library in any order" (Brainstorm)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, count, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "put_from_hand_on_top",
      r"put (?P<n>a|one|two|three) cards? from your hand on top of your library"
      r"(?P<order> in any order)?")
def _put_on_top(m: re.Match[str], ab: Ability) -> list[Data]:
    n = count(m.group("n"))
    if (n > 1) != bool(m.group("order")):
        raise NotUnderstood(m.group(0), "in what order")
    return [{"do": "put_from_hand_on_top", "amount": n}]
