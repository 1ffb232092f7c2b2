"""Clause patterns of transforming double-faced cards (701.28, 712;
``engine/effects/transform.py``, ``engine/effects/may_reveal_top.py``): "transform ~",
and Delver of Secrets' "look at the top card of your library. You may reveal that card.
If an instant or sorcery card is revealed this way, [effects]"."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.effects import sub_clause
from mtgsim.engine.cards.oracle.nouns import read_noun
from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "transform_self", r"transform ~")
def _transform(m: re.Match[str], ab: Ability) -> list[Data]:
    """701.28a: the source transforms. Only a face of a transforming double-faced card
    (another card's "transform" would do nothing, 701.28d: no such card is played), and
    only in a triggered ability (701.28f is checked for those)."""
    assert ab.ctx is not None
    if ab.ctx.layout != "transform":
        raise NotUnderstood(m.group(0), "not a transforming double-faced card")
    if ab.kind != "triggered":
        raise NotUnderstood(m.group(0), "transform in an ability other than a trigger")
    return [{"do": "transform"}]


@rule("effects3", "may_reveal_top",
      r"look at the top card of your library\. You may reveal that card\. If an? "
      r"(?P<what>[^.]+?) card is revealed this way, (?P<then>[^.]+)\.")
def _may_reveal(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Look at the top card, may reveal it, effects if it is of a kind (701.16a)."""
    n = read_noun(m.group("what") + " card", ab)
    if n.noun != "card" or n.plural:
        raise NotUnderstood(m.group("what"), "a kind of card")
    then = sub_clause(m, "then", ab)
    return before + [{"do": "may_reveal_top", "filter": n.filter, "then": then}]
