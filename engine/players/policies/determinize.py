"""Determinization: a full game consistent with a player's view, for search.

``determinize(view, me, seed)`` turns ``me``'s view of a game (``engine.state.view``: the other
player's hand and library are ids or nothing, the generator is gone) into a complete game
that could be the real one, by dealing what ``me`` cannot see at random:

- the other player's unknown cards (their hand but the cards revealed from it, their
  library but the cards whose place ``me`` knows) are dealt from their deck list less
  every card of theirs ``me`` sees (``engine.state.view.decklist``: the open deck list a
  tournament gives), as fresh objects with new ids, so no hidden id shows through;
  without a deck list (a position set up by hand, a scenario, a decoded game) they are
  sampled from the cards of theirs ``me`` has seen, else from the game's card pool
  (``determinize_pool``);
- ``me``'s own library keeps the cards whose place they know and shuffles the rest;
- the game gets a new random generator (future shuffles and coin flips are unknown).

The view shows nothing hidden, so the result depends only on what ``me`` may know and on
``seed``: unknown cards are taken in a canonical order before the seeded deal, and
swapping the other player's hidden cards or reshuffling a library gives the same
determinization (``tests/players/test_search.py``). ``None`` when the cards seen do not fit
the deck list, or there is nothing to deal from.
"""

from __future__ import annotations

from collections import Counter

from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.determinize_pool import guessed_cards
from mtgsim.engine.players.policies.hand_inference import limited_deal
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.turn import stop_table
from mtgsim.engine.state.clone import SIGHT_DEALT, SIGHT_NONE, clone
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import HAND, LIBRARY, NONE, GameObject, GameState
from mtgsim.engine.state.rng import next_u64, shuffle
from mtgsim.engine.state.sight import Sight
from mtgsim.engine.state.view import decklist


def _shuffle(rng: int, items: list[int] | list[Card]) -> int:
    """``items`` shuffled in place by the generator state ``rng``; the new state. The
    engine's ``rng.shuffle``: the same Fisher-Yates swaps with ``randbelow`` written out
    (a deal shuffles two lists of about 40, a call per swap saved)."""
    return shuffle(rng, items)


def _card_key(card: Card) -> tuple[str, int]:
    return (card.name, card.handle)


def _unseen_cards(game: GameState, player: int) -> list[Card] | None:
    """``player``'s deck list less their cards ``game`` (a view's clone) holds, in a
    canonical order; None without a deck list or when more cards are seen than listed."""
    deck = decklist(game, player)
    if deck is None:
        return None
    left = Counter(c.handle for c in deck)
    by_handle = {c.handle: c for c in deck}
    for o in game.objects.values():
        if o.owner == player and not o.token:
            h = o.card.handle
            if left[h] <= 0:
                if h in by_handle:
                    return None  # more copies seen than the list has
                continue  # a card made in the game, not from the list
            left[h] -= 1
    cards = [by_handle[h] for h, n in left.items() for _ in range(n)]
    cards.sort(key=_card_key)
    return cards


def unseen_cards(view: GameState, me: int) -> list[Card] | None:
    """The cards of the other player's deck list ``me`` does not see in ``view``, in the
    canonical order a deal shuffles (None: no deck list, or more seen than listed): the
    same for every deal of one view, so a search finds them once per decision and gives
    them to each ``determinize`` (the view's clone holds the view's objects)."""
    return _unseen_cards(view, 1 - me)


