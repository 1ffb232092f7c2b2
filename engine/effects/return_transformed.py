"""The ``return_transformed`` effect (ReturnTransformed): "Return this card to the
battlefield transformed under its owner's control" (craft, 702.167a) and "return it to
the battlefield transformed under your control" (a Saga's last chapter after "Exile this
Saga", The Modern Age): its data, how it resolves and what the AI thinks it is worth.

- 400.7: the card left the battlefield (exiled by the ability's cost, 702.167a, or by the
  effect before it) and is a new object; ``what`` ("self_card") follows the source to
  the card it became. It returns only from exile, where the instruction left it: a card
  that has moved on since stays where it is.
- 712.14: put onto the battlefield transformed, it enters with its back face up (its
  "enters" abilities and replacement effects are the back face's); a card that is not a
  transforming double-faced card stays in exile (712.14a). Entering transformed is not
  transforming (701.28): the permanent is a new object and nothing "transforms".
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.worth import card_creature_value
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, effect_rules, helps
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import card_of
from mtgsim.engine.state.game_state import EXILE, GameState, StackItem


class ReturnTransformed(Effect, tag="return_transformed", frozen=True):
    """Return the card ``what`` names from exile to the battlefield, back face up, under
    its owner's (craft) or the ability's controller's ("under your control") control."""

    what: str = "self_card"
    under: Literal["owner", "you"] = "owner"


def resolve(state: GameState, item: StackItem, eff: ReturnTransformed, asker: Asker,
            queue: list[EffectT]) -> None:
    for r in refs_of(state, item, eff.what):
        card_obj = state.objects.get(r)
        if card_obj is None or card_obj.zone != EXILE or card_obj.card.back is None:
            continue  # 400.7: moved on; 712.14a: no back face, it stays
        ctrl = card_obj.owner if eff.under == "owner" else item.controller
        rep.enter(state, card_obj, ctrl, asker=asker, transformed=True)


# The turns a recurring trigger of the face is counted for: what an "at the beginning of
# your upkeep" drain (Consuming Sepulcher) is worth beyond the permanent's own worth.
RECURRING_TURNS = 3
_RECURRING = ("upkeep", "end_step", "each_upkeep", "begin_combat")


def face_value(card: Card) -> float:
    """A face's worth on the battlefield from its printed characteristics (as
    ``engine.effects.transform`` weighs a face)."""
    return card_creature_value(card) if card.is_creature else 2.0 + 0.5 * card.mana_value


def recurring_value(ev: Estimate, card: Card) -> float:
    """What the face's triggers at the beginning of a step of each turn do over
    ``RECURRING_TURNS`` turns, estimated as effects of ``ev``'s source for ``ev.me``."""
    total = 0.0
    for ab in card.triggered:
        if ab.when in _RECURRING and not ab.targets:
            total += RECURRING_TURNS * ev.nested(ab.effects)
    return total


def estimate(ev: Estimate, e: ReturnTransformed) -> None:
    """The back face's worth on the battlefield (its characteristics', and what its
    triggers at the beginning of each turn's steps do over a few turns), to whoever
    controls it: the card's own face leaving is the cost's ("Exile this artifact") or
    the exile effect's before it."""
    src = ev.state.objects.get(ev.source)
    if src is None:
        return
    card = src.front if src.front is not None else src.card
    if card.back is None:
        return
    back = card_of(ev.state, card.back)
    worth = face_value(back) + recurring_value(ev, back)
    ev.total += worth if e.under == "you" or src.owner == ev.me else -worth


RULES = effect_rules(ReturnTransformed, resolve=resolve, estimate=estimate,
                     sign=helps("what"))
