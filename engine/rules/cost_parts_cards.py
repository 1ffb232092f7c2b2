"""Parts of costs that reveal or exile cards of a hidden or public zone other than the
source, registered after ``engine.rules.cost_parts``' (so they are checked and paid after
those, in the table's order):

- "reveal your hand" (701.16a): Land Grant's alternative cost (118.9);
- "exile the top N [quality] cards of your graveyard" (Spinning Darkness's alternative
  cost, 118.9): the N matching cards nearest the top (the graveyard's order is kept, top
  last), so nothing is chosen; payable only while N such cards are there;
- "Reveal X [quality] cards from your hand" (Martyr of Sands): any number of matching
  hand cards, chosen as the cost is (602.2b), X being how many (107.3, ``sets_x``: the
  ability's X on the stack);
- "choose a creature you control" and "reveal a creature card from your hand"
  (Monstrous Emergence's "[A] or [B]" additional cost, 601.2b): one object, chosen as
  the cost is; nothing happens to the creature (it may still tap for mana, 601.2g) and
  the card is revealed (701.16a). The spell remembers it (``StackItem.chosen``).
"""

from __future__ import annotations

from collections.abc import Callable

from mtgsim.engine.cards import Cost
from mtgsim.engine.rules.costs import CostPart, Payment, Stage, controlled, cost_part
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.zones import log, move, reveal
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import CostOf
from mtgsim.engine.state.game_state import EXILE, Decision, DecisionKind, GameObject, GameState

_KIND_COST = DecisionKind.COST


def _always(state: GameState, player: int, src: GameObject, cost: Cost,
            keeps: object) -> bool:
    return True


def _reveal_hand(p: Payment, chosen: tuple[int, ...]) -> None:
    """"Reveal your hand" (701.16a): every card in it is shown to all (the spell being
    cast too while it is still there); they stay in the hand."""
    state = p.state
    for oid in list(state.players[p.player].hand):
        reveal(state, state.objects[oid])
    if state.log is not None:
        log(state, "reveal", p.player, "hand")


REVEAL_HAND = cost_part(CostPart(
    "reveal_hand", ("reveal_hand",), present=lambda c: c.reveal_hand, can_pay=_always,
    pay=_reveal_hand, stage=Stage.PAID,
    why_no_choice="the whole hand is revealed: nothing to choose",
    why_not_valued="revealing a hand costs nothing but information, which the AI does "
                   "not model"))


def top_graveyard_cards(state: GameState, player: int, src: GameObject,
                        cost: Cost) -> list[int]:
    """The top ``cost.exile_graveyard_top`` cards of the player's graveyard matching
    ``cost.exile_graveyard_filter`` (fewer if there aren't that many), top first."""
    f = cost.exile_graveyard_filter
    objects = state.objects
    out: list[int] = []
    for oid in reversed(state.players[player].graveyard):
        if oid == src.oid:
            continue
        if f is None or matches(state, f, objects[oid], player, src.oid):
            out.append(oid)
            if len(out) == cost.exile_graveyard_top:
                break
    return out


def _top_payable(state: GameState, player: int, src: GameObject, cost: Cost,
                 keeps: object) -> bool:
    return len(top_graveyard_cards(state, player, src, cost)) >= cost.exile_graveyard_top


def _exile_top(p: Payment, chosen: tuple[int, ...]) -> None:
    state = p.state
    for oid in top_graveyard_cards(state, p.player, p.source, p.cost):
        move(state, state.objects[oid], EXILE)


EXILE_GRAVEYARD_TOP = cost_part(CostPart(
    "exile_graveyard_top", ("exile_graveyard_top", "exile_graveyard_filter"),
    present=lambda c: c.exile_graveyard_top > 0, can_pay=_top_payable, pay=_exile_top,
    stage=Stage.PAID,
    why_no_choice="the top matching cards of the graveyard are exiled: nothing to choose",
    worth=lambda w, src, c: 0.5 * c.exile_graveyard_top))


def _reveal_options(state: GameState, player: int, src: GameObject, cost: Cost) -> list[int]:
    f = cost.reveal_x
    objects = state.objects
    return [oid for oid in state.players[player].hand if oid != src.oid and (
        f is None or matches(state, f, objects[oid], player, src.oid))]


def _ask_reveal_x(state: GameState, asker: Asker, player: int, src: GameObject, cost: Cost,
                  keeps: object) -> tuple[int, ...]:
    """X and the cards (107.3, 602.2b): any number of the matching hand cards."""
    options = _reveal_options(state, player, src, cost)
    if not options:
        return ()
    picks = asker.choose_many(Decision(
        _KIND_COST, player, f"reveal cards for {src.card.name}", options=options,
        multi=True, min_count=0, max_count=len(options), source=src.oid,
        about=CostOf("reveal", src.card)))
    return tuple(options[i] for i in picks)


def _reveal_x(p: Payment, chosen: tuple[int, ...]) -> None:
    state = p.state
    for oid in chosen:
        reveal(state, state.objects[oid])
        if state.log is not None:
            log(state, "reveal", p.player, state.objects[oid].card.name)


REVEAL_X = cost_part(CostPart(
    "reveal_x", ("reveal_x",), present=lambda c: c.reveal_x is not None, can_pay=_always,
    pay=_reveal_x, stage=Stage.PAID, ask=_ask_reveal_x, ask_rank=2, sets_x=True,
    why_not_valued="revealing cards costs nothing but information, which the AI does "
                   "not model"))


def _chosen_one(kind: str) -> Callable[..., tuple[int, ...]]:
    """The question of "choose a [permanent] you control" (``kind`` "choose") or "reveal
    a [card] from your hand" ("reveal"): one object."""
    def ask(state: GameState, asker: Asker, player: int, src: GameObject, cost: Cost,
            keeps: object) -> tuple[int, ...]:
        options = _choose_options(state, player, src, cost) if kind == "choose" else \
            _reveal_card_options(state, player, src, cost)
        pick = asker.choose(Decision(
            _KIND_COST, player, f"{kind} for {src.card.name}", options=options,
            source=src.oid, about=CostOf("choose" if kind == "choose" else "reveal",
                                         src.card)))
        return (options[pick],)
    return ask


def _choose_options(state: GameState, player: int, src: GameObject, cost: Cost) -> list[int]:
    f = cost.choose
    assert f is not None
    return controlled(state, player, f, src.oid)


def _reveal_card_options(state: GameState, player: int, src: GameObject,
                         cost: Cost) -> list[int]:
    f = cost.reveal_card
    assert f is not None
    objects = state.objects
    return [oid for oid in state.players[player].hand
            if oid != src.oid and matches(state, f, objects[oid], player, src.oid)]


def _nothing(p: Payment, chosen: tuple[int, ...]) -> None:
    """Choosing a creature does nothing to it."""


CHOOSE = cost_part(CostPart(
    "choose", ("choose",), present=lambda c: c.choose is not None,
    can_pay=lambda state, player, src, c, k: bool(_choose_options(state, player, src, c)),
    pay=_nothing, stage=Stage.PAID, ask=_chosen_one("choose"), ask_rank=2, mana_first=True,
    why_not_valued="choosing a creature gives nothing up"))

REVEAL_CARD = cost_part(CostPart(
    "reveal_card", ("reveal_card",), present=lambda c: c.reveal_card is not None,
    can_pay=lambda state, player, src, c, k: bool(_reveal_card_options(state, player, src,
                                                                       c)),
    pay=_reveal_x, stage=Stage.PAID, ask=_chosen_one("reveal"), ask_rank=2,
    why_not_valued="revealing a card costs nothing but information, which the AI does "
                   "not model"))
