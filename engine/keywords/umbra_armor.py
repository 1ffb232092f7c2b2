"""Umbra armor (702.89, formerly totem armor): "If enchanted permanent would be destroyed,
instead remove all damage marked on it and destroy this Aura."

A replacement effect on destruction (614.1a; engine.rules.replacement.ZONE_RULES): by a
destroy effect or by the state-based actions for lethal or deathtouch damage (704.5g-h).
It doesn't apply to what isn't destruction: sacrifice (701.17), toughness 0 or less
(704.5f), exile or a return to hand; nor to an indestructible permanent, which wouldn't
be destroyed (702.12b). The Aura must be on the battlefield attached to the permanent,
with its abilities. Each Aura with umbra armor is an effect of its own: with several, or
with a regeneration shield, the enchanted permanent's controller (not the Auras', nor its
owner) chooses which applies (616.1; the others then no longer apply, the permanent
not being destroyed), and only the chosen Aura is destroyed, which decides which
bonuses stay. Its destruction is an event of its own, chosen with it (its own
replacement effects). "Totem armor" on older printings is read as umbra armor (702.89b,
engine.keywords.parse_keyword)."""

from __future__ import annotations

from mtgsim.engine.rules.replacement import ZoneChange, ZoneRule, zone_rule
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import GameObject, GameState
from mtgsim.engine.state.stats import count


def umbras(state: GameState, event: ZoneChange) -> list[int]:
    """The Auras with umbra armor attached to the permanent being destroyed, in
    battlefield order."""
    if not event.destroy:
        return []
    objects = state.objects
    target = event.obj.oid
    out = []
    for oid in state.battlefield:
        aura = objects[oid]
        if aura.attached_to == target and not aura.lost_abilities and \
                aura.card.has_keyword("umbra armor"):
            out.append(oid)
    return out


def remove_damage(state: GameState, obj: GameObject, aura_oid: int) -> None:
    """Instead of the destruction: all damage is removed from it (the Aura is destroyed
    next, as planned with this)."""
    aura = state.objects[aura_oid]
    obj.damage = 0
    obj.deathtouched = False
    characteristics_changed(state)
    if state.log is not None:
        log(state, "umbra_armor", aura.controller, aura.card.name, obj.card.name)
    count(state, aura.controller, "umbra_armor_saves")


UMBRA_ARMOR = zone_rule(ZoneRule("umbra armor", umbras, ends=True, instead=remove_damage,
                                 destroys_source=True))
