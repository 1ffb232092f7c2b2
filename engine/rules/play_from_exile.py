"""Impulse draw's permission: "Exile the top two cards of your library. Until the end of
your next turn, you may play those cards." (Reckless Impulse), "... Until end of turn,
you may play that card." (Experimental Synthesizer), "... You may play that card this
turn."

To play a card is to play it as a land or cast it as a spell (305.1-305.2, 601.2). The
permission lets the player who exiled the card do either from exile while it lasts:
a land uses one of their land plays and only when they could play a land (305.2, 305.3,
the reminder text "You can play a land this way only if you have an available land play
remaining"); a spell is cast at its normal timing (307.1, 117.1a: an instant or a card
with flash at instant speed, the others in their main phase with the stack empty),
paying its costs (the reminder text "You still pay its costs": its mana cost, 601.2f,
and its additional costs). The cards are exiled face up (406.3), public.

Each card's permission is a ``ContinuousEffect`` with ``play_from_exile_by`` on the card
in exile. It lasts as written (611.2a): "this turn" and "until end of turn" end in this
turn's cleanup step (514.2, ``until_eot``); "until the end of your next turn" ends in the
cleanup step of that player's next turn (``until_end_of_turn_of``, ``since_turn``:
their first turn after the one it began in). The card leaving exile ends it: it becomes
a new object (400.7) that the effect does not name, so a card that leaves exile and
comes back is not playable again.

The spell is cast through the normal path (``engine.rules.casting``) with the casting
permission code 23; the land through ``play_land`` (``PLAY`` actions from exile).
Alternative costs (118.9) are not offered from exile: the card is cast for its mana cost.
"""

from __future__ import annotations

from mtgsim.engine.rules.mana import ManaCost
from mtgsim.engine.rules.spell_costs import CastPermission, cast_permission
from mtgsim.engine.state.game_state import EXILE, NONE, ContinuousEffect, GameObject, GameState

PLAY_FROM_EXILE_CAST = 23  # a card cast with an impulse draw's permission from exile


def may_play_from_exile(state: GameState, obj: GameObject, player: int) -> bool:
    """Does an effect let ``player`` play this card, in exile, now?"""
    if obj.zone != EXILE:
        return False
    oid = obj.oid
    for e in state.effects:
        if e.target == oid and e.play_from_exile_by == player:
            return True
    return False


def _has(state: GameState, obj: GameObject) -> bool:
    """The casting permission's check: the card's owner (who exiled it from their own
    library) may play it, and it is a card with a mana cost to pay (a spell, not a land:
    lands are played, 305.2)."""
    return obj.card.cost is not None and not obj.card.is_land and \
        may_play_from_exile(state, obj, obj.owner)


def _costs(state: GameState, obj: GameObject) -> list[ManaCost]:
    """Its mana cost ("You still pay its costs", 601.2f)."""
    cost = obj.card.cost
    assert cost is not None
    return [cost]


def _granted(state: GameState, player: int) -> bool:
    """Does this player have a card in exile that they may play?"""
    if not state.players[player].exile:
        return False
    objects = state.objects
    for e in state.effects:
        if e.play_from_exile_by == player:
            o = objects.get(e.target)
            if o is not None and o.zone == EXILE:
                return True
    return False


def lands_playable(state: GameState, player: int) -> list[int]:
    """The land cards in exile this player may play (the caller checked that they may
    play a land now: their main phase, the stack empty, a land play left; 305.2)."""
    if not _granted(state, player):
        return []
    objects = state.objects
    return [oid for oid in state.players[player].exile
            if objects[oid].card.is_land and may_play_from_exile(state, objects[oid], player)]


def ending_now(state: GameState, e: ContinuousEffect) -> bool:
    """Does this "until the end of your next turn" effect end in this cleanup step
    (514.2): is this the turn of its player after the turn it began in?"""
    return e.until_end_of_turn_of != NONE and e.until_end_of_turn_of == state.active and \
        state.turn > e.since_turn


def grant(state: GameState, obj: GameObject, player: int, next_turn: bool) -> None:
    """Let ``player`` play ``obj`` (a card just exiled) this turn or until the end of
    their next turn."""
    state.clock += 1
    state.effects.append(ContinuousEffect(
        obj.oid, state.clock, until_eot=not next_turn, play_from_exile_by=player,
        until_end_of_turn_of=player if next_turn else NONE,
        since_turn=state.turn if next_turn else 0))


PLAY_FROM_EXILE = cast_permission(CastPermission(
    "play from exile", code=PLAY_FROM_EXILE_CAST, zone=EXILE, has=_has, costs=_costs,
    granted=_granted, own_timing=True))
