"""The ``[ai]`` table of a scenario (tests/data/shared/conformance/AI.md): policies play
the turn out and the puzzle's expectation is checked. The puzzles themselves run with
every scenario (tests/rules/test_scenarios.py); here, the table's own behaviour."""

from __future__ import annotations

from pathlib import Path

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.scenario.runner import run_scenario

LETHAL = """
name = "Two attackers, no blockers, B at 3"
[setup]
turn = 5
active = "A"
step = "main1"
[setup.A]
library = ["Forest", "Forest"]
battlefield = ["Grizzly Bears", "Grizzly Bears"]
[setup.B]
life = 3
library = ["Swamp", "Swamp"]
[ai]
policy = "POLICY"
expect = "EXPECT"
"""


def _run(tmp_path: Path, policy: str, expect: str = "wins this turn",
         text: str = LETHAL) -> tuple[bool, str | None]:
    f = tmp_path / "p.toml"
    f.write_text(text.replace("POLICY", policy).replace("EXPECT", expect))
    r = run_scenario(f, load_pool())
    return r.passed, r.error


def test_a_policy_that_finds_the_win_passes(tmp_path: Path) -> None:
    assert _run(tmp_path, "heuristic") == (True, None)
    assert _run(tmp_path, "search:rollouts=2") == (True, None)


def test_a_policy_that_misses_it_fails_saying_what_happened(tmp_path: Path) -> None:
    passed, error = _run(tmp_path, "goldfish")  # it never attacks
    assert not passed
    assert error == ("[ai] goldfish as A: expected A to win this turn (turn 5); the turn "
                     "ended")


def test_alive_at_end_of_turn(tmp_path: Path) -> None:
    assert _run(tmp_path, "goldfish", "alive at end of turn") == (True, None)
    doomed = LETHAL.replace('policy = "POLICY"', 'policy = "POLICY"\nplayer = "B"\n'
                            'opponent = "heuristic"')
    passed, error = _run(tmp_path, "heuristic", "alive at end of turn", doomed)
    assert not passed and error is not None
    assert error.startswith("[ai] heuristic as B: expected B alive at end of turn 5; lost")


def test_a_bad_policy_or_expectation_is_an_invalid_scenario(tmp_path: Path) -> None:
    passed, error = _run(tmp_path, "alphazero")
    assert not passed and error is not None and "unknown policy 'alphazero'" in error
    passed, error = _run(tmp_path, "heuristic", "wins eventually")
    assert not passed and error is not None and "invalid scenario" in error
