"""``mtgsim report DIR``: one self-contained, interactive HTML page of a job
(``DIR/report/index.html``; its tables also as CSV and Parquet in ``report/tables/``, its
headline numbers in ``report/summary.json``).

Every kind of job has one: gauntlet and versus (matchups, ratings, the field, the metagame,
keyword impact, per-card statistics, the decks' play), swiss (standings, bracket,
conversion by archetype; then, from its games with mirror games left out, the matchups,
ratings, metagame, keyword impact, per-card statistics and the decks' play) and
ablate (the paired effect of removing a keyword); ``--compare OTHER`` adds the game-by-game
comparison with another job. Each starts with the job's metadata and ends with the decks.
"""

from __future__ import annotations

import html
import json
import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq

from mtgsim.results.compare import compare_jobs
from mtgsim.results.dataset import read_games
from mtgsim.results.manifest import RawManifestError, manifest_kind, read_raw_manifest
from mtgsim.results.page import Col, Page
from mtgsim.results.report_cards import add_cards
from mtgsim.results.report_games import GamesReport
from mtgsim.results.report_paired import add_ablation, add_comparison
from mtgsim.results.tournament import add_swiss


class ReportError(ValueError):
    """The folder is not a job, or an option does not fit it (one line for the user)."""


# --- shares -------------------------------------------------------------------------------


def resolve_shares(decks: Sequence[str], given: dict[str, float] | None) -> np.ndarray:
    """Metagame shares, one per deck, summing to 1. Without ``given``, equal. With it,
    every name must be a deck of the job and every share finite and >= 0, with a positive
    sum; a deck not listed has share 0."""
    if not given:
        return np.full(len(decks), 1 / len(decks))
    unknown = [n for n in given if n not in decks]
    if unknown:
        raise ReportError(f"--shares: {', '.join(unknown)} not a deck of this job "
                          f"(decks: {', '.join(decks)})")
    for name, value in given.items():
        if not math.isfinite(value) or value < 0:
            raise ReportError(f"--shares: {name}={value} (a share is a finite number >= 0)")
    shares = np.array([given.get(d, 0.0) for d in decks], dtype=float)
    if shares.sum() <= 0:
        raise ReportError("--shares: the shares sum to 0")
    return shares / shares.sum()


def shares_text(decks: Sequence[str], shares: np.ndarray, given: dict[str, float] | None,
                how: str = "") -> str:
    how = how or ("as given, normalised to sum to 100%; decks not listed at 0" if given else
                  "equal (no --shares)")
    return ", ".join(f"{html.escape(d)} {100 * s:.1f}%" for d, s in
                     zip(decks, shares, strict=True)) + f" ({how})"


# --- the job ------------------------------------------------------------------------------


def _read_manifest(out: Path, missing_ok: bool) -> dict[str, Any]:
    """A job folder's manifest through the one reader of the raw file
    (``results.manifest.read_raw_manifest``), so a bad one is the same one-line error as in
    ``compare`` (``FOLDER: manifest.json is not JSON``); ``missing_ok``: none is {}."""
    try:
        return read_raw_manifest(out)
    except RawManifestError as exc:
        if missing_ok and exc.missing:
            return {}
        raise ReportError(str(exc)) from None


class Job:
    """A job folder: its manifest (read as plain data, so fields added later show too) and
    its kind."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.manifest = _read_manifest(out, missing_ok=True)
        kind = manifest_kind(self.manifest) or ""
        if kind == "ablate" or (not kind and (out / "ablated").is_dir()):
            kind = "ablate"
            if not (out / "ablation.parquet").exists():
                raise ReportError(f"{out}: an ablation without ablation.parquet (was it "
                                  "interrupted?)")
            if not self.manifest:
                self.manifest = _read_manifest(out / "baseline", missing_ok=False)
        elif kind == "swiss":
            if not (out / "swiss" / "standings.parquet").exists():
                raise ReportError(f"{out}: a Swiss job without swiss/standings.parquet")
        elif not (out / "games").is_dir():
            if self.manifest and (out / "_pending").is_dir():  # killed before compaction
                raise ReportError(
                    f"{out}: the job was interrupted (status "
                    f"{self.manifest.get('status', '?')}) before any games reached games/: "
                    f"{self.manifest.get('games_completed', '?')} games are committed in "
                    "_pending/; finish it with the same command and --resume (it plays "
                    "only what is missing), then report")
            raise ReportError(f"{out}: not a job folder (no manifest.json with games/, "
                              "swiss/ or ablation.parquet)")
        self.kind = kind or "games"
        self.extra: dict[str, str] = {str(k): str(v) for k, v in
                                      dict(self.manifest.get("extra") or {}).items()}
        self.decks: list[dict[str, Any]] = list(self.manifest.get("decks") or [])
        self.metagame: dict[str, Any] = dict(self.manifest.get("metagame") or {})

    def metagame_shares(self) -> dict[str, float]:
        """The field weights of a job that played a bundled metagame (``--metagame``):
        each deck's archetype share of the real lists; {} for any other job."""
        return {str(d["deck"]): float(d["share"]) for d in self.metagame.get("decks", [])}

    @property
    def deck_names(self) -> list[str]:
        return [str(d["name"]) for d in self.decks]

    def failures(self) -> list[dict[str, Any]]:
        """Games that raised, if the job recorded any (``failures.parquet``; the replays
        beside it in ``failures/`` are named by its ``replay`` column)."""
        path = self.out / "failures.parquet"
        if not path.exists():
            return []
        table = pq.read_table(path)
        return [{k: (str(v)[:400] if isinstance(v, str) else v) for k, v in r.items()}
                for r in table.to_pylist()]


