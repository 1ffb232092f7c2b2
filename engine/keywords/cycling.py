"""Cycling (702.29): "Cycling [cost]" means "[Cost], Discard this card: Draw a card." It
is an activated ability that functions only while the card is in its owner's hand
(702.29a); discarding the card is part of the cost (so it can't be responded to)."""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, Activated, Cost, KeywordInstance
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.draw import Draw
from mtgsim.engine.keywords import compiles


@compiles("cycling")
def compile_cycling(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Activated(cost=Cost(mana=inst.cost, discard_self=True), zone="hand",
                      keyword="cycling", effects=(Draw(1),))]
