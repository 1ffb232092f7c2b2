"""The heuristic's estimate of a special action other than playing a land (116.2): plot
(702.170a, ``engine.keywords.plot``) and foretell (702.143a, ``engine.keywords.foretell``).

Both spend mana now for a cheaper spell on a later turn, so both are worth something
only with mana left over: in the second main phase, once nothing else scores (anything
worth doing now comes first; the score, 0.5, is below any spell's worth casting). A
plotted card is then cast for free. A foretold card costs its foretell cost later and
{2} now: foretelling is worth it only when the foretell cost is less than the card's
mana cost (Behold the Multiverse: {1}{U} later instead of {3}{U}), else it only spends
{2} and shows that a card was foretold.
"""

from __future__ import annotations

from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords.foretell import FORETELL_ACTION, foretell_cost
from mtgsim.engine.state.game_state import MAIN2, GameState

LEFTOVER = 0.5  # a special action with mana left over in the second main phase


def special_score(state: GameState, card: Card, code: int) -> float:
    """The worth of taking special action ``code`` with ``card`` now (0: not now)."""
    if state.step != MAIN2:
        return 0.0
    if code == FORETELL_ACTION and foretell_cost(card).mana_value >= card.mana_value:
        return 0.0
    return LEFTOVER
