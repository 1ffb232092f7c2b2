"""Dredge N (702.52): "As long as you have at least N cards in your library, if you would
draw a card, you may instead mill N cards and return this card from your graveyard to
your hand." It works only from the graveyard, and for every draw (121.6), not just the
draw step. With fewer than N cards in the library it can't be used (702.52b)."""

from __future__ import annotations

from mtgsim.engine.rules.replacement import DRAW_HOOKS
from mtgsim.engine.rules.zones import log, mill, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import DecisionKind
from mtgsim.engine.state.game_state import HAND, NONE, Decision, GameObject, GameState
from mtgsim.engine.state.stats import count

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_DREDGE = DecisionKind.DREDGE


def dredge_value(card_obj: GameObject) -> int:
    """N of the card's dredge (0 without dredge). Asked of every graveyard card on
    every draw, so a card without the keyword is answered from its name set."""
    card = card_obj.card
    if "dredge" not in card.keyword_names:
        return 0
    for k in card.keyword_instances:
        if k.name == "dredge":
            return k.n
    return 0


def dredge(state: GameState, player: int, asker: Asker | None) -> bool:
    p = state.players[player]
    library_size = len(p.library)
    options = []
    for oid in reversed(p.graveyard):
        n = dredge_value(state.objects[oid])
        if n and library_size >= n:
            options.append(oid)
    if not options or asker is None:
        return False
    options.append(NONE)  # draw instead
    pick = asker.choose(Decision(_KIND_DREDGE, player, "dredge instead of drawing?",
                                 options=options))
    chosen = options[pick]
    if chosen == NONE:
        return False
    card_obj = state.objects[chosen]
    n = dredge_value(card_obj)
    mill(state, player, n)
    if state.log is not None:
        log(state, "dredge", player, card_obj.card.name, amount=n)
    move(state, card_obj, HAND)
    count(state, player, "cards_dredged")
    return True


DRAW_HOOKS.append(dredge)
