"""Batch jobs over many matchups: the gauntlet (every pair of decks, both play/draw
orders) and one deck against a field. A job is a list of work units, played by an
executor (Ray actors, or serially) and committed to a Parquet dataset with a manifest;
``--resume`` finishes an interrupted job with exactly the games it would have had.

A job never dies for one game: a game that raises is recorded in the job's failures
table, with a replay file that repeats it, and the job goes on; it stops early only when
more than ``max_failures`` games have failed. What was played is committed at least every
``commit_every`` seconds, and on Ctrl-C, a lost cluster or a full disk as far as the disk
allows, so a crash loses at most that much. One job at a time writes a folder (a lock
file naming its owner).

The job id is a hash of everything that decides its games (kind, decks and their
contents, card data hash, policies (the sides' and each deck's own) and the play version
of each policy above 1 (``pipelines.playversions``), max turns, engine version, seed,
games per pairing, pairings and options), so two jobs that differ in any of them have
different ids, and game seeds depend only on the job seed, the pairing and the game index
(``cluster.seeds``), so the same pairing plays the same games in every kind of job.
"""

from __future__ import annotations

import datetime as dt
import errno
import hashlib
import itertools
import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

from mtgsim import engine
from mtgsim.cluster.pool import ClusterError, ClusterLost, RayExecutor, SerialExecutor
from mtgsim.cluster.seeds import check_seed, deck_digest
from mtgsim.cluster.work import DeckSpec, JobSpec, WorkUnit
from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.players.policies.spec import PolicySpecError, canonical
from mtgsim.pipelines.playversions import (
    Rekey,
    hashed_play_versions,
    play_moved,
    used_play_versions,
)
from mtgsim.pipelines.runner import LoadedDeck
from mtgsim.pipelines.stopping import deferred
from mtgsim.pipelines.stopping import terminated as stop_was_sigterm
from mtgsim.results.dataset import (
    FAILURES_DIR,
    FAILURES_FILE,
    STAGING_DIR,
    DamagedFile,
    DatasetWriter,
    clear_staging,
    committed_units,
    remove_staging,
    write_matchups,
)
from mtgsim.results.lock import LOCK_NAME, FolderLock, FolderLocked, describe
from mtgsim.results.manifest import (
    FORMAT,
    MANIFEST,
    TMP_SUFFIX,
    Manifest,
    ManifestError,
    MatchupSpec,
    MetagameInfo,
    read_manifest,
    write_manifest,
)

DEFAULT_UNIT = 200  # games per work unit: about a second of work
DEFAULT_COMMIT_EVERY = 60.0  # seconds
DEFAULT_MAX_FAILURES = 100
EXTRAS = ("events", "hands")  # what --record-events adds beside games/, written first
# What a folder may hold and still count as empty: debris of a job that never started.
_DEBRIS = {LOCK_NAME, MANIFEST + TMP_SUFFIX, STAGING_DIR}


class JobError(Exception):
    """Bad job input (output folder, resume mismatch, seed); nothing was written."""


class JobStopped(Exception):
    """A running job stopped before its end; what it played is committed (as far as
    the disk allowed) and ``--resume`` finishes it."""

    def __init__(self, message: str, result: JobResult) -> None:
        super().__init__(message)
        self.result = result


class JobInterrupted(JobStopped):
    """Ctrl-C, or SIGTERM (``terminated``: a scheduler's stop, ``pipelines.stopping``)."""

    def __init__(self, message: str, result: JobResult, terminated: bool = False) -> None:
        super().__init__(message, result)
        self.terminated = terminated


class JobFailed(JobStopped):
    """The cluster was lost or the disk is full."""

    def __init__(self, message: str, result: JobResult, lost_cluster: bool = False) -> None:
        super().__init__(message, result)
        self.lost_cluster = lost_cluster


def deck_spec(deck: LoadedDeck) -> DeckSpec:
    names = tuple(deck.names)
    return DeckSpec(deck.name, names, deck_digest(names))


def pairings(n: int) -> list[tuple[int, int]]:
    """Every pair of distinct decks once; play/draw alternates inside the matchup."""
    return list(itertools.combinations(range(n), 2))


