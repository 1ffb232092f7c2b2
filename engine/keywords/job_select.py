"""Job select (702.182).

702.182a: "Job select is a triggered ability. 'Job select' means 'When this Equipment
enters, create a 1/1 colorless Hero creature token, then attach this to it.'" Compiled,
as living weapon is (``engine/keywords/living_weapon.py``, 702.92), into that triggered
ability: ``create_token`` of the Hero, then ``attach_equipment`` (701.3) of this
Equipment to the token the ability created (the reference ``"created"``). Unlike living
weapon's 0/0 Germ the Hero is a 1/1: it stays when the Equipment moves or leaves, and if
the Equipment left the battlefield before the ability resolves the Hero is created and
nothing is attached to it (701.3b).
702.182b: multiple instances trigger separately: one ability per instance.

The AI values the trigger through its effects: the token's worth (``create_token``'s
estimate) and the attachment (``attach_equipment``'s).
"""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, CardDef, KeywordInstance, Triggered
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.create_token import CreateToken
from mtgsim.engine.keywords import compiles
from mtgsim.engine.keywords.equip import AttachEquipment

HERO = CardDef(name="Hero", types=("creature",), subtypes=("Hero",), colors=(),
               power=1, toughness=1)


@compiles("job select")
def compile_job_select(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="enters", keyword="job select",
                      effects=(CreateToken(token=HERO), AttachEquipment(to="created")))]
