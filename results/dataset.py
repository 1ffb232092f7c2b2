"""The Parquet dataset a job writes, committed so that a crash loses at most a minute.

Layout of a job's output folder::

    manifest.json                       the job (results.manifest.Manifest)
    games/job=<job>/part-<first unit>-<units>.parquet
    events/job=<job>/part-*.parquet     with --record-events: the games' events
    hands/job=<job>/part-*.parquet      and each deck's hand, draws, casts (results.events)
    matchups.parquet                    aggregated counts, written when the job ends
    failures.parquet                    games that raised (results.schema.FAILURES)
    failures/<matchup>-<game>.json      a replay of each: ``mtgsim replay`` repeats it
    _pending/                           committed rows not yet in games/ (see below)
    _staging/                           files being written (never read)
    .lock                               while a job runs (results.lock)

``job`` is a Hive partition column: it lives in the paths, and pandas, pyarrow and DuckDB
add it back when they read ``games/`` (polars with ``hive_partitioning=True``). Each file
holds the rows of one matchup (``matchup``, a column).

Two goals pull apart: readers want few large files (one row group of up to
``rows_per_file`` rows each), and a crash should lose little. So rows are committed
twice. Every ``commit_every`` seconds the rows received since the last commit go to a
small file in ``_pending/`` (one per matchup), and rows stay buffered in memory per
matchup; when a matchup's buffer reaches ``rows_per_file`` rows, or the job ends or is
interrupted, the buffer is written as one large file in ``games/`` and that matchup's
pending files are deleted. Readers of ``games/`` see only the large files; a resumed
job reads ``_pending/`` back into its buffers. Every file is written to ``_staging`` and
renamed into place (atomic on one filesystem) and records the work units it holds in its
metadata, so a resumed job skips exactly the committed units: no game is lost or counted
twice. A pending file whose units are already in ``games/`` (a crash between the large
file's rename and the pending files' deletion) is deleted when the job resumes.

Failed games are written before the rows of their unit: a failures table naming a unit
that was not committed (a crash in between) is cut back to the committed units on resume.

With ``--record-events`` a unit's events and hands rows travel with its games rows and are
committed the same way, each before the games rows of the same units (a large file's
rows not yet committed go to pending files first), so a unit's games are never committed
without its events; pending events of units whose games were not committed are deleted
on resume, and those units played again. A matchup's buffer is also written when it holds
``bytes_per_file`` bytes in memory (events make a game's rows a few hundred times larger).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from mtgsim.cluster.work import GameFailure
from mtgsim.results.manifest import RawManifestError, read_raw_manifest
from mtgsim.results.schema import EXTRA_SCHEMAS, FAILURES, GAMES, MATCHUPS, POLICY_COLUMNS

UNITS_KEY = b"mtgsim.units"
# ``job`` lives in the paths (games/job=<job>/), ``matchup`` in the files: a partition
# column comes back from pandas as a categorical ordered as text (0, 1, 10, 11, 2), a
# column as the int32 it is (before mtgsim-job/4 it was a partition too: read_games
# reads both layouts)
PARTITION_COLUMNS = ("job",)
GAMES_NAME = "games"
SCHEMAS = {GAMES_NAME: GAMES, **EXTRA_SCHEMAS}
ROW_GROUP_ROWS = {"events": 1 << 20}  # games and hands: one row group per file


def file_schema(name: str) -> pa.Schema:
    """The schema of dataset ``name``'s files: its rows without the partition column."""
    return pa.schema([f for f in SCHEMAS[name] if f.name not in PARTITION_COLUMNS])


FILE_SCHEMA = file_schema(GAMES_NAME)
_PART = re.compile(r"part-(\d+)-(\d+)\.parquet$")
_PENDING = re.compile(r"(?:(events|hands)-)?m(\d+)-u(\d+)-(\d+)\.parquet")
PENDING_DIR = "_pending"
STAGING_DIR = "_staging"
FAILURES_FILE = "failures.parquet"
FAILURES_DIR = "failures"


def games_dir(out: Path) -> Path:
    return out / "games"


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_OPENING = re.compile(r"Could not open Parquet input source '[^']*': ")


