"""Clause pattern of the Flagbearer targeting requirement (Standard Bearer): "While an
opponent is choosing targets as part of casting a spell they control or activating an
ability they control, that player must choose at least one Flagbearer on the battlefield
if able." A static ability (604.1) whose rule is ``engine.rules.flagbearer`` (601.2c,
602.2b, 115): the whole sentence is one clause, read exactly as printed; the older
printed wording and any other variant is refused."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Ctx, Out, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("static", "flagbearer_must_target",
      r"While an opponent is choosing targets as part of casting a spell they control or "
      r"activating an ability they control, that player must choose at least one "
      r"Flagbearer on the battlefield if able\.")
def _flagbearer(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    """A permanent's static ability (a card that is not a permanent would have it only
    where its abilities do not work, 113.6)."""
    if "instant" in ctx.types or "sorcery" in ctx.types:
        raise NotUnderstood(m.group(0), "a static ability of a spell")
    return {"abilities": [{"type": "static", "flagbearer_targeting": True}]}
