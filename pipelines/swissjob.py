"""Running a Swiss job (``pipelines.swiss`` has the tournament: seats, pairings,
standings, the tables it writes): the events played on an executor, committed like any
job's games, stopped and resumed like any job (``pipelines.swisslog``), and stopped when
more than ``max_failures`` games failed."""

from __future__ import annotations

import datetime as dt
import errno
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from mtgsim import engine
from mtgsim.cluster.pool import ClusterLost, RayExecutor, SerialExecutor
from mtgsim.cluster.work import (
    JobSpec,
    MatchResult,
    MatchUnit,
    UnitResult,
    bytes_to_batch,
    extras_of,
)
from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.state.rng import randbelow, seed_state, shuffle
from mtgsim.pipelines.jobs import (
    DEFAULT_COMMIT_EVERY,
    DEFAULT_MAX_FAILURES,
    EXTRAS,
    JobError,
    JobFailed,
    JobInterrupted,
    JobResult,
    abandon_output,
    damage_advice,
    job_id,
    job_parts,
    lock_output,
    prepare_output,
)
from mtgsim.pipelines.playversions import used_play_versions
from mtgsim.pipelines.runner import LoadedDeck
from mtgsim.pipelines.stopping import deferred
from mtgsim.pipelines.stopping import terminated as stop_was_sigterm
from mtgsim.pipelines.swiss import (
    MatchRow,
    Seat,
    SwissResult,
    Tables,
    _bracket_order,
    _record,
    _summarise,
    _write,
    assign_decks,
    check_size,
    pair,
    standings,
    swiss_pairs,
)
from mtgsim.pipelines.swisslog import PlayedLog, read_played
from mtgsim.results.dataset import (
    DamagedFile,
    DatasetWriter,
    committed_units,
    remove_staging,
    write_matchups,
)
from mtgsim.results.manifest import FORMAT, Manifest, MatchupSpec, read_manifest, write_manifest


class SwissStopped(Exception):
    """More than ``max_failures`` games failed: the job stopped after a round, with what
    it played committed (``--resume`` goes on)."""

    def __init__(self, failed: int, games: int) -> None:
        super().__init__(f"stopped after {failed} failed games")
        self.failed = failed
        self.games = games


