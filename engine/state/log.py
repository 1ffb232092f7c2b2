"""The game log: events recorded as a game is played (when ``state.log`` is a list), and
how a player or object is named in them."""

from __future__ import annotations

from mtgsim.engine.state.game_state import NONE, Event, GameState


def log(state: GameState, kind: str, player: int = NONE, card: str = "", target: str = "",
        amount: int = 0) -> None:
    """Record an event; callers test ``state.log is not None`` first on hot paths."""
    if state.log is not None:
        state.log.append(Event(state.turn, kind, player, card, target, amount, state.step))


def describe(state: GameState, ref: int) -> str:
    if ref == NONE:  # an "up to" / "any number of" target left unchosen
        return "no target"
    if ref < 2:
        return "player A" if ref == 0 else "player B"
    obj = state.objects.get(ref)
    return obj.card.name if obj is not None else f"#{ref}"
