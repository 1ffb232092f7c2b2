"""Stun counters (122.1d): "If a permanent with a stun counter would become untapped,
remove one from it instead." A replacement effect of the counter itself, applied wherever a
permanent is untapped (the untap step, 502.3, and every effect that untaps): a tapped
permanent with a stun counter stays tapped and loses one counter; one already untapped
does not become untapped, so nothing is replaced and it keeps its counters.
"""

from __future__ import annotations

from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import GameObject, GameState

STUN = "stun"


def untap_permanent(state: GameState, obj: GameObject) -> None:
    """Untap ``obj`` (701.26b), or remove a stun counter from it instead (122.1d)."""
    if not obj.tapped:
        return
    counters = obj.counters
    if counters:
        stun = counters.get(STUN, 0)
        if stun > 0:
            if stun > 1:
                counters[STUN] = stun - 1
            else:
                del counters[STUN]
            characteristics_changed(state)  # (what memoised facts key on)
            if state.log is not None:
                log(state, "counters", obj.controller, obj.card.name, STUN, -1)
            return
    state.set_tapped(obj, False)
