"""A game in progress survives msgpack and JSON round trips, and continues identically."""

from __future__ import annotations

import copy

import pytest
from gamesetup import bundled_deck

from mtgsim.engine.game import decide, play
from mtgsim.engine.players.policies import HeuristicPolicy, RandomPolicy
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.serialize import from_json, from_msgpack, to_json, to_msgpack

GRUUL = bundled_deck("gruul_stompy")
SKIES = bundled_deck("azorius_skies")


def _policies(kind: str, seed: int) -> list:
    if kind == "random":
        return [RandomPolicy(seed), RandomPolicy(seed + 1)]
    return [HeuristicPolicy(seed), RandomPolicy(seed + 1)]


def _play_some(state: GameState, policies: list, n: int,
               stop=lambda s: False) -> int:
    """Answer up to ``n`` decisions (or until ``stop(state)`` with a decision pending)."""
    done = 0
    while done < n:
        d = advance(state)
        if d is None:
            break
        if done > 0 and stop(state):
            break
        answer(state, decide(policies[d.player], state, d))
        done += 1
    return done


def _roundtrip_msgpack(state: GameState) -> GameState:
    data = to_msgpack(state)
    back = from_msgpack(data, state.derived.pool)
    assert to_msgpack(back) == data
    assert back == state
    return back


def _roundtrip_json(state: GameState) -> GameState:
    data = to_json(state)
    back = from_json(data, state.derived.pool)
    assert to_json(back) == data
    assert to_msgpack(back) == to_msgpack(state)
    return back


def _answers_in_full_game(kind: str, seed: int) -> int:
    state = new_game([GRUUL, SKIES], seed)
    return _play_some(state, _policies(kind, seed), 10**6)


@pytest.mark.parametrize("codec", ["msgpack", "json"])
@pytest.mark.parametrize(("kind", "seed", "fraction"), [
    ("random", 11, 0.3), ("random", 12, 0.8), ("heuristic", 13, 0.5), ("heuristic", 14, 0.9),
])
def test_round_trip_mid_game_continues_identically(codec: str, kind: str, seed: int,
                                                  fraction: float) -> None:
    total = _answers_in_full_game(kind, seed)
    assert total > 10
    state = new_game([GRUUL, SKIES], seed, keep_log=True, record=True)
    policies = _policies(kind, seed)
    assert _play_some(state, policies, int(total * fraction)) == int(total * fraction)
    assert state.result is None  # split right after an answer, before advance() ran
    back = _roundtrip_msgpack(state) if codec == "msgpack" else _roundtrip_json(state)
    twin_policies = copy.deepcopy(policies)
    play(state, policies)
    play(back, twin_policies)
    assert state.result is not None and back.result == state.result
    assert back.decisions == state.decisions
    assert len(state.decisions or []) == total
    assert back.log == state.log
    assert to_msgpack(back) == to_msgpack(state)


SPLIT_POINTS = {
    # a spell or ability being cast or resolved: a task holds partial answers
    "task": lambda s: bool(s.tasks) and s.pending is not None and s.pending.kind != "mulligan",
    "combat": lambda s: s.combat is not None and any(s.combat.blocked.values()),
    "stack": lambda s: len(s.stack) >= 2,
    "effects": lambda s: bool(s.effects),
    "triggers": lambda s: any(i.trigger is not None for i in s.stack),
}


@pytest.mark.parametrize("where", sorted(SPLIT_POINTS))
def test_round_trip_at_interesting_moments(where: str) -> None:
    """Split at a moment with tasks, combat, a deep stack, effects or triggers."""
    stop = SPLIT_POINTS[where]
    found = 0
    for seed in range(300):
        state = new_game([GRUUL, SKIES], seed, keep_log=True)
        policies = _policies("heuristic" if seed % 2 else "random", seed)
        _play_some(state, policies, 2000, stop=stop)
        if state.result is not None or not stop(state):
            continue
        found += 1
        back = _roundtrip_msgpack(state)
        back2 = _roundtrip_json(state)
        twins = [copy.deepcopy(policies), copy.deepcopy(policies)]
        play(state, policies)
        play(back, twins[0])
        play(back2, twins[1])
        assert back.result == state.result == back2.result
        assert to_msgpack(back) == to_msgpack(state) == to_msgpack(back2)
        if found >= 3:
            break
    assert found >= 3, f"no game reached the split point {where!r}"


def test_clone_is_independent() -> None:
    from mtgsim.engine.state.clone import clone

    state = new_game([GRUUL, SKIES], 21)
    _play_some(state, _policies("random", 21), 30)
    twin = clone(state)
    before = to_msgpack(state)
    play(twin, _policies("random", 99))
    assert twin.result is not None
    assert to_msgpack(state) == before


@pytest.mark.parametrize("module", ["mtgsim.engine.state.serialize", "mtgsim.engine.state.clone"])
def test_a_module_that_builds_decoders_imports_first(module: str) -> None:
    """The effect union is linked when the card pool loads: a script whose first import
    is the serializer (scripts/state_size.py) must still get working decoders."""
    import subprocess
    import sys

    code = f"import {module}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
