"""The guards the heuristic keeps home with ``heuristic:guards=cover`` (off by default;
``engine/players/policies/attack_guards.py``, ``combat_ai._keep_guards``): a guard stays
home only against a creature of theirs that no creature staying home blocks and survives.
The position is the mined one of docs/search-record.md "What the search keeps teaching the
heuristic" (dimir_transmute against simic_graft), with vanilla creatures for theirs; the
play itself is the AI puzzle ``tests/scenarios/ai/guards_covered_by_the_wall_attack.toml``."""

from __future__ import annotations

from pathlib import Path

from gamesetup import heuristic_attackers, scenario_state

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.players.policies import HeuristicPolicy
from mtgsim.engine.players.policies.attack_guards import covered, home_team
from mtgsim.engine.players.policies.combat_ai import survives_fight
from mtgsim.engine.players.policies.spec import canonical
from mtgsim.engine.scenario.runner import run_scenario
from mtgsim.engine.state.game_state import GameState

ATTACKERS = ["Dimir House Guard", "Dimir Infiltrator"]  # fear; can't be blocked (sorted)


def _position(tmp_path: Path, mine: list[str]) -> GameState:
    """A's first main phase at 10 life with ``mine``; B at 17 behind two Savannah Lions
    (2/1), which a Dimir Infiltrator (1/3) or a Dimir House Guard (2/3) blocks and kills,
    and a Drift of Phantasms (0/5) blocks and survives."""
    text = f"""name = "guards"
[setup]
turn = 17
active = "A"
step = "main1"
[setup.A]
life = 10
library = ["Island", "Island", "Island"]
battlefield = {["Island", "Island", "Swamp", "Swamp", *mine]!r}
[setup.B]
life = 17
library = ["Forest", "Forest", "Forest"]
battlefield = ["Forest", "Forest", "Forest", "Savannah Lions", "Savannah Lions"]
""".replace("'", '"')
    return scenario_state(tmp_path, text)


def _attack(state: GameState, spec: str) -> list[str]:
    return sorted(heuristic_attackers(state, spec))


def test_the_setting_is_off_by_default() -> None:
    assert canonical("heuristic:guards=plain") == "heuristic"
    assert canonical("heuristic:guards=cover") == "heuristic:guards=cover"
    assert canonical("search:guards=plain") == "search"
    assert not HeuristicPolicy(1).cover
    assert HeuristicPolicy(1, guards="cover").cover


def test_a_covered_guard_attacks(tmp_path: Path) -> None:
    """The wall at home stops the Lions; the plain heuristic keeps both attackers home
    as guards against them all the same."""
    mine = ["Drift of Phantasms", *ATTACKERS]
    assert _attack(_position(tmp_path, mine), "heuristic") == []
    assert _attack(_position(tmp_path, mine), "heuristic:guards=cover") == ATTACKERS


def test_one_guard_is_enough(tmp_path: Path) -> None:
    """Without the wall nothing at home survives a Lions: the first guard, the House
    Guard, stays home, and then it covers the Lions for the Infiltrator, which attacks;
    the plain heuristic keeps both home."""
    assert _attack(_position(tmp_path, ATTACKERS), "heuristic:guards=cover") == \
        ["Dimir Infiltrator"]
    assert _attack(_position(tmp_path, ATTACKERS), "heuristic") == []


def test_covered_reads_the_home_team(tmp_path: Path) -> None:
    state = _position(tmp_path, ["Drift of Phantasms", *ATTACKERS])
    objs = {o.card.name: o for o in state.objects.values() if o.card.is_creature}
    mine = [objs["Dimir House Guard"], objs["Dimir Infiltrator"]]
    everyone = [objs["Drift of Phantasms"], *mine]
    lions = objs["Savannah Lions"]
    # both attack: the wall alone stays home, and it covers the Lions
    home = home_team(mine, [0, 1], everyone)
    assert [o.card.name for o in home] == ["Drift of Phantasms"]
    assert covered(state, lions, home, objs["Dimir House Guard"], survives_fight)
    # the wall is not counted as covering for itself
    assert not covered(state, lions, home, objs["Drift of Phantasms"], survives_fight)


def test_the_puzzle_is_the_settings(tmp_path: Path) -> None:
    """The AI puzzle ``guards_covered_by_the_wall_attack`` (written for
    ``heuristic:guards=cover``; the search solves it too, tests/players/
    test_search_puzzles.py): plain ``heuristic`` keeps both guards home, B stays at 10."""
    puzzle = Path(__file__).parents[1] / "scenarios" / "ai" / \
        "guards_covered_by_the_wall_attack.toml"
    text = puzzle.read_text()
    assert 'policy = "heuristic:guards=cover"' in text
    assert run_scenario(puzzle, load_pool()).passed
    plain = tmp_path / puzzle.name
    plain.write_text(text.replace('policy = "heuristic:guards=cover"', 'policy = "heuristic"'))
    r = run_scenario(plain, load_pool())
    assert not r.passed and r.error == "B life: expected 7, got 10"
