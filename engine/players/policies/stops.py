"""Which steps a heuristic player needs priority in, given what its deck can do.

Stops are a player's preference (as in MTGO): with an empty stack, the engine passes
for a player in the steps they do not stop in. A deck with no instant-speed card and no
activated ability never acts outside its main phases (and upkeeps with forecast), so
asking it elsewhere would only cost time.
"""

from __future__ import annotations

from collections.abc import Iterable

from mtgsim.engine.cards.card import Card
from mtgsim.engine.state.game_state import (
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    END,
    END_COMBAT,
    MAIN1,
    MAIN2,
    STOP_OWN_STACK,
    UPKEEP,
    stop_bit,
)


def deck_stops(deck: Iterable[Card]) -> int:
    """The stop mask of a deck. (Worked out for every game: one loop, no generator.)"""
    instant = activated = upkeep = end_combat = False
    for c in deck:
        if c.instant_speed or c.has_keyword("flashback"):
            instant = True
        for a in c.activated:
            if a.zone == "battlefield":
                activated = True
            if a.during_step:  # Desert: only in the end of combat step, either player's
                end_combat = True
            if a.upkeep_only or a.zone != "battlefield":
                upkeep = True
        if not activated:
            for band in c.levels:
                if band.abilities:
                    activated = True
    mask = stop_bit(MAIN1, True) | stop_bit(MAIN2, True)
    if upkeep:
        mask |= stop_bit(UPKEEP, True)  # forecast and other upkeep-only abilities
    if activated:
        mask |= stop_bit(UPKEEP, True)  # abilities it may use before drawing
        # e.g. regenerating a creature in response to its own sweeper; it never casts a
        # spell over its own spell or ability
        mask |= STOP_OWN_STACK
    if end_combat:
        mask |= stop_bit(END_COMBAT, True) | stop_bit(END_COMBAT, False)
    if instant or activated:
        # The heuristic casts nothing in its own upkeep with an empty stack (its spells
        # wait for a main phase, combat or the opponent's end step).
        mask |= stop_bit(DECLARE_BLOCKERS, True)
        for step in (DECLARE_ATTACKERS, DECLARE_BLOCKERS, END):
            mask |= stop_bit(step, False)
    return mask
