"""The ``dig`` effect (Dig): its data, how it resolves and what the AI thinks it is worth.

"Look at the top N cards of your library. You may reveal a creature card from among them
and put it into your hand. Put the rest on the bottom of your library in any order."
(Lead the Stampede's "any number of", Impulse's "Put one of them into your hand",
Satyr Wayfinder's "Reveal the top four cards ... Put the rest into your graveyard."):
the controller looks at (or reveals, 701.20a) the top ``amount`` cards of their library,
puts up to ``take`` of those matching ``filter`` into their hand (``take`` 0: any number;
``must``: exactly that many while there are enough, as Impulse's "Put one of them"), and
puts the rest where ``rest`` says: on the bottom in any order (401.4) or in a random
order, or into their graveyard.

A card put into the hand "reveal[ed]" (``reveal_taken``) is shown to both players; a
revealed top (``reveal``) shows them all. The AI takes the cards it wants most
(``worth.card_want``): a card in hand is never worse than one at the bottom.
"""

from __future__ import annotations

from math import comb

from mtgsim.engine.cards import Amount, Effect, EffectT, Filter
from mtgsim.engine.effects.scry import ask_order, put_back, top_cards
from mtgsim.engine.players.worth import card_want, guess_amount
from mtgsim.engine.rules.effect import Estimate, amount_of, effect_rules, unaffected
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.zones import begin_event, end_event, log, move, reveal
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import (
    GRAVEYARD,
    HAND,
    Decision,
    DecisionKind,
    GameState,
    StackItem,
)
from mtgsim.engine.state.rng import shuffle

_KIND_TAKE = DecisionKind.LOOK_TAKE  # (a module constant: see DecisionKind)
DRAW_VALUE = 2.8  # a card drawn (``engine/effects/draw.py``)


class Dig(Effect, tag="dig", frozen=True):
    """The top ``amount`` cards looked at (``reveal``: revealed); up to ``take`` of those
    matching ``filter`` (None: any card) into the hand (0: any number; ``must``: as many
    as there are up to ``take``); the rest to ``rest``: "bottom" (in any order),
    "bottom_random" (in a random order) or "graveyard"."""

    amount: Amount = 1
    filter: Filter | None = None
    take: int = 1
    must: bool = False
    reveal: bool = False
    reveal_taken: bool = False
    rest: str = "bottom"


def resolve(state: GameState, item: StackItem, eff: Dig, asker: Asker,
            queue: list[EffectT]) -> None:
    me = item.controller
    cards = top_cards(state, me, amount_of(state, item, eff.amount))
    if not cards:
        return
    f = eff.filter
    eligible = [oid for oid in cards
                if f is None or matches(state, f, state.objects[oid], me, item.source)]
    most = len(eligible) if eff.take == 0 else min(eff.take, len(eligible))
    taken: list[int] = []
    if most:
        least = most if eff.must else 0
        picks = asker.choose_many(Decision(
            _KIND_TAKE, me, f"{item.label}: put up to {most} of these into your hand",
            options=eligible, multi=True, min_count=least, max_count=most,
            source=item.source))
        taken = [eligible[i] for i in picks]
    rest = [oid for oid in cards if oid not in taken]
    under: list[int] = []
    if eff.rest == "bottom":
        under = ask_order(asker, item, me, rest, "on the bottom")
    elif eff.rest == "bottom_random":  # (a random order: no question, 401.4)
        under = list(rest)
        state.rng = shuffle(state.rng, under)
    if eff.reveal:  # (every question asked: nothing changes before, 608.2)
        if state.log is not None:
            log(state, "reveal", me, ", ".join(state.objects[o].card.name for o in cards))
        for oid in cards:
            reveal(state, state.objects[oid])
    for oid in taken:
        o = state.objects[oid]
        if state.log is not None:
            log(state, "put_into_hand", me, o.card.name)
        new = move(state, o, HAND)
        if eff.reveal or eff.reveal_taken:
            reveal(state, new)
    if eff.rest == "graveyard":
        begin_event(state)
        for oid in rest:
            move(state, state.objects[oid], GRAVEYARD)
        end_event(state)
    else:
        put_back(state, me, [], under)


def take_best(state: GameState, d: Decision) -> list[int]:
    """The heuristic's answer to LOOK_TAKE: the cards it wants most, as many as it may
    (at least as many as it must): a card in the hand is worth more than one at the
    bottom of the library or in the graveyard."""
    me = d.player
    objects = state.objects
    ranked = sorted(range(len(d.options)),
                    key=lambda i: (-card_want(state, me, objects[d.options[i]].card), i))
    return sorted(ranked[:d.max_count])


def matching(state: GameState, me: int, f: Filter | None, source: int) -> int:
    """How many cards of my library match ``f`` (its contents, which its owner knows;
    never its order)."""
    objects = state.objects
    return sum(1 for oid in state.players[me].library if oid in objects
               and (f is None or matches(state, f, objects[oid], me, source)))


def expected_taken(size: int, hits: int, n: int, take: int) -> float:
    """The expected number of cards taken when ``n`` of a library of ``size`` cards,
    ``hits`` of them matching, are looked at: for "up to one" the (hypergeometric) chance
    of at least one match; for "any number of" (``take`` 0) the expected matches; for up
    to ``take`` the expected matches, at most ``take``."""
    n = min(n, size)
    if n <= 0 or hits <= 0:
        return 0.0
    if take == 1:
        return 1.0 - comb(size - hits, n) / comb(size, n)
    expected = n * hits / size
    return expected if take == 0 else min(float(take), expected)


def estimate(ev: Estimate, e: Dig) -> None:
    """A card drawn (2.8) for each card expected to be taken (``expected_taken``), and a
    little for the choice among several cards."""
    state, me = ev.state, ev.me
    n = guess_amount(state, e.amount, me, ev.source, ev.x)
    size = len(state.players[me].library)
    cards = expected_taken(size, matching(state, me, e.filter, ev.source), n, e.take)
    ev.total += DRAW_VALUE * cards + 0.1 * min(max(n - 1, 0), 4)
    ev.drawn += round(cards)


RULES = effect_rules(Dig, resolve=resolve, estimate=estimate, sign=unaffected)
