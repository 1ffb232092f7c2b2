"""Umbra armor (702.89, formerly totem armor): "If enchanted permanent would be destroyed,
instead remove all damage marked on it and destroy this Aura." """

from __future__ import annotations

from engine.replacement import DESTROY_HOOKS, destroy
from engine.state import GameObject, GameState
from engine.stats import count
from engine.zones import log


def umbra_armor(state: GameState, obj: GameObject) -> bool:
    objects = state.objects
    for oid in state.battlefield:
        aura = objects[oid]
        if aura.attached_to == obj.oid and not aura.lost_abilities and \
                aura.card.has_keyword("umbra armor"):
            obj.damage = 0
            obj.deathtouched = False
            state.dirty = True
            if state.log is not None:
                log(state, "umbra_armor", aura.controller, aura.card.name, obj.card.name)
            count(state, aura.controller, "umbra_armor_saves")
            destroy(state, aura)
            return True
    return False


DESTROY_HOOKS.append(umbra_armor)