def _meta_section(page: Page, job: Job, summary: str) -> None:
    m = job.manifest
    failures = job.failures()
    failed = m.get("games_failed", len(failures))
    rows = [
        ("job", m.get("job", job.out.name)), ("kind", job.kind),
        ("status", m.get("status", "")), ("seed", m.get("seed", "")),
        ("policies", " vs ".join(map(str, m.get("policies", [])))),
        ("max turns", m.get("max_turns", "")), ("engine version", m.get("engine_version", "")),
        ("play versions", ", ".join(f"{k} {v}" for k, v in sorted(
            (m.get("play_versions") or {}).items())) or "not recorded"),
        ("card-data hash", m.get("card_data_hash", "")),
        ("created", m.get("created", "")), ("finished", m.get("finished", "")),
        ("games played", f"{m.get('games_completed', '')} of {m.get('games_total', '')}"
         if job.kind != "swiss" else m.get("games_completed", "")),
        ("games failed", failed),
        ("events recorded", "yes (events/, hands/)" if m.get("record_events") else "no"),
        ("folder", str(job.out)),
        *((k, v) for k, v in sorted(job.extra.items())),
    ]
    table = "".join(f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>"
                    for k, v in rows)
    parts = [f'<table class="meta">{table}</table>', summary]
    if failures:
        cols = [Col(k, k) for k in failures[0] if k != "traceback"]
        parts.append(page.table("failures", failures, cols,
                                f"{len(failures)} games raised an exception and are not in "
                                "the results; each has a replay to reproduce it."))
    page.section("job", "Job", *parts)


def _decks_section(page: Page, job: Job, games: GamesReport | None) -> None:
    parts = []
    for d in job.decks:
        counts = Counter(d.get("cards", []))
        order = list(dict.fromkeys(d.get("cards", [])))
        lines = "<br>".join(f"{counts[c]} {html.escape(c)}" for c in order)
        parts.append(f"<details><summary><b>{html.escape(str(d['name']))}</b> — "
                     f"{sum(counts.values())} cards, sha256 {html.escape(d.get('sha256', ''))}"
                     f"</summary><div class=\"decklist\">{lines}</div></details>")
    if games is not None:
        parts.append(games.usage_table(page))
    page.section("decks", "Decks", "<p>Main decks as the job played them (from the "
                 "manifest).</p>", *parts)


# --- the report ---------------------------------------------------------------------------


def _games(out: Path, job: Job, shares: dict[str, float] | None) -> GamesReport:
    table = read_games(out)
    if table.num_rows == 0:
        raise ReportError(f"{out}: the job has no games")
    played = sorted(set(map(str, table["deck_a"].cast("string").to_pylist()))
                    | set(map(str, table["deck_b"].cast("string").to_pylist())))
    names = [n for n in job.deck_names if n in played] + [
        n for n in played if n not in job.deck_names]
    how = ""
    if not shares and job.metagame_shares():
        shares = {d: v for d, v in job.metagame_shares().items() if d in names}
        how = (f"each archetype's share of {job.metagame.get('source', 'the real lists')}, "
               "normalised over the decks played; --shares overrides")
    weights = resolve_shares(names, shares)
    return GamesReport(table, names, weights, int(job.manifest.get("seed", 0) or 0),
                       shares_text(names, weights, shares, how))


def _field_section(page: Page, job: Job) -> None:
    """A metagame job's decks: archetype, share of the real lists, where each list is from."""
    rows = [{"deck": str(d["deck"]), "archetype": str(d["archetype"]),
             "share of the lists": round(100 * float(d["share"]), 1),
             "source": str(d["source"])} for d in job.metagame.get("decks", [])]
    cols = [Col(k, k) for k in ("deck", "archetype", "share of the lists", "source")]
    page.section("field", "The field", f"<p>{html.escape(str(job.metagame.get('title')))}. "
                 "Each deck is a real list: the best-placed list of its archetype that "
                 f"the engine plays whole, from {html.escape(str(job.metagame.get('source')))}"
                 ". The shares (in %) weight the field win rates and the metagame dynamics."
                 "</p>", page.table("field", rows, cols, "The archetypes of the field."))


