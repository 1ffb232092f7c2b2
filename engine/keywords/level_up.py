"""Level up (702.87) and leveler cards (711).

"Level up [cost]" means "[Cost]: Put a level counter on this permanent. Activate only as
a sorcery." A leveler's level symbols are bands: the band whose range contains the
number of level counters gives its power/toughness (layer 7b) and abilities (layer 6)
(711.2, engine.layers). Level counters are not Class levels (716).
"""

from __future__ import annotations

from engine.cards import AbilityT, Activated, AddCounters, CardDef, Cost, KeywordInstance
from engine.keywords import compiles


@compiles("level up")
def compile_level_up(card: CardDef, inst: KeywordInstance) -> list[AbilityT]:
    return [Activated(cost=Cost(mana=inst.cost), sorcery_speed=True, keyword="level up",
                      effects=(AddCounters(what="self", counter="level", amount=1),))]
