"""Memory over a job: the driver's (and the Ray workers') resident set size as games are
played, and with ``--trace`` what grows in the driver's Python heap (tracemalloc).

A job's memory should not grow with its games. What it holds is bounded by constants:
each matchup's rows buffered for its next large file (``--rows-per-file`` rows, at most
500,000 rows or 1 GiB over all matchups, ``results.dataset.DatasetWriter``), the work in
flight (two units per worker), and the engine's caches in each worker. This plays a real
job (short games by default, ``--max-turns 1``, so that many games go by quickly) and
prints, every ``--every`` games, the driver's RSS, each worker's, and the rows the writer
holds; with ``--trace``, the allocations that grew most between the first sample after
warm-up and the last.

    .venv/bin/python scripts/memory_trend.py --games 200000 --every 20000
    .venv/bin/python scripts/memory_trend.py --games 200000 --executor ray --workers 2
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import psutil  # type: ignore[import-untyped]

from mtgsim.pipelines import jobs
from mtgsim.pipelines.runner import load_card_pool, load_main_deck
from mtgsim.results import dataset


def _mb(n: float) -> str:
    return f"{n / 2**20:8.1f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--every", type=int, default=20_000, help="games between samples")
    ap.add_argument("--decks", nargs=2, default=["gruul_stompy", "azorius_skies"])
    ap.add_argument("--executor", choices=("serial", "ray"), default="serial")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-turns", type=int, default=1)
    ap.add_argument("--unit-size", type=int, default=200)
    ap.add_argument("--rows-per-file", type=int, default=250_000)
    ap.add_argument("--commit-every", type=float, default=60.0)
    ap.add_argument("--trace", action="store_true", help="tracemalloc in the driver")
    ap.add_argument("--top", type=int, default=12)
    args = ap.parse_args(argv)

    pool = load_card_pool()
    decks = [load_main_deck(d, pool) for d in args.decks]
    me = psutil.Process()
    writers: list[dataset.DatasetWriter] = []
    real_init = dataset.DatasetWriter.__init__

    def spy(self: dataset.DatasetWriter, *a: Any, **k: Any) -> None:
        real_init(self, *a, **k)
        writers.append(self)

    dataset.DatasetWriter.__init__ = spy  # type: ignore[method-assign]
    jobs.DatasetWriter.__init__ = spy  # type: ignore[method-assign]
    snapshots: list[tracemalloc.Snapshot] = []
    executor: list[Any] = []
    real_ray = jobs.RayExecutor

    def keep(*a: Any, **k: Any) -> Any:
        ex = real_ray(*a, **k)
        executor.append(ex)
        return ex

    jobs.RayExecutor = keep  # type: ignore[misc,assignment]
    if args.trace:
        tracemalloc.start(6)
    print(f"{'games':>9} {'seconds':>8} {'driver MB':>10} {'workers MB':>24} "
          f"{'rows held':>10} {'traced MB':>10}")
    t0 = time.monotonic()
    last = [-args.every]

    def sample(done: int, total: int) -> None:
        if done - last[0] < args.every and done < total:
            return
        last[0] = done
        workers = ""
        if executor:
            rss = []
            for pid in executor[0].actor_pids():
                try:
                    rss.append(_mb(psutil.Process(pid).memory_info().rss).strip())
                except psutil.Error:
                    rss.append("?")
            workers = " ".join(rss)
        held = writers[0].buffered if writers else 0
        traced = tracemalloc.get_traced_memory()[0] if args.trace else 0
        print(f"{done:>9} {time.monotonic() - t0:>8.1f} {_mb(me.memory_info().rss):>10} "
              f"{workers:>24} {held:>10} {_mb(traced):>10}", flush=True)
        if args.trace and done >= args.every:
            snapshots.append(tracemalloc.take_snapshot())

    with tempfile.TemporaryDirectory() as tmp:
        jobs.run_job("gauntlet", decks, jobs.pairings(2), args.games, Path(tmp) / "job",
                     executor=args.executor, workers=args.workers,
                     max_turns=args.max_turns, unit_size=args.unit_size,
                     rows_per_file=args.rows_per_file, commit_every=args.commit_every,
                     progress=sample, quiet=True)
    if args.trace and len(snapshots) >= 2:
        print(f"\ngrowth of the driver's heap between {args.every} games and the end:")
        stats = snapshots[-1].compare_to(snapshots[0], "traceback")
        for s in stats[: args.top]:
            frames = [f"{f.filename.split('/')[-1]}:{f.lineno}" for f in s.traceback[-4:]]
            print(f"  {s.size_diff / 1024:+10.1f} KiB {s.count_diff:+8d} blocks  "
                  f"{' <- '.join(reversed(frames))}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("RAY_DEDUP_LOGS", "0")
    sys.exit(main())