class DamagedFile(Exception):
    """A committed file of a job folder that cannot be read: cut short or overwritten
    after it was committed (every file is renamed into place whole, so this is damage
    from outside). A resumed job stops with one line naming it rather than guess: moving
    the file aside is the user's call, and then its units are played again, the same
    games (a game is a function of its seed)."""

    def __init__(self, path: Path, reason: BaseException | str) -> None:
        text = " ".join(str(reason).split()) or type(reason).__name__
        text = _OPENING.sub("", text)  # Arrow names the file again: it is named once
        super().__init__(f"{path}: cannot be read, the file is damaged (cut short?): "
                         f"{text[:160]}")
        self.path = path


def _damage(path: Path, exc: Exception) -> DamagedFile:
    """``exc`` (raised reading ``path``) as damage, or re-raised when it is the disk's
    own error (a permission, an I/O error: not the file's content)."""
    if isinstance(exc, OSError) and exc.errno:
        raise exc
    return DamagedFile(path, exc)


def _read_table(path: Path, schema: pa.Schema | None = None) -> pa.Table:
    try:
        return pq.read_table(path, schema=schema)
    except (pa.ArrowException, ValueError) as exc:
        raise _damage(path, exc) from None


def _units_of(path: Path) -> list[int]:
    try:
        meta = pq.read_schema(path).metadata or {}
        return [int(u) for u in meta.get(UNITS_KEY, b"").decode().split(",") if u]
    except (pa.ArrowException, ValueError) as exc:  # ValueError: units that are no ints
        raise _damage(path, exc) from None


def _commit_file(table: pa.Table, tmp: Path, final: Path,
                 row_group_size: int | None = None) -> None:
    """Write ``table`` to ``tmp``, flush it to disk, rename it to ``final`` (a failure
    leaves no half-written file behind). One row group unless ``row_group_size``."""
    try:
        pq.write_table(table, tmp, row_group_size=row_group_size or max(1, table.num_rows),
                       compression="zstd", use_dictionary=True)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        final.parent.mkdir(parents=True, exist_ok=True)
        os.replace(tmp, final)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_dir(final.parent)


def _with_units(table: pa.Table, units: Iterable[int]) -> pa.Table:
    return table.replace_schema_metadata(
        {UNITS_KEY: ",".join(map(str, sorted(units))).encode()})


class FailureLog:
    """The failed games of a job: ``failures.parquet`` and a replay file for each.
    ``write`` writes the replays of new failures, then the whole table atomically."""

    def __init__(self, out: Path, job: str) -> None:
        self.out = out
        self.job = job
        self.rows: list[dict[str, object]] = []
        self.written = 0

    def load(self, keep_units: set[int] | None) -> None:
        """Read the table back, keeping only failures of ``keep_units`` (None: all)."""
        path = self.out / FAILURES_FILE
        if not path.exists():
            return
        rows = _read_table(path).to_pylist()
        kept = [r for r in rows if keep_units is None or r["unit"] in keep_units]
        self.rows = kept
        self.written = len(kept)
        if len(kept) != len(rows):
            self.write(force=True)

    def __len__(self) -> int:
        return len(self.rows)

    def add(self, f: GameFailure) -> None:
        replay = f"{FAILURES_DIR}/{f.matchup}-{f.game}.json"
        self.rows.append({
            "job": self.job, "unit": f.unit, "matchup": f.matchup, "deck_a": f.deck_a,
            "deck_b": f.deck_b, "game": f.game, "seed": f.seed, "on_play": f.on_play,
            "exception": f.error, "traceback": f.traceback, "reproduced": f.reproduced,
            "replay": replay, "_replay_bytes": f.replay,
        })

    def write(self, force: bool = False) -> None:
        if not force and len(self.rows) == self.written:
            return
        staging = self.out / STAGING_DIR
        staging.mkdir(parents=True, exist_ok=True)
        for row in self.rows[self.written:]:
            data = row.pop("_replay_bytes", None)
            if isinstance(data, bytes):
                (self.out / FAILURES_DIR).mkdir(exist_ok=True)
                tmp = staging / Path(str(row["replay"])).name
                tmp.write_bytes(data + b"\n")
                os.replace(tmp, self.out / str(row["replay"]))
        table = pa.Table.from_pylist(self.rows, schema=FAILURES)
        _commit_file(table, staging / FAILURES_FILE, self.out / FAILURES_FILE)
        self.written = len(self.rows)


