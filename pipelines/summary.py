"""The summary printed at the end of a job: a table for people (and the failed games),
or with ``--json`` one JSON object (job metadata, timing, failures, and per matchup the
counts, win rate and its Wilson interval)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pyarrow.parquet as pq

from mtgsim.pipelines.jobs import JobResult
from mtgsim.results.dataset import read_failures
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
        "failures": [{k: r[k] for k in ("matchup", "deck_a", "deck_b", "game", "seed",
                                        "exception", "replay")}
                     for r in read_failures(out).to_pylist()],
        "games_played_now": result.games, "seconds": result.seconds,
        "games_per_second": result.games_per_second, "workers": result.workers,
        "matchups": matchups,
    }


def format_job_summary(out: Path, result: JobResult) -> str:
    path = out / "matchups.parquet"
    table = pq.read_table(path).to_pylist() if path.exists() else []
    m = result.manifest
    lines = [
        f"job {m.job} ({m.kind}): {m.games_total} games in {len(m.matchups)} matchups, "
        f"{result.games} played now in {result.seconds:.1f} s "
        f"({result.games_per_second:.0f} games/s, {result.workers} workers; the "
        "start-up of the workers not counted, as on the progress bar)",
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
    extras = "".join(f", {out}/{name}" for name in ("events", "hands")
                     if (out / name).is_dir())
    lines.append(f"results: {out}/games (Parquet, partitioned by job){extras}, "
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
    first: dict[str, dict[str, Any]] = {}
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
