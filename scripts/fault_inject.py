"""Fault injection for jobs: kill the driver and Ray actors at random moments, N times in
a row, resume each time, and check the final dataset against an uninterrupted run.

    python scripts/fault_inject.py --kills 10 --games 400 --seed 7

1. An uninterrupted job (``mtgsim gauntlet`` on local Ray) is the reference.
2. The same job is started in another folder; after a random delay either the driver is
   killed (SIGKILL, the whole process tree: no chance to commit) or one of its Ray actors
   (SIGKILL: Ray restarts it and retries its unit); a killed driver is restarted with
   ``--resume``. This repeats ``--kills`` times, then the job is resumed to its end.
3. The two datasets must hold the same games: the same number of rows, no game twice, and
   every column equal but the timings (``duration_us``, ``think_us_a``/``_b``); the failures tables and the
   manifests' counts must agree too.

Exit code 0 when they match, 1 otherwise. Random moments come from ``--seed`` (Python's
``random``): the schedule is printed so a failure can be rerun.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
import pyarrow as pa

from mtgsim.results.dataset import committed_units, read_failures, read_games
from mtgsim.results.manifest import read_manifest
from mtgsim.results.schema import TIMING_COLUMNS

ROOT = Path(__file__).resolve().parent.parent
DECKS = ["gruul_stompy", "azorius_skies", "jund_cascade"]


def job_command(out: Path, args: argparse.Namespace, resume: bool) -> list[str]:
    cmd = [sys.executable, "-m", "mtgsim.pipelines.cli", "gauntlet", *args.decks,
           "--games", str(args.games), "--seed", str(args.seed), "--unit-size",
           str(args.unit_size), "--commit-every", str(args.commit_every), "--out", str(out),
           "--quiet"]
    if args.workers:
        cmd += ["--workers", str(args.workers)]
    return cmd + (["--resume"] if resume else [])


def start(out: Path, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    resume = (out / "manifest.json").exists()
    return subprocess.Popen(job_command(out, args, resume), cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)


def actors(proc: subprocess.Popen[bytes]) -> list[psutil.Process]:
    """The job's Ray actor processes (local Ray: descendants of the driver)."""
    found = []
    try:
        for child in psutil.Process(proc.pid).children(recursive=True):
            try:
                if any("GameActor" in part for part in child.cmdline()):
                    found.append(child)
            except psutil.Error:
                continue
    except psutil.Error:
        pass
    return found


