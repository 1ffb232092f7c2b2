"""Sneak [cost] (Teenage Mutant Ninja Turtles, 2026).

No Comprehensive Rules text for sneak was found (the search tool's corpora hold none);
this module implements the reminder text exactly: "You may cast this spell for [cost] if
you also return an unblocked attacker you control to hand during the declare blockers
step. He enters tapped and attacking."

* it is an alternative cost (118.9, 601.2b): the casting permission ``SNEAK`` (code 13,
  from the hand) pays the sneak cost rather than the mana cost, and returning the
  attacker is part of the total cost (601.2f), paid as 601.2h pays costs
  (``Cost.return_to_hand`` with ``Filter.unblocked``, the part ninjutsu's cost uses,
  702.49a). The spell uses the stack: it can be countered (the returned creature stays
  in its owner's hand: costs are not refunded, 601.2h) and "whenever you cast" triggers;
* timing: only during the declare blockers step (509), and only while an attacker of
  yours is unblocked, which needs blockers declared (509.1h); the permission casts the
  card at instant speed then (``CastPermission.instant``), whatever its type; cast
  otherwise (sorcery speed, its mana cost) it is a creature spell as usual (307.1);
* the permanent enters tapped and attacking (``CastPermission.enters_tapped`` and
  ``entered``): it was never declared as an attacker (506.3, 508.4), so "whenever ~
  attacks" abilities do not trigger and it is not among the creatures that attacked this
  turn; it attacks the player the attackers attack (the engine's attackers all attack one
  player: the returned creature's), and it is unblocked (509.1h: blockers were declared
  before it was attacking). If the spell resolves when combat is over it only enters
  tapped (it cannot: it is cast in the declare blockers step, and a step does not end
  while the stack holds a spell, 500.2).

The heuristic's use of it is ``engine.players.policies.sneak_plan`` (which attacker to
swap, in the spirit of ninjutsu's plan). Statistics: ``sneaks``.
"""

from __future__ import annotations

from mtgsim.engine.cards import Cost
from mtgsim.engine.keywords.ninjutsu import UNBLOCKED_ATTACKER
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.mana import ManaCost, parse_cost
from mtgsim.engine.rules.spell_costs import CastPermission, cast_permission
from mtgsim.engine.state.game_state import DECLARE_BLOCKERS, HAND, GameObject, GameState
from mtgsim.engine.state.stats import count

SNEAK_CAST = 13  # cast for its sneak cost (the reminder text)
# the cost's part other than mana: "return an unblocked attacker you control to hand"
SNEAK_RETURN = Cost(return_to_hand=UNBLOCKED_ATTACKER)


def _has(state: GameState, obj: GameObject) -> bool:
    return obj.zone == HAND and "sneak" in obj.card.keyword_names


def sneak_cost(state: GameState, obj: GameObject) -> list[ManaCost]:
    """The first sneak instance's cost, paid instead of the mana cost (118.9)."""
    return [parse_cost(obj.card.instances("sneak")[0].cost)]


def unblocked_attackers(state: GameState, player: int) -> list[int]:
    """The player's attacking creatures that are unblocked (509.1h), in attack order."""
    combat = state.combat
    if combat is None:
        return []
    objects = state.objects
    out = []
    for oid in combat.attackers:
        o = objects.get(oid)
        if o is not None and o.controller == player and combat.blocked.get(oid) is False:
            out.append(oid)
    return out


def can_sneak(state: GameState, player: int, obj: GameObject) -> bool:
    """"during the declare blockers step" and "an unblocked attacker you control" to
    return: the step, blockers declared (509.1h) and one such creature."""
    if state.step != DECLARE_BLOCKERS or state.combat is None:
        return False
    objects = state.objects
    for oid in unblocked_attackers(state, player):
        if matches(state, UNBLOCKED_ATTACKER, objects[oid], player, obj.oid):
            return True
    return False


def _other_cost(state: GameState, obj: GameObject, mana: ManaCost) -> Cost:
    return SNEAK_RETURN


def sneak_entered(state: GameState, new: GameObject) -> None:
    """"He enters tapped and attacking": attacking (506.3: never declared, so no
    "whenever ~ attacks" trigger, 508.4), unblocked (509.1h), the attackers' player."""
    combat = state.combat
    if combat is None or new.controller != state.active:
        return
    count(state, new.controller, "sneaks")
    combat.attackers.append(new.oid)
    combat.blocked[new.oid] = False
    combat.blockers[new.oid] = []


SNEAK = cast_permission(CastPermission(
    "sneak", code=SNEAK_CAST, zone=HAND, has=_has, costs=sneak_cost,
    other_payable=can_sneak, other_cost=_other_cost, instant=True, enters_tapped=True,
    entered=sneak_entered))
