"""Forecast (702.57): "Forecast — [Activated ability]" works only from a player's hand
(702.57a), only during the upkeep step of the card's owner and only once each turn
(702.57b); the card is revealed as the ability is activated (part of its cost: "Reveal
[this card] from your hand") and stays in the hand.

The activated ability itself is card text: an ``Activated`` with ``zone = "hand"``,
``upkeep_only`` and ``once_per_turn``, ``keyword = "forecast"`` and ``cost.reveal_self``.
The general activation rules enforce it (engine.rules.casting.can_activate): "hand" abilities
are offered only for cards in the hand of the player (its owner), ``upkeep_only`` only in
that player's own upkeep step, ``once_per_turn`` through the object's used-abilities mask
(cleared as each turn begins; a card that leaves the hand is a new object, 400.7).
Activations are counted as ``forecast_activations`` (engine.rules.casting)."""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, Activated, KeywordInstance
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles


@compiles("forecast")
def check_forecast(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    forecasts = [a for a in card.abilities if isinstance(a, Activated) and
                 a.keyword == "forecast"]
    if not forecasts:
        raise ValueError(f"{card.name}: Forecast needs its activated ability "
                         "(keyword = \"forecast\")")
    for a in forecasts:
        if a.zone != "hand" or not a.upkeep_only or not a.once_per_turn:
            raise ValueError(f"{card.name}: a forecast ability works from the hand, during "
                             "your upkeep, once each turn (702.57b)")
        if not a.cost.reveal_self:
            raise ValueError(f"{card.name}: a forecast ability reveals the card "
                             "(cost.reveal_self = true, 702.57b)")
    return []
