"""Persist (702.79).

702.79a "Persist" means "When this permanent is put into a graveyard from the
battlefield, if it had no -1/-1 counters on it, return it to the battlefield under its
owner's control with a -1/-1 counter on it." The intervening "if" looks at the permanent
as it last existed (603.10a, 603.4); the counter is put on as it enters (614.1c).
"""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, HadCounter, KeywordInstance, Not, Triggered
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.return_to_battlefield import ReturnToBattlefield
from mtgsim.engine.keywords import compiles


@compiles("persist")
def compile_persist(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="leaves_to_graveyard", condition=Not(HadCounter("-1/-1")),
                      keyword="persist", effects=(ReturnToBattlefield(
                          what="it_card", under="owner", counter="-1/-1", counters=1),))]
