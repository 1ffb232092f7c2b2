"""The ``[ai]`` table of a scenario (tests/data/shared/conformance/AI.md): policies play
the turn out and the puzzle's expectation is checked. The puzzles themselves run with
every scenario (tests/rules/test_scenarios.py); here, the table's own behaviour, on one
lethal position (a scenario file, which passes as written) played with other policies
and expectations."""

from __future__ import annotations

from pathlib import Path

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.scenario.runner import run_scenario

LETHAL = Path(__file__).parents[1] / "scenarios" / "format" / "ai_table_lethal_attack.toml"


def _with(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def _run(tmp_path: Path, policy: str, expect: str = "wins this turn",
         player: str | None = None) -> tuple[bool, str | None]:
    """Play the lethal position with ``policy`` deciding for A, or for ``player``
    against the heuristic."""
    ai = f'policy = "{policy}"'
    if player is not None:
        ai += f'\nplayer = "{player}"\nopponent = "heuristic"'
    text = _with(LETHAL.read_text(), 'policy = "heuristic"', ai)
    text = _with(text, 'expect = "wins this turn"', f'expect = "{expect}"')
    f = tmp_path / "p.toml"
    f.write_text(text)
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
    passed, error = _run(tmp_path, "heuristic", "alive at end of turn", player="B")
    assert not passed and error is not None
    assert error.startswith("[ai] heuristic as B: expected B alive at end of turn 5; lost")


def test_a_bad_policy_or_expectation_is_an_invalid_scenario(tmp_path: Path) -> None:
    passed, error = _run(tmp_path, "alphazero")
    assert not passed and error is not None and "unknown policy 'alphazero'" in error
    passed, error = _run(tmp_path, "heuristic", "wins eventually")
    assert not passed and error is not None and "invalid scenario" in error
