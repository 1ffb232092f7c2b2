"""The guard on play versions: each policy family of the spec registry plays the games
recorded under its play version in ``tests/data/play_versions.json``
(``scripts/play_versions.py``). Games that move while the version stays fail with
"bump PLAY version of X", so a change of a family's play cannot reach a job folder of the
old play unnoticed (job ids hash the versions, docs/jobs.md "Play versions")."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from modulefile import load_script

from mtgsim import engine
from mtgsim.engine.players.policies.spec import (
    PLAY_VERSIONS,
    POLICY_NAMES,
    SEARCH_PLAY_4,
    SEARCH_PLAY_5,
    parse_policy,
    play_version,
)

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    return load_script("play_versions")


SCRIPT = _script()


def _recorded() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SCRIPT.DATA.read_text())
    return data


def test_every_family_of_the_registry_has_a_play_version_and_specs() -> None:
    assert sorted(PLAY_VERSIONS) == sorted(POLICY_NAMES) == sorted(SCRIPT.SPECS)
    assert all(isinstance(v, int) and v >= 1 for v in PLAY_VERSIONS.values())
    for family, specs in SCRIPT.SPECS.items():
        assert specs
        for spec in specs:
            assert parse_policy(spec).name == family
            assert str(parse_policy(spec)) == spec  # canonical, as jobs hash it
            assert play_version(spec) == PLAY_VERSIONS[family]


def test_the_play_versions_since_engine_0_2_0() -> None:
    """cb121f9 (December 6): the tree search follows the default pilot, its play 2."""
    assert PLAY_VERSIONS["mcts"] >= 2


# plain ``search``'s games at search play 4 (tests/data/play_versions.json at dabb726,
# the default before "A cheaper budget by default (search play 5)")
SEARCH_PLAY_4_GAMES = [[0, 15, "life", 20, -3, 54], [0, 9, "life", 11, -2, 35],
                       [1, 20, "life", -10, 20, 61], [0, 13, "life", 8, -2, 48]]


# plain ``search``'s games at search play 5 (tests/data/play_versions.json at 7e3161b,
# the default before "The deepened search by default (search play 6)")
SEARCH_PLAY_5_GAMES = [[0, 15, "life", 20, -3, 54], [0, 9, "life", 11, -2, 35],
                       [1, 20, "life", -10, 20, 61], [0, 13, "life", 9, -2, 49]]


@pytest.mark.parametrize(("version", "settings", "games"), [
    (5, SEARCH_PLAY_4, SEARCH_PLAY_4_GAMES), (6, SEARCH_PLAY_5, SEARCH_PLAY_5_GAMES)],
    ids=["play 4 after play 5", "play 5 after play 6"])
def test_an_old_default_keeps_a_spelling_that_plays_its_games(
        version: int, settings: str, games: list[list[object]]) -> None:
    """Search play 5 made futile=0 and sets=6 the default, search play 6 the deepened
    three-turn search (each a deliberate play change); each old default keeps a spelling
    (``spec.SEARCH_PLAY_4``, since search play 6 with the two-turn search's settings
    spelled; ``spec.SEARCH_PLAY_5``) whose recorded games, which
    ``test_each_family_plays_the_games_recorded_under_its_play_version`` plays again,
    are those plain ``search`` played at that play version."""
    assert PLAY_VERSIONS["search"] >= version
    spec = f"search:{settings}"
    assert str(parse_policy(spec)) == spec  # canonical: no setting dropped
    assert spec in SCRIPT.SPECS["search"]
    recorded = _recorded()["families"]["search"]["fingerprints"]
    assert recorded[spec] == games
    assert recorded["search"] != games  # the default's games moved


def test_each_family_plays_the_games_recorded_under_its_play_version() -> None:
    want = _recorded()
    assert sorted(want["families"]) == sorted(POLICY_NAMES)
    assert (want["games"], want["max_turns"]) == (SCRIPT.GAMES, SCRIPT.MAX_TURNS)
    found = [line for family in POLICY_NAMES
             for line in SCRIPT.problems(want, family, SCRIPT.family_fingerprints(family))]
    assert not found, "\n".join(found)


def test_games_that_move_without_a_bump_name_the_family_to_bump() -> None:
    want = _recorded()
    got = copy.deepcopy(want["families"]["search"]["fingerprints"])
    assert SCRIPT.problems(want, "search", got) == []
    spec = sorted(got)[0]
    got[spec][1][5] += 1  # one more decision in the second game
    [line] = SCRIPT.problems(want, "search", got)
    assert f"search plays other games ({spec})" in line
    assert "bump PLAY version of search" in line
    assert "re-write the file for a change that must not change play" in line
    # a spec of the family no longer recorded, or a new one, is a move too
    del got[spec]
    assert "bump PLAY version of search" in SCRIPT.problems(want, "search", got)[0]


def test_a_bumped_version_or_engine_asks_for_the_file_to_be_written_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    want = _recorded()
    got = want["families"]["mcts"]["fingerprints"]
    monkeypatch.setitem(PLAY_VERSIONS, "mcts", PLAY_VERSIONS["mcts"] + 1)
    [line] = SCRIPT.problems(want, "mcts", got)
    assert line.startswith(f"PLAY version of mcts is {PLAY_VERSIONS['mcts']}, the file's "
                           f"{PLAY_VERSIONS['mcts'] - 1}: re-write the file")
    monkeypatch.setattr(engine, "__version__", "9.9.9")
    [line] = SCRIPT.problems(want, "random", want["families"]["random"]["fingerprints"])
    assert line.startswith(f"the engine version is 9.9.9, the file's {want['engine']}")


def test_the_file_layout_keeps_its_data() -> None:
    want = _recorded()
    assert SCRIPT.dumps(want) == SCRIPT.DATA.read_text()
    assert json.loads(SCRIPT.dumps(want)) == want
