"""Per-card statistics: for each deck and card of its list, the deck's win rate in the games
where the card was in the opening hand, drawn later, in hand either way, never drawn, and
cast (or, for a land, played), and the improvement when drawn (17lands' "games in hand"
win rate minus "games not seen"), with intervals.

Source: the ``hands`` dataset (``results.events``, written with ``--record-events``), two
rows per game with the cards as lists, not the ``events`` dataset. Both are exact, the
hands being the same log events gathered per game in the worker (tests/results/
test_events.py checks they agree), but the hands are about a hundredth of the events'
rows and bytes (docs/events.md has the figures), so the statistics read a small table
instead of scanning every event of every game. Columns of per-card counts in the games
rows were the other way: they would need a column per card of the pool (hundreds, mostly
zero) or a schema that changes with the decks, and cost every job, events or not.

All of it is association, not effect: a card drawn later is drawn in longer games, a card
in the opening hand depends on the keep, "not drawn" games are shorter ones. The report
prints these caveats beside the tables.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from mtgsim.results.intervals import adjust, diff_interval, diff_pvalue, wilson

GROUPS = ("opening", "drawn", "in_hand", "not_drawn", "cast")
LABELS = {"opening": "in the opening hand", "drawn": "drawn later (not in the opening hand)",
          "in_hand": "in hand (opening hand or drawn)",
          "not_drawn": "not seen (neither in the opening hand nor drawn)",
          "cast": "cast (a land: played)"}


class CardStat(msgspec.Struct):
    """One card of one deck. ``*_games``: the deck's games in the group; ``*_rate``: its
    win rate in them (draws half), with 95% Wilson ``*_low``/``*_high``; None without
    games. ``iwd``: in-hand rate minus not-seen rate, with Newcombe's interval, the
    score test's p and a Benjamini-Hochberg q over every row with an ``iwd``."""

    deck: str
    card: str
    copies: int
    games: int
    opening_games: int
    opening_rate: float | None
    opening_low: float | None
    opening_high: float | None
    drawn_games: int
    drawn_rate: float | None
    drawn_low: float | None
    drawn_high: float | None
    in_hand_games: int
    in_hand_rate: float | None
    in_hand_low: float | None
    in_hand_high: float | None
    not_drawn_games: int
    not_drawn_rate: float | None
    not_drawn_low: float | None
    not_drawn_high: float | None
    cast_games: int
    cast_rate: float | None
    cast_low: float | None
    cast_high: float | None
    iwd: float | None
    iwd_low: float | None
    iwd_high: float | None
    p_value: float | None
    q_value: float | None


def _pairs(column: pa.ChunkedArray | pa.Array,
           index: dict[str, int]) -> tuple[np.ndarray, np.ndarray]:
    """A list column as (row, card code) pairs, one per item (``index``: the codes)."""
    flat = pc.list_flatten(column)
    parents = np.asarray(pc.list_parent_indices(column).to_numpy(zero_copy_only=False),
                         dtype=np.int64)
    names = flat.to_pylist()
    codes = np.fromiter((index.setdefault(n, len(index)) for n in names), dtype=np.int64,
                        count=len(names))
    return parents, codes


def _keys(parents: np.ndarray, codes: np.ndarray, width: int) -> np.ndarray:
    return np.unique(parents * width + codes)


def card_stats(hands: pa.Table, decklists: dict[str, Sequence[str]]) -> list[CardStat]:
    """Per deck (in ``decklists`` order, then any other deck of ``hands``) and per card of
    its list (in list order; a card seen but not listed is added after), the statistics
    of ``hands`` (the hands dataset)."""
    if hands.num_rows == 0:
        return []
    decks_col = [str(d) for d in hands["deck"].cast(pa.string()).to_pylist()]
    deck_names = [d for d in decklists if d in set(decks_col)] + sorted(
        set(decks_col) - set(decklists))
    deck_of = {d: i for i, d in enumerate(deck_names)}
    row_deck = np.array([deck_of[d] for d in decks_col], dtype=np.int64)
    score = np.asarray(hands["score"].to_numpy(zero_copy_only=False), dtype=float)
    index: dict[str, int] = {}
    for d in deck_names:
        for c in decklists.get(d, ()):
            index.setdefault(c, len(index))
    raw = {k: _pairs(hands[k], index) for k in ("opening_hand", "drawn", "cast", "played")}
    width = len(index) + 1
    keys = {k: _keys(p, c, width) for k, (p, c) in raw.items()}
    sets = {"opening": keys["opening_hand"],
            "drawn": np.setdiff1d(keys["drawn"], keys["opening_hand"]),
            "in_hand": np.union1d(keys["opening_hand"], keys["drawn"]),
            "cast": np.union1d(keys["cast"], keys["played"])}
    size = len(deck_names) * width
    counts: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for group, k in sets.items():
        row, card = k // width, k % width
        cell = row_deck[row] * width + card
        counts[group] = (np.bincount(cell, minlength=size),
                         np.bincount(cell, weights=score[row], minlength=size))
    deck_games = np.bincount(row_deck, minlength=len(deck_names))
    deck_wins = np.bincount(row_deck, weights=score, minlength=len(deck_names))
    n_in, w_in = counts["in_hand"]
    counts["not_drawn"] = (np.repeat(deck_games, width) - n_in,
                           np.repeat(deck_wins, width) - w_in)
    seen = counts["in_hand"][0] + counts["cast"][0]
    names = sorted(index, key=index.__getitem__)
    out = []
    for d, deck in enumerate(deck_names):
        listed = list(dict.fromkeys(decklists.get(deck, ())))
        extra = sorted(c for c in names if seen[d * width + index[c]] and c not in listed)
        copies = {c: list(decklists.get(deck, ())).count(c) for c in listed}
        for card in listed + extra:
            cell = d * width + index[card]
            out.append(_stat(deck, card, copies.get(card, 0), int(deck_games[d]),
                             {g: (int(counts[g][0][cell]), float(counts[g][1][cell]))
                              for g in GROUPS}))
    for row, q in zip([r for r in out if r.p_value is not None],
                      adjust([r.p_value for r in out if r.p_value is not None]),
                      strict=True):
        row.q_value = q
    return out


def _rate(n: int, w: float) -> tuple[float | None, float | None, float | None]:
    if n <= 0:
        return None, None, None
    low, high = wilson(w, n)
    return w / n, low, high


def _stat(deck: str, card: str, copies: int, games: int,
          groups: dict[str, tuple[int, float]]) -> CardStat:
    values: list[object] = []
    for g in GROUPS:
        n, w = groups[g]
        values += [n, *_rate(n, w)]
    (n1, w1), (n0, w0) = groups["in_hand"], groups["not_drawn"]
    if n1 and n0:
        low, high = diff_interval(w1, n1, w0, n0)
        iwd: list[float | None] = [w1 / n1 - w0 / n0, low, high, diff_pvalue(w1, n1, w0, n0)]
    else:
        iwd = [None, None, None, None]
    return CardStat(deck, card, copies, games, *values, *iwd, None)  # type: ignore[arg-type]


__all__ = ["CardStat", "GROUPS", "LABELS", "card_stats"]
