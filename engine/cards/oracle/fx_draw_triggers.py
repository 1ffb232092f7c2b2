"""Clause patterns of triggers on the number of cards drawn in a turn
(``engine/rules/draw_triggers.py``): "When you draw your third card in a turn, return
~ from your graveyard to the battlefield [tapped]." (Sneaky Snacker). The ability works
from the graveyard because it returns its card from there (113.6k), so the trigger is
read only with that effect."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_RETURN = r"return ~ from your graveyard to the battlefield(?P<tapped> tapped)?"


@rule("trigger", "third_draw_graveyard", r"When you draw your third card in a turn")
def _third_draw(m: re.Match[str], ctx: Ctx) -> list[Data]:
    head = m.group(0) + ", "
    bodies = [line[len(head):] for line in ctx.lines if line.startswith(head)]
    if len(bodies) != 1 or re.fullmatch(_RETURN + r"\.", bodies[0]) is None:
        raise NotUnderstood(m.group(0), "a draw trigger that does not return its card "
                                        "from the graveyard")
    return [{"when": "third_draw_graveyard"}]


@rule("effect", "return_self_from_graveyard_on_draw", _RETURN)
def _return(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.when != "third_draw_graveyard":
        raise NotUnderstood(m.group(0), "from the graveyard")
    out: Data = {"do": "return_from_graveyard", "what": "self", "to": "battlefield"}
    if m.group("tapped"):
        out["tapped"] = True
    return [out]
