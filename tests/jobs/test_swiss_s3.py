"""``mtgsim swiss --out s3://...``: stopped, then resumed, against a real S3-compatible
server (``tests/s3server.py``), the tournament is the one a local run plays, and the
finished folder holds no log of played matches and nothing staged."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from s3server import moto_s3, uri

import mtgsim
from mtgsim.pipelines import swissjob
from mtgsim.pipelines.cli import main
from mtgsim.results.manifest import read_manifest
from mtgsim.results.schema import TIMING_COLUMNS
from mtgsim.results.storage import resolve_out

DECKS = ["gruul_stompy", "azorius_skies", "bogles"]
SHAPE = ["--players", "8", "--rounds", "3", "--top", "4", "--events", "2", "--seed", "7"]
LOG = "swiss/played.jsonl"


@pytest.fixture(scope="module")
def s3() -> Iterator[str]:
    with moto_s3() as endpoint:
        yield endpoint


def swiss(out: str, *extra: str) -> list[str]:
    return ["swiss", *DECKS, *SHAPE, "--executor", "serial", "--out", out, "--quiet",
            "--commit-every", "0.001", *extra]


def games(table: pa.Table) -> list[dict[str, Any]]:
    t = table.drop_columns([c for c in TIMING_COLUMNS if c in table.column_names])
    rows = [{k: str(v) for k, v in r.items()} for r in t.to_pylist()]
    return sorted(rows, key=lambda r: (r["matchup"], int(r["game"])))


def swiss_tables(fs: Any, base: str) -> dict[str, Any]:
    got = {}
    for name in ("matches", "standings", "decks"):
        with fs.open_input_file(f"{base}/swiss/{name}.parquet") as fh:
            got[name] = pq.read_table(fh).to_pylist()
    return got


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("swiss") / "clean"
    assert main(swiss(str(out))) == 0
    from pyarrow import fs

    return {"games": games(mtgsim.read_results(out).table),
            **swiss_tables(fs.LocalFileSystem(), str(out)),
            "completed": read_manifest(out).games_completed}


def remote(endpoint: str, prefix: str) -> tuple[dict[str, int], Any, str]:
    out = resolve_out(uri(endpoint, prefix))
    try:
        return out.remote_files(), out.fs, out.path
    finally:
        out.close()


def test_a_stopped_s3_swiss_job_resumes_to_the_same_tournament(
        s3: str, clean: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    target = uri(s3, "swiss/s1")
    real = swissjob._Event._one_done

    def stop_at_20(self: Any, result: Any) -> None:
        real(self, result)
        if self.matches_done == 20:  # mid-round, in the second event
            raise KeyboardInterrupt

    monkeypatch.setattr(swissjob._Event, "_one_done", stop_at_20)
    assert main(swiss(target)) == 130
    err = capsys.readouterr().err
    assert "--resume" in err and "testing" not in err
    files, fs, base = remote(s3, "swiss/s1")
    assert LOG in files and "manifest.json" in files
    assert not any(f.startswith("_staging") for f in files)
    with fs.open_input_stream(f"{base}/manifest.json") as fh:
        assert json.loads(fh.read())["status"] == "interrupted"
    logged = fs.open_input_stream(f"{base}/{LOG}").read().count(b"\n")
    # a line per round: the first event's 3 rounds and 2 of the cut, the second's first
    assert logged == 6

    monkeypatch.setattr(swissjob._Event, "_one_done", real)
    assert main(swiss(target, "--resume")) == 0
    capsys.readouterr()
    files, fs, base = remote(s3, "swiss/s1")
    assert LOG not in files, "the log of played matches stays after the job completed"
    assert not any(f.startswith("_staging") for f in files)
    with fs.open_input_stream(f"{base}/manifest.json") as fh:
        manifest = json.loads(fh.read())
    assert manifest["status"] == "complete"
    assert manifest["games_completed"] == clean["completed"]
    assert games(mtgsim.read_results(target).table) == clean["games"]
    assert swiss_tables(fs, base) == {k: clean[k] for k in ("matches", "standings", "decks")}


def test_a_complete_s3_swiss_job_leaves_no_log(s3: str, clean: dict[str, Any],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    target = uri(s3, "swiss/s2")
    assert main(swiss(target)) == 0
    capsys.readouterr()
    files, fs, base = remote(s3, "swiss/s2")
    assert LOG not in files and "swiss/matches.parquet" in files
    assert swiss_tables(fs, base) == {k: clean[k] for k in ("matches", "standings", "decks")}


def test_the_local_folder_of_a_complete_swiss_job_has_no_log(
        clean: dict[str, Any], tmp_path: Path) -> None:
    out = tmp_path / "s"
    assert main(swiss(str(out))) == 0
    assert not (out / LOG).exists()
