"""Clause patterns of Unable to Scream: "Enchanted creature loses all abilities and is a
Toy artifact creature with base power and toughness 0/2 in addition to its other types."
and "As long as enchanted creature is face down, it can't be turned face up."

The first is one static ability of the Aura over the enchanted creature (303.4, 613):
layer 4 adds the card type artifact (and creature, which it is) and the subtype Toy in
addition to its other types (205.1b, ``Static.add_types``, ``add_subtypes``: in
timestamp order with the other type-changing effects, 613.7), layer 6 removes all its
abilities (``lose_all_abilities``), layer 7b sets its base power and toughness
(``set_base``): counters and other +N/+N effects still apply on top (613.4c).

The second restricts turning a face-down creature face up (702.37e, 708.8). The engine
has no face-down permanents: no card it plays can put one onto the battlefield (morph,
megamorph, disguise, manifest and cloak are refused by the compiler; a test,
tests/cards/test_face_down_absent.py, fails the day one of them compiles), so "as long
as enchanted creature is face down" never holds and the sentence does nothing, exactly.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Ctx, Out, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


def _aura(clause: str, ctx: Ctx) -> None:
    if "Aura" not in ctx.subtypes:
        raise NotUnderstood(clause, "not an Aura")


@rule("static", "enchanted_loses_all_is_artifact",
      r"Enchanted creature loses all abilities and is an? (?P<sub>[A-Z]\w+) artifact "
      r"creature with base power and toughness (?P<p>\d+)/(?P<t>\d+) in addition to its "
      r"other types\.")
def _toy(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    _aura(m.group(0), ctx)
    return {"abilities": [{"type": "static", "applies_to": "enchanted",
                           "lose_all_abilities": True, "add_types": ["artifact", "creature"],
                           "add_subtypes": [m.group("sub")],
                           "set_base": [int(m.group("p")), int(m.group("t"))]}]}


@rule("static", "face_down_cant_turn_face_up",
      r"As long as enchanted creature is face down, it can't be turned face up\.")
def _face_down(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    _aura(m.group(0), ctx)
    return {"abilities": []}
