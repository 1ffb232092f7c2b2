"""Scavenge (702.97): "Scavenge [cost]" means "[Cost], Exile this card from your graveyard:
Put a number of +1/+1 counters equal to the power of the card you exiled on target
creature. Activate only as a sorcery." An activated ability that works only while the
card is in its owner's graveyard (702.97a).

The card's power in a graveyard is its printed power (no effect the engine has changes
the characteristics of a card in a graveyard), fixed when the card compiles; a card
whose power is not a number (``*``) is not read. Exiling it is a cost (``exile_self``,
``engine/rules/cost_parts.py``): it can't be responded to.

Statistics: ``scavenge_activations``.
"""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, Activated, Cost, KeywordInstance, Target
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.add_counters import AddCounters
from mtgsim.engine.keywords import compiles


@compiles("scavenge")
def compile_scavenge(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    if card.power is None:
        raise ValueError(f"{card.name}: scavenge of a card without a power")
    return [Activated(cost=Cost(mana=inst.cost, exile_self=True), zone="graveyard",
                      sorcery_speed=True, keyword="scavenge", targets=(Target("creature"),),
                      effects=(AddCounters(what="t0", counter="+1/+1", amount=card.power),))]
