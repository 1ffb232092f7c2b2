"""The bench measurement of this checkout against an earlier commit, on this machine.

    python scripts/bench_against.py bef6de1^                 # 10 rounds, both policies
    python scripts/bench_against.py v1 --runs 20 --policy heuristic --json
    python scripts/bench_against.py HEAD~5 --build            # compile REF's engine first

Games per second are a property of the machine as much as of the engine: the same code
measured 278 heuristic games/s in the session that set a target and 104 in a later one.
A speed target set on one machine is checked on another as a ratio to the code it was
set against, measured there: this script checks out ``REF`` in a temporary git worktree and
plays ``mtgsim bench``'s games (the bench matchup after the warm-up, ``--games`` games,
one process per run, one core) with ``REF`` and with this checkout in turn, round after
round, alternating which goes first (ABBA), so both see the same drift of a shared
machine. It reports each side's median, minimum and maximum games/s and the median and
range of the ratio of the two runs of each round. ``REF`` runs its compiled engine only
with ``--build`` (and only if it has one); otherwise its pure-Python engine, which it
says. The worktree is removed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# One run: the bench games as ``mtgsim bench`` plays them, through the APIs every version
# of mtgsim has had since the bench existed (run_batch with policy names).
RUN = """
import json, sys
from mtgsim.pipelines.runner import load_card_pool, load_main_deck, run_batch
try:
    from mtgsim.pipelines.cli import BENCH_WARMUP_GAMES
except ImportError:
    BENCH_WARMUP_GAMES = 20
try:
    from mtgsim import compiled
    built = len(compiled.loaded())
except ImportError:
    built = 0
policy, games = sys.argv[1], int(sys.argv[2])
pool = load_card_pool()
a, b = (load_main_deck(n, pool) for n in ("gruul_stompy", "azorius_skies"))
run_batch(a, b, BENCH_WARMUP_GAMES, 1, [policy, policy])
stats = run_batch(a, b, games, 0, [policy, policy])
print(json.dumps({"games_per_second": stats.games_per_second, "compiled": built}))
"""


def run_once(tree: Path, policy: str, games: int, cwd: Path) -> dict[str, Any]:
    """One bench run of the mtgsim in ``tree`` (its own process, started in ``cwd`` so
    that no other checkout shadows it)."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", RUN, policy, str(games)], cwd=cwd,
                         env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise RuntimeError(f"bench run in {tree} failed: {last}")
    figures: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def summary(ref: list[float], this: list[float]) -> dict[str, float]:
    """Medians and ranges of both sides, and of the per-round ratio this / ref."""
    ratios = [t / r for r, t in zip(ref, this, strict=True)]
    return {
        "ref_median": statistics.median(ref), "ref_min": min(ref), "ref_max": max(ref),
        "median": statistics.median(this), "min": min(this), "max": max(this),
        "ratio_median": statistics.median(ratios), "ratio_min": min(ratios),
        "ratio_max": max(ratios),
    }


def checkout(ref: str, where: Path) -> Path:
    """A detached worktree of ``ref`` (of the repository this script is in)."""
    tree = where / "ref"
    done = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--quiet", "--detach",
                           str(tree), ref], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise ValueError(f"cannot check out {ref!r}: "
                         + (done.stderr.strip().splitlines() or ["git failed"])[-1])
    return tree


def build(tree: Path) -> None:
    """Compile the engine of ``tree`` when it has a compiled engine to build: the
    profile-guided build, which ``make bench`` measures (``--pgo``, where the script has
    one; before it, the script's default build was the profile-guided one)."""
    script = tree / "scripts" / "compile_engine.py"
    if script.exists():
        pgo = ["--pgo"] if '"--pgo"' in script.read_text(encoding="utf-8") else []
        subprocess.run([sys.executable, str(script), *pgo], cwd=tree, check=True,
                       env=dict(os.environ, PYTHONPATH=str(tree)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ref", help="the commit to measure against (anything git names)")
    ap.add_argument("--runs", type=int, default=10, help="rounds (default 10)")
    ap.add_argument("--games", type=int, default=300, help="games per run (default 300)")
    ap.add_argument("--policy", action="append", choices=("heuristic", "random"),
                    help="who plays both sides (repeatable; default both)")
    ap.add_argument("--build", action="store_true",
                    help="compile REF's engine first (else REF runs pure Python)")
    ap.add_argument("--json", action="store_true", help="one JSON object")
    args = ap.parse_args(argv)
    if args.runs < 1 or args.games < 1:
        print("bench_against: error: --runs and --games must be at least 1", file=sys.stderr)
        return 2
    policies = args.policy or ["heuristic", "random"]
    where = Path(tempfile.mkdtemp(prefix="bench-against-"))
    tree: Path | None = None
    try:
        try:
            tree = checkout(args.ref, where)
        except ValueError as exc:
            print(f"bench_against: error: {exc}", file=sys.stderr)
            return 2
        if args.build:
            build(tree)
        runs: dict[str, dict[str, list[float]]] = {p: {"ref": [], "this": []}
                                                   for p in policies}
        compiled = {"ref": 0, "this": 0}
        for i in range(args.runs):
            for policy in policies:
                order = [("ref", tree), ("this", ROOT)]
                if i % 2:
                    order.reverse()
                for side, at in order:
                    try:
                        figures = run_once(at, policy, args.games, where)
                    except RuntimeError as exc:
                        print(f"bench_against: error: {exc}", file=sys.stderr)
                        return 1
                    runs[policy][side].append(figures["games_per_second"])
                    compiled[side] = figures["compiled"]
        result = {"ref": args.ref, "runs": args.runs, "games": args.games,
                  "compiled_modules": compiled,
                  "policies": {p: summary(r["ref"], r["this"]) for p, r in runs.items()}}
    finally:
        if tree is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(tree)], capture_output=True, check=False)
        shutil.rmtree(where, ignore_errors=True)
    if args.json:
        print(json.dumps(result))
        return 0
    engines = {side: f"compiled ({n} modules)" if n else "pure Python"
               for side, n in compiled.items()}
    print(f"{args.ref} ({engines['ref']}) vs this checkout ({engines['this']}): "
          f"{args.runs} rounds of {args.games} bench games")
    for policy, s in result["policies"].items():
        print(f"{policy}: {args.ref} {s['ref_median']:.1f} games/s "
              f"({s['ref_min']:.1f}-{s['ref_max']:.1f}), this {s['median']:.1f} "
              f"({s['min']:.1f}-{s['max']:.1f}); ratio x{s['ratio_median']:.2f} "
              f"({s['ratio_min']:.2f}-{s['ratio_max']:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
