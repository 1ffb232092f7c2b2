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
* the leave-the-battlefield replacement (614.6) is a LEAVE_HOOK of the unearthed
  permanent: dying, being sacrificed, bounced or put into a library, it goes to exile.

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
from mtgsim.engine.rules.replacement import LEAVE_HOOKS
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import (
    EXILE,
    GRAVEYARD,
    ContinuousEffect,
    DelayedTrigger,
    GameObject,
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


def unearthed_leaves(state: GameState, obj: GameObject, zone: int) -> int | None:
    return EXILE if obj.unearthed and zone != EXILE else None


def unearthed_attack(state: GameState, attackers: list[int]) -> None:
    for oid in attackers:
        o = state.objects[oid]
        if o.unearthed:
            count(state, o.controller, "unearthed_attackers")


LEAVE_HOOKS.append(unearthed_leaves)
ATTACK_HOOKS.append(unearthed_attack)


effect_rules(UnearthReturn, resolve=unearth_return, estimate=None, sign=unaffected,
             why_not_valued="not estimated: the unearth activation is valued by the activation planner (policies.activation)")
