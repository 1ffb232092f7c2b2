"""Exalted (702.83).

702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1 until
end of turn." It compiles into a triggered ability on the "ally_attacks_alone" event
(engine.rules.triggers.attacked), which every permanent its controller controls checks, also
noncreature ones (Cathedral of War), not only the attacker; the opponent's exalted
permanents don't trigger. The bonus is an until-end-of-turn effect on "it" (the lone
attacker), which ends in the cleanup step (514.2).

702.83b: a creature "attacks alone" if it's the only creature declared as an attacker in
a given combat phase (506.5): the event fires only when exactly one creature was
declared, whatever later leaves combat; two declared attackers: no trigger at all.
Each instance triggers separately: one ability per printed instance, and exalted given
by another permanent ("Other creatures you control have exalted", Sublime Archangel:
``Static.grants``) is one more instance on each creature it affects.

Statistics: ``exalted_bonuses``, ``exalted_triggers``.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    AbilityT,
    Effect,
    KeywordInstance,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import BATTLEFIELD, ContinuousEffect, GameState, StackItem
from mtgsim.engine.state.stats import count


class Exalt(Effect, tag="exalt", frozen=True):
    """702.83a: the creature that attacked alone gets +1/+1 until end of turn."""


@compiles("exalted")
def compile_exalted(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="ally_attacks_alone", effects=(Exalt(),), keyword="exalted")]


def exalt(state: GameState, item: StackItem, eff: Any, asker: Asker, queue: list[Any]) -> None:
    target = state.objects.get(item.subject)
    if target is None or target.zone != BATTLEFIELD:
        return
    state.clock += 1
    state.effects.append(ContinuousEffect(target.oid, state.clock, 1, 1))
    characteristics_changed(state)
    count(state, item.controller, "exalted_bonuses")


effect_rules(Exalt, resolve=exalt, estimate=None, sign=unaffected,
             why_not_valued="not estimated: a trigger of the attack itself; the attack planner counts exalted (policies.combat_ai)")
