"""Typecycling (702.29e-f): "[Type]cycling [cost]" means "[Cost], Discard this card:
Search your library for a [type] card, reveal it, put it into your hand, then shuffle."
(Islandcycling, basic landcycling). It is cycling (702.29f: what refers to cycling
sees it), an activated ability that works while the card is in its owner's hand
(702.29a); discarding the card is part of its cost.

The engine reads the basic land types and "basic land" as the type; other types
(creature types: "wizardcycling") are refused as a keyword it does not have.
"""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, Activated, Cost, Filter, KeywordInstance
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.search import Search
from mtgsim.engine.keywords import compiles

TYPES = {
    "plains": Filter(subtypes=("Plains",)), "island": Filter(subtypes=("Island",)),
    "swamp": Filter(subtypes=("Swamp",)), "mountain": Filter(subtypes=("Mountain",)),
    "forest": Filter(subtypes=("Forest",)),
    "basic land": Filter(types=("land",), supertypes=("basic",)),
}


@compiles("typecycling")
def compile_typecycling(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    f = TYPES.get(inst.quality.lower())
    if f is None:
        raise ValueError(f"{card.name}: {inst.quality}cycling: a type the engine does not "
                         "search for")
    return [Activated(cost=Cost(mana=inst.cost, discard_self=True), zone="hand",
                      keyword="typecycling",
                      effects=(Search(filter=f, to="hand", reveal=True),))]
