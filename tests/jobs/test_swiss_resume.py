"""``mtgsim swiss --resume`` and ``--max-failures``, with the semantics of the other jobs:
a tournament stopped (Ctrl-C, or its driver killed) and resumed is the same tournament,
row for row, as one never stopped; more than N failed games stop it after the round,
with the resume command."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from mtgsim.engine import game as engine_game
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.jobs import JobInterrupted
from mtgsim.pipelines.runner import load_card_pool, load_main_deck
from mtgsim.pipelines.swissjob import run_swiss
from mtgsim.pipelines.swisslog import LOG, read_played
from mtgsim.results.dataset import STAGING_DIR, committed_units, read_failures, read_games
from mtgsim.results.manifest import read_manifest
from mtgsim.results.schema import TIMING_COLUMNS

ROOT = Path(__file__).resolve().parents[2]
DECKS = ["gruul_stompy", "azorius_skies", "bogles"]
SHAPE = ["--players", "8", "--rounds", "3", "--top", "4", "--events", "2", "--seed", "7"]


def games_table(out: Path) -> pa.Table:
    t = read_games(out).drop_columns(list(TIMING_COLUMNS))
    for name in ("job", "matchup", "deck_a", "deck_b", "reason"):
        t = t.set_column(t.schema.get_field_index(name), name, t[name].cast(pa.string()))
    return t.sort_by([("matchup", "ascending"), ("game", "ascending")])


def tables(out: Path) -> dict[str, Any]:
    """Everything a Swiss job's result is: its games, matches, standings, deck totals."""
    got: dict[str, Any] = {"games": games_table(out)}
    for name in ("matches", "standings", "decks"):
        got[name] = pq.read_table(out / "swiss" / f"{name}.parquet").to_pylist()
    m = read_manifest(out)
    got["manifest"] = (m.job, m.status, m.games_completed, m.games_total, m.matchups)
    return got


def swiss(out: Path, *extra: str) -> list[str]:
    return ["swiss", *DECKS, *SHAPE, "--executor", "serial", "--out", str(out), "--quiet",
            "--commit-every", "0.001", *extra]


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("swiss") / "clean"
    assert main(swiss(out)) == 0
    assert not (out / LOG).exists() and not (out / STAGING_DIR).exists()
    return tables(out)


def test_ctrl_c_mid_round_then_resume_is_the_same_tournament(
        tmp_path: Path, clean: dict[str, Any]) -> None:
    """Stopped inside a round of the second event (matches of that round played, not
    logged), then resumed: the games, the matches and the standings are the
    uninterrupted run's."""
    pool = load_card_pool()
    decks = [load_main_deck(d, pool) for d in DECKS]
    out = tmp_path / "s"
    seen: list[int] = []

    def stop_at(done: int, total: int) -> None:
        seen.append(done)
        if done == 20:
            raise KeyboardInterrupt

    with pytest.raises(JobInterrupted) as info:
        run_swiss(decks, [1.0, 1.0, 1.0], 8, 3, 3, 4, out, seed=7, executor="serial",
                  events=2, commit_every=0.001, progress=stop_at)
    assert seen[:2] == [0, 1] and info.value.result.manifest.status == "interrupted"
    partial = read_manifest(out)
    assert partial.status == "interrupted" and 0 < partial.games_completed
    logged = read_played(out)
    assert 12 <= len(logged) < 20 and set(logged) <= committed_units(out)
    resumed: list[int] = []
    result = run_swiss(decks, [1.0, 1.0, 1.0], 8, 3, 3, 4, out, seed=7, executor="serial",
                       events=2, resume=True, commit_every=0.001,
                       progress=lambda d, t: resumed.append(d))
    assert resumed[0] == len(logged) and resumed[-1] == 30  # 2 x (3 x 4 + 3) matches
    assert 0 < result.played < result.games
    assert tables(out) == clean


def test_a_killed_swiss_driver_resumes_to_the_same_tournament(
        tmp_path: Path, clean: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s"
    cmd = [sys.executable, "-m", "mtgsim.pipelines.cli", *swiss(out)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if len(read_played(out)) >= 8:  # two rounds logged
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert 8 <= len(read_played(out)) < 30, "the driver should die mid-tournament"
    assert main(swiss(out, "--resume")) == 0
    capsys.readouterr()
    assert tables(out) == clean


def test_resume_of_a_complete_tournament_changes_nothing_and_another_is_refused(
        tmp_path: Path, clean: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    """A complete tournament resumed plays its matches again (its log is gone) without
    writing a row twice; a resume with another shape is another job."""
    out = tmp_path / "s"
    assert main(swiss(out)) == 0
    assert main(swiss(out, "--resume")) == 0
    assert tables(out) == clean
    capsys.readouterr()
    assert main([*swiss(out, "--resume"), "--rounds", "4"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgsim: error: ") and "holds a different job" in err


def _fault(real: Any) -> Any:
    def advance(state: Any) -> Any:
        d = real(state)
        if d is not None and state.actions_taken == 25 and state.rng % 3 == 0:
            raise KeyError(4242)
        return d
    return advance


def test_more_failures_than_allowed_stop_the_swiss_job(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(engine_game, "advance", _fault(engine_game.advance))
    out = tmp_path / "s"
    assert main(swiss(out, "--max-failures", "0")) == 3
    err = capsys.readouterr().err
    line = next(ln for ln in err.splitlines() if "more than --max-failures 0" in ln)
    assert line.startswith("mtgsim: error: stopped after ")
    assert line.endswith("--max-failures 0 --resume")
    m = read_manifest(out)
    assert m.status == "stopped" and len(read_failures(out)) == m.games_failed > 0
    assert (out / LOG).exists() and not (out / "swiss" / "matches.parquet").exists()
    # without the limit, the resumed job finishes; failed games count for no one
    assert main(swiss(out, "--resume", "--json")) == 3
    summary = json.loads(capsys.readouterr().out)
    assert summary["failed"] == len(read_failures(out)) and read_manifest(out).status == \
        "complete"