class _Buffer:
    """One matchup's rows of one dataset held for its next large file."""

    __slots__ = ("batches", "units", "rows", "nbytes", "fresh", "fresh_units", "pending")

    def __init__(self) -> None:
        self.batches: list[pa.RecordBatch | pa.Table] = []
        self.units: list[int] = []
        self.rows = 0
        self.nbytes = 0
        self.fresh: list[pa.RecordBatch] = []  # received since the last commit
        self.fresh_units: list[int] = []
        self.pending: list[Path] = []  # its files in _pending/

    def add(self, units: Sequence[int], rows: pa.RecordBatch | pa.Table) -> None:
        """The rows of ``units``: a unit just received (a batch, committed at the next
        commit) or a pending file read back (a table, committed already)."""
        self.batches.append(rows)
        self.units.extend(units)
        self.rows += rows.num_rows
        self.nbytes += rows.nbytes
        if isinstance(rows, pa.RecordBatch):
            self.fresh.append(rows)
            self.fresh_units.extend(units)


class _Matchup:
    """One matchup's rows held for its next large file: the games, and the events and
    hands when the job records them."""

    __slots__ = ("buffers",)

    def __init__(self, names: Sequence[str]) -> None:
        self.buffers = {name: _Buffer() for name in names}

    @property
    def games(self) -> _Buffer:
        return self.buffers[GAMES_NAME]

    @property
    def nbytes(self) -> int:
        return sum(b.nbytes for b in self.buffers.values())


def _pending_name(name: str, matchup: int, units: Sequence[int]) -> str:
    prefix = "" if name == GAMES_NAME else f"{name}-"
    return f"{prefix}m{matchup}-u{min(units):08d}-{len(units)}.parquet"


