"""Clause pattern of another player's optional search: "Its controller may search their
library for a basic land card, put it onto the battlefield tapped, then shuffle."
(Cleansing Wildfire, after "Destroy target land."; ``engine/effects/search.py``'s
``who`` and ``optional``): the destroyed land's controller, as it last existed (608.2h),
decides whether to search (608.2d) and searches their own library."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.fx_basic import gone_controller
from mtgsim.engine.cards.oracle.fx_zones import card_filter
from mtgsim.engine.cards.oracle.table import Ability, Data, rule


@rule("effect", "controller_may_search",
      r"its controller may search their library for (?P<what>an? [^,]+?), put it onto the "
      r"battlefield(?P<tapped> tapped)?, then shuffle")
def _controller_may_search(m: re.Match[str], ab: Ability) -> list[Data]:
    who = gone_controller(m.group(0), ab)
    out: Data = {"do": "search", "filter": card_filter(m.group("what"), ab),
                 "to": "battlefield", "who": who, "optional": True}
    if m.group("tapped"):
        out["tapped"] = True
    return [out]
