"""The ``put_from_hand_on_top`` effect (PutFromHandOnTop): its data, how it resolves and what the AI thinks it is worth.

"Put two cards from your hand on top of your library in any order." (Brainstorm): the
player chooses that many cards of their hand (all of them if they have fewer) and the
order, and puts them on top of their library (401.4: the owner orders them; they know
where those cards are). It is not discarding (701.8): nothing discards.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected
from mtgsim.engine.rules.zones import look_at, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import LIBRARY, Decision, DecisionKind, GameState, StackItem

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_CHOOSE = DecisionKind.CHOOSE_DISCARD
_KIND_ORDER = DecisionKind.LIBRARY_ORDER


class PutFromHandOnTop(Effect, tag="put_from_hand_on_top", frozen=True):
    """The controller puts ``amount`` cards from their hand on top of their library, in
    the order they choose."""

    amount: int = 1


def resolve(state: GameState, item: StackItem, eff: PutFromHandOnTop, asker: Asker,
            queue: list[EffectT]) -> None:
    me = item.controller
    hand = list(state.players[me].hand)
    k = min(eff.amount, len(hand))
    if k == 0:
        return
    chosen = hand
    if k < len(hand):
        picks = asker.choose_many(Decision(
            _KIND_CHOOSE, me, f"{item.label}: put {k} on top of your library",
            options=hand, multi=True, min_count=k, max_count=k, source=item.source))
        chosen = [hand[i] for i in picks]
    order = chosen
    if k > 1:  # every question before anything moves
        picks = asker.choose_many(Decision(
            _KIND_ORDER, me, f"{item.label}: in this order (top first)", options=chosen,
            multi=True, min_count=k, max_count=k, source=item.source))
        order = [chosen[i] for i in picks]
    for oid in reversed(order):  # the last put is the top: the first chosen goes last
        new = move(state, state.objects[oid], LIBRARY)
        look_at(state, new, me)


def estimate(ev: Estimate, e: PutFromHandOnTop) -> None:
    """Each card put back is a card of the hand given up for now (it comes back as a
    later draw instead of a new card): 2.4 a card, a little less than a draw's 2.8,
    the choice of which being worth something."""
    size = len(ev.state.players[ev.me].hand) + ev.drawn - ev.in_hand
    ev.total -= 2.4 * min(e.amount, max(0, size))


RULES = effect_rules(PutFromHandOnTop, resolve=resolve, estimate=estimate, sign=unaffected)
