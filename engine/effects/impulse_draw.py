"""The ``impulse_draw`` effect (ImpulseDraw): its data, how it resolves and what the
AI thinks it is worth.

"Exile the top two cards of your library. Until the end of your next turn, you may play
those cards." (Reckless Impulse, Wrenn's Resolve), "Exile the top card of your library.
Until end of turn, you may play that card." (Experimental Synthesizer), "... You may play
that card this turn.": the cards are exiled face up one at a time from the top (406.3,
401.2; fewer when the library has fewer: an empty library is not a loss, as only a
draw from it is, 704.5b), each a new object in exile (400.7) that the effect's controller may play while
the permission lasts (``engine.rules.play_from_exile``: lands with a land play, 305.2;
spells at their timing paying their costs, 601.2; ended by the cleanup step of this turn
or of the controller's next turn, 514.2, 611.2a).
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.play_from_exile import grant
from mtgsim.engine.rules.zones import log, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import EXILE, GameState, StackItem

# What a card the AI may play is worth: a card drawn is 2.8 (``draw``'s estimate); one in
# exile is lost if it is not played in time, so only those it can pay for count
_CARD = 2.8
_AVERAGE_COST = 2  # the mana the AI expects a card to cost


class ImpulseDraw(Effect, tag="impulse_draw", frozen=True):
    """Exile the top ``n`` cards of the controller's library; they may play them this
    turn (``next_turn`` False) or until the end of their next turn (True)."""

    n: int = 1
    next_turn: bool = False


def resolve(state: GameState, item: StackItem, eff: ImpulseDraw, asker: Asker,
            queue: list[EffectT]) -> None:
    """Exile the cards from the top and give each its permission (a new object, 400.7)."""
    player = item.controller
    library = state.players[player].library
    exiled = []
    for _ in range(eff.n):
        if not library:
            break
        new = move(state, state.objects[library[-1]], EXILE)
        grant(state, new, player, eff.next_turn)
        exiled.append(new.card.name)
    if state.log is not None and exiled:
        log(state, "impulse", player, ", ".join(exiled), amount=len(exiled))


def playable(state: GameState, me: int, n: int, next_turn: bool) -> int:
    """How many of ``n`` exiled cards ``me`` can expect to play before the permission
    ends: one land play, and a card per ``_AVERAGE_COST`` mana of what they have now
    (this turn) or of their lands (their next turn, when they untap)."""
    p = state.players[me]
    if next_turn:
        objects = state.objects
        mana = sum(1 for oid in state.battlefield
                   if objects[oid].controller == me and objects[oid].card.is_land) + 1
        land = 1
    else:
        mana = len(mana_units(state, me)[0])
        land = 1 if p.lands_played < p.land_drops else 0
    return min(n, len(p.library), land + mana // _AVERAGE_COST)


def estimate(ev: Estimate, e: ImpulseDraw) -> None:
    """A drawn card's worth for each card the AI can play in time (``playable``)."""
    k = playable(ev.state, ev.me, e.n, e.next_turn)
    ev.total += _CARD * k


RULES = effect_rules(ImpulseDraw, resolve=resolve, estimate=estimate, sign=unaffected)
