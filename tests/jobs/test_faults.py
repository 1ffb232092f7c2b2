"""Faults a job folder meets after the fact (issue 41): a committed file cut short, a job
killed before any rows reached ``games/``, a stop signal from a scheduler, and counts too
large to hold in memory. Each ends in one line and a folder left as it was, or in the
behaviour a user would expect (a clean stop, resumable)."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from mtgsim.pipelines.cli import main
from mtgsim.results.dataset import (
    PENDING_DIR,
    UNITS_KEY,
    part_files,
    pending_files,
    read_games,
)
from mtgsim.results.manifest import read_manifest, write_manifest
from mtgsim.results.schema import TIMING_COLUMNS

ROOT = Path(__file__).resolve().parents[2]
DECKS = ["gruul_stompy", "azorius_skies"]


def job_args(out: Path, *extra: str, games: int = 20) -> list[str]:
    return ["gauntlet", *DECKS, "--games", str(games), "--unit-size", "5",
            "--rows-per-file", "10", "--executor", "serial", "--out", str(out), "--quiet",
            "--seed", "5", *extra]


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mtgsim: error: "), err
    return lines[0]


def games_table(out: Path) -> pa.Table:
    t = read_games(out).drop_columns(list(TIMING_COLUMNS))
    for name in ("job", "matchup", "deck_a", "deck_b", "reason"):
        t = t.set_column(t.schema.get_field_index(name), name, t[name].cast(pa.string()))
    return t.sort_by([("matchup", "ascending"), ("game", "ascending")])


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def as_if_killed_before_compaction(out: Path) -> None:
    """Turn a finished job's folder into what a job killed before its first large file
    leaves: every row in ``_pending/``, no ``games/``, the manifest still ``running``."""
    (out / PENDING_DIR).mkdir()
    for part in part_files(out):
        table = pq.read_table(part)
        units = [int(u) for u in table.schema.metadata[UNITS_KEY].decode().split(",")]
        matchup = table["matchup"][0].as_py()
        pq.write_table(table, out / PENDING_DIR /
                       f"m{matchup}-u{min(units):08d}-{len(units)}.parquet")
        part.unlink()
    for p in sorted((out / "games").rglob("*"), reverse=True):
        p.rmdir()
    (out / "games").rmdir()
    (out / "matchups.parquet").unlink()
    m = read_manifest(out)
    m.status = "running"
    m.finished = ""
    write_manifest(out, m)


# --------------------------------------------------------------------------- truncated files


def _fault(real):  # type: ignore[no-untyped-def]
    """``engine.game.advance`` raising in a third of the games at their 25th decision
    (the same games every time: a failure that replays), as tests/jobs/test_jobs.py."""
    def advance(state):  # type: ignore[no-untyped-def]
        d = real(state)
        if d is not None and state.actions_taken == 25 and state.rng % 3 == 0:
            raise KeyError(4242)
        return d
    return advance


@pytest.mark.parametrize("where", ["games", "pending", "failures"])
def test_a_truncated_committed_file_is_one_line_on_resume(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        where: str) -> None:
    import mtgsim.engine.game as engine_game

    out = tmp_path / "job"
    if where == "failures":
        monkeypatch.setattr(engine_game, "advance", _fault(engine_game.advance))
        assert main(job_args(out)) == 3
        capsys.readouterr()
    else:
        assert main(job_args(out)) == 0
    if where == "pending":
        as_if_killed_before_compaction(out)
        victim = pending_files(out)[0]
    elif where == "games":
        victim = part_files(out)[0]
    else:
        victim = out / "failures.parquet"
    victim.write_bytes(victim.read_bytes()[: victim.stat().st_size // 2])
    before = snapshot(out)
    code, _, err = cli(capsys, *job_args(out, "--resume"))
    assert code == 2 and "Traceback" not in err
    line = one_error_line(err)
    assert str(victim) in line and "--resume" in line
    assert snapshot(out) == before  # nothing moved, nothing rewritten


def test_resume_after_setting_a_truncated_file_aside_plays_its_games_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What the message says to do works: the games of the file set aside are played
    again, the same games (a game is a function of its seed)."""
    out, clean = tmp_path / "job", tmp_path / "clean"
    assert main(job_args(clean)) == 0
    assert main(job_args(out)) == 0
    victim = part_files(out)[0]
    victim.write_bytes(victim.read_bytes()[:100])
    assert cli(capsys, *job_args(out, "--resume"))[0] == 2
    victim.rename(tmp_path / victim.name)
    assert main(job_args(out, "--resume")) == 0
    assert games_table(out).equals(games_table(clean))


# --------------------------------------------------------------------------- report


def test_report_of_a_job_killed_before_its_rows_reached_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "job"
    assert main(job_args(out)) == 0
    as_if_killed_before_compaction(out)
    before = snapshot(out)
    code, _, err = cli(capsys, "report", str(out))
    assert code == 2
    line = one_error_line(err)
    assert "not a job folder" not in line
    assert "interrupted" in line and "20 games" in line and "--resume" in line
    assert snapshot(out) == before
    assert main(job_args(out, "--resume")) == 0
    assert cli(capsys, "report", str(out))[0] == 0
