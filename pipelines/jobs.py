"""Batch jobs over many matchups: the gauntlet (every pair of decks, both play/draw
orders) and one deck against a field. A job is a list of work units, played by an
executor (Ray actors, or serially) and committed to a Parquet dataset with a manifest;
``--resume`` finishes an interrupted job with exactly the games it would have had."""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from mtgsim import engine
from mtgsim.cluster.pool import RayExecutor, SerialExecutor
from mtgsim.cluster.work import DeckSpec, JobSpec, WorkUnit
from mtgsim.engine.cardpool import CardSource
from mtgsim.pipelines.runner import LoadedDeck
from mtgsim.results.dataset import (
    DatasetWriter,
    clear_staging,
    committed_units,
    write_matchups,
)
from mtgsim.results.manifest import FORMAT, Manifest, MatchupSpec, read_manifest, write_manifest

DEFAULT_UNIT = 200  # games per work unit: about a second of work


class JobError(Exception):
    """Bad job input (output folder, resume mismatch); nothing was written."""


def deck_spec(deck: LoadedDeck) -> DeckSpec:
    names = tuple(deck.names)
    digest = hashlib.sha256("\n".join(names).encode()).hexdigest()[:16]
    return DeckSpec(deck.name, names, digest)


def pairings(n: int) -> list[tuple[int, int]]:
    """Every pair of distinct decks once; play/draw alternates inside the matchup."""
    return list(itertools.combinations(range(n), 2))


def field_pairings(n: int) -> list[tuple[int, int]]:
    """Deck 0 against each of the others."""
    return [(0, k) for k in range(1, n)]


def make_units(pairs: Sequence[tuple[int, int]], games: int, unit_size: int) -> list[WorkUnit]:
    units = []
    uid = 0
    for m, (a, b) in enumerate(pairs):
        for start in range(0, games, unit_size):
            units.append(WorkUnit(uid, m, a, b, start, min(unit_size, games - start)))
            uid += 1
    return units


def job_id(kind: str, decks: Sequence[DeckSpec], seed: int, games: int) -> str:
    h = hashlib.sha256(f"{kind}|{seed}|{games}|".encode() + "|".join(
        d.sha256 for d in decks).encode()).hexdigest()[:10]
    return f"{kind}-{h}"


def prepare_output(out: Path, manifest: Manifest, resume: bool) -> None:
    """Check the output folder before anything is written."""
    if out.exists() and not out.is_dir():
        raise JobError(f"{out} exists and is not a folder")
    if resume:
        if not (out / "manifest.json").exists():
            raise JobError(f"{out}: nothing to resume (no manifest.json)")
        old = read_manifest(out)
        if not old.same_job(manifest):
            raise JobError(f"{out}: holds a different job ({old.job}); resume needs the "
                           "same decks, seed, games and options")
        clear_staging(out)
        return
    if out.exists() and any(out.iterdir()):
        raise JobError(f"{out} is not empty (use --resume to finish a job there, or "
                       "choose another folder)")
    parent = out if out.exists() else next(p for p in out.parents if p.exists())
    if not os.access(parent, os.W_OK | os.X_OK):
        raise JobError(f"cannot write to {out}: permission denied")


class JobResult:
    def __init__(self, manifest: Manifest, games: int, seconds: float, workers: int,
                 files: int) -> None:
        self.manifest = manifest
        self.games = games
        self.seconds = seconds
        self.workers = workers
        self.files = files

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def run_job(kind: str, decks: Sequence[LoadedDeck], pairs: Sequence[tuple[int, int]],
            games: int, out: Path, *, seed: int = 0, policies: tuple[str, str] = (
                "heuristic", "heuristic"), max_turns: int = 60, unit_size: int = DEFAULT_UNIT,
            executor: str = "ray", workers: int | None = None, address: str | None = None,
            resume: bool = False, cards: CardSource | None = None,
            progress: Callable[[int, int], None] | None = None,
            rows_per_file: int = 250_000,
            ablate: tuple[int, str] | None = None) -> JobResult:
    specs = tuple(deck_spec(d) for d in decks)
    job = job_id(kind, specs, seed, games)
    cards = cards or CardSource()
    spec = JobSpec(job, seed, specs, policies, max_turns, cards,
                   ablate[0] if ablate else -1, ablate[1] if ablate else "")
    units = make_units(pairs, games, unit_size)
    manifest = Manifest(
        FORMAT, job, kind, engine.__version__, cards.hash(), seed, policies, max_turns,
        unit_size, specs,
        tuple(MatchupSpec(m, specs[a].name, specs[b].name, games)
              for m, (a, b) in enumerate(pairs)),
        games * len(pairs),
        created=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    )
    prepare_output(out, manifest, resume)  # checks only: nothing is written before the
    runner: SerialExecutor | RayExecutor  # executor (and its cluster) is up
    if executor == "serial":
        runner = SerialExecutor(spec)
    else:
        runner = RayExecutor(spec, workers=workers, address=address)
    done = committed_units(out) if resume else set()
    if resume:
        manifest.created = read_manifest(out).created
    try:
        write_manifest(out, manifest)
    except OSError as exc:
        runner.shutdown()
        raise JobError(f"cannot write to {out}: {exc.strerror}") from None
    remaining = [u for u in units if u.uid not in done]
    already = sum(u.count for u in units if u.uid in done)
    writer = DatasetWriter(out, job, rows_per_file=rows_per_file)
    played = 0
    t0 = time.perf_counter()
    if progress is not None:
        progress(already, manifest.games_total)
    try:
        for unit, batch in runner.run(remaining):
            writer.add(unit.uid, unit.matchup, batch)
            played += unit.count
            if progress is not None:
                progress(already + played, manifest.games_total)
        writer.close()
    finally:
        runner.shutdown()
    seconds = time.perf_counter() - t0
    write_matchups(out)
    manifest.status = "complete"
    manifest.games_completed = manifest.games_total
    manifest.finished = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    write_manifest(out, manifest)
    return JobResult(manifest, played, seconds, runner.workers, writer.files_written)

