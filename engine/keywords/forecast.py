"""Forecast (702.57): "Forecast — [Activated ability]" works only from its owner's hand,
only during their upkeep and only once each turn (702.57b); the card is revealed.

The activated ability itself is card text (an ``Activated`` with ``zone = "hand"``,
``upkeep_only`` and ``once_per_turn``, ``keyword = "forecast"``); this module checks that
a card with the keyword has such an ability and that its restrictions are set."""

from __future__ import annotations

from engine.cards import AbilityT, Activated, CardDef, KeywordInstance
from engine.keywords import compiles


@compiles("forecast")
def check_forecast(card: CardDef, inst: KeywordInstance) -> list[AbilityT]:
    forecasts = [a for a in card.abilities if isinstance(a, Activated) and
                 a.keyword == "forecast"]
    if not forecasts:
        raise ValueError(f"{card.name}: Forecast needs its activated ability "
                         "(keyword = \"forecast\")")
    for a in forecasts:
        if a.zone != "hand" or not a.upkeep_only or not a.once_per_turn:
            raise ValueError(f"{card.name}: a forecast ability works from the hand, during "
                             "your upkeep, once each turn (702.57b)")
    return []
