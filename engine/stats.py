"""Per-game keyword statistics: plain counters in the players' state, cheap to keep.

Keys are stable names (``cascades``, ``cards_dredged``, ``permanents_annihilated``...)
that the results tables use as columns.
"""

from __future__ import annotations

from engine.state import GameState


def count(state: GameState, player: int, key: str, n: int = 1) -> None:
    stats = state.players[player].stats
    stats[key] = stats.get(key, 0) + n
