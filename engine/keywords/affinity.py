"""Affinity (702.41).

702.41a: "Affinity for [text]" is a static ability that functions while the spell with
it is on the stack: "This spell costs {1} less to cast for each [text] you control."
702.41b: several instances of affinity each apply.

It is a cost reduction of the spell's own (``engine.rules.cost_changes``, 601.2f,
118.7a): only the generic part of the total cost is reduced. The permanents are counted
when the total cost is determined (601.2f), so an artifact sacrificed to pay a cost still
counted. The engine reads "artifacts", "creatures", "enchantments", "lands" and the basic
land types ("Islands"); other qualities are refused as a keyword it does not have.
"""

from __future__ import annotations

from mtgsim.engine.cards import CountPermanents, Filter, KeywordInstance, SpellCostReduction
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import reduces

_TYPES = {"artifacts": "artifact", "creatures": "creature", "enchantments": "enchantment",
          "lands": "land"}
_BASIC = {"plains": "Plains", "islands": "Island", "swamps": "Swamp",
          "mountains": "Mountain", "forests": "Forest"}


def affinity_filter(quality: str) -> Filter:
    """What "affinity for [quality]" counts among the permanents you control."""
    q = quality.lower()
    if q in _TYPES:
        return Filter(types=(_TYPES[q],), controller="you")
    if q in _BASIC:
        return Filter(subtypes=(_BASIC[q],), controller="you")
    raise ValueError(f"affinity for {quality}: a quality the engine does not count")


@reduces("affinity")
def affinity_reduction(card: Card, inst: KeywordInstance) -> SpellCostReduction:
    """702.41a: {1} less for each [quality] you control."""
    try:
        f = affinity_filter(inst.quality)
    except ValueError as exc:
        raise ValueError(f"{card.name}: {exc}") from None
    return SpellCostReduction(generic=1, per=CountPermanents(filter=f))
