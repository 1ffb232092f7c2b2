"""Prowess (702.108).

702.108a: "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of
turn." It compiles into a triggered ability on the ``you_cast`` event (603.2,
``engine.rules.triggers.cast``: the spell is cast once on the stack, 601.2i; a copy is not
cast, 707.10) whose filter is a noncreature spell, and the ordinary ``pump`` effect on
the creature itself (layer 7c until the cleanup step, 514.2). Only spells its controller
casts trigger it; a creature spell (an artifact creature too) does not.
702.108b: each instance triggers separately: one ability per printed instance.
"""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, Filter, KeywordInstance, Triggered
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.pump import Pump
from mtgsim.engine.keywords import compiles


@compiles("prowess")
def compile_prowess(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="you_cast", filter=Filter(not_types=("creature",)),
                      effects=(Pump(what="self", power=1, toughness=1),), keyword="prowess")]
