"""Keyword ablation: replay the same seeds with one keyword removed from one deck's cards
and measure the win-rate change against each opponent and over all of them pooled (paired
by game, so the interval is tight: each game is played twice from the same seed). The
baseline is the ``versus`` job of the same decks and seed: the same games
(``cluster.seeds``). A game that failed in either run is left out of the comparison.

The job folder holds ``baseline/`` and ``ablated/`` (two ordinary jobs), ``ablation.parquet``
(the table below) and a ``manifest.json`` of kind ``ablate`` whose ``extra`` records the
deck and the keyword removed."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path

import msgspec
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from mtgsim.pipelines.jobs import JobError, field_pairings, run_job
from mtgsim.pipelines.runner import LoadedDeck
from mtgsim.results.compare import POOLED
from mtgsim.results.dataset import read_games
from mtgsim.results.intervals import mcnemar_pvalue, paired_interval, paired_table
from mtgsim.results.manifest import read_manifest, write_manifest


class AblationRow(msgspec.Struct):
    opponent: str
    games: int
    base_rate: float
    ablated_rate: float
    change: float
    low: float  # 95% paired interval (Newcombe's, from the 2x2 table of outcomes)
    high: float
    won_base_only: float = 0.0  # won with the keyword and lost without (draws count half)
    won_ablated_only: float = 0.0
    p_value: float = 1.0  # McNemar


def _scores(out: Path) -> dict[tuple[str, int], float]:
    t = read_games(out, ["deck_b", "game", "winner"])
    opp = [str(x) for x in t["deck_b"].cast("string").to_pylist()]
    games = t["game"].to_pylist()
    winner = t["winner"].to_pylist()
    return {(o, g): 1.0 if w == 0 else 0.5 if w == -1 else 0.0
            for o, g, w in zip(opp, games, winner, strict=True)}


def paired_change(base: list[float], ablated: list[float]) -> tuple[float, float, float]:
    """Change of the win rate without the keyword, with its paired interval."""
    return paired_interval(paired_table(np.asarray(base), np.asarray(ablated)))


def run_ablation(deck: LoadedDeck, keyword: str, field: Sequence[LoadedDeck], games: int,
                 out: Path, **job: object) -> list[AblationRow]:
    keyword = keyword.strip().lower()
    from mtgsim.engine.keywords import parse_keyword

    present = False
    for card in deck.cards:
        for text in card.keywords:
            parsed = parse_keyword(text)
            name = parsed.name if not isinstance(parsed, int) else text.strip().lower()
            present = present or name == keyword
    if not present:
        raise JobError(f"no card of {deck.name} has the keyword {keyword!r}")
    decks = [deck, *field]
    # one progress over both runs: the ablated run's games come after the baseline's
    progress = job.pop("progress", None)
    half = games * len(field)

    def part(offset: int) -> Callable[[int, int], None] | None:
        if not callable(progress):
            return None
        return lambda done, _: progress(offset + done, 2 * half)

    run_job("ablation-base", decks, field_pairings(len(decks)), games, out / "baseline",
            progress=part(0), **job)  # type: ignore[arg-type]
    run_job("ablation", decks, field_pairings(len(decks)), games, out / "ablated",
            ablate=(0, keyword), progress=part(half), **job)  # type: ignore[arg-type]
    base = _scores(out / "baseline")
    abl = _scores(out / "ablated")
    rows = []
    for opp in [d.name for d in field] + [POOLED]:
        # a game that failed in either run has no pair: it is left out of both
        keys = sorted(k for k in base if (opp == POOLED or k[0] == opp) and k in abl)
        b = [base[k] for k in keys]
        a = [abl[k] for k in keys]
        table = paired_table(np.asarray(b), np.asarray(a))
        change, low, high = paired_interval(table)
        rows.append(AblationRow(opp, len(keys), float(np.mean(b)), float(np.mean(a)),
                                change, low, high, float(table[0, 1]), float(table[1, 0]),
                                mcnemar_pvalue(table)))
    _record(out, deck.name, keyword, rows)
    return rows


def _record(out: Path, deck: str, keyword: str, rows: list[AblationRow]) -> None:
    """ablation.parquet, and the manifests: the ablated run's and the job's own (kind
    ``ablate``) record the deck and the keyword removed."""
    extra = {"deck": deck, "keyword": keyword, "baseline": "baseline", "ablated": "ablated"}
    ablated = read_manifest(out / "ablated")
    ablated.extra = {**ablated.extra, **extra}
    write_manifest(out / "ablated", ablated)
    job = read_manifest(out / "baseline")
    digest = hashlib.sha256(f"{ablated.job}|{deck}|{keyword}".encode()).hexdigest()[:10]
    job.job, job.kind, job.extra = f"ablate-{digest}", "ablate", extra
    job.games_completed = ablated.games_completed + job.games_completed
    job.games_failed = ablated.games_failed + job.games_failed
    job.games_total = ablated.games_total + job.games_total
    tmp = out / ".ablation.parquet.tmp"
    pq.write_table(pa.Table.from_pylist(
        [{"deck": deck, "keyword": keyword, **msgspec.structs.asdict(r)} for r in rows]), tmp)
    os.replace(tmp, out / "ablation.parquet")
    write_manifest(out, job)


def format_ablation(deck: str, keyword: str, rows: list[AblationRow]) -> str:
    lines = [f"{deck} without {keyword}: win-rate change per opponent and over all of "
             f"them, pooled ({POOLED}; same seeds, paired 95% CI)",
             f"{'opponent':<24} {'games':>6} {'with':>7} {'without':>8} {'change':>8} "
             f"{'95% CI':>18}"]
    for r in rows:
        lines.append(f"{r.opponent:<24} {r.games:>6} {100 * r.base_rate:>6.1f}% "
                     f"{100 * r.ablated_rate:>7.1f}% {100 * r.change:>+7.1f} "
                     f"({100 * r.low:+.1f} … {100 * r.high:+.1f})")
    return "\n".join(lines)
