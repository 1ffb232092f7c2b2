"""The heuristic's choice between the two casts of a card with bestow
(``engine.keywords.bestow``, 702.103a): the creature for its mana cost, scored as any
creature (``CastScorer._creature_score``: 20 + its mana value in a main phase), or
bestowed for its bestow cost, an Aura on a creature (702.103b).

Bestowed, the card gives a creature already on the battlefield its bonus at once (the
creature can attack with it this turn when it is not summoning sick), and it outlives that
creature: when the creature leaves, the Aura stays as the creature the card is
(702.103f). So the bestowed cast is preferred whenever the mana (less what is kept for
other spells) pays the bestow cost and a creature of mine is worth enchanting
(``CastScorer._aura_score`` chooses the host, and says 0 when none is): it then scores
``ABOVE_CREATURE`` over the creature cast's 20 + mana value (the bestow cost, always the
larger, makes the creature cast of the same card score less), ``HOST_READY`` more when
the host can attack this turn. Its bonus is never given to an opponent's creature (the
host must be mine). With no host, or the bestow cost over the mana kept, the creature is
cast.
"""

from __future__ import annotations

from mtgsim.engine.cards import KW_HASTE
from mtgsim.engine.state.game_state import GameState

# the bestowed cast's score over the creature cast's base (20 + the bestow cost's mana value)
ABOVE_CREATURE = 0.5
# more when the host can attack this turn (not summoning sick, or with haste)
HOST_READY = 1.0
CREATURE_BASE = 20.0  # the creature cast's base score in a main phase (_creature_score)


def bestow_score(state: GameState, me: int, host: int, aura_score: float,
                 cost_mana_value: int) -> float:
    """The priority score of casting a card bestowed onto ``host`` (the host the Aura
    scorer chose, ``aura_score`` its score; 0: no host worth it)."""
    if aura_score <= 0.0:
        return 0.0
    obj = state.objects.get(host)
    if obj is None or obj.controller != me:
        return 0.0
    score = CREATURE_BASE + cost_mana_value + ABOVE_CREATURE
    if state.active == me and (not obj.sick or obj.kw & KW_HASTE):
        score += HOST_READY
    return score
