"""The AI's estimates of effects that once had none (each effect's ``estimate`` in its
module, ``engine/effects/<tag>.py``): an extra combat, an extra turn, untapping,
"can't gain life" and a card put on a library are worth something, more when they do
more, and against the player they hurt."""

from __future__ import annotations

from functools import cache

import msgspec
import pytest

from mtgsim.engine.cards.card import CardPool
from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.effects.extra_turn import ExtraTurn
from mtgsim.engine.rules.effect import effects_value
from mtgsim.engine.scenario.format import Scenario
from mtgsim.engine.scenario.runner import Runner
from mtgsim.engine.state.game_state import GameState


@cache
def _pool() -> CardPool:
    return load_pool()


def _state(a: str, b: str, step: str = "main1") -> GameState:
    text = f"""
name = "estimate"
[setup]
turn = 5
active = "A"
step = "{step}"
[setup.A]
library = ["Forest", "Forest", "Forest"]
{a}
[setup.B]
library = ["Swamp", "Swamp", "Swamp"]
{b}
"""
    sc = msgspec.toml.decode(text.encode(), type=Scenario)
    return Runner(sc, _pool()).state


def _spell_value(state: GameState, card: str, me: int = 0,
                 targets: list[int] | None = None) -> float:
    c = _pool()[card]
    assert c.spell is not None
    return effects_value(state, me, c.spell.effects, targets or [], -1)


def _trigger_value(state: GameState, card: str, me: int = 0,
                   targets: list[int] | None = None) -> float:
    c = _pool()[card]
    return effects_value(state, me, c.triggered[0].effects, targets or [], -1)


def _oid(state: GameState, name: str) -> int:
    return next(oid for oid, o in sorted(state.objects.items()) if o.card.name == name)


def test_an_extra_combat_is_worth_the_attack_it_gives() -> None:
    none = _state('battlefield = ["Mountain"]', 'battlefield = ["Swamp"]')
    bears = _state('battlefield = ["Mountain", "Grizzly Bears"]', 'battlefield = ["Swamp"]')
    giants = _state('battlefield = ["Mountain", "Hill Giant", "Hill Giant"]',
                    'battlefield = ["Swamp"]')
    blocked = _state('battlefield = ["Mountain", "Hill Giant", "Hill Giant"]',
                     'battlefield = ["Swamp", "Grizzly Bears"]')
    for card in ("Waves of Aggression", "World at War"):
        assert _spell_value(none, card) == 0.0
        assert 0.0 < _spell_value(bears, card) < _spell_value(giants, card)
        assert _spell_value(blocked, card) < _spell_value(giants, card)
    # outside a main phase "after this main phase" gives nothing
    upkeep = _state('battlefield = ["Mountain", "Hill Giant"]', 'battlefield = ["Swamp"]',
                    step="upkeep")
    assert _spell_value(upkeep, "Waves of Aggression") == 0.0


def test_an_extra_turn_is_worth_more_than_a_card_and_hurts_the_other_player() -> None:
    state = _state('battlefield = ["Island", "Lighthouse Chronologist", "Hill Giant"]',
                   'battlefield = ["Swamp"]')
    mine = _trigger_value(state, "Lighthouse Chronologist", me=0)
    assert mine > 2.8 + 3.0  # a card, a land drop, and the Giant's attack
    # an extra turn for the other player, valued by me
    assert effects_value(state, 1, (ExtraTurn(who="each_opponent"),), [], -1) == \
        pytest.approx(-mine)


def test_untapping_is_worth_the_tapped_permanents_of_its_controller() -> None:
    tapped = _state('battlefield = [{ card = "Mountain", tapped = true }, '
                    '{ card = "Grizzly Bears", tapped = true }]', 'battlefield = ["Swamp"]')
    untapped = _state('battlefield = ["Mountain", "Grizzly Bears"]', 'battlefield = ["Swamp"]')
    sky = _pool()["Sky Hussar"]
    effects = sky.triggered[0].effects  # "untap all creatures you control"
    assert effects_value(tapped, 0, effects, [], -1) == pytest.approx(1.0)
    assert effects_value(untapped, 0, effects, [], -1) == 0.0


def test_cant_gain_life_is_worth_more_against_lifelink() -> None:
    plain = _state('battlefield = ["Mountain", "Stigma Lasher"]', 'battlefield = ["Swamp"]')
    lifelink = _state('battlefield = ["Mountain", "Stigma Lasher"]',
                      'battlefield = ["Swamp", "Vampire Nighthawk"]')
    assert 0.0 < _trigger_value(plain, "Stigma Lasher") < \
        _trigger_value(lifelink, "Stigma Lasher")
    plain.players[1].cant_gain_life = True
    assert _trigger_value(plain, "Stigma Lasher") == 0.0


def test_a_creature_card_put_on_top_is_worth_its_creature() -> None:
    state = _state('battlefield = ["Swamp"]\ngraveyard = ["Grizzly Bears", "Hill Giant"]',
                   'battlefield = ["Swamp"]')
    bears = _trigger_value(state, "Golgari Thug", targets=[_oid(state, "Grizzly Bears")])
    giant = _trigger_value(state, "Golgari Thug", targets=[_oid(state, "Hill Giant")])
    assert 0.0 < bears < giant
    # for the other player, their card on top of their library is a loss
    assert _trigger_value(state, "Golgari Thug", me=1,
                          targets=[_oid(state, "Hill Giant")]) < 0.0


def test_removing_a_creature_that_leaves_at_end_of_turn_is_worth_its_damage_only() -> None:
    from mtgsim.engine.players.worth import perm_value, removal_worth
    from mtgsim.engine.state.game_state import MAIN2

    def at(step: str, life: int) -> GameState:
        text = f"""
name = "leaver"
[setup]
turn = 6
active = "B"
step = "{step}"
[setup.A]
life = {life}
library = ["Forest", "Forest", "Forest"]
[setup.B]
library = ["Mountain", "Mountain", "Mountain"]
battlefield = ["Mountain", "Hellspark Elemental", "Grizzly Bears"]
"""
        sc = msgspec.toml.decode(text.encode(), type=Scenario)
        return Runner(sc, _pool()).state

    before = at("main1", 20)
    hellspark, bears = _oid(before, "Hellspark Elemental"), _oid(before, "Grizzly Bears")
    o = before.objects[hellspark]
    assert removal_worth(before, o, 0) == pytest.approx(0.5 + 0.6 * 3)  # its 3 damage
    assert removal_worth(before, o, 0) < perm_value(before, o, 0)
    low = at("main1", 5)
    assert removal_worth(low, low.objects[hellspark], 0) > removal_worth(before, o, 0)
    after = at("main2", 20)
    assert after.step == MAIN2
    assert removal_worth(after, after.objects[hellspark], 0) == 0.5  # too late to attack
    b = before.objects[bears]
    assert removal_worth(before, b, 0) == perm_value(before, b, 0)
