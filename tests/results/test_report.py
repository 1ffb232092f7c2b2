"""The report of every job kind, written by ``mtgsim report`` and opened in headless
Chromium (Debian's, driven by Playwright) with the network off: no console error, every
figure drawn, every table a DataTable, a table sorts when its header is clicked and
filters from its search box, nothing is fetched. A screenshot of each page is kept as a
test artifact (``out/test-artifacts/``, or ``$MTGSIM_TEST_ARTIFACTS``)."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from mtgsim.pipelines.cli import main
from mtgsim.results.dataset import read_games

ROOT = Path(__file__).resolve().parents[2]
SERIAL = ["--executor", "serial"]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def artifacts() -> Path:
    folder = Path(os.environ.get("MTGSIM_TEST_ARTIFACTS", ROOT / "out" / "test-artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def jobs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One small job of each kind, and its report."""
    root = tmp_path_factory.mktemp("jobs")
    out = {k: root / k for k in ("gauntlet", "versus", "swiss", "ablate", "random")}
    job = ["--games", "20", "--quiet", "--unit-size", "10", *SERIAL]
    assert main(["gauntlet", "gruul_stompy", "azorius_skies", "bogles", *job, "--out",
                 str(out["gauntlet"]), "--record-events"]) == 0
    assert main(["gauntlet", "gruul_stompy", "azorius_skies", "bogles", *job, "--out",
                 str(out["random"]), "--policy-b", "random"]) == 0
    assert main(["versus", "jund_cascade", "--field", "bant_exalted", "bogles", *job,
                 "--out", str(out["versus"])]) == 0
    assert main(["swiss", "--decks", "gruul_stompy", "azorius_skies", "bogles", "--players",
                 "8", "--rounds", "3", "--top", "4", "--events", "3", *SERIAL, "--out",
                 str(out["swiss"]), "--record-events"]) == 0
    assert main(["ablate", "jund_cascade", "--keyword", "cascade", "--field", "bant_exalted",
                 *job, "--out", str(out["ablate"])]) == 0
    for kind in ("versus", "swiss", "ablate"):
        assert main(["report", str(out[kind])]) == 0
    assert main(["report", str(out["gauntlet"]), "--shares", "bogles=2", "gruul_stompy=1",
                 "azorius_skies=1", "--compare", str(out["random"])]) == 0
    return out


def test_report_files(jobs: dict[str, Path]) -> None:
    for kind in ("gauntlet", "versus", "swiss", "ablate"):
        folder = jobs[kind] / "report"
        html = (folder / "index.html").read_text()
        summary = json.loads((folder / "summary.json").read_text())
        assert summary["kind"] == kind and summary["figures"] and summary["tables"]
        for ident in summary["figures"] + summary["tables"]:
            assert f'id="{ident}"' in html
        assert "<script src=" not in html and "<link " not in html  # nothing to fetch
        for name in (p.stem for p in (folder / "tables").glob("*.parquet")):
            rows = pq.read_table(folder / "tables" / f"{name}.parquet").num_rows
            text = (folder / "tables" / f"{name}.csv").read_text()
            assert len(list(csv.reader(io.StringIO(text)))) == rows + 1
        assert "games failed" in html and "card-data hash" in html and "engine version" in html
        assert "<th>play versions</th><td>heuristic " in html  # (docs/jobs.md)
        recorded = "<th>events recorded</th><td>yes" in html
        assert recorded == (kind in ("gauntlet", "swiss")), kind
    gauntlet = json.loads((jobs["gauntlet"] / "report" / "summary.json").read_text())
    assert gauntlet["shares"] == {"gruul_stompy": 0.25, "azorius_skies": 0.25, "bogles": 0.5}
    assert gauntlet["compare"]["paired_games"] == 60
    assert set(gauntlet["equilibrium_support"]) <= set(gauntlet["decks"])
    versus = json.loads((jobs["versus"] / "report" / "summary.json").read_text())
    assert not versus["complete_matrix"] and "equilibrium" not in versus
    assert list(versus["field_win_rate"]) == ["jund_cascade"]  # the field decks never met
    swiss = json.loads((jobs["swiss"] / "report" / "summary.json").read_text())
    assert swiss["events"] == 3
    assert sum(c["seats"] for c in swiss["conversion"].values()) == 24
    # the games of its events, as any job's: matchups, ratings, metagame (mirrors apart)
    rows = read_games(jobs["swiss"]).to_pylist()
    assert swiss["games"] == sum(r["deck_a"] != r["deck_b"] for r in rows) > 0
    assert swiss["games"] < len(rows)  # 8 seats of 3 decks: some mirror matches
    assert {"tbl-matchups", "tbl-ratings"} <= set(swiss["tables"])
    assert set(swiss["ratings"]) == {"gruul_stompy", "azorius_skies", "bogles"}
    assert "ratings_fit" in swiss and set(swiss["field_win_rate"]) == set(swiss["ratings"])
    swiss_html = (jobs["swiss"] / "report" / "index.html").read_text()
    assert "mirror games left out" in swiss_html
    ablate = json.loads((jobs["ablate"] / "report" / "summary.json").read_text())
    assert ablate["keyword"] == "cascade" and ablate["pooled"]["games"] == 20
    # per-card statistics where the job recorded its events, a note where it did not
    for kind in ("gauntlet", "swiss"):
        summary = json.loads((jobs[kind] / "report" / "summary.json").read_text())
        assert "tbl-cards" in summary["tables"] and summary["cards"]["rows"]
    assert "tbl-cards" not in versus["tables"] and "cards" not in versus
    assert "ratings_fit" in gauntlet and gauntlet["equilibrium_unique"] in (True, False)
    assert versus["ratings_indirect"] == ["bant_exalted", "bogles"]


