"""Clause pattern of "Equipped creature has deathtouch during your turn. Otherwise, it has
reach." (Hunter's Blowgun): two static abilities of the Aura or Equipment (604.1, layer
6), one whose condition is that it is its controller's turn and one whose condition is
that it is not (611.3a: a static ability's effect applies while its condition holds;
"Otherwise" is the other turns). The conditions are checked again as each turn changes
(``engine.rules.turn``'s ``conditions_changed``)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.fx_pump import KEYWORD_LIST, keyword_list
from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, Out, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_WHO = {"Enchanted creature": ("enchanted", "Aura"), "Equipped creature": ("equipped", "Equipment")}


@rule("static", "attached_has_during_your_turn_otherwise",
      r"(?P<who>Enchanted creature|Equipped creature) has (?P<a>" + KEYWORD_LIST +
      r") during your turn\. Otherwise, it has (?P<b>" + KEYWORD_LIST + r")\.")
def _during_your_turn(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    applies_to, need = _WHO[m.group("who")]
    if need not in ctx.subtypes:
        raise NotUnderstood(m.group("who"), f"not an {need}")
    mine: Data = {"if": "not", "condition": {"if": "not_your_turn"}}
    return {"abilities": [
        {"type": "static", "applies_to": applies_to, "keywords": keyword_list(m.group("a")),
         "condition": mine},
        {"type": "static", "applies_to": applies_to, "keywords": keyword_list(m.group("b")),
         "condition": {"if": "not_your_turn"}},
    ]}
