"""Ninjutsu [cost] (702.49).

702.49a: an activated ability that functions only while the card is in a player's hand:
"[Cost], Reveal this card from your hand, Return an unblocked attacking creature you
control to its owner's hand: Put this card onto the battlefield from your hand tapped
and attacking."

* the ability works from the hand (``zone="hand"``) at instant speed; the returned
  creature is part of the cost (``Cost.return_to_hand`` with ``Filter.unblocked``), so
  it can be activated only once blockers are declared (an attacking creature is neither
  blocked nor unblocked before, 509.1h) and while an attacker of yours is unblocked
  (702.49c): during the declare blockers step, the combat damage step or the end of
  combat step; the mana is paid first (601.2g-h), so the creature to return may tap
  for it but not be sacrificed for it (an Eldrazi Spawn: ``CostPart.stays``,
  ``payment.sacrificed_for_mana``);
* on resolution the card, if it is still in the hand (it is revealed, not moved, by
  the cost; a card that left the hand is a new object, 400.7), enters tapped and
  attacking the player the attackers attack (702.49c: the same one as the returned
  creature; the engine's attackers all attack one player). It is unblocked (509.1h:
  it was not blocked) and deals combat damage if the combat damage step is still to
  come;
* it was never declared as an attacker (508.4): its and other "whenever ... attacks"
  abilities don't trigger, and it is not among the creatures declared as attackers
  this turn (``attacked_this_turn``);
* if combat is already over when the ability resolves (it can't be: the ability is
  activated in combat and resolves before the step ends, 500.2), the card enters tapped.

The heuristic's use of it is ``engine.players.policies.ninjutsu_plan`` (which attacker
to swap for which ninja). Statistics: ``ninjutsus``.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import AbilityT, Activated, Cost, Effect, Filter, KeywordInstance
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import HAND, GameState, StackItem
from mtgsim.engine.state.stats import count

# "an unblocked attacking creature you control" (702.49a)
UNBLOCKED_ATTACKER = Filter(types=("creature",), controller="you", attacking=True,
                            unblocked=True)


class NinjutsuEnter(Effect, tag="ninjutsu_enter", frozen=True):
    """702.49a: put this card onto the battlefield from your hand tapped and attacking."""


@compiles("ninjutsu")
def compile_ninjutsu(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Activated(cost=Cost(mana=inst.cost, reveal_self=True,
                                return_to_hand=UNBLOCKED_ATTACKER),
                      zone="hand", keyword="ninjutsu", effects=(NinjutsuEnter(),))]


def ninjutsu_enter(state: GameState, item: StackItem, eff: Any, asker: Asker,
                   queue: list[Any]) -> None:
    card_obj = state.objects.get(item.source)
    if card_obj is None or card_obj.zone != HAND:
        return  # 400.7: the card left the hand; the ability does nothing
    new = rep.enter(state, card_obj, item.controller, tapped=True, asker=asker)
    if new is None:
        return
    count(state, item.controller, "ninjutsus")
    combat = state.combat
    if combat is None or new.controller != state.active:
        return
    # attacking (506.4), unblocked (509.1h), never declared as an attacker (508.4)
    combat.attackers.append(new.oid)
    combat.blocked[new.oid] = False
    combat.blockers[new.oid] = []


effect_rules(NinjutsuEnter, resolve=ninjutsu_enter, estimate=None, sign=unaffected,
             why_not_valued="not estimated: the ninjutsu activation is valued by the "
                            "ninjutsu planner (policies.ninjutsu_plan)")
