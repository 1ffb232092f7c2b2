"""Planning escape (702.138) and delve (702.66) for the heuristic: both exile cards from
my graveyard, and other cards in my hand may want those cards where they are.

- ``counted_in_graveyard``: a card in my graveyard that a card in my hand counts for its
  cost ("This spell costs {1} less to cast for each instant and sorcery card in your
  graveyard": Tolarian Terror, 601.2f) is kept there while another card will pay.
- ``escape_starves``: an escape (its N other cards, 702.138a) is not cast when it would
  leave a delve card in hand without the graveyard cards its generic mana needs, or
  would have to exile cards a hand card's reduction counts (Mono-Blue Terror escaping
  Sleep of the Dead with its Tolarian Terror in hand and only instants in the yard).

Pure functions of the state (a player's view) and the card data: no game changes.
"""

from __future__ import annotations

from mtgsim.engine.cards.schema.amounts import CountCards
from mtgsim.engine.players.worth import lands_of
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.state.game_state import GameObject, GameState

# How much more a counted card is worth keeping than its kind ranks it (``_delve_keep``
# ranks lands 0, spells 10 and creatures 20 plus their mana value).
COUNTED_KEEP = 30.0


def _counting_filters(state: GameState, player: int) -> list[CountCards]:
    """The "for each [quality] card in your graveyard" counts of my hand's cards' cost
    reductions."""
    objects = state.objects
    out: list[CountCards] = []
    for oid in state.players[player].hand:
        for r in objects[oid].card.reductions:
            per = r.per
            if isinstance(per, CountCards) and per.zone == "graveyard" and per.who == "you":
                out.append(per)
    return out


def counted_in_graveyard(state: GameState, player: int, o: GameObject) -> bool:
    """Does a card in my hand count this graveyard card to cost less (601.2f)?"""
    return any(matches(state, c.filter, o, player) for c in _counting_filters(state, player))


def escape_starves(state: GameState, player: int, obj: GameObject, n: int) -> bool:
    """Would exiling ``n`` other graveyard cards for ``obj``'s escape leave a delve card
    in hand short of what pays its cost (the graveyard cards left and my lands, 702.66a),
    or take cards
    a hand card's cost reduction counts?"""
    objects = state.objects
    others = [objects[g] for g in state.players[player].graveyard if g != obj.oid]
    left = len(others) - n
    lands = lands_of(state, player)
    for oid in state.players[player].hand:
        card = objects[oid].card
        if "delve" in card.keyword_names and card.cost is not None and \
                left + lands < card.cost.mana_value:
            return True
    counts = _counting_filters(state, player)
    if counts:
        free = [o for o in others if not any(matches(state, c.filter, o, player)
                                             for c in counts)]
        if len(free) < n:
            return True
    return False
