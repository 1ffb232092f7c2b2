"""The heuristic's X for an activated ability with {X} in its cost
(``engine/players/policies/x_ability.py``, 107.3) on real cards compiled from their
Oracle text: Crypt Rats announces the X that kills more of the opponent's board than of
its own, and nothing when every X costs more than it gains; Gorilla Shaman announces the
mana value of the artifact worth destroying. The lethal X is the AI puzzle
``tests/scenarios/ai/crypt_rats_x_for_lethal.toml``."""

from __future__ import annotations

from pathlib import Path

from gamesetup import scenario_state

from mtgsim.engine.players.policies.context import Ctx
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.x_ability import plan_ability_x
from mtgsim.engine.rules.activation import activated_abilities
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.state.game_state import GameObject, GameState

CARDS = ["Crypt Rats", "Gorilla Shaman", "Mind Stone", "Bonesplitter", "Ornithopter"]


def _board(tmp_path: Path, mine: list[str], theirs: list[str]) -> GameState:
    text = f"""name = "x plan"
corpus = {CARDS!r}
[setup]
turn = 5
active = "A"
step = "main2"
[setup.A]
library = {["Swamp"] * 5!r}
battlefield = {mine!r}
[setup.B]
library = {["Plains"] * 5!r}
battlefield = {theirs!r}
""".replace("'", '"')
    state = scenario_state(tmp_path, text)
    ensure(state)
    return state


def _obj(state: GameState, name: str) -> GameObject:
    return next(state.objects[o] for o in state.battlefield
                if state.objects[o].card.name == name)


def _plan(state: GameState, name: str) -> tuple[int | None, HeuristicPolicy]:
    policy = HeuristicPolicy(0)
    obj = _obj(state, name)
    got = plan_ability_x(policy, Ctx(state, 0), obj, activated_abilities(obj)[0])
    return (None if got is None else got[0]), policy


SWAMPS = ["Swamp", "Swamp", "Swamp", "Swamp"]


def test_crypt_rats_sweeps_their_board_not_mine(tmp_path: Path) -> None:
    """Their two Grizzly Bears die to X = 2 (so do the Rats): worth it; X = 3 or 4 adds
    only damage to both players, and costs more."""
    state = _board(tmp_path, ["Crypt Rats", *SWAMPS], ["Grizzly Bears", "Grizzly Bears"])
    x, policy = _plan(state, "Crypt Rats")
    assert x == 2
    assert policy.plan_x[_obj(state, "Crypt Rats").oid] == 2


def test_crypt_rats_never_kills_its_own_board_for_nothing(tmp_path: Path) -> None:
    """My two Hill Giants and my Grizzly Bears against their one Grizzly Bears: every X
    that kills theirs kills more of mine; none is announced."""
    state = _board(tmp_path, ["Crypt Rats", *SWAMPS, "Hill Giant", "Hill Giant",
                              "Grizzly Bears"], ["Grizzly Bears"])
    x, policy = _plan(state, "Crypt Rats")
    assert x is None
    assert not policy.plan_x


def test_gorilla_shaman_picks_the_mana_value_of_its_target(tmp_path: Path) -> None:
    """Mind Stone (mana value 2) and Bonesplitter (1): with five Mountains X may be 0,
    1 or 2 (no noncreature artifact of mana value 0: Ornithopter is a creature); the X
    announced is one with an artifact of that mana value."""
    state = _board(tmp_path, ["Gorilla Shaman", *["Mountain"] * 5],
                   ["Mind Stone", "Bonesplitter", "Ornithopter"])
    x, _ = _plan(state, "Gorilla Shaman")
    assert x in (1, 2)
