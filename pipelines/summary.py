"""The summary printed at the end of a job: a table for people, or with ``--json`` one
JSON object (job metadata, timing, and per matchup the counts, win rate and its Wilson
interval)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pyarrow.parquet as pq

from mtgsim.pipelines.jobs import JobResult
from mtgsim.results.intervals import wilson


def _rate(wins: float, games: int) -> float | None:
    return wins / games if games else None


def job_summary(out: Path, result: JobResult) -> dict[str, Any]:
    """The job as plain data (the ``--json`` output of gauntlet and versus)."""
    m = result.manifest
    matchups = []
    for r in pq.read_table(out / "matchups.parquet").to_pylist():
        games, on_play = r["games"], r["games_a_on_play"]
        score = r["wins_a"] + r["draws"] / 2
        low, high = wilson(score, games)
        matchups.append({
            "deck_a": r["deck_a"], "deck_b": r["deck_b"], "games": games,
            "wins_a": r["wins_a"], "wins_b": r["wins_b"], "draws": r["draws"],
            "win_rate_a": _rate(score, games), "low": low, "high": high,
            "win_rate_a_on_play": _rate(r["wins_a_on_play"], on_play),
            "win_rate_a_on_draw": _rate(r["wins_a_on_draw"], games - on_play),
            "mean_turns": r["mean_turns"]})
    manifest = msgspec.to_builtins(m)
    return {
        "job": m.job, "kind": m.kind, "out": str(out), "seed": m.seed,
        "policies": list(m.policies), "max_turns": m.max_turns,
        "engine_version": m.engine_version, "card_data_hash": m.card_data_hash,
        "games_total": m.games_total, "games_completed": m.games_completed,
        "games_failed": manifest.get("games_failed", 0),
        "games_played_now": result.games, "seconds": result.seconds,
        "games_per_second": result.games_per_second, "workers": result.workers,
        "matchups": matchups,
    }


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
