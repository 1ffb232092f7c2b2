"""A cloned game, and a game decoded from its encoding, play on exactly as the original:
split real games at many points, continue the original and the copy with the same
policies, and compare every answer, the event log and the result. The clone shares no
mutable object with its original."""

from __future__ import annotations

import copy
from collections.abc import Callable

import msgspec
import pytest
from gamesetup import POOL, bundled_deck

from mtgsim.engine.cards.card import Card
from mtgsim.engine.game import decide, play, policy_stops
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.serialize import from_json, from_msgpack, to_json, to_msgpack

PAIRINGS = [("gruul_stompy", "azorius_skies"), ("jund_cascade", "bant_exalted"),
            ("golgari_dredge", "eldrazi_ramp"), ("bogles", "izzet_spells"), ("orzhov_haunt", "selesnya_convoke")]


def _start(decks: tuple[str, str], seed: int, policy: str) -> tuple[GameState, list]:
    cards = [bundled_deck(decks[0]), bundled_deck(decks[1])]
    policies = [make_policy(policy, 2 * seed), make_policy(policy, 2 * seed + 1)]
    state = new_game(cards, seed, keep_log=True, record=True,
                     stops=policy_stops(policies, cards))
    return state, policies


def _answers(decks: tuple[str, str], seed: int, policy: str) -> int:
    state, policies = _start(decks, seed, policy)
    play(state, policies)
    assert state.decisions is not None
    return len(state.decisions)


def _split_and_compare(decks: tuple[str, str], seed: int, policy: str,
                       copier: Callable[[GameState], GameState], splits: int) -> int:
    """Play the game, and at ``splits`` points along it continue a copy to the end too:
    the copy's answers, log and result must be the original's."""
    total = _answers(decks, seed, policy)
    state, policies = _start(decks, seed, policy)
    points = sorted({total * k // (splits + 1) for k in range(1, splits + 1)})
    done = compared = 0
    while True:
        d = advance(state)
        if d is None:
            break
        if done in points:
            twin = copier(state)
            twin_policies = copy.deepcopy(policies)
            finished = play(clone(state), copy.deepcopy(policies))  # the original, played on
            play(twin, twin_policies)
            assert twin.decisions == finished.decisions, f"split at answer {done}"
            assert twin.log == finished.log and twin.result == finished.result
            compared += 1
        answer(state, decide(policies[d.player], state, d))
        done += 1
    return compared


def _via_msgpack(state: GameState) -> GameState:
    return from_msgpack(to_msgpack(state), POOL)


def _via_json(state: GameState) -> GameState:
    return from_json(to_json(state), POOL)


@pytest.mark.parametrize("decks", PAIRINGS)
@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_a_clone_plays_on_as_the_original(decks: tuple[str, str], policy: str) -> None:
    assert _split_and_compare(decks, 5, policy, clone, splits=6) == 6


@pytest.mark.parametrize("decks", PAIRINGS)
@pytest.mark.parametrize("codec", [_via_msgpack, _via_json], ids=["msgpack", "json"])
def test_a_decoded_game_plays_on_as_the_original(decks: tuple[str, str],
                                                 codec: Callable[[GameState], GameState]
                                                 ) -> None:
    assert _split_and_compare(decks, 6, "heuristic", codec, splits=6) == 6
    assert _split_and_compare(decks, 7, "random", codec, splits=3) == 3


def test_playing_the_clone_leaves_the_original_alone() -> None:
    state, policies = _start(PAIRINGS[0], 21, "random")
    for _ in range(40):
        d = advance(state)
        assert d is not None
        answer(state, decide(policies[d.player], state, d))
    before = to_msgpack(state)
    twin = clone(state)
    assert to_msgpack(twin) == before and twin == state
    play(twin, [make_policy("random", 98), make_policy("random", 99)])
    assert twin.result is not None and to_msgpack(state) == before


def _mutables(value: object, seen: dict[int, object], path: str,
              out: dict[int, str]) -> None:
    """Every mutable container (list, dict, non-frozen Struct) reachable from ``value``
    that is game state: by identity, with the first path it was found at."""
    if isinstance(value, (Card, str, int, float, bool, bytes)) or value is None:
        return  # cards are shared by design, immutable
    if id(value) in seen:
        return
    seen[id(value)] = value
    if isinstance(value, msgspec.Struct):
        if not type(value).__struct_config__.frozen:
            out[id(value)] = path
        for name in value.__struct_fields__:
            _mutables(getattr(value, name), seen, f"{path}.{name}", out)
    elif isinstance(value, (list, dict)):
        out[id(value)] = path
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            _mutables(v, seen, f"{path}[{k}]", out)
    elif isinstance(value, tuple):
        for i, v in enumerate(value):
            _mutables(v, seen, f"{path}[{i}]", out)


@pytest.mark.parametrize("decks", PAIRINGS)
def test_a_clone_shares_no_mutable_object(decks: tuple[str, str]) -> None:
    """Whatever a field holds, the clone has its own copy of every list, dict and
    mutable Struct (a field added to the state and forgotten by the clone fails here)."""
    state, policies = _start(decks, 11, "heuristic")
    checked = 0
    while True:
        d = advance(state)
        if d is None:
            break
        if state.stack or state.tasks or state.combat is not None or checked % 25 == 0:
            twin = clone(state)
            mine: dict[int, str] = {}
            theirs: dict[int, str] = {}
            _mutables(state, {}, "state", mine)
            _mutables(twin, {}, "twin", theirs)
            shared = set(mine) & set(theirs)
            assert not shared, [mine[i] for i in shared][:5]
            assert len(mine) == len(theirs)
        checked += 1
        answer(state, decide(policies[d.player], state, d))
    assert checked > 30


def test_a_clone_keeps_live_objects_one_object() -> None:
    """An ability's source on the battlefield is both in ``objects`` and the ability's
    last known information: one object, in the clone and after decoding as well."""
    for seed in range(40):
        state, policies = _start(PAIRINGS[2], seed, "heuristic")
        while True:
            d = advance(state)
            if d is None:
                break
            aliased = [it for it in state.stack if it.source_lki is not None
                       and state.objects.get(it.source) is it.source_lki]
            if aliased:
                for twin in (clone(state), _via_msgpack(state)):
                    for it in twin.stack:
                        if it.source in twin.objects and it.source_lki is not None:
                            assert twin.objects[it.source] is it.source_lki
                return
            answer(state, decide(policies[d.player], state, d))
    pytest.fail("no game put an activated ability of a permanent on the stack")
