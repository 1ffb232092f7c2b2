"""Special actions other than playing a land (116.2): the table keywords fill, asked by
``engine.rules.priority_actions.legal_actions`` and done by ``engine.rules.turn.take_action``.

A special action does not use the stack (116.2): it is taken with priority, and the
player gets priority again afterwards (116.3). Each entry: its code (stored in the
``Action`` of a saved game: kept for good), which of the player's cards it may be taken
with now (``offered``, asked only when the player could cast a sorcery, the actions
for plot, which is sorcery-timed; for foretell, ``own_turn``, whenever the player has
priority during their own turn; and when the player has a card usable from a zone,
``Card.zone_actions``: their permissions from exile make such cards count), and what
taking it does (``take``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtgsim.engine.state.game_state import GameState


@dataclass(frozen=True, slots=True)
class SpecialAction:
    keyword: str
    code: int
    offered: Callable[[GameState, int], list[int]]  # (state, player) -> card ids
    take: Callable[[GameState, int, int], None]  # (state, player, card id)
    # any time the player has priority during their own turn (foretell, 702.143a), not
    # only when they could cast a sorcery (plot)
    own_turn: bool = False


SPECIAL_ACTIONS: list[SpecialAction] = []


def special_action(a: SpecialAction) -> SpecialAction:
    """Register a special action (once; its code is unique)."""
    if any(s.code == a.code or s.keyword == a.keyword for s in SPECIAL_ACTIONS):
        raise ValueError(f"special action {a.keyword} ({a.code}) registered twice")
    SPECIAL_ACTIONS.append(a)
    SPECIAL_ACTIONS.sort(key=lambda s: s.code)
    return a


def special(code: int) -> SpecialAction:
    for s in SPECIAL_ACTIONS:
        if s.code == code:
            return s
    raise KeyError(f"no special action with code {code}")
