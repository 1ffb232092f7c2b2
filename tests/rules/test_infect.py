"""Infect (702.90) and poison counters (704.5c) beyond the scenarios of
tests/scenarios/oracle/infect: the counters saved, cloned and seen by both players, the
log's account of them, and the AI's weighing of them."""

from __future__ import annotations

from pathlib import Path

from mtgsim.engine.players.policies.combat_ai import damage_room
from mtgsim.engine.players.policies.search import position_value
from mtgsim.engine.scenario.runner import Runner, load_scenario, play_scenario
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.serialize import from_msgpack, to_msgpack
from mtgsim.engine.state.view import player_view

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "oracle" / "infect"


def _play(name: str) -> Runner:
    return play_scenario(load_scenario(SCENARIOS / name))


def test_poison_counters_are_saved_cloned_and_seen_by_both_players() -> None:
    state = _play("no_nine_poison_counters_do_not_lose.toml").state
    assert state.players[1].poison == 9 and state.players[1].life == 18
    assert from_msgpack(to_msgpack(state), state.derived.pool).players[1].poison == 9
    assert clone(state).players[1].poison == 9
    assert player_view(state, 0).players[1].poison == 9
    assert player_view(state, 1).players[1].poison == 9


def test_the_log_says_infect_damage_and_life_loss_apart() -> None:
    """The damage is logged as damage (it was dealt: 702.90b), and a ``poison`` event says
    it gave poison counters rather than cost life (an ``infect`` event): the fuzz
    invariants rebuild both."""
    sc = load_scenario(SCENARIOS / "no_nine_poison_counters_do_not_lose.toml")
    runner = Runner(sc, play_scenario(sc).pool)
    runner.state.log = []
    for i, act in enumerate(sc.actions):
        runner.do_action(i, act)
    log = runner.state.log
    assert [(e.card, e.amount) for e in log if e.kind == "damage"
            and e.target == "player B"] == [("Glistener Elf", 1), ("Grizzly Bears", 2)]
    assert [(e.player, e.card, e.amount) for e in log if e.kind == "infect"] == [
        (1, "Glistener Elf", 1)]


def test_damage_room_is_poison_only_against_infect_attackers() -> None:
    sc = load_scenario(SCENARIOS / "no_nine_poison_counters_do_not_lose.toml")
    state = Runner(sc, play_scenario(sc).pool).state  # the setup: B at 8 poison, 20 life
    objs = {o.card.name: o for o in state.objects.values()}
    elf, bears = objs["Glistener Elf"], objs["Grizzly Bears"]
    assert damage_room(state, 1, [elf]) == 2
    assert damage_room(state, 1, [elf, bears]) == 20  # split damage: life is the room
    assert damage_room(state, 1, [bears]) == 20


def test_the_search_weighs_poison_counters_as_life_toward_ten() -> None:
    sc = load_scenario(SCENARIOS / "no_nine_poison_counters_do_not_lose.toml")
    state = Runner(sc, play_scenario(sc).pool).state
    poisoned = position_value(state, 0)  # B at 8 poison: two life's worth left
    state.players[1].poison = 0
    clean = position_value(state, 0)
    assert poisoned > clean
