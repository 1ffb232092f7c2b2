"""Throughput benchmark: 20 heuristic-vs-heuristic games of the bundled matchup.

Not collected by a plain ``pytest`` (``norecursedirs`` holds ``bench``); run it with::

    .venv/bin/python -m pytest tests/bench --benchmark-only    # or: make bench-pytest
"""

from __future__ import annotations

from typing import Any

from mtgsim.pipelines.runner import (
    BUNDLED_MATCHUP,
    BatchStats,
    load_card_pool,
    load_main_deck,
    run_batch,
)

GAMES = 20


def test_bench_20_games(benchmark: Any) -> None:
    pool = load_card_pool()
    deck_a, deck_b = (load_main_deck(name, pool) for name in BUNDLED_MATCHUP)

    def twenty_games() -> BatchStats:
        return run_batch(deck_a, deck_b, GAMES, seed=0)

    stats = benchmark.pedantic(twenty_games, rounds=5, iterations=1, warmup_rounds=1)
    assert stats.games == GAMES
    assert sum(d.wins for d in stats.decks) + stats.draws == GAMES
    benchmark.extra_info["games"] = GAMES
    benchmark.extra_info["games_per_second"] = GAMES / benchmark.stats.stats.mean
