"""The heuristic's use of ninjutsu (702.49, ``engine.keywords.ninjutsu``): after blockers
are declared on its own turn, swap an unblocked attacker for a ninja from the hand when
the ninja gains more than the attacker gives up.

What a swap gains: the ninja's combat damage and its "deals combat damage to a player"
triggers (a card, a discard: about what a card is worth). What it gives up: the returned attacker's damage this
turn and the mana to cast it again; a creature whose enters ability would trigger again
gives up less (it is "already used"); a token is never returned (it ceases to exist in
the hand, 111.8, 704.5d). A swap that turns lethal damage into non-lethal is never
made, and the swap happens only in the declare blockers step, before combat damage
(later the ninja would deal none).
"""

from __future__ import annotations

from mtgsim.engine.cards import Activated, Triggered
from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.combat_ai import damage_of
from mtgsim.engine.state.game_state import DECLARE_BLOCKERS, GameObject, GameState

# a "deals combat damage to a player" trigger's worth: about a card (draw, discard)
TRIGGER_WORTH = 3.0
# what recasting the returned creature costs, per mana of its mana value
RECAST_PER_MANA = 0.6
# an enters-the-battlefield ability the returned creature will have again
ENTERS_AGAIN = 2.0


def _unblocked(state: GameState, me: int) -> list[GameObject]:
    combat = state.combat
    if combat is None:
        return []
    objects = state.objects
    return [objects[a] for a in combat.attackers
            if a in objects and objects[a].controller == me
            and combat.blocked.get(a) is False]


def _ninja_gain(card: Card) -> float:
    triggers = sum(1 for a in card.abilities if isinstance(a, Triggered)
                   and a.when == "deals_combat_damage_to_player")
    return float(max(0, card.power or 0)) + TRIGGER_WORTH * triggers


def _returned_loss(o: GameObject) -> float:
    card = o.card
    enters = any(isinstance(a, Triggered) and a.when == "enters" for a in card.abilities)
    return float(damage_of(o)) + RECAST_PER_MANA * card.mana_value - \
        (ENTERS_AGAIN if enters else 0.0)


def best_return(state: GameState, me: int, ninja: Card,
                options: list[int]) -> tuple[int, float] | None:
    """The attacker among ``options`` best returned for ``ninja`` and the swap's gain,
    or None when no swap gains or one would give up lethal damage."""
    attackers = _unblocked(state, me)
    total = sum(damage_of(o) for o in attackers)
    life = state.players[1 - me].life
    gain_in = _ninja_gain(ninja)
    best: tuple[int, float] | None = None
    for oid in options:
        o = state.objects[oid]
        if o.token:
            continue
        if total >= life and total - damage_of(o) + max(0, ninja.power or 0) < life:
            continue  # never give up lethal damage
        gain = gain_in - _returned_loss(o)
        if best is None or gain > best[1] or (gain == best[1] and oid < best[0]):
            best = (oid, gain)
    return best


def ninjutsu_score(state: GameState, me: int, ninja: GameObject, ab: Activated) -> float:
    """The priority score of activating ``ab`` (a ninjutsu ability of ``ninja``, in hand)."""
    if state.active != me or state.step != DECLARE_BLOCKERS or state.stack:
        return 0.0
    options = [o.oid for o in _unblocked(state, me)]
    pick = best_return(state, me, ninja.card, options)
    if pick is None or pick[1] <= 0.5:
        return 0.0
    return 20.0 + pick[1]