def determinize(view: GameState, me: int, seed: int,
                land_limit: int | None = None,
                unseen: list[Card] | None = None) -> GameState | None:
    """A complete game consistent with ``me``'s ``view`` (see the module docstring);
    with ``land_limit`` (what the other player's public play says: ``hand_inference``)
    their hidden hand holds at most that many lands, dealt from the uniform deal
    conditioned on it (with a deck list; without one the deal stays uniform).
    ``unseen``: ``unseen_cards(view, me)`` when the caller has it (not changed here)."""
    # its sight is made once its cards are dealt (``redealt``); it shares the view's library
    # objects (``me``'s library: the view is not played on while the deal lives, and the
    # deal never is: a rollout's clone copies one before changing it, engine.state.clone)
    game = clone(view, SIGHT_NONE, True)
    game.log = None
    game.decisions = None
    rng, game.rng = next_u64(seed)
    objects = game.objects
    other = 1 - me
    theirs = game.players[other]
    hand = [oid for oid in theirs.hand if oid not in objects]
    holes = [i for i, oid in enumerate(theirs.library) if oid == NONE or oid not in objects]
    need = len(hand) + len(holes)
    if decklist(game, other) is None:  # no deck list: sample (determinize_pool)
        rng, cards = guessed_cards(game, other, need, rng)
    else:
        listed = _unseen_cards(game, other) if unseen is None else unseen.copy()
        if listed is None:
            return None
        cards = listed
        rng = _shuffle(rng, cards)
        if land_limit is not None and hand:
            rng = limited_deal(rng, cards, len(hand), land_limit)
    if len(cards) < need:
        return None
    dealt = iter(cards[:need])
    known_hand = [oid for oid in theirs.hand if oid in objects]
    fresh = []
    for _ in hand:
        fresh.append(add_card(game, next(dealt), other, HAND))
    theirs.hand = known_hand + fresh
    library = list(theirs.library)
    for i in holes:
        library[i] = add_card(game, next(dealt), other, LIBRARY)
    theirs.library = library
    # their face-down exiled cards (foretold, 702.143a: ``NONE`` in the view) are left
    # out: their cards stay among those ``me`` does not see (``_unseen_cards``)
    if NONE in theirs.exile:
        theirs.exile = [oid for oid in theirs.exile if oid != NONE]
    # my library: the cards whose place I know stay, the others are shuffled
    mine = game.players[me]
    bit = 1 << me
    free = [i for i, oid in enumerate(mine.library) if not objects[oid].known & bit]
    order = [mine.library[i] for i in free]
    rng = _shuffle(rng, order)
    library = list(mine.library)
    for i, oid in zip(free, order, strict=True):
        library[i] = oid
    mine.library = library
    redealt(game)
    game.sight.shared = view.objects
    return game


def redealt(game: GameState) -> None:
    """What a game derives from its hidden cards, made again after they were dealt (or
    changed: ``spell_inference``'s records).

    The characteristics are found again here, once for the deal, and not in each of its
    clones: a deal is never played on, and a clone copies its objects with their
    characteristics and its flags (``Derived.copy``), so each rollout began with a full
    refresh (613) of the same permanents to the same values (docs/performance.md, "A
    deal's characteristics found once"). The refresh reads the battlefield's objects,
    which the deal owns (it shares only library objects with the view), and the clone's
    next refresh is the one its own play calls for, as the engine's invalidation points
    say (engine.state.derived)."""
    game.derived.recount(game)  # the cards usable from a hand, dealt anew
    characteristics_changed(game)  # "for each card in a hand" statics: characteristics again
    ensure(game)
    stop_table(game)  # (each clone holds it: ``Derived.copy``)
    game.sight = Sight.of(game)


def clone_dealt(deal: GameState) -> GameState:
    """A clone of ``deal``, a determinization (``determinize``) not played on since it was
    dealt, to play one rollout on: its sight is the deal's mapped onto the clone's objects
    (``clone.SIGHT_DEALT``), which is what ``Sight.of`` would find again, in the same
    order, at a fraction of the cost (a search clones each deal once per rollout)."""
    return clone(deal, SIGHT_DEALT)


def add_card(game: GameState, card: Card, owner: int, zone: int) -> int:
    """A fresh object for a dealt card (a new id: hidden ids never show through); the
    caller puts its id in the zone's list."""
    oid = game.next_oid
    game.next_oid = oid + 1
    game.objects[oid] = GameObject(oid, card, owner, owner, zone, 0, card.color_mask, owner)
    return oid


__all__ = ["add_card", "clone_dealt", "determinize", "redealt", "unseen_cards"]
