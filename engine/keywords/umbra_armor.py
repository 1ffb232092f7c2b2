"""Umbra armor (702.89, formerly totem armor): "If enchanted permanent would be destroyed,
instead remove all damage marked on it and destroy this Aura."

A replacement effect on destruction (614.1a, engine.rules.replacement.DESTROY_HOOKS): by a
destroy effect or by the state-based actions for lethal or deathtouch damage (704.5g-h).
It doesn't apply to what isn't destruction: sacrifice (701.17), toughness 0 or less
(704.5f), exile or a return to hand; nor to an indestructible permanent, which wouldn't
be destroyed (702.12b). The Aura must be on the battlefield attached to the permanent,
with its abilities. Applying one umbra armor ends the event, so with several only one
Aura is destroyed (the oldest: the engine doesn't ask which, 616.1). "Totem armor" on
older printings is read as umbra armor (702.89b, engine.keywords.parse_keyword)."""

from __future__ import annotations

from mtgsim.engine.rules.replacement import DESTROY_HOOKS, destroy
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import GameObject, GameState
from mtgsim.engine.state.stats import count


def umbra_armor(state: GameState, obj: GameObject) -> bool:
    objects = state.objects
    for oid in state.battlefield:
        aura = objects[oid]
        if aura.attached_to == obj.oid and not aura.lost_abilities and \
                aura.card.has_keyword("umbra armor"):
            obj.damage = 0
            obj.deathtouched = False
            characteristics_changed(state)
            if state.log is not None:
                log(state, "umbra_armor", aura.controller, aura.card.name, obj.card.name)
            count(state, aura.controller, "umbra_armor_saves")
            destroy(state, aura)
            return True
    return False


DESTROY_HOOKS.append(umbra_armor)
