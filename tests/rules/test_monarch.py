"""The monarch (724; engine/effects/become_monarch.py): what the rules scenarios under
tests/scenarios/oracle/monarch/ do not show — the designation saved, decoded, cloned and
in each player's view, who controls its triggers, and what the AI thinks it is worth."""

from __future__ import annotations

from pathlib import Path

from mtgsim.engine.effects.become_monarch import BecomeMonarch, monarch_worth
from mtgsim.engine.players.policies.search import position_value
from mtgsim.engine.rules.effect import effects_value
from mtgsim.engine.rules.turn import advance
from mtgsim.engine.scenario.runner import Runner, load_scenario, play_scenario
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import NONE
from mtgsim.engine.state.serialize import from_msgpack, to_msgpack
from mtgsim.engine.state.view import player_view

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "oracle" / "monarch"


def _play(name: str) -> Runner:
    return play_scenario(load_scenario(SCENARIOS / name))


def test_the_monarch_is_saved_cloned_and_seen_by_both_players() -> None:
    state = _play("yes_combat_damage_to_the_monarch_takes_it.toml").state
    assert state.monarch == 0
    assert from_msgpack(to_msgpack(state), state.derived.pool).monarch == 0
    assert clone(state).monarch == 0
    assert player_view(state, 0).monarch == 0 and player_view(state, 1).monarch == 0


def test_the_combat_damage_trigger_is_the_monarchs_and_has_no_source() -> None:
    """724.2: controlled by the player who was the monarch when it triggered (B), with no
    source object; the creature's controller (A) becomes the monarch."""
    sc = load_scenario(SCENARIOS / "yes_combat_damage_to_the_monarch_takes_it.toml")
    runner = Runner(sc, play_scenario(sc).pool)
    for i, act in enumerate(sc.actions[:-1]):  # to combat damage, the trigger not resolved
        runner.do_action(i, act)
    state = runner.state
    advance(state)
    items = [it for it in state.stack if it.card.name == "The Monarch"]
    assert len(items) == 1
    assert items[0].controller == 1 and items[0].source == NONE
    assert items[0].effects == (BecomeMonarch(who="controller_of:it"),)
    assert state.monarch == 1


def test_becoming_the_monarch_is_worth_a_card_a_turn_and_nothing_if_one_already_is() -> None:
    state = _play("yes_combat_damage_to_the_monarch_takes_it.toml").state  # A is monarch
    take = (BecomeMonarch(),)
    assert effects_value(state, 0, take, [], NONE) == 0.0  # A already is
    got = effects_value(state, 1, take, [], NONE)  # B takes it from A
    assert got == monarch_worth(state, 1) + monarch_worth(state, 0) > 0
    state.monarch = NONE
    assert 0 < effects_value(state, 1, take, [], NONE) < got


def test_the_search_counts_the_crown_in_its_position_value() -> None:
    state = _play("yes_combat_damage_to_the_monarch_takes_it.toml").state
    with_crown = position_value(state, 0)
    state.monarch = 1
    without = position_value(state, 0)
    state.monarch = NONE
    assert with_crown > position_value(state, 0) > without


def test_the_heuristic_values_an_attack_that_takes_the_crown() -> None:
    """An attack whose damage reaches the monarch is worth the crown too; one the
    monarch's blockers stop is not."""
    from mtgsim.engine.effects.become_monarch import crown_taken_worth
    from mtgsim.engine.players.policies.combat_ai import attack_net

    sc = load_scenario(SCENARIOS / "yes_combat_damage_to_the_monarch_takes_it.toml")
    state = Runner(sc, play_scenario(sc).pool).state  # the setup: B is the monarch
    objs = state.objects.values()
    bears = next(o for o in objs if o.card.name == "Grizzly Bears")
    sentinels = next(o for o in objs if o.card.name == "Palace Sentinels")
    assert state.monarch == 1
    crowned = attack_net(state, [bears], [], 20, 1.0)
    blocked = attack_net(state, [bears], [sentinels], 20, 1.0)
    state.monarch = NONE
    assert crowned == attack_net(state, [bears], [], 20, 1.0) + crown_taken_worth(state, 0)
    assert blocked == attack_net(state, [bears], [sentinels], 20, 1.0)
    state.monarch = 0  # my own crown: nothing to take
    assert attack_net(state, [bears], [], 20, 1.0) == crowned - crown_taken_worth(state, 0)
