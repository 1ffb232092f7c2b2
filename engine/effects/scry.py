"""The ``scry`` effect (Scry): its data, how it resolves and what the AI thinks it is worth.

"Scry N" (701.22a): the player looks at the top N cards of their library, then puts any
number of them on the bottom of their library in any order and the rest on top in any
order. Scry 0 is no scry at all (701.22b). The cards stay in the library the whole time:
nothing is drawn, revealed or milled, and the player knows where each of them went.

The module also holds what the family of "look at the top cards" effects shares
(``engine/effects/surveil.py``, ``engine/effects/dig.py``): the top cards, putting cards
back on top or on the bottom in the order the player chooses (401.4), and the AI's
choice of which cards are worth keeping on top (``keep_on_top``), which the heuristic
asks for scry's and surveil's questions.
"""

from __future__ import annotations

from mtgsim.engine.cards import Amount, Effect, EffectT
from mtgsim.engine.players.worth import card_want, guess_amount
from mtgsim.engine.rules.effect import Estimate, amount_of, effect_rules, unaffected
from mtgsim.engine.rules.zones import look_at
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import Decision, DecisionKind, GameState, StackItem

# Enum members read in functions, as module constants (see DecisionKind)
_KIND_BOTTOM = DecisionKind.LOOK_BOTTOM
_KIND_ORDER = DecisionKind.LIBRARY_ORDER

# A looked-at card the AI wants at least this much (``worth.card_want``: a land while it
# has fewer than six is 5 or 9, a castable spell 3 or more) stays on top; below it (a
# land too many, a spell it cannot cast soon, removal with nothing to remove) it goes.
KEEP = 2.5
# What looking at one card more is worth to the AI, for scry and surveil: about a tenth
# of a draw (``draw.py``: 2.8), counting at most three cards (more rarely changes the
# next draw more).
PER_CARD = 0.3


class Scry(Effect, tag="scry", frozen=True):
    """"Scry N": the controller looks at the top ``amount`` cards of their library and
    puts any number on the bottom, the rest on top, each group in the order they choose
    (701.22a)."""

    amount: Amount = 1


def top_cards(state: GameState, player: int, n: int) -> list[int]:
    """The top ``n`` cards of ``player``'s library, the top card first (fewer if the
    library has fewer)."""
    library = state.players[player].library
    return list(reversed(library[-n:])) if n > 0 else []


def ask_order(asker: Asker, item: StackItem, player: int, cards: list[int],
              where: str) -> list[int]:
    """The order ``player`` puts ``cards`` in (top first), asked when there are two or
    more (401.4: the player told to put them there chooses)."""
    if len(cards) < 2:
        return list(cards)
    picks = asker.choose_many(Decision(
        _KIND_ORDER, player, f"{item.label}: put these {where} in any order (top first)",
        options=cards, multi=True, min_count=len(cards), max_count=len(cards),
        source=item.source))
    return [cards[i] for i in picks]


def pick_any(asker: Asker, item: StackItem, cards: list[int], kind: DecisionKind,
             where: str) -> tuple[list[int], list[int]]:
    """The cards of ``cards`` the controller puts ``where`` (any number of them: scry's
    bottom, 701.22a; surveil's graveyard, 701.25a), and the rest, each in ``cards``'
    order: one question, the same for both keywords."""
    picks = asker.choose_many(Decision(
        kind, item.controller, f"{item.label}: put any number of these {where}",
        options=cards, multi=True, min_count=0, max_count=len(cards), source=item.source))
    picked = [cards[i] for i in picks]
    return picked, [oid for oid in cards if oid not in picked]


def put_back(state: GameState, player: int, top: list[int], bottom: list[int]) -> None:
    """Put cards of ``player``'s library (taken out of it or not) back: ``top`` on top and
    ``bottom`` on the bottom, each list top first. The player knows where they are."""
    library = state.players[player].library
    for oid in top + bottom:
        if oid in library:
            library.remove(oid)
    for oid in reversed(top):  # the list's end is the top: the first of ``top`` goes last
        library.append(oid)
    library[0:0] = list(reversed(bottom))  # index 0 is the bottom: the last of ``bottom``
    for oid in top + bottom:
        look_at(state, state.objects[oid], player)


def resolve(state: GameState, item: StackItem, eff: Scry, asker: Asker,
            queue: list[EffectT]) -> None:
    me = item.controller
    cards = top_cards(state, me, amount_of(state, item, eff.amount))
    if not cards:
        return  # scry 0, or an empty library: no scry (701.22b)
    bottom, rest = pick_any(asker, item, cards, _KIND_BOTTOM, "on the bottom")
    top = ask_order(asker, item, me, rest, "on top")
    under = ask_order(asker, item, me, bottom, "on the bottom")
    put_back(state, me, top, under)


def keep_on_top(state: GameState, d: Decision) -> list[int]:
    """The heuristic's answer to scry's and surveil's question (LOOK_BOTTOM,
    LOOK_GRAVEYARD): each card of my own library I want less than ``KEEP`` goes, the
    others stay on top (scry and surveil look at the scrying player's own library)."""
    me = d.player
    objects = state.objects
    out = []
    for i, oid in enumerate(d.options):
        o = objects[oid]
        if o.owner == me and card_want(state, me, o.card) < KEEP:
            out.append(i)
    return out[:d.max_count]


def looked_value(n: int) -> float:
    """What looking at ``n`` of my top cards and choosing where they go is worth."""
    return PER_CARD * min(max(n, 0), 3)


def estimate(ev: Estimate, e: Scry) -> None:
    """A little selection (``looked_value``): it changes which card comes next, not how
    many; with an empty library it is nothing."""
    n = guess_amount(ev.state, e.amount, ev.me, ev.source, ev.x)
    n = min(n, len(ev.state.players[ev.me].library))
    ev.total += looked_value(n)


RULES = effect_rules(Scry, resolve=resolve, estimate=estimate, sign=unaffected)
