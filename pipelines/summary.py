"""The summary table printed at the end of a job."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq

from mtgsim.pipelines.jobs import JobResult


def format_job_summary(out: Path, result: JobResult) -> str:
    table = pq.read_table(out / "matchups.parquet").to_pylist()
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
    return "\n".join(lines)
