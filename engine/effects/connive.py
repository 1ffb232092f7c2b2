"""The ``connive`` effect (Connive): its data, how it resolves and what the AI thinks it is worth.

"[This creature / target creature you control] connives" (701.50a): its controller draws
a card, then discards a card; if a nonland card was discarded this way, they put a +1/+1
counter on the conniving permanent. It connives even if some of that is impossible
(701.50b); one that has left the battlefield still connives, its last known information
saying who controlled it (701.50c): the card is drawn and discarded, and no counter is put
on anything.

Resolution in two steps, so that the discard is chosen after the draw and every question
is asked before its own step changes anything: the draw (``engine/effects/draw.py``, its
replacements included), then this effect again with ``drawn`` set, which asks the discard,
discards, and puts the counter. The patterns read it only where the controller of the
conniving permanent is the ability's controller ("it connives" of its own trigger,
"target creature you control connives").
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.effects.add_counters import AddCounters
from mtgsim.engine.effects.discard import put_discarded
from mtgsim.engine.effects.draw import Draw
from mtgsim.engine.rules.effect import Estimate, effect_rules, helps
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import Discarding
from mtgsim.engine.state.game_state import Decision, DecisionKind, GameState, StackItem

_KIND_DISCARD = DecisionKind.DISCARD  # (a module constant: see DecisionKind)
# What a +1/+1 counter is worth (``add_counters.py``) times the chance a nonland card is
# discarded: the AI discards a spare card, a land about as often as not.
COUNTER_CHANCE = 0.5


class Connive(Effect, tag="connive", frozen=True):
    """``what`` ("self", "t0") connives (701.50a); ``drawn``: the card is drawn, the
    discard and the counter are left."""

    what: str = "self"
    drawn: bool = False


def resolve(state: GameState, item: StackItem, eff: Connive, asker: Asker,
            queue: list[EffectT]) -> None:
    me = item.controller
    if not eff.drawn:
        queue[0:0] = [Draw(1), Connive(eff.what, True)]
        return
    hand = state.players[me].hand
    if not hand:
        return
    pick = asker.choose_many(Decision(
        _KIND_DISCARD, me, "connive: discard 1", options=list(hand), multi=True,
        min_count=1, max_count=1, source=item.source, about=Discarding("effect")))
    oid = hand[pick[0]]
    nonland = not state.objects[oid].card.is_land
    put_discarded(state, me, oid)
    if nonland and permanents(state, refs_of(state, item, eff.what)):
        queue[0:0] = [AddCounters(what=eff.what)]


def estimate(ev: Estimate, e: Connive) -> None:
    """A loot (a card drawn, one discarded: about the choice between them, 0.5) and a
    +1/+1 counter on my creature half the time (``add_counters``: 2.3 a counter)."""
    if e.drawn:
        return
    if len(ev.state.players[ev.me].library) < 1:
        ev.total -= 100.0
        return
    ev.total += 0.5 + COUNTER_CHANCE * 2.3


RULES = effect_rules(Connive, resolve=resolve, estimate=estimate, sign=helps("what"))
