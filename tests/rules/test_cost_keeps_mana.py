"""A cost that sacrifices or returns a permanent is payable only if the mana part still
is without it (601.2g-h: mana abilities are activated before the other costs are paid,
so a land sacrificed for "As an additional cost to cast this spell, sacrifice a land"
cannot also pay the spell's mana). Found by ``mtgsim fuzz --format pauper``: Crop
Rotation, Raze and Eviscerator's Insight were offered with one land, and their cost's
question then had no option to choose."""

from __future__ import annotations

import pytest
from gamesetup import Setup, has_action, priority

from mtgsim.engine.cards.oracle.library import Found, resolve
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.cards.schema.carddef import CardDef
from mtgsim.engine.state.game_state import CAST


def corpus_card(name: str) -> CardDef:
    got = resolve([name], compile_card)[name]
    assert isinstance(got, Found), got
    return got.defn


@pytest.mark.parametrize(("spell", "land"), [("Crop Rotation", "Forest"),
                                             ("Raze", "Mountain")])
def test_the_only_land_cannot_both_pay_and_be_sacrificed(spell: str, land: str) -> None:
    s = Setup()
    s.add(land, 0)
    oid = s.add(corpus_card(spell), 0, "hand")
    state = s.go()
    assert not has_action(priority(state, 0), CAST, oid)


@pytest.mark.parametrize(("spell", "land"), [("Crop Rotation", "Forest"),
                                             ("Raze", "Mountain")])
def test_with_a_second_land_the_spell_is_cast(spell: str, land: str) -> None:
    s = Setup()
    s.add(land, 0)
    s.add(land, 0)
    oid = s.add(corpus_card(spell), 0, "hand")
    state = s.go()
    assert has_action(priority(state, 0), CAST, oid)
