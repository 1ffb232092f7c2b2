"""Every rules scenario (the conformance examples of the specification, copied into
tests/data/shared, and the project's own) must pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT / "tests" / "data" / "shared" / "conformance" / "examples"
OWN = ROOT / "tests" / "scenarios"
FILES = sorted(SHARED.glob("*.toml")) + sorted(OWN.rglob("*.toml"))


def test_the_shared_examples_are_there() -> None:
    assert len(list(SHARED.glob("*.toml"))) == 8


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_scenario(path: Path) -> None:
    result = run_scenario(path, load_pool())
    assert result.passed, result.error


def test_a_wrong_expectation_fails(tmp_path: Path) -> None:
    bad = (SHARED / "bloodthirst.toml").read_text().replace("life = 17", "life = 16")
    f = tmp_path / "bad.toml"
    f.write_text(bad)
    result = run_scenario(f, load_pool())
    assert not result.passed
    assert result.error is not None and "B life: expected 16, got 17" in result.error


def test_an_illegal_action_fails_with_the_reason(tmp_path: Path) -> None:
    """The sorcery in the upkeep, without ``illegal = true``: the scenario fails and says
    why (the file itself, with it, passes above)."""
    text = (OWN / "rules" / "timing" / "sorcery_in_upkeep_rejected.toml").read_text()
    assert text.count("illegal = true\n") == 1
    f = tmp_path / "illegal.toml"
    f.write_text(text.replace("illegal = true\n", ""))
    result = run_scenario(f, load_pool())
    assert not result.passed
    assert result.error is not None and "not a legal action now" in result.error
