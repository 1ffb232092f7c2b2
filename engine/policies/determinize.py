"""Determinization: a full game consistent with what one player may know, for search.

``determinize(state, me, seed)`` is a ``clone`` of the game in which everything ``me``
cannot see is dealt again at random: the other player's hand and library are re-dealt
from the multiset of their cards ``me`` has not seen (their deck list less every card
seen: what is left of it is exactly the cards in those two hidden zones, whose count is
public), ``me``'s own library is shuffled (they know its cards, not their order), and
the game's random generator is replaced (future shuffles and coin flips are unknown).

The result depends only on what ``me`` may know and on ``seed``: the hidden objects are
taken in id order and the hidden cards in a canonical order before the deal, so
swapping the other player's hidden cards between hand and library, or reshuffling either
library, gives the same determinization (``tests/test_search.py`` checks it). Hidden
objects are rebuilt as fresh cards of their zone (no counters, no timestamp), since
nothing about a card in a hand or library but the card itself is known.
"""

from __future__ import annotations

from mtgsim.engine.card import Card
from mtgsim.engine.clone import clone
from mtgsim.engine.rng import next_u64, randbelow
from mtgsim.engine.state import HAND, LIBRARY, GameObject, GameState


def _shuffle(rng: int, items: list[int] | list[Card]) -> int:
    for i in range(len(items) - 1, 0, -1):
        rng, j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]  # type: ignore[assignment]
    return rng


def _fresh(old: GameObject, card: Card, zone: int) -> GameObject:
    return GameObject(old.oid, card, old.owner, old.owner, zone, 0, card._color_mask,
                      old.owner)


def _card_key(card: Card) -> tuple[str, int]:
    return (card.name, card.handle)


def determinize(state: GameState, me: int, seed: int) -> GameState:
    """A clone of ``state`` with what ``me`` cannot know dealt at random from ``seed``
    (see the module docstring); no log and no recorded answers (a search's rollouts
    need neither)."""
    game = clone(state)
    game.log = None
    game.decisions = None
    rng = seed
    rng, game.rng = next_u64(rng)
    objects = game.objects
    # my library: its cards in a random order
    mine = game.players[me]
    library = sorted(mine.library)
    rng = _shuffle(rng, library)
    mine.library = library
    # the other's hand and library: their cards dealt again
    other = game.players[1 - me]
    hand_n = len(other.hand)
    hidden = sorted(other.hand + other.library)
    cards = sorted((objects[oid].card for oid in hidden), key=_card_key)
    rng = _shuffle(rng, cards)
    derived = game.derived
    before = sum(1 for oid in other.hand if objects[oid].card._zone_actions)
    for k, oid in enumerate(hidden):
        zone = HAND if k < hand_n else LIBRARY
        objects[oid] = _fresh(objects[oid], cards[k], zone)
    other.hand = hidden[:hand_n]
    other.library = hidden[hand_n:]
    after = sum(1 for oid in other.hand if objects[oid].card._zone_actions)
    derived.zone_action_cards[1 - me] += after - before
    derived.dirty = True  # "for each card in a hand" statics: characteristics again
    return game


__all__ = ["determinize"]
