"""The unknown cards of a player whose deck list is not known: what a determinization
deals when the game was not started from deck lists (a position set up by hand, a rules
scenario, a decoded game).

A tournament gives both deck lists (``engine.state.view.decklist``), and ``determinize``
deals the other player's hidden cards from theirs. Without one, refusing the deal left
the search to play the heuristic's answer (issue 37). Instead the hidden cards are
sampled, each on its own (with replacement, the prior of a deck built from those
cards), from:

1. the cards of that player the deciding player sees (their permanents, graveyard,
   exile, the stack, cards revealed), one entry per card seen, so a deck that showed
   three Lightning Bolts is dealt more Bolts than a card seen once; else
2. the game's card pool (``Derived.pool``, the cards the game's format is played with:
   the named cards, not the tokens their effects make), each card once.

Both sources are read from the view in a canonical order (card name, then handle), so
the sample depends only on what the deciding player may know and on the seed.
"""

from __future__ import annotations

from mtgsim.engine.cards.card import Card
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.rng import randbelow


def _card_key(card: Card) -> tuple[str, int]:
    return (card.name, card.handle)


def seen_cards(game: GameState, player: int) -> list[Card]:
    """``player``'s cards that ``game`` (a view's clone) holds, one entry per object
    (tokens left out: they are made, not drawn), in a canonical order."""
    cards = [o.card for o in game.objects.values() if o.owner == player and not o.token]
    cards.sort(key=_card_key)
    return cards


def pool_cards(game: GameState) -> list[Card]:
    """The named cards of the game's card pool, in name order (a pool iterates its
    names sorted; the tokens, past the named cards, are not drawn)."""
    pool = game.derived.pool
    return [pool[name] for name in sorted(pool)]


def guessed_cards(game: GameState, player: int, need: int, rng: int) -> tuple[int, list[Card]]:
    """``need`` cards for ``player``'s unknown cards, drawn with replacement from the
    cards of theirs seen, else from the game's card pool (module docstring); the
    generator after the draws, and the cards (empty when there is nothing to draw
    from)."""
    source = seen_cards(game, player) or pool_cards(game)
    if not source:
        return rng, []
    out: list[Card] = []
    for _ in range(need):
        rng, j = randbelow(rng, len(source))
        out.append(source[j])
    return rng, out


__all__ = ["guessed_cards", "pool_cards", "seen_cards"]
