"""Reinforce (702.77): "Reinforce N—[cost]" means "[Cost], Discard this card: Put N +1/+1
counters on target creature." An activated ability that works only while the card is in
its owner's hand (702.77a); discarding the card is part of the cost, and it may be
activated whenever its controller has priority (no timing restriction).

Statistics: ``reinforce_activations``.
"""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, Activated, Cost, KeywordInstance, Target
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.add_counters import AddCounters
from mtgsim.engine.keywords import compiles


@compiles("reinforce")
def compile_reinforce(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    if inst.n <= 0:
        raise ValueError(f"{card.name}: reinforce X is not read")
    return [Activated(cost=Cost(mana=inst.cost, discard_self=True), zone="hand",
                      keyword="reinforce", targets=(Target("creature"),),
                      effects=(AddCounters(what="t0", counter="+1/+1", amount=inst.n),))]
