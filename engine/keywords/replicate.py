"""Replicate (702.56).

702.56a Replicate is a keyword that represents two abilities. The first is a static
ability that functions while the spell with replicate is on the stack: "As an additional
cost to cast this spell, you may pay [cost] any number of times" (the additional cost
``REPLICATE`` of engine.rules.spell_costs, asked by engine.rules.casting before kicker as the
"replicate" decision, one per instance, and added to the total cost: 601.2b, 601.2f-h). The second is a triggered ability that functions while the
spell is on the stack: "When you cast this spell, if a replicate cost was paid for it,
copy it for each time its replicate cost was paid. If the spell has any targets, you may
choose new targets for any of the copies."

* The trigger has an intervening "if" (603.4, ``ReplicatePaid``): it triggers only if
  that instance was paid, and checks again on resolution, from the spell's record as it
  was cast if it has left the stack; the copies are made even if the original was
  countered (last known information).
* Copies are not cast (707.10): they don't trigger cast abilities and aren't replicated.
* Replicate granted by another object ("Each instant and sorcery spell you cast has
  replicate. The replicate cost is equal to its mana cost": a static ability with
  ``spells_have``) is one more instance of the spell, with its own payment and trigger.

702.56b Multiple instances are paid separately and trigger based on their own payments:
one "replicate" decision and one triggered ability per instance, by instance index
(printed instances first, then granted ones in timestamp order).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mtgsim.engine.cards import (
    AbilityT,
    Effect,
    KeywordInstance,
    ReplicatePaid,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules.conditions import condition_holds, condition_rule
from mtgsim.engine.rules.copies import choose_new_targets, copy_spell
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.mana import parse_cost
from mtgsim.engine.rules.payment import total_cost
from mtgsim.engine.rules.spell_costs import AdditionalCost, SpellPlan, additional_cost, plan_fits
from mtgsim.engine.rules.triggers import CAST_HOOKS, queue_trigger
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import ForSpell
from mtgsim.engine.state.game_state import Decision, DecisionKind, GameObject, GameState, StackItem
from mtgsim.engine.state.stats import count

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_REPLICATE = DecisionKind.REPLICATE


class ReplicateCopies(Effect, tag="replicate_copies", frozen=True):
    """702.56a: copy the spell once per payment of this replicate instance."""

    instance: int = 0


@cache
def replicate_trigger(index: int) -> Triggered:
    """The triggered half of replicate instance ``index`` (702.56a)."""
    return Triggered(when="cast_self", effects=(ReplicateCopies(index),),
                     keyword="replicate", condition=ReplicatePaid(index))


@compiles("replicate")
def compile_replicate(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    index = [k for k in card.keyword_instances if k.name == "replicate"].index(inst)
    return [replicate_trigger(index)]


def granted_instances(state: GameState, player: int, spell: GameObject) -> list[KeywordInstance]:
    """Replicate that permanents the player controls give the spell ("Each instant and
    sorcery spell you cast has replicate. The replicate cost is equal to its mana cost."):
    one instance per such ability, in timestamp order."""
    out = []
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller != player or o.lost_abilities or not o.card.statics:
            continue
        for st in o.card.statics:
            if st.applies_to != "spells_you_cast":
                continue
            for text in st.spell_keywords:
                low = text.strip().lower()
                if low != "replicate" and not low.startswith("replicate "):
                    continue
                if st.condition is not None and not condition_holds(
                        state, st.condition, player, o):
                    continue
                if not matches(state, st.filter, spell, player, o.oid):
                    continue
                cost = spell.card.mana_cost if st.spell_keyword_cost == "mana_cost" else \
                    text.strip()[len("replicate"):].strip()
                if cost:
                    out.append(KeywordInstance("replicate", cost=cost, text=text))
    return out


def replicate_instances(state: GameState, player: int, spell: GameObject) -> list[KeywordInstance]:
    """Every replicate instance the spell has as it is cast: printed, then granted."""
    return spell.card.instances("replicate") + granted_instances(state, player, spell)


def may_replicate(state: GameState, obj: GameObject) -> bool:
    """Printed replicate, or a permanent that may give spells replicate."""
    return "replicate" in obj.card.keyword_names or state.derived.counts.spell_granters > 0


def ask_replicate(state: GameState, asker: Asker, player: int, obj: GameObject,
                  plan: SpellPlan, units: list[int]) -> None:
    """702.56a-b: how many times to pay each instance (up to what can be paid, at most
    20), asked also when the spell is cast without paying its mana cost (601.2b)."""
    for inst in replicate_instances(state, player, obj):
        rcost = parse_cost(inst.cost)
        top = 0
        while True:
            symbols, generic = total_cost(plan.mana + [rcost] * (top + 1), plan.x)
            if not plan_fits(state, player, plan, symbols, generic, units) or top >= 20:
                break
            top += 1
        n = asker.choose(Decision(
            _KIND_REPLICATE, player, f"pay replicate {inst.cost} how many times?",
            options=list(range(top + 1)), source=obj.oid,
            about=ForSpell(obj.card, inst.cost))) if top else 0
        plan.replicate_counts.append(n)
        plan.mana.extend([rcost] * n)


REPLICATE = additional_cost(AdditionalCost("replicate", order=1, may=may_replicate,
                                           ask=ask_replicate))


def granted_replicate_triggers(state: GameState, spell: GameObject, item: StackItem) -> None:
    """Cast triggers of granted replicate instances (the printed ones are on the card)."""
    printed = len(spell.card.instances("replicate"))
    for index in range(printed, len(item.replicate_counts)):
        queue_trigger(state, spell, replicate_trigger(index), spell.oid, spell, spell=item)


def replicate(state: GameState, item: StackItem, eff: Any, asker: Asker,
              queue: list[Any]) -> None:
    original = next((i for i in state.stack if i.sid == item.subject), None)
    if original is None:
        original = item.spell  # the spell left the stack: last known information
    if original is None:
        return
    n = original.replicate_counts[eff.instance] if eff.instance < len(
        original.replicate_counts) else 0
    plans = [choose_new_targets(state, asker, original, item.controller)
             if original.target_specs else None for _ in range(n)]
    for targets in plans:
        copy_spell(state, original, item.controller, targets)
    count(state, item.controller, "replicate_copies", n)


CAST_HOOKS.append(granted_replicate_triggers)


effect_rules(ReplicateCopies, resolve=replicate, estimate=None, sign=unaffected,
             why_not_valued="not estimated: the copies are worth what the spell does, valued with the spell")


@condition_rule(ReplicatePaid)
def replicate_paid(state: GameState, cond: ReplicatePaid, controller: int,
                   source: GameObject, subject: GameObject | None) -> bool:
    """"If a replicate cost was paid for it" (702.56a), for one replicate instance."""
    for item in state.stack:
        spell = item if item.sid == source.oid else item.spell
        if spell is not None and spell.sid == source.oid and spell.is_spell:
            # the spell itself, or (once it left the stack) the replicate trigger's
            # record of it as it was cast: last known information (608.2h)
            counts = spell.replicate_counts
            return cond.instance < len(counts) and counts[cond.instance] > 0
    return False