class DatasetWriter:
    """Buffers game rows per matchup; commits them (``commit``) to small pending files
    and writes large files in ``games/`` (see the module docstring). With ``extras``
    (``("events", "hands")``) each unit's events and hands rows go the same way to
    ``events/`` and ``hands/``, always written before the games rows of the same units,
    so that a crash never leaves games without their events; a resumed job drops
    events of units whose games were not committed (``_load``)."""

    def __init__(self, out: Path, job: str, rows_per_file: int = 250_000,
                 max_buffered_rows: int = 500_000, commit_every: float = 60.0,
                 extras: Sequence[str] = (), bytes_per_file: int = 256 << 20,
                 max_buffered_bytes: int = 1 << 30) -> None:
        self.out = out
        self.job = job
        self.rows_per_file = rows_per_file
        self.max_buffered_rows = max_buffered_rows
        self.bytes_per_file = bytes_per_file  # a matchup's buffer (all datasets) in memory
        self.max_buffered_bytes = max_buffered_bytes
        self.commit_every = commit_every
        self.names = (*extras, GAMES_NAME)  # in the order they are written
        self.staging = out / STAGING_DIR
        self.pending_dir = out / PENDING_DIR
        self.staging.mkdir(parents=True, exist_ok=True)
        self.matchups: dict[int, _Matchup] = {}
        self.buffered = 0  # games rows
        self.buffered_bytes = 0
        self.files_written = 0
        self.failures = FailureLog(out, job)
        self.last_commit = time.monotonic()
        self._load()

    def _matchup(self, matchup: int) -> _Matchup:
        mu = self.matchups.get(matchup)
        if mu is None:
            mu = self.matchups[matchup] = _Matchup(self.names)
        return mu

    # --- resuming ---------------------------------------------------------------------

    def _load(self) -> None:
        """Read back what an earlier run of the job committed: pending files into the
        buffers (after deleting those already in large files), failures of committed
        units. Pending events or hands whose games were never committed (a crash between
        the two writes of one commit) are deleted: their units are played again."""
        done = committed_units(self.out)
        for name in self.names:
            final = committed_units(self.out, pending=False, name=name)
            if name != GAMES_NAME and not final <= done:
                raise RuntimeError(f"{self.out / name}: holds units whose games are not "
                                   f"committed ({sorted(final - done)[:5]}...)")
            for path, matchup in _pending_of(self.out, name):
                units = _units_of(path)
                if set(units) <= final or (name != GAMES_NAME and not set(units) & done):
                    path.unlink()  # already in a large file, or its games never were
                    continue
                if set(units) & final or not set(units) <= done:
                    raise RuntimeError(f"{path}: holds units also in {name}/ or not "
                                       f"committed ({sorted(set(units) & final)[:5]}...)")
                table = _read_table(path, file_schema(name))
                buf = self._matchup(matchup).buffers[name]
                buf.add(units, table)
                buf.pending.append(path)
                self.buffered_bytes += table.nbytes
                if name == GAMES_NAME:
                    self.buffered += table.num_rows
        self.failures.load(done)

    # --- adding rows --------------------------------------------------------------------

    def add(self, uid: int, matchup: int, batch: pa.RecordBatch,
            failures: Sequence[GameFailure] = (),
            extras: Mapping[str, pa.RecordBatch] | None = None) -> None:
        """The rows and failed games of work unit ``uid`` (of ``matchup``), and its
        events and hands rows (``extras``) when the writer was made for them."""
        for f in failures:
            self.failures.add(f)
        mu = self._matchup(matchup)
        given = {GAMES_NAME: batch, **(extras or {})}
        for name in self.names:
            if name not in given:
                raise ValueError(f"unit {uid}: no {name} rows (the job records them)")
            rows = given[name].drop_columns(list(PARTITION_COLUMNS))
            mu.buffers[name].add((uid,), rows)
            self.buffered_bytes += rows.nbytes
        self.buffered += batch.num_rows
        if mu.games.rows >= self.rows_per_file or mu.nbytes >= self.bytes_per_file:
            self.write_large(matchup)
        while self.buffered > self.max_buffered_rows \
                or self.buffered_bytes > self.max_buffered_bytes:
            self.write_large(max(self.matchups, key=lambda m: self.matchups[m].nbytes))

    def due(self) -> bool:
        """Whether ``commit_every`` seconds have passed since the last commit."""
        return time.monotonic() - self.last_commit >= self.commit_every

    # --- committing ---------------------------------------------------------------------

    def write_large(self, matchup: int) -> None:
        """Write a matchup's buffers as one file each in games/ (and events/, hands/) and
        drop its pending files. With events, the rows not yet committed go to pending
        files first: then a crash between the events file and the games file leaves
        the games of every unit in the events file committed (in _pending/)."""
        mu = self.matchups.get(matchup)
        if mu is None or not mu.games.units:
            self.matchups.pop(matchup, None)
            return
        if len(self.names) > 1:
            self._commit_matchup(matchup, mu)
        self.failures.write()
        del self.matchups[matchup]
        self.buffered -= mu.games.rows
        self.buffered_bytes -= mu.nbytes
        for name in self.names:
            buf = mu.buffers[name]
            schema = file_schema(name)
            tables = [b if isinstance(b, pa.Table) else pa.Table.from_batches([b], schema)
                      for b in buf.batches]
            table = _with_units(pa.concat_tables(tables).combine_chunks(), buf.units)
            file = f"part-{min(buf.units):08d}-{len(buf.units)}.parquet"
            final = self.out / name / f"job={self.job}" / file
            _commit_file(table, self.staging / f"{name}-{file}", final,
                         ROW_GROUP_ROWS.get(name))
            self.files_written += name == GAMES_NAME
        for buf in mu.buffers.values():
            for path in buf.pending:
                path.unlink(missing_ok=True)

    def _commit_matchup(self, matchup: int, mu: _Matchup) -> None:
        """A matchup's rows received since the last commit, to small pending files (the
        events and hands first, the games last). The rows stay buffered compacted: one
        table in place of a batch per unit, each of which kept its unit's whole message
        from the worker alive (about 0.6 KB per game in the driver, against 0.2 KB)."""
        for name in self.names:
            buf = mu.buffers[name]
            if not buf.fresh_units:
                continue
            fresh = len(buf.fresh)
            table = _with_units(pa.Table.from_batches(buf.fresh, file_schema(name))
                                .combine_chunks(), buf.fresh_units)
            file = _pending_name(name, matchup, buf.fresh_units)
            path = self.pending_dir / file
            _commit_file(table, self.staging / f"pending-{file}", path)
            buf.pending.append(path)
            # the fresh batches are the tail of ``batches`` (add appends to both)
            grown = table.nbytes - sum(b.nbytes for b in buf.batches[-fresh:])
            buf.batches[-fresh:] = [table]
            buf.nbytes += grown
            self.buffered_bytes += grown
            buf.fresh = []
            buf.fresh_units = []

    def commit(self) -> None:
        """Commit every unit received so far (failures first, then small pending files)."""
        self.failures.write()
        for matchup, mu in self.matchups.items():
            self._commit_matchup(matchup, mu)
        self.last_commit = time.monotonic()

    def close(self) -> None:
        """Write every buffer as large files (the end of a job, or an interruption)."""
        self.failures.write()
        for matchup in sorted(self.matchups):
            self.write_large(matchup)
        try:
            self.pending_dir.rmdir()
        except OSError:
            pass
        self.last_commit = time.monotonic()


