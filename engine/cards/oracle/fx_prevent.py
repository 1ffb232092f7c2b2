"""Clause patterns of prevention effects for the turn (615.1): "Prevent all combat damage
that would be dealt this turn" (Moment's Peace) and "Prevent all damage that would be
dealt by creatures this turn" (Ethereal Haze), "Prevent all damage that sources of the
color of your choice would deal this turn" (Prismatic Strands),
``engine/effects/prevent_damage.py``."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, rule

_WHAT = {"combat damage that would be dealt": "combat",
         "damage that would be dealt by creatures": "by_creatures",
         "damage that sources of the color of your choice would deal": "chosen_color"}


@rule("effect", "prevent_all_damage_this_turn",
      r"prevent all (?P<what>" + "|".join(_WHAT) + r") this turn")
def _prevent(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "prevent_damage", "what": _WHAT[m.group("what")]}]
