"""Triggered abilities of drawing a number of cards in a turn (121.2: each card drawn is
one draw; ``Player.drawn_this_turn`` counts them, from the start of each turn).

"When you draw your third card in a turn, return this card from your graveyard to the
battlefield tapped." (Sneaky Snacker): the ability returns its card from the graveyard,
so it functions only there (113.6k); it triggers on the drawing player's third draw of
the turn, whoever's turn it is, for each such card in that player's graveyard, and
resolves only if the card is still there (a new object elsewhere, 400.7).
"""

from __future__ import annotations

from mtgsim.engine.rules.triggers import queue_trigger
from mtgsim.engine.state.game_state import GameState


def third_draw(state: GameState, player: int) -> None:
    """``player`` just drew their third card this turn."""
    objects = state.objects
    for oid in state.players[player].graveyard:
        o = objects[oid]
        if not o.card.triggered:
            continue
        for ab in o.card.triggered:
            if ab.when == "third_draw_graveyard":
                queue_trigger(state, o, ab, oid, o)