def _pending_of(out: Path, name: str) -> list[tuple[Path, int]]:
    """The pending files of dataset ``name``, with their matchups."""
    folder = out / PENDING_DIR
    if not folder.exists():
        return []
    prefix = "" if name == GAMES_NAME else f"{name}-"
    found = []
    for path in sorted(folder.iterdir()):
        m = _PENDING.fullmatch(path.name)
        if m is not None and (m.group(1) or "") == prefix[:-1]:
            found.append((path, int(m.group(2))))
    return found


def committed_units(out: Path, pending: bool = True, name: str = "games") -> set[int]:
    """Work units already committed to ``out`` (a resumed job skips them): in games/,
    and with ``pending`` also in _pending/ (``name``: of the events or hands instead)."""
    done: set[int] = set()
    root = out / name
    if root.exists():
        for path in root.rglob("part-*.parquet"):
            done.update(_units_of(path))
    if pending:
        for path, _ in _pending_of(out, name):
            done.update(_units_of(path))
    return done


def clear_staging(out: Path) -> None:
    """Remove half-written files left by a crash."""
    staging = out / STAGING_DIR
    if staging.exists():
        for p in staging.iterdir():
            p.unlink()


def remove_staging(out: Path) -> None:
    """Remove ``_staging/`` when it is empty: a job that ended leaves no empty folder
    behind (one that holds files, from a crash, stays for the next resume to clear)."""
    try:
        (out / STAGING_DIR).rmdir()
    except OSError:
        pass


def read_games(out: Path, columns: Iterable[str] | None = None) -> pa.Table:
    """The games table of a job folder (partition columns restored). A dataset of an
    older format (``mtgsim-job/2``, before the policy columns) gets ``policy_a`` and
    ``policy_b`` from its manifest (the same two policies in every game) and null
    ``think_us_a``/``think_us_b``."""
    dataset = ds.dataset(games_dir(out), format="parquet", partitioning="hive")
    wanted = list(columns) if columns is not None else None
    missing = [c for c in POLICY_COLUMNS if c not in dataset.schema.names
               and (wanted is None or c in wanted)]
    if not missing:
        return dataset.to_table(columns=wanted)
    table = dataset.to_table(columns=[c for c in wanted if c not in missing]
                             if wanted is not None else None)
    policies = _manifest_policies(out)
    for name in missing:
        if name.startswith("policy_"):
            value = policies[0 if name.endswith("_a") else 1]
            col = pa.array([value] * table.num_rows, pa.string()).dictionary_encode()
        else:
            col = pa.nulls(table.num_rows, pa.int64())
        table = table.append_column(name, col)
    return table.select(wanted) if wanted is not None else table


