"""The heuristic's use of sneak (``engine.keywords.sneak``), in the spirit of ninjutsu's
plan (``ninjutsu_plan``): on its own turn, in the declare blockers step with an empty
stack, swap an unblocked attacker for a sneak card from the hand when the swap gains.

* a creature: what it gains and gives up are ninjutsu's (``best_return``: its power
  and its "deals combat damage to a player" triggers, against the returned attacker's
  damage and the mana to cast it again; a token is never returned, lethal damage never
  given up), plus the mana the sneak cost saves over the mana cost (it would be cast for
  that later anyway), at ``SAVED_PER_MANA`` a mana;
* an instant or sorcery (a Technique): its effects' worth with the best targets
  (``spell_value``, the caller's planner), against the returned attacker's loss; its
  worth as a spell is what makes it worth casting, so a worth under ``SPELL_FLOOR``
  keeps it for later.

The attacker returned for the cost is chosen by ``best_return`` too
(``engine.players.policies.choice_costs``). In the first main phase a sneak card whose
sneak cost the mana pays is not cast for its mana cost while a creature of mine can
attack (``wait_for_sneak``): it waits for the declare blockers step, and if no swap comes
it is still cast in the second main phase, the mana unspent.
"""

from __future__ import annotations

from collections.abc import Callable

from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords.sneak import sneak_cost, unblocked_attackers
from mtgsim.engine.players.policies.ninjutsu_plan import best_return
from mtgsim.engine.rules.combat import possible_attackers
from mtgsim.engine.state.game_state import DECLARE_BLOCKERS, GameObject, GameState

# the mana a sneak cost saves over the mana cost, per mana
SAVED_PER_MANA = 0.5
# a spell worth less than this is kept for a main phase
SPELL_FLOOR = 1.0
# the least gain for which a swap is made
MIN_GAIN = 0.5


def _saved(state: GameState, obj: GameObject) -> float:
    return SAVED_PER_MANA * max(0, obj.card.mana_value - sneak_cost(state, obj)[0].mana_value)


def sneak_score(state: GameState, me: int, obj: GameObject,
                spell_value: Callable[[Card], float]) -> float:
    """The priority score of casting ``obj`` (in hand) for its sneak cost now: 0 when the
    swap gains too little or it is not the moment (the casting rules decide legality)."""
    if state.active != me or state.step != DECLARE_BLOCKERS or state.stack:
        return 0.0
    options = unblocked_attackers(state, me)
    card = obj.card
    if card.is_creature:
        pick = best_return(state, me, card, options)
        if pick is None:
            return 0.0
        gain = pick[1] + _saved(state, obj)
    else:
        value = spell_value(card)
        if value < SPELL_FLOOR:
            return 0.0
        # the spell deals no combat damage: the least costly attacker to give up
        pick = best_return(state, me, card, options)
        if pick is None:
            return 0.0
        gain = pick[1] + value + _saved(state, obj)
    if gain <= MIN_GAIN:
        return 0.0
    return 20.0 + gain


def wait_for_sneak(state: GameState, me: int, obj: GameObject, mana: int) -> bool:
    """Keep ``obj`` (a sneak card in hand) from its normal cast in the first main phase:
    its sneak cost fits ``mana`` and a nontoken creature of mine can attack (508.1a), so
    an unblocked attacker to swap may come in the declare blockers step."""
    if sneak_cost(state, obj)[0].mana_value > mana:
        return False
    objects = state.objects
    for oid in possible_attackers(state, me):
        if not objects[oid].token:
            return True
    return False
