"""What a deck's keywords did: how often each statistic fired, and the win rate in games
where it fired against games where it did not.

That comparison is an association, not an effect: a keyword fires more in long games, in
games where its player has mana and a board, in games already being won. The causal number
comes from ``mtgsim ablate`` (the same seeds replayed without the keyword). With dozens of
intervals at once some exclude 0 by chance, so every row also carries a Benjamini-Hochberg
q-value.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import numpy as np

from mtgsim.results.analysis import Games
from mtgsim.results.intervals import adjust, diff_interval, diff_pvalue

# statistics that say something only above a value (a cascade into a 3+ mana spell)
THRESHOLDS = {"cascade_hit_max_mana_value": 3}
MIN_GAMES = 20  # both groups need this many games for a row


class KeywordImpact(msgspec.Struct):
    deck: str
    keyword: str  # a statistic, e.g. "cascades" or "cascade_hit_max_mana_value>=3"
    same_as: str  # other statistics that fired in exactly the same games (one row for all)
    games_fired: int
    rate_fired: float
    games_not: int
    rate_not: float
    difference: float
    low: float  # 95% Newcombe hybrid score interval of the difference
    high: float
    p_value: float  # score test of no difference
    q_value: float  # Benjamini-Hochberg over every row of the table


class KeywordUsage(msgspec.Struct):
    deck: str
    statistic: str
    games: int
    games_fired: int
    fired_rate: float  # share of the deck's games where it was positive
    mean: float  # per game
    mean_when_fired: float


def _label(key: str) -> tuple[str, int]:
    limit = THRESHOLDS.get(key, 1)
    return (key if limit == 1 else f"{key}>={limit}", limit)


def keyword_usage(g: Games, stat_keys: Sequence[str]) -> list[KeywordUsage]:
    """Per deck, every statistic that was ever positive: how often and how much."""
    cols = set(g.table.column_names)
    out = []
    for key in stat_keys:
        if f"a_{key}" not in cols:
            continue
        value = g.seat_values(key)
        for i, deck in enumerate(g.decks):
            mine = g.me == i
            v = value[mine]
            fired = v > 0
            if not fired.any():
                continue
            out.append(KeywordUsage(deck, key, int(mine.sum()), int(fired.sum()),
                                    float(fired.mean()), float(v.mean()),
                                    float(v[fired].mean())))
    return out


def keyword_impact(g: Games, stat_keys: Sequence[str],
                   min_games: int = MIN_GAMES) -> list[KeywordImpact]:
    """Win rate when a statistic fired (reached its threshold) against when it did not,
    per deck; statistics that split a deck's games identically share one row."""
    cols = set(g.table.column_names)
    rows: list[tuple[str, str, list[str], np.ndarray, np.ndarray]] = []
    seen: dict[tuple[int, bytes], int] = {}
    for key in stat_keys:
        if f"a_{key}" not in cols:
            continue
        label, limit = _label(key)
        value = g.seat_values(key)
        for i, deck in enumerate(g.decks):
            mine = g.me == i
            fired = value[mine] >= limit
            if not (min_games <= fired.sum() <= len(fired) - min_games):
                continue
            sig = (i, np.packbits(fired).tobytes())
            if sig in seen:
                rows[seen[sig]][2].append(label)
                continue
            seen[sig] = len(rows)
            rows.append((deck, label, [], g.score[mine][fired], g.score[mine][~fired]))
    out = []
    for deck, label, same, yes, no in rows:
        wf, nf, wn, nn = float(yes.sum()), len(yes), float(no.sum()), len(no)
        low, high = diff_interval(wf, nf, wn, nn)
        out.append(KeywordImpact(deck, label, ", ".join(same), nf, wf / nf, nn, wn / nn,
                                 wf / nf - wn / nn, low, high, diff_pvalue(wf, nf, wn, nn),
                                 1.0))
    for row, q in zip(out, adjust([r.p_value for r in out]), strict=True):
        row.q_value = q
    return out
