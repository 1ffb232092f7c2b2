"""Layer 4 of "becomes a 0/0 Homunculus artifact creature" (Kenku Artificer; 205.1b): the
effect sets the creature types and keeps the other card types and subtypes. No scenario
can look at subtypes, so these look at the object after the layers."""

from __future__ import annotations

from gamesetup import Setup

from mtgsim.engine.cards import T_ARTIFACT, T_CREATURE, CardDef
from mtgsim.engine.rules.filters import has_subtype
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import ContinuousEffect

FOOD_GOLEM = CardDef(name="Test Kindred Food", types=("kindred", "artifact"), mana_cost="{2}",
                     subtypes=("Golem", "Food"))


def _animate(creature_types: tuple[str, ...]) -> tuple[bool, bool, bool, int]:
    s = Setup()
    oid = s.bf(FOOD_GOLEM, 0)
    state = s.go()
    state.clock += 1
    state.effects.append(ContinuousEffect(oid, state.clock, until_eot=False,
                                          add_types=T_CREATURE, set_base=(0, 0),
                                          creature_types=creature_types))
    characteristics_changed(state)
    ensure(state)
    o = state.objects[oid]
    return (has_subtype(o, "Homunculus"), has_subtype(o, "Golem"), has_subtype(o, "Food"),
            o.card.type_mask | o.extra_types)


def test_creature_types_are_replaced_and_artifact_types_kept() -> None:
    homunculus, golem, food, types = _animate(("Homunculus",))
    assert homunculus and food and not golem
    assert types & T_CREATURE and types & T_ARTIFACT


def test_without_creature_types_nothing_is_replaced() -> None:
    homunculus, golem, food, types = _animate(())
    assert golem and food and not homunculus
    assert types & T_CREATURE
