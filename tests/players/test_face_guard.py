"""``search:face=F`` (engine/players/policies/face_guard.py): the search does not switch
to a priority action that aims damage at the other player's face while their life less
the player's reach is more than F; the heuristic's own answer always stays a candidate,
and nothing is dropped when it aims at the face itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.players.policies.face_guard import (
    action_damages,
    aims_at_face,
    burn_in_hand,
    drop_face_switches,
    face_room,
    reach,
)
from mtgsim.engine.players.policies.search import SearchPolicy
from mtgsim.engine.players.policies.search_actions import Candidate, Step
from mtgsim.engine.players.policies.spec import PolicySpecError, canonical, parse_policy
from mtgsim.engine.scenario.runner import run_scenario
from mtgsim.engine.state.decisions import CAST, PASS, Decision, DecisionKind
from mtgsim.engine.state.game_state import GameState
from tests.gamesetup import action_index, on_battlefield, priority, scenario_state

_T = DecisionKind.TARGET

# A's first main phase: Lightning Bolt and Shock in hand, two Mountains and an untapped
# Goblin Guide (2/2); B at LIFE with Grizzly Bears
POSITION = """
name = "face guard"
[setup]
turn = 5
active = "A"
step = "main1"
[setup.A]
hand = ["Lightning Bolt", "Shock", "Llanowar Elves"]
library = ["Mountain", "Mountain", "Mountain"]
battlefield = ["Mountain", "Mountain", "Goblin Guide"]
[setup.B]
life = LIFE
library = ["Forest", "Forest", "Forest"]
battlefield = ["Forest", "Grizzly Bears"]
"""


def _position(tmp_path: Path, life: int) -> tuple[GameState, Decision, int, int, int]:
    """A's priority decision, the index of its Bolt cast and of its pass, and the Bears."""
    state = scenario_state(tmp_path, POSITION.replace("LIFE", str(life)))
    d = priority(state, 0)
    bolt = next(o for o in state.players[0].hand
                if state.objects[o].card.name == "Lightning Bolt")
    bears = on_battlefield(state, 1, "Grizzly Bears")[0]
    return state, d, action_index(d, CAST, bolt), action_index(d, PASS), bears


def test_the_setting_is_read_and_6_by_default() -> None:
    """6 by default since search play 6 (``spec.SEARCH_DEFAULTS``): ``face=6`` plays as
    ``search`` and is dropped from its canonical spelling; ``face=off``, the play before,
    is kept."""
    assert canonical("search:face=6") == "search"
    assert canonical("search:face=off") == "search:face=off"
    assert canonical("search:face=03") == "search:face=3"
    assert SearchPolicy(0, parse_policy("search")).face == 6
    assert SearchPolicy(0, parse_policy("search:face=off")).face is None
    assert SearchPolicy(0, parse_policy("search:face=3")).face == 3
    assert SearchPolicy(0, parse_policy("search:face=-2")).face == -2
    with pytest.raises(PolicySpecError, match="face"):
        parse_policy("search:face=near")


def test_reach_is_the_burn_in_hand_and_the_untapped_power(tmp_path: Path) -> None:
    state, d, bolt, pass_, _ = _position(tmp_path, 20)
    assert burn_in_hand(state, 0) == 3 + 2  # Bolt and Shock; the Elves deal none
    assert reach(state, 0) == 5 + 2  # and the Goblin Guide
    assert face_room(state, 0) == 20 - 7
    assert action_damages(state, d, bolt)
    assert not action_damages(state, d, pass_)


def test_where_a_candidate_aims(tmp_path: Path) -> None:
    state, d, bolt, pass_, bears = _position(tmp_path, 20)
    at_bears = {bolt: (Step(_T, (bears,)),)}
    at_face = {bolt: (Step(_T, (1,)),)}
    assert not aims_at_face(state, d, Candidate(bolt, ()), at_bears)  # the plain cast
    assert aims_at_face(state, d, Candidate(bolt, ()), at_face)
    assert aims_at_face(state, d, Candidate(bolt, (Step(_T, (1,)),)), at_bears)  # scripted
    assert not aims_at_face(state, d, Candidate(bolt, (Step(_T, (0,)),)), at_bears)  # mine
    assert not aims_at_face(state, d, Candidate(pass_, ()), at_face)
    assert not aims_at_face(state, d, bolt, {})  # no choices recorded: aims nowhere


@pytest.mark.parametrize("life, floor, dropped", [
    (20, 3, True),  # 13 from lethal: the face hit is dropped
    (10, 3, False),  # 3 from lethal (Bolt, Shock and the Guide leave 3): kept
    (10, 2, True),
    (6, -1, False),  # lethal in reach: kept at any floor above -2
])
def test_a_face_switch_is_dropped_unless_near_lethal(tmp_path: Path, life: int, floor: int,
                                                     dropped: bool) -> None:
    state, d, bolt, pass_, bears = _position(tmp_path, life)
    paths = {bolt: (Step(_T, (bears,)),)}
    face = Candidate(bolt, (Step(_T, (1,)),))
    own = Candidate(pass_, ())
    plain = Candidate(bolt, ())
    got = drop_face_switches(state, d, [own, plain, face], paths, floor)
    assert got == ([own, plain] if dropped else [own, plain, face])


def test_nothing_is_dropped_when_the_heuristic_aims_at_the_face(tmp_path: Path) -> None:
    state, d, bolt, pass_, bears = _position(tmp_path, 20)
    paths = {bolt: (Step(_T, (1,)),)}  # the heuristic's own Bolt goes to the face
    own = Candidate(bolt, ())
    other = Candidate(bolt, (Step(_T, (bears,)),))
    again = Candidate(bolt, (Step(_T, (1,)),))
    assert drop_face_switches(state, d, [own, other, again], paths, 0) == [own, other, again]


PUZZLE = Path(__file__).parents[1] / "scenarios" / "ai" / \
    "goblin_guide_before_burn_at_sixteen_life.toml"


@pytest.mark.parametrize("policy, solves", [
    # the puzzle's own: ``search:depth=3,sooner=1,face=6`` before search play 6
    ("search:blend=0,deepen=off,full=8", True),
    # Staggershock at B's face: ``search:depth=3,sooner=1`` before search play 6
    ("search:blend=0,deepen=off,face=off,full=8", False),
    ("heuristic", True),
])
def test_the_puzzle_of_the_class(policy: str, solves: bool, tmp_path: Path) -> None:
    """The three-turn search spends Staggershock at the face at 16 life instead of
    casting Goblin Guide; the guard keeps the heuristic's Guide."""
    text = PUZZLE.read_text()
    line = next(ln for ln in text.splitlines() if ln.startswith("policy = "))
    f = tmp_path / PUZZLE.name
    f.write_text(text.replace(line, f'policy = "{policy}"'))
    r = run_scenario(f, load_pool())
    assert r.passed is solves, r.error
