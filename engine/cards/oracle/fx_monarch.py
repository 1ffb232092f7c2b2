"""Clause patterns of the monarch (724; ``engine/effects/become_monarch.py``): "you
become the monarch"."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, rule


@rule("effect", "become_monarch", r"you become the monarch")
def _become(m: re.Match[str], ab: Ability) -> list[Data]:
    """724.3: the ability's controller becomes the monarch."""
    return [{"do": "become_monarch"}]