def _manifest_policies(out: Path) -> tuple[str, str]:
    """The two policies of an old-format job, from its manifest ("" when it has none, or
    names none). A manifest that cannot be read raises ``RawManifestError`` (the one reader
    of the raw file, ``results.manifest.read_raw_manifest``): the command reports it in one
    line, as it does the manifests it reads itself."""
    try:
        policies = read_raw_manifest(out).get("policies")
    except RawManifestError as exc:
        if exc.missing:
            return "", ""
        raise
    if not isinstance(policies, list) or len(policies) < 2:
        return "", ""
    return str(policies[0]), str(policies[1])


def read_failures(out: Path) -> pa.Table:
    """The failed games of a job folder (empty if none failed)."""
    path = out / FAILURES_FILE
    return pq.read_table(path) if path.exists() else FAILURES.empty_table()


def matchup_table(out: Path) -> pa.Table:
    """Aggregate the games of ``out`` per (job, deck_a, deck_b)."""
    if not games_dir(out).exists():
        return MATCHUPS.empty_table()
    games = read_games(out, ["job", "deck_a", "deck_b", "winner", "on_play", "turns"])
    if games.num_rows == 0:
        return MATCHUPS.empty_table()
    t = games.append_column("one", pa.array([1] * games.num_rows, pa.int64()))
    winner = t["winner"]
    on_play = t["on_play"]
    cols = {
        "wins_a": pc.cast(pc.equal(winner, 0), pa.int64()),
        "wins_b": pc.cast(pc.equal(winner, 1), pa.int64()),
        "draws": pc.cast(pc.equal(winner, -1), pa.int64()),
        "a_on_play": pc.cast(pc.equal(on_play, 0), pa.int64()),
        "wins_a_on_play": pc.cast(pc.and_(pc.equal(winner, 0), pc.equal(on_play, 0)),
                                  pa.int64()),
        "wins_a_on_draw": pc.cast(pc.and_(pc.equal(winner, 0), pc.equal(on_play, 1)),
                                  pa.int64()),
        "turns_f": pc.cast(t["turns"], pa.float64()),
    }
    for name, col in cols.items():
        t = t.append_column(name, col)
    for name in ("job", "deck_a", "deck_b"):
        t = t.set_column(t.schema.get_field_index(name), name, pc.cast(t[name], pa.string()))
    g = t.group_by(["job", "deck_a", "deck_b"]).aggregate([
        ("one", "sum"), ("wins_a", "sum"), ("wins_b", "sum"), ("draws", "sum"),
        ("a_on_play", "sum"), ("wins_a_on_play", "sum"), ("wins_a_on_draw", "sum"),
        ("turns_f", "mean"),
    ])
    return pa.table({
        "job": g["job"], "deck_a": g["deck_a"], "deck_b": g["deck_b"],
        "games": g["one_sum"], "wins_a": g["wins_a_sum"], "wins_b": g["wins_b_sum"],
        "draws": g["draws_sum"], "games_a_on_play": g["a_on_play_sum"],
        "wins_a_on_play": g["wins_a_on_play_sum"], "wins_a_on_draw": g["wins_a_on_draw_sum"],
        "mean_turns": g["turns_f_mean"],
    }, schema=MATCHUPS).sort_by([("deck_a", "ascending"), ("deck_b", "ascending")])


def write_matchups(out: Path) -> pa.Table:
    table = matchup_table(out)
    tmp = out / STAGING_DIR / "matchups.parquet"
    tmp.parent.mkdir(exist_ok=True)
    _commit_file(table, tmp, out / "matchups.parquet")
    return table


def part_files(out: Path) -> list[Path]:
    return sorted(p for p in games_dir(out).rglob("part-*.parquet") if _PART.search(p.name))


def pending_files(out: Path) -> list[Path]:
    folder = out / PENDING_DIR
    return sorted(p for p in folder.iterdir() if _PENDING.fullmatch(p.name)) \
        if folder.exists() else []


__all__ = ["DamagedFile", "DatasetWriter", "FailureLog", "committed_units", "read_games",
           "remove_staging",
           "read_failures",
           "write_matchups", "part_files", "pending_files"]
