"""A job folder's manifest that cannot be read is the same one-line error
(``mtgsim: error: FOLDER: PROBLEM``, exit 2) in every command that reads one: each reads
it through ``results.manifest.read_raw_manifest``. ``mtgsim compare`` is checked in
tests/jobs/test_ladder_compare.py; here ``mtgsim report`` (the job's manifest, an
ablation's baseline manifest, ``--compare OTHER``'s) and the datasets of an older format,
whose policies are read from their manifest (``results.dataset.read_games``), through
``compare`` and ``report --compare``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from old_jobs import as_job_v2

from mtgsim.pipelines.cli import main

FAST = ["--executor", "serial", "--quiet", "--max-turns", "12", "--seed", "3"]
# (manifest text, or None for a folder in its place: reading it fails as a file no one may
# read does, and root may read any; the problem the error names)
BAD = [
    pytest.param('{"format": "mtgsim-job/4", "kind": "gauntl', "manifest.json is not JSON",
                 id="truncated"),
    pytest.param("[1, 2]", "manifest.json is not a JSON object", id="not-an-object"),
    pytest.param(None, "manifest.json cannot be read (", id="unreadable"),
]


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_line(code: int, out: str, err: str, want: str) -> None:
    assert code == 2 and out == ""
    assert err.startswith("mtgsim: error: ") and err.count("\n") == 1, err
    assert want in err, err


@pytest.fixture(scope="module")
def jobs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A small gauntlet, and a copy of it as ``mtgsim-job/2`` wrote it (no policy columns
    in the games: ``read_games`` reads the policies from the manifest)."""
    root = tmp_path_factory.mktemp("jobs")
    job, old = root / "job", root / "old"
    assert main(["gauntlet", "gruul_stompy", "azorius_skies", "--games", "2", "--out",
                 str(job), *FAST]) == 0
    shutil.copytree(job, old)
    as_job_v2(old)
    return {"job": job, "old": old}


def _spoiled(source: Path, folder: Path, text: str | None, name: str = "manifest.json"
             ) -> Path:
    """A copy of the job ``source`` at ``folder`` whose manifest is ``text`` (None: a
    folder in its place)."""
    shutil.copytree(source, folder)
    manifest = folder / name
    manifest.unlink()
    if text is None:
        manifest.mkdir()
    else:
        manifest.write_text(text)
    return folder


@pytest.mark.parametrize(("text", "problem"), BAD)
def test_report_of_a_job_with_a_bad_manifest(jobs: dict[str, Path], tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             text: str | None, problem: str) -> None:
    bad = _spoiled(jobs["job"], tmp_path / "bad", text)
    _one_line(*cli(capsys, "report", str(bad)), f"{bad}: {problem}")
    assert not (bad / "report").exists()


@pytest.mark.parametrize(("text", "problem"), BAD)
def test_report_of_an_ablation_with_a_bad_baseline_manifest(
        jobs: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        text: str | None, problem: str) -> None:
    """An ablation folder of an mtgsim that wrote no manifest of its own reads its
    baseline's."""
    folder = tmp_path / "ablation"
    folder.mkdir()
    (folder / "ablated").mkdir()
    (folder / "ablation.parquet").write_bytes(b"")
    _spoiled(jobs["job"], folder / "baseline", text)
    _one_line(*cli(capsys, "report", str(folder)), f"{folder / 'baseline'}: {problem}")


@pytest.mark.parametrize(("text", "problem"), BAD)
def test_report_compared_with_a_bad_manifest(jobs: dict[str, Path], tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             text: str | None, problem: str) -> None:
    good = tmp_path / "good"
    shutil.copytree(jobs["job"], good)
    for source in ("job", "old"):  # the other job's manifest, its dataset's
        bad = _spoiled(jobs[source], tmp_path / f"bad_{source}", text)
        _one_line(*cli(capsys, "report", str(good), "--compare", str(bad)),
                  f"{bad}: {problem}")


@pytest.mark.parametrize(("text", "problem"), BAD)
def test_an_old_dataset_with_a_bad_manifest(jobs: dict[str, Path], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            text: str | None, problem: str) -> None:
    """Its games name no policies: they are read from the manifest, which cannot be."""
    bad = _spoiled(jobs["old"], tmp_path / "bad", text)
    for pair in ((bad, jobs["job"]), (jobs["job"], bad)):
        _one_line(*cli(capsys, "compare", *map(str, pair)), f"{bad}: {problem}")


def test_an_old_dataset_without_a_manifest_compares(jobs: dict[str, Path], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    """No manifest is no error: its policies are "" (a folder of games alone), and
    every game pairs."""
    bare = tmp_path / "bare"
    shutil.copytree(jobs["old"], bare)
    (bare / "manifest.json").unlink()
    code, out, err = cli(capsys, "compare", str(bare), str(jobs["job"]), "--json")
    assert code == 0, err
    assert json.loads(out)["paired_games"] == 2
