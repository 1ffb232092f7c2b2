"""What a game's state implies but does not hold: rebuilt after decoding or cloning, never
serialized (``GameState.derived``).

Here: the game's card table. Objects refer to cards by handle (``engine.card``): the
pool's cards (and the tokens they create) first, then the cards this game made as it went
(a text-changed copy, a spell with a gained keyword, a card of a test), whose definitions
the state keeps in ``GameState.extra_cards`` and this object holds compiled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgsim.engine.card import Card, CardPool, content_key
from mtgsim.engine.carddefs.carddef import CardDef

if TYPE_CHECKING:
    from mtgsim.engine.state import GameState


class Derived:
    """A game's derived data. ``pool`` is the pool the game was started (or decoded)
    with; ``extra`` the compiled ``GameState.extra_cards``, by handle past the pool's."""

    __slots__ = ("pool", "extra", "index")

    def __init__(self, pool: CardPool, extra_cards: list[CardDef],
                 compiled: list[Card] | None = None) -> None:
        self.pool = pool
        base = len(pool.cards)
        self.extra: list[Card] = list(compiled) if compiled is not None else [
            pool.compile(d, base + i) for i, d in enumerate(extra_cards)]
        self.index: dict[bytes, Card] = {content_key(c.defn): c for c in self.extra}

    def copy(self) -> Derived:
        """The derived data of a clone: the same pool and compiled cards."""
        return Derived(self.pool, [], self.extra)

    def card(self, handle: int) -> Card:
        """The card with ``handle`` in this game's table."""
        cards = self.pool.cards
        if 0 <= handle < len(cards):
            return cards[handle]
        i = handle - len(cards)
        if 0 <= i < len(self.extra):
            return self.extra[i]
        raise KeyError(f"no card with handle {handle} in this game's table "
                       f"({len(cards)} in the pool, {len(self.extra)} made in the game)")


def card_of(state: GameState, defn: CardDef) -> Card:
    """The card ``defn`` describes, as ``game_card`` finds it, but without adding it to the
    table (compiled apart when it is in neither): for a question about a card that may
    never exist, such as a policy's estimate of a token."""
    d = state.derived
    key = content_key(defn)
    card = d.pool.find(key) or d.index.get(key)
    return card if card is not None else d.pool.compile(defn, -1)


def game_card(state: GameState, defn: CardDef) -> Card:
    """The card ``defn`` describes, in this game's table: the pool's own card or token
    with that definition, else one this game made before, else ``defn`` compiled now and
    added to the table (and its definition to ``state.extra_cards``)."""
    d = state.derived
    key = content_key(defn)
    card = d.pool.find(key) or d.index.get(key)
    if card is None:
        card = d.pool.compile(defn, len(d.pool.cards) + len(d.extra))
        state.extra_cards.append(defn)
        d.extra.append(card)
        d.index[key] = card
    return card
