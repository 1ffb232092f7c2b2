"""The Parquet dataset a job writes, committed so that a crash loses nothing committed.

Layout of a job's output folder::

    manifest.json                       the job (results.manifest.Manifest)
    games/job=<job>/matchup=<m>/part-<first unit>-<units>.parquet
    matchups.parquet                    aggregated counts, written when the job ends
    _staging/                           files being written (never read)

``job`` and ``matchup`` are Hive partition columns: they live in the paths, and pandas,
polars, pyarrow and DuckDB add them back when they read ``games/``. A part file is
written to ``_staging`` and renamed into place (atomic on one filesystem), so readers see
whole files only, and it records the work units it holds in its metadata: a resumed job
skips exactly the committed units, so no game is lost or counted twice. Rows are
buffered per matchup and written as one large row group per file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from mtgsim.results.schema import GAMES, MATCHUPS

UNITS_KEY = b"mtgsim.units"
PARTITION_COLUMNS = ("job", "matchup")
FILE_SCHEMA = pa.schema([f for f in GAMES if f.name not in PARTITION_COLUMNS])
_PART = re.compile(r"part-(\d+)-(\d+)\.parquet$")


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


class DatasetWriter:
    """Buffers game rows per matchup and commits them as Parquet files."""

    def __init__(self, out: Path, job: str, rows_per_file: int = 250_000,
                 max_buffered_rows: int = 500_000) -> None:
        self.out = out
        self.job = job
        self.rows_per_file = rows_per_file
        self.max_buffered_rows = max_buffered_rows
        self.staging = out / "_staging"
        self.staging.mkdir(parents=True, exist_ok=True)
        self.buffers: dict[int, list[pa.RecordBatch]] = {}
        self.units: dict[int, list[int]] = {}
        self.rows: dict[int, int] = {}
        self.buffered = 0
        self.files_written = 0

    def add(self, uid: int, matchup: int, batch: pa.RecordBatch) -> None:
        self.buffers.setdefault(matchup, []).append(batch.drop_columns(
            list(PARTITION_COLUMNS)))
        self.units.setdefault(matchup, []).append(uid)
        self.rows[matchup] = self.rows.get(matchup, 0) + batch.num_rows
        self.buffered += batch.num_rows
        if self.rows[matchup] >= self.rows_per_file:
            self.flush(matchup)
        while self.buffered > self.max_buffered_rows:
            self.flush(max(self.rows, key=lambda m: self.rows[m]))

    def flush(self, matchup: int) -> None:
        batches = self.buffers.pop(matchup, [])
        units = self.units.pop(matchup, [])
        rows = self.rows.pop(matchup, 0)
        if not batches:
            return
        self.buffered -= rows
        table = pa.Table.from_batches(batches, schema=FILE_SCHEMA)
        table = table.replace_schema_metadata(
            {UNITS_KEY: ",".join(map(str, sorted(units))).encode()})
        final_dir = games_dir(self.out) / f"job={self.job}" / f"matchup={matchup}"
        final_dir.mkdir(parents=True, exist_ok=True)
        name = f"part-{min(units):08d}-{len(units)}.parquet"
        tmp = self.staging / f"{matchup}-{name}"
        pq.write_table(table, tmp, row_group_size=max(1, table.num_rows),
                       compression="zstd", use_dictionary=True)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, final_dir / name)
        _fsync_dir(final_dir)
        self.files_written += 1

    def close(self) -> None:
        for matchup in list(self.buffers):
            self.flush(matchup)


def committed_units(out: Path) -> set[int]:
    """Work units already committed to ``out`` (a resumed job skips them)."""
    done: set[int] = set()
    root = games_dir(out)
    if not root.exists():
        return done
    for path in root.rglob("part-*.parquet"):
        meta = pq.read_schema(path).metadata or {}
        units = meta.get(UNITS_KEY, b"")
        done.update(int(u) for u in units.decode().split(",") if u)
    return done


def clear_staging(out: Path) -> None:
    """Remove half-written files left by a crash."""
    staging = out / "_staging"
    if staging.exists():
        for p in staging.iterdir():
            p.unlink()


def read_games(out: Path, columns: Iterable[str] | None = None) -> pa.Table:
    """The games table of a job folder (partition columns restored)."""
    dataset = ds.dataset(games_dir(out), format="parquet", partitioning="hive")
    return dataset.to_table(columns=list(columns) if columns is not None else None)


def matchup_table(out: Path) -> pa.Table:
    """Aggregate the games of ``out`` per (job, deck_a, deck_b)."""
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
    tmp = out / "_staging" / "matchups.parquet"
    tmp.parent.mkdir(exist_ok=True)
    pq.write_table(table, tmp)
    os.replace(tmp, out / "matchups.parquet")
    return table


def part_files(out: Path) -> list[Path]:
    return sorted(p for p in games_dir(out).rglob("part-*.parquet") if _PART.search(p.name))
