"""Unearth [cost] (702.84).

702.84a: an activated ability that functions while the card is in a graveyard: "[Cost]:
Return this card from your graveyard to the battlefield. It gains haste. Exile it at the
beginning of the next end step. If it would leave the battlefield, exile it instead of
putting it anywhere else. Activate only as a sorcery."

* works only in the graveyard (``zone="graveyard"``), only its owner's (the legal
  actions look at the player's own graveyard), only at sorcery speed (307.1);
* it enters as a new object (its enters abilities trigger) under your control with an
  effect giving it haste for as long as it stays on the battlefield;
* "the next end step": a delayed trigger (603.7) at the beginning of the next end step,
  whoever's turn it is, exiling that object (not a later new object of the same card);
* the leave-the-battlefield replacement (614.6) is a ``ZONE_RULES`` effect of the
  unearthed permanent: dying, being sacrificed, bounced or put into a library, it goes
  to exile. It modifies the event (where it goes) rather than replacing it, so when the
  permanent would be destroyed and regeneration or umbra armor would apply too, its
  controller chooses the order (616.1) and the others still apply after it (616.1e): a
  regenerated or umbra-saved unearthed creature stays, and "dies" never triggers for an
  unearthed creature that leaves (it goes to exile, not a graveyard).

Statistics: ``unearths``, ``unearth_activations``, ``unearthed_attackers``.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    KW_HASTE,
    AbilityT,
    Activated,
    Cost,
    Effect,
    KeywordInstance,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.exile import Exile
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.combat import ATTACK_HOOKS
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.rules.replacement import ZoneChange, ZoneRule, zone_rule
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import (
    EXILE,
    GRAVEYARD,
    ContinuousEffect,
    DelayedTrigger,
    GameState,
    StackItem,
)
from mtgsim.engine.state.stats import count


class UnearthReturn(Effect, tag="unearth_return", frozen=True):
    """702.84a: return to the battlefield with haste, exiled at the next end step."""

EXILE_AT_END = Triggered(when="end_step", effects=(Exile(what="it"),), keyword="unearth")


@compiles("unearth")
def compile_unearth(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Activated(cost=Cost(mana=inst.cost), sorcery_speed=True, zone="graveyard",
                      keyword="unearth", effects=(UnearthReturn(),))]


def unearth_return(state: GameState, item: StackItem, eff: Any, asker: Asker,
                   queue: list[Any]) -> None:
    card_obj = state.objects.get(item.source)
    if card_obj is None or card_obj.zone != GRAVEYARD:
        return
    new = rep.enter(state, card_obj, item.controller, asker=asker)
    if new is None:
        return
    new.unearthed = True
    state.clock += 1
    state.effects.append(ContinuousEffect(new.oid, state.clock, kw=KW_HASTE, until_eot=False))
    characteristics_changed(state)
    state.delayed.append(DelayedTrigger(
        "end_step", item.controller, new.oid, new.card, EXILE_AT_END, state.clock,
        any_player=True, subject=new.oid, subject_lki=new))
    count(state, item.controller, "unearths")


def unearthed(state: GameState, event: ZoneChange) -> list[int]:
    """702.84a: "If it would leave the battlefield, exile it instead of putting it
    anywhere else": the unearthed permanent, unless it is going to exile anyway."""
    obj = event.obj
    return [obj.oid] if obj.unearthed and event.zone != EXILE else []


def to_exile(event: ZoneChange) -> None:
    event.zone = EXILE


def unearthed_attack(state: GameState, attackers: list[int]) -> None:
    for oid in attackers:
        o = state.objects[oid]
        if o.unearthed:
            count(state, o.controller, "unearthed_attackers")


UNEARTH = zone_rule(ZoneRule("unearth", unearthed, ends=False, modify=to_exile))
ATTACK_HOOKS.append(unearthed_attack)


effect_rules(UnearthReturn, resolve=unearth_return, estimate=None, sign=unaffected,
             why_not_valued="not estimated: the unearth activation is valued by the activation planner (policies.activation)")
