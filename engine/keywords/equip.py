"""Equip (702.6) and Equipment (301.5).

702.6a "Equip [cost]" means "[Cost]: Attach this permanent to target creature you
control. Activate only as a sorcery."
301.5c An Equipment that is also a creature can't equip a creature; an Equipment can't
equip itself; an Equipment that becomes unattached stays on the battlefield (state-based
action 704.5n, engine/rules/sba.py: attached to something that isn't a creature, or to nothing
any more). 701.3b-c: attaching to what it is already attached to does nothing; a new
attachment gets a new timestamp (613.7e). What an Equipment grants is a static ability
``applies_to = "equipped"`` (engine/rules/layers.py).
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    T_CREATURE,
    AbilityT,
    Activated,
    Cost,
    Effect,
    Filter,
    KeywordInstance,
    Target,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.players.worth_effects import by_sign
from mtgsim.engine.rules.effect import effect_rules, helps
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import describe, log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import BATTLEFIELD, GameState, StackItem
from mtgsim.engine.state.stats import count


class AttachEquipment(Effect, tag="attach_equipment", frozen=True):
    """Equip (702.6a): attach this Equipment to the target creature (701.3a-c); an
    Equipment that is also a creature can't equip (301.5c)."""

    what: str = "self"
    to: str = "t0"


@compiles("equip")
def compile_equip(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Activated(
        cost=Cost(mana=inst.cost), sorcery_speed=True, keyword="equip",
        targets=(Target("creature", Filter(controller="you", other=True)),),
        effects=(AttachEquipment(),))]


def attach_equipment(state: GameState, item: StackItem, eff: Any, asker: Asker,
                     queue: list[Any]) -> None:
    sources = refs_of(state, item, eff.what)
    dest = refs_of(state, item, eff.to)
    if not sources or not dest:
        return
    equipment = state.objects.get(sources[0])
    target = state.objects.get(dest[0])
    if equipment is None or target is None or equipment.zone != BATTLEFIELD or \
            target.zone != BATTLEFIELD or equipment.oid == target.oid:
        return
    if (equipment.card.type_mask | equipment.extra_types) & T_CREATURE:  # 301.5c
        return
    if not (target.card.type_mask | target.extra_types) & T_CREATURE:
        return
    if equipment.attached_to == target.oid:  # 701.3c: nothing happens
        return
    equipment.attached_to = target.oid
    state.clock += 1
    equipment.timestamp = state.clock  # 613.7e
    characteristics_changed(state)
    if item.trigger is None:  # the equip ability, not a trigger's attach (living weapon)
        count(state, item.controller, "equips")
    if state.log is not None:
        log(state, "attach", item.controller, equipment.card.name, describe(state, target.oid))


effect_rules(AttachEquipment, resolve=attach_equipment, estimate=by_sign, sign=helps("to"))
