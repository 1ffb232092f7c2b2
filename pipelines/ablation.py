"""Keyword ablation: replay the same seeds with one keyword removed from one deck's cards
and measure the win-rate change against the field (paired by game, so the interval is
tight: each game is played twice from the same seed). The baseline is the ``versus`` job
of the same decks and seed: the same games (``cluster.seeds``). A game that failed in
either run is left out of the comparison."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import msgspec
import numpy as np

from mtgsim.pipelines.jobs import JobError, field_pairings, run_job
from mtgsim.pipelines.runner import LoadedDeck
from mtgsim.results.analysis import Z95
from mtgsim.results.dataset import read_games


class AblationRow(msgspec.Struct):
    opponent: str
    games: int
    base_rate: float
    ablated_rate: float
    change: float
    low: float
    high: float


def _scores(out: Path) -> dict[tuple[str, int], float]:
    t = read_games(out, ["deck_b", "game", "winner"])
    opp = [str(x) for x in t["deck_b"].cast("string").to_pylist()]
    games = t["game"].to_pylist()
    winner = t["winner"].to_pylist()
    return {(o, g): 1.0 if w == 0 else 0.5 if w == -1 else 0.0
            for o, g, w in zip(opp, games, winner, strict=True)}


def paired_change(base: list[float], ablated: list[float]) -> tuple[float, float, float]:
    d = np.asarray(ablated) - np.asarray(base)
    n = len(d)
    mean = float(d.mean())
    se = float(d.std(ddof=1)) / math.sqrt(n) if n > 1 else float("inf")
    return mean, mean - Z95 * se, mean + Z95 * se


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
    run_job("ablation-base", decks, field_pairings(len(decks)), games, out / "baseline",
            **job)  # type: ignore[arg-type]
    run_job("ablation", decks, field_pairings(len(decks)), games, out / "ablated",
            ablate=(0, keyword), **job)  # type: ignore[arg-type]
    base = _scores(out / "baseline")
    abl = _scores(out / "ablated")
    rows = []
    for opp in [d.name for d in field] + ["(field)"]:
        # a game that failed in either run has no pair: it is left out of both
        keys = sorted(k for k in base if (opp == "(field)" or k[0] == opp) and k in abl)
        b = [base[k] for k in keys]
        a = [abl[k] for k in keys]
        change, low, high = paired_change(b, a)
        rows.append(AblationRow(opp, len(keys), float(np.mean(b)), float(np.mean(a)),
                                change, low, high))
    return rows


def format_ablation(deck: str, keyword: str, rows: list[AblationRow]) -> str:
    lines = [f"{deck} without {keyword}: win-rate change against the field "
             "(same seeds, paired 95% CI)",
             f"{'opponent':<24} {'games':>6} {'with':>7} {'without':>8} {'change':>8} "
             f"{'95% CI':>18}"]
    for r in rows:
        lines.append(f"{r.opponent:<24} {r.games:>6} {100 * r.base_rate:>6.1f}% "
                     f"{100 * r.ablated_rate:>7.1f}% {100 * r.change:>+7.1f} "
                     f"({100 * r.low:+.1f} … {100 * r.high:+.1f})")
    return "\n".join(lines)
