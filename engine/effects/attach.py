"""The ``attach`` effect (Attach): its data, how it resolves and what the AI thinks it is worth.

"Attach [this Aura] to target creature" (701.3a): moves the Aura onto that object
with a new timestamp (613.7e). Nothing happens if it can't legally enchant it (701.3b)
or is already attached to it (701.3c).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.sba import can_enchant
from mtgsim.engine.rules.zones import describe, log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import BATTLEFIELD, GameState, StackItem


class Attach(Effect, tag="attach", frozen=True):
    """"Attach [this Aura] to target creature" (701.3a): moves the Aura onto that object
    with a new timestamp (613.7e). Nothing happens if it can't legally enchant it (701.3b)
    or is already attached to it (701.3c)."""

    what: str = "self"
    to: str = "t0"


def resolve(state: GameState, item: StackItem, eff: Attach, asker: Asker,
            queue: list[EffectT]) -> None:
    """701.3a-c: attach an Aura on the battlefield to another object or player."""
    auras = [state.objects[r] for r in refs_of(state, item, eff.what)
             if r >= 2 and r in state.objects]
    to = refs_of(state, item, eff.to)
    if not auras or not to:
        return
    aura = auras[0]
    target = to[0]
    if aura.zone != BATTLEFIELD or not aura.card.is_aura:
        return
    if aura.attached_to == target:  # 701.3c: no effect, no new timestamp
        return
    if not can_enchant(state, aura.card, aura.oid, aura.controller, target):  # 701.3b
        return
    aura.attached_to = target
    state.clock += 1
    aura.timestamp = state.clock  # 613.7e: a new timestamp when attached elsewhere
    characteristics_changed(state)
    if state.log is not None:
        log(state, "attach", item.controller, aura.card.name, describe(state, target))


RULES = effect_rules(
    Attach, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: moving an Aura is valued by the Aura choices (policies.choice_auras), not here; valued 0 and either side may be the target'),
    either_side=lambda e, ref: True)