def matches_in(players: int, rounds: int, top: int, events: int) -> int:
    """How many matches a tournament plays (byes are none): the progress bar's total."""
    return events * (rounds * (players // 2) + top - 1)


def run_swiss(decks: Sequence[LoadedDeck], shares: Sequence[float], players: int,
              rounds: int, best_of: int, top: int, out: Path, *, seed: int = 0,
              policies: tuple[str, str] = ("heuristic", "heuristic"), max_turns: int = 60,
              executor: str = "ray", workers: int | None = None,
              address: str | None = None, events: int = 1,
              cards: CardSource | None = None, quiet: bool = False,
              silence_ray: bool = False, deck_policies: Sequence[str] = (),
              record_events: bool = False, resume: bool = False,
              max_failures: int = DEFAULT_MAX_FAILURES, rows_per_file: int = 250_000,
              commit_every: float = DEFAULT_COMMIT_EVERY,
              progress: Callable[[int, int], None] | None = None,
              announce: Callable[[str], None] | None = None) -> SwissResult:
    """Play the tournament into ``out``. ``resume``: finish the job ``out`` holds (the
    same tournament: ``pipelines.swisslog``). More than ``max_failures`` failed games
    stop it after the round (``SwissStopped``); Ctrl-C, SIGTERM or a lost cluster stop it
    with what was played committed (``JobInterrupted``, ``JobFailed``), as any job.
    ``progress(matches done, matches in all)``; ``announce``: as ``run_job``'s."""
    if players < 2 or rounds < 1 or best_of < 1 or best_of % 2 == 0 or events < 1:
        raise JobError("need at least 2 players, 1 round, 1 event and an odd best-of")
    if top > players or (top & (top - 1)):
        raise JobError(f"the cut must be a power of two no larger than {players}")
    check_size(players, rounds, best_of, events, top)
    if len(shares) != len(decks) or any(not math.isfinite(s) or s < 0 for s in shares) \
            or sum(shares) <= 0:
        raise JobError("give one finite, non-negative metagame share per deck (not all 0)")
    specs, policies, own, cards, card_hash = job_parts(decks, seed, policies,
                                                       deck_policies, cards)
    extra = {"players": str(players), "rounds": str(rounds), "best_of": str(best_of),
             "top": str(top), "events": str(events),
             "shares": ",".join(f"{s:g}" for s in shares)}
    versions = used_play_versions(policies, own)

    def rekey(play: Mapping[str, int]) -> str:
        return job_id("swiss", specs, seed, 0, policies=policies, max_turns=max_turns,
                      card_data_hash=card_hash, options=extra, deck_policies=own,
                      play_versions=play)
    job = rekey(versions)
    manifest = Manifest(FORMAT, job, "swiss", engine.__version__, card_hash,
                        seed, policies, max_turns, 0, specs, (), 0,
                        created=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                        extra=extra, deck_policies=own, record_events=record_events,
                        play_versions=versions)
    lock, created = lock_output(out)
    spec = JobSpec(job, seed, specs, policies, max_turns, cards, card_data_hash=card_hash,
                   deck_policies=own, record_events=record_events)
    try:
        prepare_output(out, manifest, resume=resume, rekey=rekey)
        runner: SerialExecutor | RayExecutor = SerialExecutor(spec) \
            if executor == "serial" else RayExecutor(spec, workers=workers, address=address,
                                                     quiet=quiet, silence=silence_ray,
                                                     announce=announce)
    except BaseException:
        abandon_output(out, lock, created)
        raise
    plan = _Plan(shares, players, rounds, top, events, best_of)
    try:
        return _play_swiss(out, manifest, runner, spec, plan, resume, max_failures,
                           DatasetOptions(rows_per_file, commit_every), progress)
    finally:
        runner.shutdown()
        lock.release()


@dataclass(frozen=True)
class _Plan:
    """The tournament's shape."""

    shares: Sequence[float]
    players: int
    rounds: int
    top: int
    events: int
    best_of: int


@dataclass(frozen=True)
class DatasetOptions:
    """How the games rows are committed (as ``run_job``'s options of the same names)."""

    rows_per_file: int
    commit_every: float


def _play_swiss(out: Path, manifest: Manifest, runner: SerialExecutor | RayExecutor,
                spec: JobSpec, plan: _Plan, resume: bool, max_failures: int,
                options: DatasetOptions,
                progress: Callable[[int, int], None] | None) -> SwissResult:
    """Run the events on a started executor: what ``run_swiss`` promises."""

    if resume:
        manifest.created = read_manifest(out).created
    try:
        writer = DatasetWriter(out, spec.job, rows_per_file=options.rows_per_file,
                               commit_every=options.commit_every,
                               extras=EXTRAS if spec.record_events else ())
        done = committed_units(out) if resume else set()
        saved = read_played(out) if resume else {}
        manifest.status = "running"
        write_manifest(out, manifest)
    except DamagedFile as exc:
        raise JobError(damage_advice(exc)) from None
    except OSError as exc:
        raise JobError(f"cannot write to {out}: {exc.strerror or exc}") from None
    total = matches_in(plan.players, plan.rounds, plan.top, plan.events)
    event = _Event(runner, spec, spec.seed, plan.best_of, writer, PlayedLog(out),
                   {m: r for m, r in saved.items() if m in done}, done, max_failures)
    event.progress = (lambda n: progress(n, total)) if progress is not None else None
    if progress is not None:
        progress(len(event.saved), total)
    t0 = time.perf_counter()
    tables: Tables = []

    def stop(status: str) -> JobResult:
        with deferred(reraise=False):
            writer.close()
            remove_staging(out)
            manifest.status = status
            manifest.games_completed = event.games
            manifest.games_failed = len(event.failures)
            write_manifest(out, manifest)
        return JobResult(manifest, event.played, time.perf_counter() - t0, runner.workers,
                         writer.files_written, len(event.failures), status == "stopped")

    try:
        try:
            for e in range(plan.events):
                tables.append(event.play(e, plan.shares, plan.players, plan.rounds,
                                         plan.top))
        except SwissStopped:
            stop("stopped")
            raise
        except (KeyboardInterrupt, ClusterLost) as exc:
            result = stop("interrupted")
            if isinstance(exc, KeyboardInterrupt):
                raise JobInterrupted("interrupted", result,
                                     terminated=stop_was_sigterm(exc)) from None
            raise JobFailed(str(exc), result, lost_cluster=True) from None
        with deferred(reraise=False):  # the end: a stop now changes nothing
            return _finish(out, manifest, event, tables, time.perf_counter() - t0)
    except OSError as exc:
        what = "the disk is full" if exc.errno == errno.ENOSPC else (exc.strerror or str(exc))
        manifest.games_completed = event.games
        raise JobFailed(f"cannot write to {out}: {what}",
                        JobResult(manifest, event.played, time.perf_counter() - t0,
                                  runner.workers, 0, len(event.failures))) from None


def _finish(out: Path, manifest: Manifest, event: _Event, tables: Tables,
            seconds: float) -> SwissResult:
    """The tournament's tables and summary, its manifest complete, no log left."""
    event.writer.close()
    write_matchups(out)
    specs = event.specs
    result = _summarise(manifest.job, tables, specs, event.rows, event.games, seconds)
    result.failed = len(event.failures)
    result.played = event.played
    _write(out, event.rows, result, tables, specs)
    manifest.status = "complete"
    manifest.games_completed = event.games
    manifest.games_failed = len(event.failures)
    manifest.matchups = tuple(
        MatchupSpec(m, specs[a].name, specs[b].name, event.pair_games[m])
        for m, (a, b) in enumerate(swiss_pairs(len(specs))) if event.pair_games[m])
    manifest.games_total = event.games
    manifest.finished = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    write_manifest(out, manifest)
    event.log.remove()
    remove_staging(out)
    return result


class _Event:
    """Plays events one after another on one executor: the seat draw and the tiebreak
    coins continue one random stream, and match ids (hence game seeds) keep counting, so
    every event has games of its own. ``saved``: the results of matches a resumed job
    committed (taken, not played); ``done``: the match ids whose rows are committed."""

    def __init__(self, runner: SerialExecutor | RayExecutor, spec: JobSpec,
                 seed: int, best_of: int, writer: DatasetWriter, log: PlayedLog,
                 saved: dict[int, MatchResult], done: set[int], max_failures: int) -> None:
        self.runner = runner
        self.spec = spec
        self.specs = spec.decks
        self.seed = seed
        self.best_of = best_of
        self.rng = seed_state(seed)
        self.mid = 0
        self.games = 0  # games of the matches so far, taken from the log or played
        self.played = 0  # games played by this run
        self.rows: list[MatchRow] = []
        self.writer = writer
        self.log = log
        self.saved = saved
        self.done = done
        self.max_failures = max_failures
        self.progress: Callable[[int], None] | None = None
        self.matches_done = len(saved)
        self.failures = writer.failures
        self.slots: dict[tuple[int, int], int] = {}  # matches so far per pair of decks
        pairs = swiss_pairs(len(spec.decks))
        self.matchup_of = {p: m for m, p in enumerate(pairs)}
        self.pair_games = [0] * len(pairs)  # games played per matchup

    def _slot(self, a: int, b: int) -> int:
        """How many matches decks ``a`` and ``b`` played before (their games' range)."""
        key = (min(a, b), max(a, b))
        n = self.slots.get(key, 0)
        self.slots[key] = n + 1
        return n

    def _one_done(self, _: MatchResult) -> None:
        self.matches_done += 1
        if self.progress is not None:
            self.progress(self.matches_done)

    def _play(self, units: list[MatchUnit]) -> list[MatchResult]:
        """A round's matches: from the log when a resumed job has them, else played; the
        new ones logged and committed (when due). More than ``max_failures`` failed
        games stop the job after the round."""
        todo = [u for u in units if u.mid not in self.saved]
        played = {r.mid: r for r in self.runner.matches(todo, self._one_done)} if todo \
            else {}
        results = [self.saved[u.mid] if u.mid in self.saved else played[u.mid]
                   for u in units]
        with deferred():  # a stop waits for the round's rows and its log line
            for unit, res in zip(units, results, strict=True):
                self.games += len(res.games)
                self.pair_games[unit.matchup] += len(res.games)
                if unit.mid in played:
                    self.played += len(res.games)
                if unit.mid in self.done:
                    continue  # its rows (and failures) are committed already
                rows = res.rows or UnitResult(b"")
                self.writer.add(res.mid, unit.matchup, bytes_to_batch(rows.games),
                                res.failures, extras_of(rows))
            self.failures.write()
            self.log.append([played[u.mid] for u in units if u.mid in played])
            if self.writer.due():
                self.writer.commit()
        if len(self.failures) > self.max_failures:
            raise SwissStopped(len(self.failures), self.games)
        return results

    def _units(self, seats: list[Seat], pairs: list[tuple[int, int]], rnd: int,
               random_first: bool) -> list[tuple[int, int, MatchUnit]]:
        units = []
        for a, b in pairs:
            if b < 0:
                continue
            first = 0
            if random_first:
                self.rng, first = randbelow(self.rng, 2)
            da, db = seats[a].deck, seats[b].deck
            units.append((a, b, MatchUnit(self.mid, da, db, self.best_of,
                                          self._slot(da, db), first,
                                          self.matchup_of[min(da, db), max(da, db)])))
            self.mid += 1
        return units

    def play(self, event: int, shares: Sequence[float], players: int, rounds: int,
             top: int) -> tuple[list[Seat], list[Seat], list[int], int]:
        """One event: the seats, the final Swiss standings, the top cut, the champion."""
        seat_decks, self.rng = assign_decks(shares, players, self.rng)
        seats = [Seat(i, d) for i, d in enumerate(seat_decks)]
        tiebreak = list(range(players))
        self.rng = shuffle(self.rng, tiebreak)
        specs = self.specs
        for rnd in range(1, rounds + 1):
            pairs = pair(seats, tiebreak)
            units = self._units(seats, pairs, rnd, True)
            results = self._play([u for _, _, u in units])
            for table, ((a, b, u), res) in enumerate(zip(units, results, strict=True)):
                self.rows.append(_record(seats, self.spec, event, "swiss", rnd, table, a,
                                         b, res, u.matchup))
            for a, b in pairs:
                if b < 0:  # a bye: a match win, two game wins (MTR 2.9)
                    s = seats[a]
                    s.points += 3
                    s.match_wins += 1
                    s.game_wins += 2
                    s.byes += 1
                    s.opponents.append(-1)
                    self.rows.append(MatchRow(event, "swiss", rnd, len(units), a, -1,
                                              specs[s.deck].name, "", 2, 0, 0, a,
                                              self.spec.policy_of(s.deck, 0)))
        final = standings(seats, tiebreak)
        bracket = [s.seat for s in final[:top]]
        alive = [bracket[i] for i in _bracket_order(top)]
        rnd = rounds
        while len(alive) > 1:
            rnd += 1
            units = self._units(seats, [(alive[i], alive[i + 1])
                                        for i in range(0, len(alive), 2)], rnd, False)
            results = self._play([u for _, _, u in units])
            nxt = []
            for table, ((a, b, u), res) in enumerate(zip(units, results, strict=True)):
                row = _record(seats, self.spec, event, "top", rnd, table, a, b, res,
                              u.matchup, swiss=False)
                self.rows.append(row)
                nxt.append(row.winner_seat)
            alive = nxt
        return seats, final, bracket, alive[0]
