"""Clause patterns of disturb cards' back faces (702.146, ``engine/keywords/disturb.py``):
"If ~ would be put into a graveyard from anywhere, exile it instead." (614.1a; Luminous
Phantom), and Luminous Phantom's "Whenever another creature you control leaves the
battlefield" (603.6c: a leaves-the-battlefield trigger, looking back in time, 603.10a).

The replacement is read on the back face of a transforming double-faced card only: the
engine applies it where that face can be up (the battlefield, and the stack for a spell
cast transformed); a card with it on a face that is up in other zones (its front face,
or a card of one face, which a discard or a mill would put into a graveyard) is refused.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

Out = dict[str, list[Data]]


@rule("static", "disturb_exile_instead",
      r"If ~ would be put into a graveyard from anywhere, exile it instead\.")
def _exile_instead(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    if ctx.face != "back":
        raise NotUnderstood(m.group(0), "only on the back face of a double-faced card")
    return {"abilities": [{"type": "replacement", "kind": "exile_instead_of_graveyard"}]}


@rule("trigger", "another_creature_you_control_leaves",
      r"Whenever another creature you control leaves the battlefield")
def _yours_leaves(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Another creature of the controller's leaving the battlefield, to any zone."""
    return [{"when": "another_creature_leaves", "filter": {"controller": "you"}}]
