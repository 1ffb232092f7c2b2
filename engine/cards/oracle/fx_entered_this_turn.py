"""Clause pattern of an effect done "unless ~ entered this turn" (Moon-Circuit Hacker's
"discard a card unless this creature entered this turn": the effect happens only if the
condition ``entered_this_turn`` fails; ``GameObject.entered_turn``: a permanent is a new
object each time it enters, 400.7)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.effects import sub_clause
from mtgsim.engine.cards.oracle.table import Ability, Data, rule


@rule("effect", "unless_entered_this_turn", r"(?P<body>.+) unless ~ entered this turn")
def _unless_entered(m: re.Match[str], ab: Ability) -> list[Data]:
    effects = sub_clause(m, "body", ab)
    return [{"do": "if", "condition": {"if": "not", "condition": {"if": "entered_this_turn"}},
             "effects": effects}]
