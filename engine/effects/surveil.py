"""The ``surveil`` effect (Surveil): its data, how it resolves and what the AI thinks it is worth.

"Surveil N" (701.25a): the player looks at the top N cards of their library, then puts
any number of them into their graveyard and the rest on top of their library in any
order. Surveil 0 is no surveil at all (701.25b). The cards put into the graveyard are
put there, not milled or discarded (nothing "mills" triggers on them), together, as one
event. The family's shared parts (the top cards, putting back in order, the AI's
``keep_on_top``) are in ``engine/effects/scry.py``.
"""

from __future__ import annotations

from mtgsim.engine.cards import Amount, Effect, EffectT
from mtgsim.engine.effects.scry import ask_order, looked_value, pick_any, put_back, top_cards
from mtgsim.engine.players.worth import guess_amount
from mtgsim.engine.rules.effect import Estimate, amount_of, effect_rules, unaffected
from mtgsim.engine.rules.zones import begin_event, end_event, log, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GRAVEYARD, DecisionKind, GameState, StackItem

_KIND_GRAVEYARD = DecisionKind.LOOK_GRAVEYARD  # (a module constant: see DecisionKind)


class Surveil(Effect, tag="surveil", frozen=True):
    """"Surveil N": the controller looks at the top ``amount`` cards of their library
    and puts any number into their graveyard, the rest on top in the order they choose
    (701.25a)."""

    amount: Amount = 1


def resolve(state: GameState, item: StackItem, eff: Surveil, asker: Asker,
            queue: list[EffectT]) -> None:
    me = item.controller
    cards = top_cards(state, me, amount_of(state, item, eff.amount))
    if not cards:
        return  # surveil 0, or an empty library: no surveil (701.25b)
    binned, rest = pick_any(asker, item, cards, _KIND_GRAVEYARD, "into your graveyard")
    top = ask_order(asker, item, me, rest, "on top")
    put_back(state, me, top, [])
    if binned:
        if state.log is not None:
            log(state, "surveil", me, ", ".join(state.objects[o].card.name for o in binned),
                amount=len(binned))
        begin_event(state)
        for oid in binned:
            move(state, state.objects[oid], GRAVEYARD)
        end_event(state)


def estimate(ev: Estimate, e: Surveil) -> None:
    """As scry's (``scry.looked_value``): selection, not cards; the graveyard it may
    fill is not valued (the heuristic plans with no graveyard card)."""
    n = guess_amount(ev.state, e.amount, ev.me, ev.source, ev.x)
    ev.total += looked_value(min(n, len(ev.state.players[ev.me].library)))


RULES = effect_rules(Surveil, resolve=resolve, estimate=estimate, sign=unaffected)
