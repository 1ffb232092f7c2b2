"""``search:chump=L`` (engine/players/policies/chump_guard.py): the search does not switch
to a block declaration that adds a chump block while the attack, unblocked, leaves the
defender more than L life; the heuristic's own declaration and trades stay candidates."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgsim.engine.players.policies.chump_guard import (
    chump_pairs,
    drop_needless_chumps,
    room_after,
)
from mtgsim.engine.players.policies.search import SearchPolicy
from mtgsim.engine.players.policies.spec import PolicySpecError, canonical, parse_policy
from mtgsim.engine.state.decisions import Decision
from mtgsim.engine.state.game_state import GameState
from tests.gamesetup import decision_of, on_battlefield, pass_until, scenario_state

# A attacks B (at LIFE) with a 6/6 Bounding Krasis and Grizzly Bears; B holds Student of
# Warfare (1/1: a chump against the Krasis) and Savannah Lions (2/1: trades with the Bears)
POSITION = """
name = "chump guard"
[setup]
turn = 9
active = "A"
step = "main1"
[setup.A]
library = ["Island", "Island", "Island"]
battlefield = [
    "Island",
    { card = "Bounding Krasis", label = "krasis", counters = { "+1/+1" = 3 } },
    { card = "Grizzly Bears", label = "bears" },
]
[setup.B]
life = LIFE
library = ["Plains", "Plains", "Plains"]
battlefield = ["Plains", "Student of Warfare", "Savannah Lions"]
[[actions]]
player = "A"
attack = ["krasis", "bears"]
"""


def _blocks(tmp_path: Path, life: int) -> tuple[GameState, Decision, dict[str, int]]:
    """The position's block decision, and the index of each named (blocker, attacker)
    pair: "student>krasis", "lions>bears", ..."""
    state = scenario_state(tmp_path, POSITION.replace("LIFE", str(life)))
    d = pass_until(state, decision_of("blockers"))
    assert d is not None
    ids = {"student": on_battlefield(state, 1, "Student of Warfare")[0],
           "lions": on_battlefield(state, 1, "Savannah Lions")[0],
           "krasis": on_battlefield(state, 0, "Bounding Krasis")[0],
           "bears": on_battlefield(state, 0, "Grizzly Bears")[0]}
    names = {v: k for k, v in ids.items()}
    return state, d, {f"{names[b]}>{names[a]}": i for i, (b, a) in enumerate(d.pairs)}


def test_the_setting_is_read_and_on_by_default() -> None:
    assert canonical("search:chump=05") == "search"  # the default since search play 4
    assert canonical("search:chump=07") == "search:chump=7"
    assert SearchPolicy(0, parse_policy("search")).chump == 5
    assert SearchPolicy(0, parse_policy("search:chump=7")).chump == 7
    assert SearchPolicy(0, parse_policy("search:chump=off")).chump is None
    with pytest.raises(PolicySpecError, match="chump"):
        parse_policy("search:chump=-1")


def test_a_chump_is_a_blocker_dying_to_an_attacker_that_lives(tmp_path: Path) -> None:
    state, d, pair = _blocks(tmp_path, 20)
    student, lions = pair["student>krasis"], pair["lions>bears"]
    assert chump_pairs(state, d, [student]) == {(d.pairs[student][0], d.pairs[student][1])}
    assert chump_pairs(state, d, [lions]) == frozenset()  # a trade: the Bears die too
    assert chump_pairs(state, d, []) == frozenset()
    # both on the Krasis: 3 damage of 6 toughness, it lives and kills one of them
    double = [pair["student>krasis"], pair["lions>krasis"]]
    assert len(chump_pairs(state, d, double)) == 2
    assert room_after(state, d) == 20 - 6 - 2


def test_needless_chumps_are_dropped_but_not_the_heuristics(tmp_path: Path) -> None:
    state, d, pair = _blocks(tmp_path, 20)
    chump, trade = [pair["student>krasis"]], [pair["lions>bears"]]
    both = sorted(chump + trade)
    assert drop_needless_chumps(state, d, [[], chump, trade, both], 5) == [[], trade]
    # the heuristic's declaration is never dropped, nor one with no chump beyond it
    assert drop_needless_chumps(state, d, [chump, [], both], 5) == [chump, [], both]
    # with the attack leaving the defender at the floor or below, every one is tried
    assert drop_needless_chumps(state, d, [[], chump, trade], 12) == [[], chump, trade]


def test_chumps_stay_candidates_in_danger(tmp_path: Path) -> None:
    state, d, pair = _blocks(tmp_path, 9)  # the attack unblocked leaves 1
    chump = [pair["student>krasis"]]
    assert drop_needless_chumps(state, d, [[], chump], 5) == [[], chump]