def test_report_errors(jobs: dict[str, Path], tmp_path: Path, capsys) -> None:
    before = (jobs["gauntlet"] / "report" / "index.html").read_bytes()
    for shares, message in ((["bogles=nan"], "bogles=nan"), (["bogles=-1"], "bogles=-1"),
                            (["bogles=inf"], "bogles=inf"), (["nobody=1"], "nobody not a deck"),
                            (["bogles"], "expected DECK=SHARE"),
                            (["bogles=1", "bogles=2"], "given twice")):
        assert main(["report", str(jobs["gauntlet"]), "--shares", *shares]) == 2
        err = capsys.readouterr().err
        assert err.startswith("mtgsim: error: ") and message in err and err.count("\n") == 1
    assert (jobs["gauntlet"] / "report" / "index.html").read_bytes() == before  # unharmed
    assert main(["report", str(jobs["swiss"]), "--shares", "bogles=1"]) == 2
    assert "does not apply" in capsys.readouterr().err
    assert main(["report", str(tmp_path)]) == 2
    assert "not a job folder" in capsys.readouterr().err


def test_report_shows_failed_games(jobs: dict[str, Path], tmp_path: Path) -> None:
    import pyarrow as pa

    job = tmp_path / "job"
    shutil.copytree(jobs["gauntlet"], job)
    manifest = json.loads((job / "manifest.json").read_text())
    manifest["games_failed"] = 1
    (job / "manifest.json").write_text(json.dumps(manifest))
    pq.write_table(pa.table({"matchup": [0], "game": [3], "seed": pa.array([9], pa.uint64()),
                             "exception": ["KeyError: 7"], "traceback": ["Traceback ..."],
                             "replay": ["failures/0-3.json"]}), job / "failures.parquet")
    assert main(["report", str(job)]) == 0
    html = (job / "report" / "index.html").read_text()
    assert 'id="tbl-failures"' in html and "KeyError: 7" in html
    assert "<th>games failed</th><td>1</td>" in html
    assert json.loads((job / "report" / "summary.json").read_text())["games_failed"] == 1


