"""Prowess (702.108).

702.108a: "Prowess is a triggered ability. 'Prowess' means 'Whenever you cast a
noncreature spell, this creature gets +1/+1 until end of turn.'" Compiled into that
triggered ability: the event ``you_cast`` with the filter of a noncreature spell (603.2,
the spell cast by this permanent's controller; it triggers as the spell becomes cast,
601.2i, and resolves before it), and a ``pump`` of +1/+1 of itself until end of turn
(613.4c, layer 7c).
702.108b: multiple instances trigger separately: one ability per instance.

The AI values the trigger through its effect (``pump``'s estimate), as it does the same
ability printed in full (Elusive Spellfist's "Whenever you cast a noncreature spell,
this creature gets +1/+0 ...").
"""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, Filter, KeywordInstance, Triggered
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.pump import Pump
from mtgsim.engine.keywords import compiles

NONCREATURE_SPELL = Filter(not_types=("creature",))


@compiles("prowess")
def compile_prowess(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="you_cast", keyword="prowess", filter=NONCREATURE_SPELL,
                      effects=(Pump(what="self", power=1, toughness=1),))]
