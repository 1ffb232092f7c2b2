"""The report renders: written by mtgsim report, opened in headless Chromium, every
figure decoded."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from mtgsim.pipelines.cli import main
from mtgsim.results.report import FIGURES


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("job") / "job"
    assert main(["gauntlet", "gruul_stompy", "azorius_skies", "--games", "40", "--out",
                 str(out), "--executor", "serial", "--quiet"]) == 0
    assert main(["report", str(out)]) == 0
    return out / "report" / "index.html"


def test_report_files(report: Path) -> None:
    html = report.read_text()
    for name in FIGURES:
        assert (report.parent / f"{name}.png").stat().st_size > 1000
        assert f'id="fig-{name}"' in html
    assert "Matchup matrix" in html and "Wilson 95%" in html and "Equilibrium" in html
    assert "gruul_stompy" in html and "azorius_skies" in html


def test_report_renders_in_headless_chromium(report: Path, tmp_path: Path) -> None:
    browser = chromium()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (.ci/run installs it)")
        pytest.skip("chromium is not installed")
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync",
             f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000"]
    dom = subprocess.run([browser, *flags, "--dump-dom", report.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    m = re.search(r'data-figures-loaded="(\d+)"', dom)
    assert m is not None, dom[:500]
    assert int(m.group(1)) == len(FIGURES)
    shot = tmp_path / "page.png"
    subprocess.run([browser, *flags, f"--screenshot={shot}", "--window-size=1200,3000",
                    report.as_uri()], capture_output=True, timeout=120)
    assert shot.stat().st_size > 20_000