def field_pairings(n: int) -> list[tuple[int, int]]:
    """Deck 0 against each of the others."""
    return [(0, k) for k in range(1, n)]


class UnitPlan:
    """A job's work units, made when they are asked for: unit ``uid`` is game block
    ``uid % per_matchup`` of matchup ``uid // per_matchup``, so the plan holds only its
    pairs and a job of ``--games 10**12`` takes no more memory than one of 100 (a list of
    its units took 7 GB within seconds). Iterable again and again, in uid order."""

    def __init__(self, pairs: Sequence[tuple[int, int]], games: int, unit_size: int) -> None:
        self.pairs = list(pairs)
        self.games = games
        self.unit_size = unit_size
        self.per_matchup = -(-games // unit_size)  # ceil

    @property
    def total(self) -> int:
        """How many units (an int of any size; ``len`` would need it to fit 64 bits)."""
        return self.per_matchup * len(self.pairs)

    def count(self, uid: int) -> int:
        """Games in unit ``uid``."""
        start = (uid % self.per_matchup) * self.unit_size
        return min(self.unit_size, self.games - start)

    def unit(self, uid: int) -> WorkUnit:
        m, block = divmod(uid, self.per_matchup)
        a, b = self.pairs[m]
        start = block * self.unit_size
        return WorkUnit(uid, m, a, b, start, min(self.unit_size, self.games - start))

    def __iter__(self) -> Iterator[WorkUnit]:
        for uid in itertools.count():
            if uid >= self.total:
                return
            yield self.unit(uid)

    def remaining(self, done: set[int]) -> Iterator[WorkUnit]:
        """The units not in ``done``, in order, made one at a time."""
        return (u for u in self if u.uid not in done)

    def games_in(self, done: set[int]) -> int:
        """Games of the units of ``done`` that belong to this plan."""
        return sum(self.count(uid) for uid in done if 0 <= uid < self.total)


def make_units(pairs: Sequence[tuple[int, int]], games: int, unit_size: int) -> UnitPlan:
    """The work units of ``games`` games per pair in blocks of ``unit_size`` (lazy)."""
    return UnitPlan(pairs, games, unit_size)


def job_policies(policies: Sequence[str], deck_policies: Sequence[str],
                 decks: int) -> tuple[tuple[str, str], tuple[str, ...]]:
    """The sides' specs and the per-deck ones (aligned with the decks, "" for the side's),
    in canonical spelling; a deck's own spec that is both sides' anyway is dropped, and
    no deck with its own gives ``()``, so the same games always have the same job id.
    Raises ``JobError`` for a bad spec or more specs than decks."""
    if len(deck_policies) > decks:
        raise JobError(f"{len(deck_policies)} per-deck policies for {decks} decks")
    try:
        sides = (canonical(policies[0]), canonical(policies[1]))
        own = [canonical(p) if p else "" for p in deck_policies]
    except PolicySpecError as exc:
        raise JobError(f"policy: {exc}") from None
    own = ["" if p == sides[0] == sides[1] else p for p in own]
    return sides, tuple(own + [""] * (decks - len(own))) if any(own) else ()


def job_parts(decks: Sequence[LoadedDeck], seed: int, policies: Sequence[str],
              deck_policies: Sequence[str], cards: CardSource | None
              ) -> tuple[tuple[DeckSpec, ...], tuple[str, str], tuple[str, ...], CardSource,
                         str]:
    """What every job kind checks and derives first (gauntlet, versus, ablate, ladder and
    swiss alike): the seed checked, the decks' specs, the policies (``job_policies``), the
    card source and its hash. Raises ``JobError``."""
    try:
        check_seed(seed)
    except ValueError as exc:
        raise JobError(str(exc)) from None
    specs = tuple(deck_spec(d) for d in decks)
    sides, own = job_policies(policies, deck_policies, len(decks))
    cards = cards or CardSource()
    return specs, sides, own, cards, cards.hash()


def job_id(kind: str, decks: Sequence[DeckSpec], seed: int, games: int, *,
           policies: Sequence[str] = ("heuristic", "heuristic"), max_turns: int = 60,
           card_data_hash: str = "", pairs: Sequence[tuple[int, int]] = (),
           options: dict[str, str] | None = None,
           deck_policies: Sequence[str] = (),
           play_versions: Mapping[str, int] | None = None) -> str:
    """``<kind>-<hash>`` of everything that decides the job's games. Policies are
    hashed as canonical spec strings (``job_policies``); per-deck policies enter only
    when a deck has its own, so a job without them keeps the id it always had; likewise
    the play versions of the families used (``play_versions``, default this mtgsim's:
    ``used_play_versions``) only where above 1 (``hashed_play_versions``)."""
    ident = {
        "kind": kind, "engine": engine.__version__, "card_data": card_data_hash,
        "seed": seed, "games": games, "policies": list(policies), "max_turns": max_turns,
        "decks": [[d.name, d.sha256 or deck_digest(d.cards)] for d in decks],
        "pairs": [list(p) for p in pairs], "options": dict(sorted((options or {}).items())),
    }
    if any(deck_policies):
        ident["deck_policies"] = list(deck_policies)
    if play_versions is None:
        play_versions = used_play_versions(policies, deck_policies)
    play = hashed_play_versions(play_versions)
    if play:
        ident["play_versions"] = play
    digest = hashlib.sha256(json.dumps(ident, sort_keys=True).encode()).hexdigest()[:12]
    return f"{kind}-{digest}"


def _listing(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name not in _DEBRIS)


def prepare_output(out: Path, manifest: Manifest, resume: bool,
                   rekey: Rekey | None = None) -> None:
    """Check the output folder (locked by the caller) before anything is written.
    ``rekey(versions)``: the id this job would have with its policies at the play
    ``versions`` (to tell a folder of another play from another job,
    ``playversions.play_moved``)."""
    if out.exists() and not out.is_dir():
        raise JobError(f"{out} exists and is not a folder")
    tmp = out / (MANIFEST + TMP_SUFFIX)
    if tmp.exists():
        tmp.unlink()  # a manifest write that failed: never read
    if resume:
        if not (out / MANIFEST).exists():
            raise JobError(f"{out}: nothing to resume (no {MANIFEST})")
        try:
            old = read_manifest(out)
        except ManifestError as exc:
            raise JobError(str(exc)) from None
        if not old.same_job(manifest):
            moved = play_moved(out, old, manifest, rekey) if rekey is not None else None
            if moved is not None:
                raise JobError(moved)
            raise JobError(f"{out}: holds a different job ({old.job}); resume needs the "
                           "same decks, card data, seed, games and options"
                           + (" and --record-events as it had" if old.record_events !=
                              manifest.record_events else ""))
        clear_staging(out)
        return
    if out.exists() and _listing(out):
        raise JobError(f"{out} is not empty (use --resume to finish a job there, or "
                       "choose another folder)")
    parent = out if out.exists() else next(p for p in out.parents if p.exists())
    if not os.access(parent, os.W_OK | os.X_OK):
        raise JobError(f"cannot write to {out}: permission denied")


def lock_output(out: Path) -> tuple[FolderLock, bool]:
    """Lock ``out`` (creating it); whether it was created here (removed on failure)."""
    if out.exists() and not out.is_dir():
        raise JobError(f"{out} exists and is not a folder")
    created = not out.exists()
    lock = FolderLock(out)
    try:
        lock.acquire()
    except FolderLocked as exc:
        raise JobError(str(exc)) from None
    except OSError as exc:
        if created:
            shutil.rmtree(out, ignore_errors=True)
        raise JobError(f"cannot write to {out}: {exc.strerror or exc}") from None
    if lock.took_over:
        print(f"mtgsim: warning: {out}: took over the lock of a job that is gone "
              f"({describe(lock.took_over)})", file=sys.stderr)
    return lock, created


def abandon_output(out: Path, lock: FolderLock, created: bool) -> None:
    """Undo ``lock_output`` for a job that did not start: nothing is left behind."""
    lock.release()
    if created:
        try:
            for name in (STAGING_DIR,):
                shutil.rmtree(out / name, ignore_errors=True)
            out.rmdir()
        except OSError:
            pass


class JobResult:
    def __init__(self, manifest: Manifest, games: int, seconds: float, workers: int,
                 files: int, failed: int = 0, stopped: bool = False) -> None:
        self.manifest = manifest
        self.games = games  # played by this run (resumed games excluded)
        self.seconds = seconds
        self.workers = workers
        self.files = files
        self.failed = failed  # failed games of the whole job
        self.stopped = stopped  # more than max_failures games failed

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def run_job(kind: str, decks: Sequence[LoadedDeck], pairs: Sequence[tuple[int, int]],
            games: int, out: Path, *, seed: int = 0, policies: tuple[str, str] = (
                "heuristic", "heuristic"), max_turns: int = 60, unit_size: int = DEFAULT_UNIT,
            executor: str = "ray", workers: int | None = None, address: str | None = None,
            resume: bool = False, cards: CardSource | None = None,
            progress: Callable[[int, int], None] | None = None,
            rows_per_file: int = 250_000,
            ablate: tuple[int, str] | None = None,
            commit_every: float = DEFAULT_COMMIT_EVERY,
            max_failures: int = DEFAULT_MAX_FAILURES, quiet: bool = False,
            silence_ray: bool = False, deck_policies: Sequence[str] = (),
            record_events: bool = False,
            announce: Callable[[str], None] | None = None,
            metagame: MetagameInfo | None = None) -> JobResult:
    """Play the job and commit it to ``out``. ``policies``: the specs of a matchup's
    first and second deck; ``deck_policies`` (aligned with ``decks``, "" for the side's):
    the spec piloting a deck wherever it plays. Raises ``JobError`` (bad input: nothing
    written), ``ClusterError`` (Ray unreachable: nothing written), ``JobInterrupted``
    (Ctrl-C) or ``JobFailed`` (lost cluster, full disk) with what was committed.
    ``silence_ray``: what Ray prints in this process is not shown while the job runs
    (``cluster.pool.Silence``; the command line's choice). ``record_events``: record each
    game's events and hands (``results.events``; the games and the job id stay the
    same). ``announce(what)``: told when Ray starts (a line for people: the wait that
    follows is start-up, not play); ``progress(done, total)`` is first called once the
    executor is up, and the result's ``seconds`` are counted from then too. ``metagame``:
    the bundled metagame the decks are (recorded in the manifest for the report; the
    games and the job id do not depend on it)."""
    specs, policies, own, cards, card_hash = job_parts(decks, seed, policies,
                                                       deck_policies, cards)
    options = {"ablate_deck": str(ablate[0]), "ablate_keyword": ablate[1]} if ablate else {}
    versions = used_play_versions(policies, own)

    def rekey(play: Mapping[str, int]) -> str:
        return job_id(kind, specs, seed, games, policies=policies, max_turns=max_turns,
                      card_data_hash=card_hash, pairs=pairs, options=options,
                      deck_policies=own, play_versions=play)
    job = rekey(versions)
    spec = JobSpec(job, seed, specs, policies, max_turns, cards,
                   ablate[0] if ablate else -1, ablate[1] if ablate else "", card_hash, own,
                   record_events)
    units = make_units(pairs, games, unit_size)
    manifest = Manifest(
        FORMAT, job, kind, engine.__version__, card_hash, seed, policies, max_turns,
        unit_size, specs,
        tuple(MatchupSpec(m, specs[a].name, specs[b].name, games)
              for m, (a, b) in enumerate(pairs)),
        games * len(pairs), created=_now(), extra=options, deck_policies=own,
        record_events=record_events, metagame=metagame, play_versions=versions,
    )
    lock, created = lock_output(out)
    try:
        prepare_output(out, manifest, resume, rekey)  # checks only: nothing is written before
        runner: SerialExecutor | RayExecutor  # the executor (and its cluster) is up
        if executor == "serial":
            runner = SerialExecutor(spec)
        else:
            runner = RayExecutor(spec, workers=workers, address=address, quiet=quiet,
                                 silence=silence_ray, announce=announce)
    except BaseException:
        abandon_output(out, lock, created)
        raise
    try:
        return _play_job(out, manifest, units, runner, resume, progress, rows_per_file,
                         commit_every, max_failures)
    finally:
        runner.shutdown()
        lock.release()


def _play_job(out: Path, manifest: Manifest, units: UnitPlan,
              runner: SerialExecutor | RayExecutor, resume: bool,
              progress: Callable[[int, int], None] | None, rows_per_file: int,
              commit_every: float, max_failures: int) -> JobResult:
    if resume:
        manifest.created = read_manifest(out).created
    try:
        writer = DatasetWriter(out, manifest.job, rows_per_file=rows_per_file,
                               commit_every=commit_every,
                               extras=EXTRAS if manifest.record_events else ())
        done = committed_units(out) if resume else set()
        already = units.games_in(done)
        manifest.games_completed = already
        manifest.games_failed = len(writer.failures)
        manifest.status = "running"
        write_manifest(out, manifest)
    except DamagedFile as exc:  # found before anything is written (a resume reads first)
        raise JobError(damage_advice(exc)) from None
    except OSError as exc:
        raise JobError(f"cannot write to {out}: {exc.strerror or exc}") from None
    remaining = units.remaining(done)  # made as the executor asks: never all at once
    played = 0
    t0 = time.perf_counter()

    def result(stopped: bool = False) -> JobResult:
        return JobResult(manifest, played, time.perf_counter() - t0, runner.workers,
                         writer.files_written, len(writer.failures), stopped)

    def commit(final: bool, status: str) -> None:
        if final:
            writer.close()
            write_matchups(out)
            remove_staging(out)
        else:
            writer.commit()
        manifest.games_completed = already + played
        manifest.games_failed = len(writer.failures)
        manifest.status = status
        if final:
            manifest.finished = _now()
        write_manifest(out, manifest)

    if progress is not None:
        progress(already, manifest.games_total)
    stopped = False
    try:
        try:
            for unit, batch, failures, extras in runner.run(remaining):
                with deferred():  # a stop waits for the unit's rows and its commit
                    writer.add(unit.uid, unit.matchup, batch, failures, extras)
                    played += unit.count
                    if writer.due():
                        commit(False, "running")
                if progress is not None:
                    progress(already + played, manifest.games_total)
                if len(writer.failures) > max_failures:
                    stopped = True
                    break
            with deferred(reraise=False):  # the end: a stop now changes nothing
                commit(True, "stopped" if stopped else "complete")
        except (KeyboardInterrupt, ClusterLost) as exc:  # also during the last commit
            with deferred(reraise=False):  # the stop is under way: no second one
                commit(True, "interrupted")
            if isinstance(exc, KeyboardInterrupt):
                raise JobInterrupted("interrupted", result(),
                                     terminated=stop_was_sigterm(exc)) from None
            raise JobFailed(str(exc), result(), lost_cluster=True) from None
    except OSError as exc:
        what = "the disk is full" if exc.errno == errno.ENOSPC else (exc.strerror or str(exc))
        manifest.games_completed = committed_games(out, units)
        raise JobFailed(f"cannot write to {out}: {what}", result()) from None
    return result(stopped)


def damage_advice(exc: DamagedFile) -> str:
    """What to do about a damaged committed file, after naming it (one line)."""
    if exc.path.name == FAILURES_FILE:
        return (f"{exc}; restore it from a copy, or move it out of the job folder and run "
                "--resume again (the failed games it lists are then not recorded; their "
                f"replays stay in {FAILURES_DIR}/)")
    return (f"{exc}; move it out of the job folder and run --resume again: its games are "
            "played again (the same games: a game is a function of its seed)")


def committed_games(out: Path, units: UnitPlan) -> int:
    """Games of ``units`` committed to ``out`` (what a resumed job will not play again)."""
    return units.games_in(committed_units(out))


__all__ = ["JobError", "JobFailed", "JobInterrupted", "JobResult", "JobStopped",
           "ClusterError", "UnitPlan", "deck_spec", "pairings", "field_pairings", "make_units",
           "job_id", "job_policies", "prepare_output", "run_job", "committed_games"]