def test_job_commands_print_json(tmp_path: Path, capsys) -> None:
    job = ["--games", "6", "--quiet", *SERIAL]
    assert main(["gauntlet", "gruul_stompy", "azorius_skies", *job, "--out",
                 str(tmp_path / "g"), "--json"]) == 0
    g = json.loads(capsys.readouterr().out)
    assert g["kind"] == "gauntlet" and g["games_completed"] == 6
    (m,) = g["matchups"]
    assert m["games"] == 6 and m["low"] <= m["win_rate_a"] <= m["high"]
    assert main(["versus", "bogles", "--field", "gruul_stompy", "azorius_skies", *job,
                 "--out", str(tmp_path / "v"), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["matchups"]) == 2
    assert main(["ablate", "jund_cascade", "--keyword", "cascade", "--field", "bogles", *job,
                 "--out", str(tmp_path / "a"), "--json"]) == 0
    a = json.loads(capsys.readouterr().out)
    assert a["keyword"] == "cascade" and a["rows"][-1]["opponent"] == "(pooled)"
    assert pq.read_table(tmp_path / "a" / "ablation.parquet").num_rows == 2
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert manifest["kind"] == "ablate" and manifest["extra"]["keyword"] == "cascade"
    assert json.loads((tmp_path / "a" / "ablated" / "manifest.json").read_text())[
        "extra"]["keyword"] == "cascade"
    assert main(["swiss", "--decks", "gruul_stompy", "bogles", "--players", "4", "--rounds",
                 "2", "--top", "2", *SERIAL, "--out", str(tmp_path / "s"), "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["events"] == 1 and len(s["standings"]) == 4 and "omw_pct" in s["standings"][0]
    assert main(["report", str(tmp_path / "g"), "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["kind"] == "gauntlet" and r["games"] == 6 and "ratings" in r


# --- in a real browser -----------------------------------------------------------------------


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    path = chromium()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (.ci/run installs it)")
        pytest.skip("chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=path, headless=True, args=FLAGS, offline=True,
            viewport={"width": 1280, "height": 900})
        yield context
        context.close()


class Opened:
    def __init__(self, page: Any, errors: list[str], fetched: list[str]) -> None:
        self.page, self.errors, self.fetched = page, errors, fetched


def open_report(context: Any, html: Path) -> Opened:
    page = context.new_page()
    errors: list[str] = []
    fetched: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))

    def route(r: Any) -> None:
        url = r.request.url
        if url.startswith(("file:", "data:", "blob:")):
            r.continue_()
        else:  # the network is off anyway; this records any attempt
            fetched.append(url)
            r.abort()
    page.route("**/*", route)
    page.goto(html.as_uri())
    return Opened(page, errors, fetched)


def _column(page: Any, table: str, index: int) -> list[float]:
    cells = page.eval_on_selector_all(
        f"#{table} tbody tr td:nth-child({index})", "els => els.map(e => e.textContent)")
    return [float(c) for c in cells if c.strip()]


def _column_becomes(page: Any, table: str, index: int, want: list[float]) -> list[float]:
    """The column once the table has redrawn to ``want`` (a click's re-sort is not
    synchronous: on a loaded machine a read right after it sees the old order), or as it
    is after 10 s."""
    import time

    deadline = time.monotonic() + 10
    while (got := _column(page, table, index)) != want and time.monotonic() < deadline:
        time.sleep(0.05)
    return got


@pytest.mark.parametrize("kind", ["gauntlet", "versus", "swiss", "ablate"])
def test_report_in_headless_chromium(jobs: dict[str, Path], browser: Any, kind: str) -> None:
    html = jobs[kind] / "report" / "index.html"
    summary = json.loads((html.parent / "summary.json").read_text())
    opened = open_report(browser, html)
    page = opened.page
    for ident in summary["figures"]:
        page.wait_for_selector(f"#{ident} .main-svg", timeout=30_000)
        assert page.locator(f"#{ident} .main-svg").count() >= 1
    for ident in summary["tables"]:
        page.wait_for_selector(f"table#{ident}.dataTable", timeout=30_000)
    drawn = page.evaluate("document.querySelectorAll('.js-plotly-plot').length")
    assert drawn == len(summary["figures"])
    page.screenshot(path=str(artifacts() / f"report-{kind}.png"), full_page=True)
    assert (artifacts() / f"report-{kind}.png").stat().st_size > 50_000
    assert opened.errors == []
    assert opened.fetched == []
    page.close()


def test_a_table_sorts_and_filters(jobs: dict[str, Path], browser: Any) -> None:
    opened = open_report(browser, jobs["gauntlet"] / "report" / "index.html")
    page = opened.page
    page.wait_for_selector("table#tbl-matchups.dataTable", timeout=30_000)
    headers = page.eval_on_selector_all("#tbl-matchups thead th .dt-column-title",
                                        "els => els.map(e => e.textContent.trim())")
    col = headers.index("win %") + 1
    before = _column(page, "tbl-matchups", col)
    assert len(before) == 6 and before != sorted(before)  # listed by deck, not by rate
    page.click(f"#tbl-matchups thead th:nth-child({col}) .dt-column-title")
    assert _column_becomes(page, "tbl-matchups", col, sorted(before)) == sorted(before)
    page.click(f"#tbl-matchups thead th:nth-child({col}) .dt-column-title")
    down = sorted(before, reverse=True)
    assert _column_becomes(page, "tbl-matchups", col, down) == down
    search = page.locator("#tbl-keyword_usage_wrapper input[type=search]")
    search.fill("bogles")
    decks = page.eval_on_selector_all("#tbl-keyword_usage tbody tr td:first-child",
                                      "els => els.map(e => e.textContent)")
    assert decks and set(decks) == {"bogles"}
    assert opened.errors == [] and opened.fetched == []
    page.close()


@pytest.mark.parametrize("kind", ["gauntlet", "versus", "swiss", "ablate"])
def test_nothing_is_cut_off_at_1400_pixels(jobs: dict[str, Path], browser: Any,
                                           kind: str) -> None:
    """In a 1400-pixel window every table fits the page (its right edge inside the
    window, nothing to scroll sideways), the new tables among them; no cell of a
    p-value column reads 0.0."""
    summary = json.loads((jobs[kind] / "report" / "summary.json").read_text())
    opened = open_report(browser, jobs[kind] / "report" / "index.html")
    page = opened.page
    page.set_viewport_size({"width": 1400, "height": 900})
    for ident in summary["tables"]:
        page.wait_for_selector(f"table#{ident}.dataTable", timeout=30_000)
    wanted = {"gauntlet": {"tbl-cards", "tbl-card_rates", "tbl-ratings_fit",
                           "tbl-keyword_impact", "tbl-compare"},
              "versus": {"tbl-ratings_fit"},
              "swiss": {"tbl-cards", "tbl-conversion", "tbl-matchups", "tbl-ratings_fit"},
              "ablate": {"tbl-ablation"}}[kind]
    assert wanted <= set(summary["tables"])
    tables = page.evaluate("""() => [...document.querySelectorAll('div.table')].map(div => {
        const t = div.querySelector('table.dataTable');
        return {id: t.id, overflow: div.scrollWidth - div.clientWidth,
                right: t.getBoundingClientRect().right};
    })""")
    assert {t["id"] for t in tables} >= wanted
    cut = [t for t in tables if t["overflow"] > 1 or t["right"] > 1400]
    assert not cut, f"tables cut off at 1400 px: {cut}"
    for ident in summary["tables"]:
        headers = page.eval_on_selector_all(f"#{ident} thead th .dt-column-title",
                                            "els => els.map(e => e.textContent.trim())")
        for i, h in enumerate(headers):
            if h.startswith(("p ", "q ")) or h == "p":
                cells = page.eval_on_selector_all(
                    f"#{ident} tbody td:nth-child({i + 1})",
                    "els => els.map(e => e.textContent.trim())")
                assert all(c == "<0.001" or c == "" or float(c) >= 0.001 for c in cells)
    assert opened.errors == [] and opened.fetched == []
    page.close()


def test_p_values_and_counts_read_as_they_should(jobs: dict[str, Path], browser: Any) -> None:
    opened = open_report(browser, jobs["gauntlet"] / "report" / "index.html")
    page = opened.page
    page.wait_for_selector("table#tbl-compare.dataTable", timeout=30_000)
    headers = page.eval_on_selector_all("#tbl-compare thead th .dt-column-title",
                                        "els => els.map(e => e.textContent.trim())")
    p_col = headers.index("p (McNemar)") + 1
    p_cells = page.eval_on_selector_all(f"#tbl-compare tbody td:nth-child({p_col})",
                                        "els => els.map(e => e.textContent)")
    assert p_cells and all(c == "<0.001" or (len(c) == 5 and 0.001 <= float(c) <= 1)
                           for c in p_cells)
    assert "<0.001" in p_cells  # heuristic against random: some row is that clear
    for label in ("won only in A", "won only in B"):
        col = headers.index(label) + 1
        counts = page.eval_on_selector_all(f"#tbl-compare tbody td:nth-child({col})",
                                           "els => els.map(e => e.textContent.trim())")
        assert counts and not any(c.endswith(".0") for c in counts)  # 14, never 14.0
    # sorting a p column sorts by the number under "<0.001"
    page.click(f"#tbl-compare thead th:nth-child({p_col}) .dt-column-title")
    page.wait_for_timeout(300)
    after = page.eval_on_selector_all(f"#tbl-compare tbody td:nth-child({p_col})",
                                      "els => els.map(e => e.textContent)")
    values = [0.0 if c == "<0.001" else float(c) for c in after]
    assert values == sorted(values)
    assert opened.errors == []
    page.close()