def _swiss_games(out: Path, job: Job) -> GamesReport | None:
    """The games of a Swiss job as the games sections read them: mirror games left out
    (a deck against itself says nothing of one deck against another, and counted they
    pull every rate towards 50%: the Swiss tables count mirror matches apart likewise),
    the field weighted by the shares the tournament dealt its seats. None when the job
    has no game rows (one made before Swiss events wrote them) or only mirrors."""
    import pyarrow.compute as pc

    table = read_games(out)
    if table.num_rows == 0:
        return None
    a, b = table["deck_a"].cast("string"), table["deck_b"].cast("string")
    table = table.filter(pc.not_equal(a, b))
    if table.num_rows == 0:
        return None
    played = set(map(str, table["deck_a"].cast("string").to_pylist())) \
        | set(map(str, table["deck_b"].cast("string").to_pylist()))
    names = [n for n in job.deck_names if n in played] + sorted(played - set(job.deck_names))
    dealt = [float(x) for x in job.extra.get("shares", "").split(",") if x]
    given = dict(zip(job.deck_names, dealt, strict=True)) if len(dealt) == len(
        job.deck_names) else {}
    weights = resolve_shares(names, {n: given.get(n, 0.0) for n in names}
                             if given and any(given.get(n, 0.0) for n in names) else None)
    text = ", ".join(f"{html.escape(d)} {100 * w:.1f}%" for d, w in
                     zip(names, weights, strict=True))
    return GamesReport(table, names, weights, int(job.manifest.get("seed", 0) or 0),
                       f"{text} (the metagame shares the tournament dealt its seats; "
                       "mirror games left out)")


def build(out: Path, shares: dict[str, float] | None = None,
          compare: Path | None = None) -> tuple[Page, dict[str, Any]]:
    """The page of a job folder and its headline numbers; nothing is written."""
    job = Job(out)
    if job.kind == "swiss" and shares:
        raise ReportError("--shares does not apply to a Swiss job (its shares are the "
                          "seats it dealt)")
    if job.kind == "ablate" and shares:
        raise ReportError("--shares does not apply to an ablation")
    games = _games(out, job, shares) if job.kind not in ("swiss", "ablate") else \
        _swiss_games(out, job) if job.kind == "swiss" else None
    comparison = compare_jobs(out, compare) if compare is not None else None
    title = job.metagame.get("title") or "mtgsim report"
    page = Page(f"{title}: {job.manifest.get('job', out.name)} ({job.kind})")
    _meta_section(page, job, games.summary_html() if games is not None else "")
    if job.metagame:
        _field_section(page, job)
    headline: dict[str, Any] = {"job": job.manifest.get("job", out.name), "kind": job.kind,
                                "seed": job.manifest.get("seed"),
                                "games_failed": job.manifest.get("games_failed", 0)}
    if job.metagame:
        headline["metagame"] = job.metagame.get("name", "")
    if job.kind == "swiss":
        headline.update(add_swiss(page, out, job.deck_names, job.extra))
        if games is not None:  # the games of the events, as any job's (mirrors left out)
            headline.update(games.headline())
            games.add_matchups(page)
            games.add_ratings(page)
            games.add_metagame(page)
            games.add_keywords(page)
        headline.update(add_cards(page, out, job.decks))
        if games is not None:
            games.add_play(page)
    elif job.kind == "ablate":
        headline.update(add_ablation(page, out, job.extra))
    elif games is not None:
        headline.update(games.headline())
        games.add_matchups(page)
        games.add_ratings(page)
        games.add_metagame(page)
        games.add_keywords(page)
        headline.update(add_cards(page, out, job.decks))
        games.add_play(page)
    if comparison is not None:
        add_comparison(page, comparison)
        headline["compare"] = {"job": comparison.job_b, "paired_games":
                               comparison.paired_games}
    _decks_section(page, job, games)
    return page, headline


def write_report(out: Path, shares: dict[str, float] | None = None,
                 compare: Path | None = None) -> Path:
    page, headline = build(out, shares, compare)
    folder = out / "report"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "index.html"
    tmp = folder / ".index.html.tmp"
    tmp.write_text(page.render(), encoding="utf-8")
    page.write_tables(folder / "tables")
    tmp.replace(path)
    (folder / "summary.json").write_text(json.dumps(
        {**headline, "figures": page.figures, "tables": page.tables}, indent=2) + "\n")
    return path


__all__ = ["Job", "ReportError", "build", "resolve_shares", "write_report"]
