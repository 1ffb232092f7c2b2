"""scripts/bench_against.py: the bench of this checkout against a commit, on one machine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "bench_against.py"

IN_GIT = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                        check=False).returncode == 0
needs_git = pytest.mark.skipif(not IN_GIT, reason="needs a git checkout of the project")


def worktrees() -> str:
    return subprocess.run(["git", "-C", str(ROOT), "worktree", "list"], capture_output=True,
                          text=True, check=True).stdout


@needs_git
def test_it_measures_both_sides_round_by_round_and_leaves_no_worktree() -> None:
    out = subprocess.run([sys.executable, str(SCRIPT), "HEAD", "--runs", "2", "--games", "3",
                          "--policy", "random", "--json"], capture_output=True, text=True,
                         check=True)
    result = json.loads(out.stdout)
    assert result["ref"] == "HEAD" and result["runs"] == 2 and result["games"] == 3
    figures = result["policies"]["random"]
    assert set(result["policies"]) == {"random"}
    for side in ("ref_", ""):
        low, mid, high = (figures[f"{side}{k}"] for k in ("min", "median", "max"))
        assert 0 < low <= mid <= high
    assert 0 < figures["ratio_min"] <= figures["ratio_median"] <= figures["ratio_max"]
    # a ratio is of the two runs of one round: bounded by the sides' extremes
    assert figures["ratio_max"] <= figures["max"] / figures["ref_min"] + 1e-9
    assert figures["ratio_min"] >= figures["min"] / figures["ref_max"] - 1e-9
    assert "bench-against-" not in worktrees()


@needs_git
def test_an_unknown_commit_is_a_one_line_error() -> None:
    out = subprocess.run([sys.executable, str(SCRIPT), "no-such-commit-here", "--runs", "1"],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("bench_against: error: cannot check out")
    assert "bench-against-" not in worktrees()


def test_bad_counts_are_refused() -> None:
    out = subprocess.run([sys.executable, str(SCRIPT), "HEAD", "--runs", "0"],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 2 and "at least 1" in out.stderr