def kill_tree(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the driver and everything it started (its session: Ray's processes)."""
    try:
        tree = psutil.Process(proc.pid).children(recursive=True)
    except psutil.Error:
        tree = []
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for p in tree:
        try:
            p.kill()
        except psutil.Error:
            pass
    proc.wait()
    psutil.wait_procs(tree, timeout=10)


def finish(proc: subprocess.Popen[bytes], what: str) -> None:
    _, err = proc.communicate()
    if proc.returncode != 0:
        raise SystemExit(f"{what} failed (exit {proc.returncode}): {err.decode()[-2000:]}")


def comparable(out: Path) -> pa.Table:
    t = read_games(out).drop_columns(list(TIMING_COLUMNS))
    for name in ("job", "matchup", "deck_a", "deck_b", "reason"):
        t = t.set_column(t.schema.get_field_index(name), name, t[name].cast(pa.string()))
    return t.sort_by([("matchup", "ascending"), ("game", "ascending")])


def compare(clean: Path, faulted: Path) -> list[str]:
    problems = []
    a, b = comparable(clean), comparable(faulted)
    if a.num_rows != b.num_rows:
        problems.append(f"rows: {a.num_rows} uninterrupted, {b.num_rows} with faults")
    keys = list(zip(b["matchup"].to_pylist(), b["game"].to_pylist(), strict=True))
    if len(keys) != len(set(keys)):
        problems.append(f"{len(keys) - len(set(keys))} games twice")
    if a.schema != b.schema:
        problems.append(f"schemas differ: {a.schema} / {b.schema}")
    elif not a.equals(b):
        differ = [c for c in a.column_names if not a[c].equals(b[c])]
        problems.append(f"columns differ: {differ}")
    fa = read_failures(clean).drop_columns(["traceback"]).to_pylist()
    fb = read_failures(faulted).drop_columns(["traceback"]).to_pylist()
    if sorted(map(str, fa)) != sorted(map(str, fb)):
        problems.append(f"failures differ: {len(fa)} / {len(fb)}")
    ma, mb = read_manifest(clean), read_manifest(faulted)
    for key in ("job", "status", "games_total", "games_completed", "games_failed"):
        if getattr(ma, key) != getattr(mb, key):
            problems.append(f"manifest {key}: {getattr(ma, key)} / {getattr(mb, key)}")
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=10, help="faults to inject (default 10)")
    ap.add_argument("--games", type=int, default=400, help="games per pairing (default 400)")
    ap.add_argument("--decks", nargs="+", default=DECKS)
    ap.add_argument("--seed", type=int, default=1, help="job seed and fault schedule seed")
    ap.add_argument("--unit-size", type=int, default=20)
    ap.add_argument("--commit-every", type=float, default=1.0)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--min-delay", type=float, default=1.0)
    ap.add_argument("--max-delay", type=float, default=15.0)
    ap.add_argument("--out", type=Path, default=None, help="work folder (default: a temp dir)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    work = args.out or Path(tempfile.mkdtemp(prefix="mtgsim-faults-"))
    clean, faulted = work / "clean", work / "faulted"
    t0 = time.monotonic()
    print(f"uninterrupted run -> {clean}", flush=True)
    finish(subprocess.Popen(job_command(clean, args, False), cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE),
           "the uninterrupted run")
    print(f"  {time.monotonic() - t0:.0f} s", flush=True)
    kinds = {"driver": 0, "actor": 0, "ended before the fault": 0}
    proc = start(faulted, args)
    for i in range(args.kills):
        delay = rng.uniform(args.min_delay, args.max_delay)
        target = rng.choice(("driver", "actor"))
        deadline = time.monotonic() + delay
        while time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        done = len(committed_units(faulted)) if faulted.exists() else 0
        if proc.poll() is not None:
            finish(proc, "a faulted run")
            kinds["ended before the fault"] += 1
            print(f"fault {i + 1}: the job had ended ({done} units committed)", flush=True)
            break
        pool = actors(proc)
        if target == "actor":  # wait for the actors when Ray is still starting
            until = time.monotonic() + 60
            while not pool and proc.poll() is None and time.monotonic() < until:
                time.sleep(0.1)
                pool = actors(proc)
        if target == "actor" and pool:
            victim = rng.choice(pool)
            victim.kill()
            kinds["actor"] += 1
            print(f"fault {i + 1}: after {delay:.1f} s killed actor pid {victim.pid} "
                  f"({done} units committed)", flush=True)
        else:
            kill_tree(proc)
            kinds["driver"] += 1
            print(f"fault {i + 1}: after {delay:.1f} s killed the driver ({done} units "
                  f"committed){'' if target == 'driver' else ' (no actor up yet)'}",
                  flush=True)
            proc = start(faulted, args)
    if proc.returncode is None:
        finish(proc, "the last resumed run")
    if read_manifest(faulted).status != "complete":
        finish(start(faulted, args), "the final resume")
    problems = compare(clean, faulted)
    rows = read_games(faulted).num_rows
    print(f"{kinds['driver']} driver kills, {kinds['actor']} actor kills; {rows} rows; "
          f"{time.monotonic() - t0:.0f} s in all")
    if problems:
        for p in problems:
            print(f"MISMATCH: {p}")
        return 1
    print("identical to the uninterrupted run: same rows, no game twice, every column "
          "equal but the timings; failures and manifest counts equal")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
