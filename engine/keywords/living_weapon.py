"""Living weapon (702.92).

702.92a: "Living weapon is a triggered ability. 'Living weapon' means 'When this
Equipment enters, create a 0/0 black Phyrexian Germ creature token, then attach this to
it.'" Compiled into that triggered ability: ``create_token`` of the Germ, then
``attach_equipment`` (``engine/keywords/equip.py``, 701.3) of this Equipment to the token
the ability created (the reference ``"created"``). The Germ is a 0/0: it lives on what
the Equipment gives it and dies as a state-based action (704.5f) once it is unattached
(the Equipment moved by equip, destroyed or gone), and an Equipment that left the
battlefield before the ability resolves attaches to nothing (701.3b), leaving the Germ
to die. Both happen as the ability resolves, before state-based actions are checked
(704.3), so the Germ never sees a state-based check as a bare 0/0 while the Equipment
can be attached.
702.92b: multiple instances trigger separately: one ability per instance.
"""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, CardDef, KeywordInstance, Triggered
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.create_token import CreateToken
from mtgsim.engine.keywords import compiles
from mtgsim.engine.keywords.equip import AttachEquipment

GERM = CardDef(name="Phyrexian Germ", types=("creature",), subtypes=("Phyrexian", "Germ"),
               colors=("B",), power=0, toughness=0)


@compiles("living weapon")
def compile_living_weapon(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="enters", keyword="living weapon",
                      effects=(CreateToken(token=GERM), AttachEquipment(to="created")))]
