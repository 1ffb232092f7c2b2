"""Dredge N (702.52): "As long as you have at least N cards in your library, if you would
draw a card, you may instead mill N cards and return this card from your graveyard to
your hand." It works only from the graveyard, and for every draw (121.6), not just the
draw step. With fewer than N cards in the library it can't be used (702.52b).

Each card with dredge is a replacement effect of its own on the draw
(engine.rules.replacement.DRAW_RULES), and an optional one: the player chooses one of
them, or none (616.1; dredging one replaces the draw, so the others no longer apply).
When only dredge applies, that is one question of its own, ``DREDGE``: a card with
dredge, or NONE to draw; beside another kind of draw replacement it is an option of the
general ``REPLACEMENT`` question (engine.rules.replacement_order)."""

from __future__ import annotations

from mtgsim.engine.rules.replacement import DRAW_RULES, DrawRule
from mtgsim.engine.rules.replacement_order import Applicable, own_question
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


def dredgers(state: GameState, player: int) -> list[int]:
    """The cards with dredge in the player's graveyard that can dredge now (702.52b),
    from the top."""
    p = state.players[player]
    library_size = len(p.library)
    out = []
    for oid in reversed(p.graveyard):
        n = dredge_value(state.objects[oid])
        if n and library_size >= n:
            out.append(oid)
    return out


def ask_dredge(state: GameState, player: int, options: list[Applicable],
               asker: Asker) -> int:
    """Which card to dredge, or none (draw): the one question when only dredge applies."""
    cards = [a.source for a in options]
    return asker.choose(Decision(_KIND_DREDGE, player, "dredge instead of drawing?",
                                 options=[*cards, NONE]))


def dredge(state: GameState, player: int, chosen: int) -> None:
    """Instead of the draw: mill N and return the card to hand (702.52a)."""
    card_obj = state.objects[chosen]
    n = dredge_value(card_obj)
    mill(state, player, n)
    if state.log is not None:
        log(state, "dredge", player, card_obj.card.name, amount=n)
    move(state, card_obj, HAND)
    count(state, player, "cards_dredged")


own_question("dredge", ask_dredge)
DRAW_RULES.append(DrawRule("dredge", dredgers, dredge, optional=True))
