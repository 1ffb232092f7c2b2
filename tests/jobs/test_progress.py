"""Progress a user can rely on: every long job shows a bar of whole games (or matches)
whose final rate is the summary's, one line while Ray starts (the bar's clock starts
after it), nothing with ``--quiet``; and a complete job leaves no empty folder behind."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mtgsim.pipelines.cli import main

ROOT = Path(__file__).resolve().parents[2]
DECKS = ["gruul_stompy", "azorius_skies"]
SERIAL = ["--executor", "serial"]
COUNT = re.compile(r"(\S+)/(\S+) \[")  # tqdm's "n/total [elapsed<eta, rate]"
RATE = re.compile(r"([\d.]+)(game|match)/s\]")


def commands(out: Path) -> dict[str, list[str]]:
    """A small run of every long job (serial: the bar is the subject, not Ray)."""
    return {
        "gauntlet": ["gauntlet", *DECKS, "bogles", "--games", "6", "--unit-size", "2",
                     *SERIAL, "--out", str(out)],
        "versus": ["versus", DECKS[0], "--field", DECKS[1], "--games", "6", "--unit-size",
                   "2", *SERIAL, "--out", str(out)],
        "swiss": ["swiss", *DECKS, "--players", "4", "--rounds", "2", "--top", "2",
                  *SERIAL, "--out", str(out)],
        "ablate": ["ablate", "jund_cascade", "--keyword", "cascade", "--field", DECKS[0],
                   "--games", "4", "--unit-size", "2", *SERIAL, "--out", str(out)],
        "ladder": ["ladder", *DECKS, "--policies", "goldfish", "random", "--games", "2",
                   "--unit-size", "1", *SERIAL, "--out", str(out)],
        "fuzz": ["fuzz", "--games", "20", "--workers", "1", "--out", str(out)],
    }


def bar_counts(err: str) -> list[tuple[str, str]]:
    return [m.groups() for part in re.split(r"[\r\n]", err) for m in COUNT.finditer(part)]


@pytest.mark.parametrize("command", ["gauntlet", "versus", "swiss", "ablate", "ladder",
                                     "fuzz"])
def test_every_long_job_shows_whole_counts_and_quiet_hides_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    code = main(commands(tmp_path / "shown")[command])
    err = capsys.readouterr().err
    assert code == 0, err
    counts = bar_counts(err)
    assert counts, err
    assert all(n.isdigit() and total.isdigit() for n, total in counts), counts  # no 5.00
    final = {"gauntlet": "18", "versus": "6", "swiss": "5", "ablate": "8", "ladder": "4",
             "fuzz": "20"}[command]  # swiss: 2 rounds of 2 matches and the final
    assert counts[-1] == (final, final)
    code = main([*commands(tmp_path / "quiet")[command], "--quiet"])
    err = capsys.readouterr().err
    assert code == 0 and err == ""


@pytest.mark.parametrize("command", ["gauntlet", "versus", "swiss", "ablate", "ladder"])
def test_a_complete_job_leaves_no_empty_folder(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               command: str) -> None:
    out = tmp_path / "job"
    assert main([*commands(out)[command], "--quiet"]) == 0
    empty = [str(p.relative_to(out)) for p in out.rglob("*") if p.is_dir()
             and not any(p.iterdir())]
    assert empty == []
    assert not (out / "_staging").exists() and not (out / "_pending").exists()


def test_compare_of_big_jobs_shows_a_bar(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The bar's threshold is 200,000 games; lowered here so that small jobs show it."""
    from mtgsim.pipelines import reporting

    for name in ("a", "b"):
        assert main(["gauntlet", *DECKS, "--games", "10", *SERIAL, "--out",
                     str(tmp_path / name), "--quiet"]) == 0
    capsys.readouterr()
    argv = ["compare", str(tmp_path / "a"), str(tmp_path / "b")]
    assert main(argv) == 0 and capsys.readouterr().err == ""  # small: no bar
    monkeypatch.setattr(reporting, "COMPARE_BAR_GAMES", 10)
    assert main(argv) == 0
    assert bar_counts(capsys.readouterr().err)[-1] == ("20", "20")
    assert main([*argv, "--quiet"]) == 0 and capsys.readouterr().err == ""


def test_ray_start_is_announced_and_the_rate_excludes_it(tmp_path: Path) -> None:
    """On local Ray: one line before the wait, then a bar whose final rate is the
    summary's (both count from the workers' start; the old bar counted Ray's start-up
    and showed 295 games/s where the summary said 423)."""
    out = tmp_path / "job"
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    res = subprocess.run([sys.executable, "-m", "mtgsim.pipelines.cli", "gauntlet", *DECKS,
                          "--games", "300", "--unit-size", "25", "--workers", "1", "--out",
                          str(out)], cwd=ROOT, capture_output=True, text=True, env=env,
                         timeout=600)
    assert res.returncode == 0, res.stderr
    lines = [ln for ln in re.split(r"[\r\n]", res.stderr) if ln.strip()]
    assert lines[0] == "mtgsim: starting Ray on this machine...", res.stderr
    assert bar_counts(res.stderr)[-1] == ("300", "300")
    bar_rate = float(RATE.findall(res.stderr)[-1][0])
    summary = re.search(r"played now in [\d.]+ s \((\d+) games/s", res.stdout)
    assert summary is not None, res.stdout
    assert abs(bar_rate - float(summary.group(1))) <= 0.2 * float(summary.group(1)), (
        bar_rate, res.stdout)


def test_bench_pipeline_announces_ray_start(tmp_path: Path) -> None:
    """``bench --pipeline`` starts local Ray for its second run: the same line as every
    job's says so before the wait (on stderr: the figures alone are on stdout)."""
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    res = subprocess.run([sys.executable, "-m", "mtgsim.pipelines.cli", "bench", "--pipeline",
                          "--games", "4", "--workers", "1", "--json"], cwd=tmp_path,
                         capture_output=True, text=True, env=env, timeout=600)
    assert res.returncode == 0, res.stderr
    lines = [ln for ln in re.split(r"[\r\n]", res.stderr) if ln.strip()]
    assert lines == ["mtgsim: starting Ray on this machine..."], res.stderr
    figures = json.loads(res.stdout)
    assert figures["ray_workers"] == 1 and figures["ray_games_per_second"] > 0
