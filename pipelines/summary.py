"""The summary printed at the end of a job: the matchup table, and the failed games."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq

from mtgsim.pipelines.jobs import JobResult
from mtgsim.results.dataset import read_failures


def format_job_summary(out: Path, result: JobResult) -> str:
    path = out / "matchups.parquet"
    table = pq.read_table(path).to_pylist() if path.exists() else []
    m = result.manifest
    lines = [
        f"job {m.job} ({m.kind}): {m.games_total} games in {len(m.matchups)} matchups, "
        f"{result.games} played now in {result.seconds:.1f} s "
        f"({result.games_per_second:.0f} games/s, {result.workers} workers)",
        f"{'deck A':<24} {'deck B':<24} {'games':>7} {'A wins':>8} {'A on play':>10} "
        f"{'A on draw':>10} {'draws':>6} {'turns':>6}",
    ]
    for r in table:
        games = r["games"] or 1
        on_play = r["games_a_on_play"] or 1
        on_draw = (r["games"] - r["games_a_on_play"]) or 1
        lines.append(
            f"{r['deck_a']:<24} {r['deck_b']:<24} {r['games']:>7} "
            f"{100 * r['wins_a'] / games:>7.1f}% {100 * r['wins_a_on_play'] / on_play:>9.1f}% "
            f"{100 * r['wins_a_on_draw'] / on_draw:>9.1f}% {r['draws']:>6} "
            f"{r['mean_turns']:>6.1f}")
    lines.append(f"results: {out}/games (Parquet, partitioned by job and matchup), "
                 f"{out}/matchups.parquet, {out}/manifest.json")
    failures = format_failures(out)
    if failures:
        lines.append(failures)
    return "\n".join(lines)


def format_failures(out: Path, limit: int = 5) -> str:
    """The failed games of a job folder, grouped by exception ("" when none failed)."""
    rows = read_failures(out).to_pylist()
    if not rows:
        return ""
    by_error = Counter(r["exception"] for r in rows)
    first = {}
    for r in rows:
        first.setdefault(r["exception"], r)
    lines = [f"{len(rows)} game{'s' * (len(rows) != 1)} failed (recorded in "
             f"{out}/failures.parquet; each has a replay):"]
    for error, n in by_error.most_common(limit):
        r = first[error]
        lines.append(f"  {n} x {error}")
        lines.append(f"      e.g. {r['deck_a']} vs {r['deck_b']} game {r['game']} (seed "
                     f"{r['seed']}): mtgsim replay {out / r['replay']}")
    if len(by_error) > limit:
        lines.append(f"  ... and {len(by_error) - limit} other exceptions")
    return "\n".join(lines)
