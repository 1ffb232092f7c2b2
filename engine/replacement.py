"""Replacement and prevention effects (rules 614, 615) at the events they modify.

Every event that a replacement effect may modify goes through one function here: damage,
destruction, zone changes (including dying and entering the battlefield) and draws.
Keyword modules register hooks in the lists below (module-level functions, never
per-game closures, so the state stays serializable). A hook returns True when it
replaced the event. Hooks are applied in registration order; where several apply to
one event the affected object's controller would choose (616.1); the supported cards
never give such a choice a different outcome.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import triggers
from engine.cards import (
    KW_DEATHTOUCH,
    KW_INDESTRUCTIBLE,
    KW_LIFELINK,
    CardDef,
)
from engine.state import (
    BATTLEFIELD,
    GRAVEYARD,
    NONE,
    ZONE_NAMES,
    GameObject,
    GameState,
)
from engine.zones import describe, log, move, new_object

# (state, source, target object, amount, combat) -> amount still dealt as damage
DamageHook = Callable[[GameState, GameObject, GameObject, int, bool], int]
DAMAGE_TO_CREATURE_HOOKS: list[DamageHook] = []
# (state, object, cant_regenerate) -> True if destruction was replaced
DestroyHook = Callable[[GameState, GameObject], bool]
DESTROY_HOOKS: list[DestroyHook] = []
# (state, object, destination zone) -> replacement destination zone or None
LeaveHook = Callable[[GameState, GameObject, int], int | None]
LEAVE_HOOKS: list[LeaveHook] = []
# (state, object that just entered) -> None; for "enters with counters" and the like
EnterHook = Callable[[GameState, GameObject], None]
ENTER_HOOKS: list[EnterHook] = []


def gain_life(state: GameState, player: int, amount: int) -> None:
    if amount <= 0:
        return
    state.players[player].life += amount
    state.sba_needed = True
    if state.log is not None:
        log(state, "gain_life", player, amount=amount)


def lose_life(state: GameState, player: int, amount: int) -> None:
    if amount <= 0:
        return
    state.players[player].life -= amount
    state.sba_needed = True
    if state.log is not None:
        log(state, "lose_life", player, amount=amount)


def deal_damage(state: GameState, source: GameObject, target: int, amount: int,
                combat: bool = False) -> int:
    """Deal damage (120.3); returns the damage actually dealt."""
    if amount <= 0:
        return 0
    if target < 2:
        p = state.players[target]
        p.life -= amount
        p.damage_this_turn += amount
        state.sba_needed = True
        if state.log is not None:
            log(state, "damage", source.controller, source.card.name, describe(state, target),
                amount)
        if combat:
            triggers.combat_damage_to_player(state, source)
    else:
        obj = state.objects.get(target)
        if obj is None or obj.zone != BATTLEFIELD:
            return 0
        # Protection prevents damage from sources of the stated colours (702.16e).
        if obj.protection & source.card._color_mask:
            return 0
        if state.log is not None:
            log(state, "damage", source.controller, source.card.name, obj.card.name, amount)
        remaining = amount
        for hook in DAMAGE_TO_CREATURE_HOOKS:
            remaining = hook(state, source, obj, remaining, combat)
        if remaining > 0:
            obj.damage += remaining
        if source.kw & KW_DEATHTOUCH:
            obj.deathtouched = True
        state.dirty = True
    if source.kw & KW_LIFELINK:
        gain_life(state, source.controller, amount)
    return amount


def destroy(state: GameState, obj: GameObject, cant_regenerate: bool = False) -> bool:
    """Destroy (701.7) with indestructible (702.12) and regeneration (701.15)."""
    if obj.zone != BATTLEFIELD:
        return False
    if obj.kw & KW_INDESTRUCTIBLE:
        return False
    if obj.regen_shields > 0 and not cant_regenerate and not obj.cant_regenerate:
        obj.regen_shields -= 1
        obj.tapped = True
        obj.damage = 0
        obj.deathtouched = False
        combat = state.combat
        if combat is not None:
            from engine.zones import _left_battlefield

            _left_battlefield(state, obj)
        if state.log is not None:
            log(state, "regenerate", obj.controller, obj.card.name)
        return False
    for hook in DESTROY_HOOKS:
        if hook(state, obj):
            return False
    if state.log is not None:
        log(state, "destroy", obj.controller, obj.card.name)
    leave_battlefield(state, obj, GRAVEYARD)
    return True


def leave_battlefield(state: GameState, obj: GameObject, zone: int) -> GameObject:
    """Move a permanent off the battlefield, with zone-change replacements (614.6)."""
    for hook in LEAVE_HOOKS:
        new_zone = hook(state, obj, zone)
        if new_zone is not None:
            zone = new_zone
            break
    new = move(state, obj, zone)
    if state.log is not None and zone != GRAVEYARD:
        log(state, "leaves", obj.controller, obj.card.name, ZONE_NAMES[zone])
    triggers.left_battlefield(state, obj, zone == GRAVEYARD)
    return new


def sacrifice(state: GameState, obj: GameObject) -> None:
    """Sacrifice (701.17): to the graveyard, not destroyed; indestructible does not help."""
    if state.log is not None:
        log(state, "sacrifice", obj.controller, obj.card.name)
    leave_battlefield(state, obj, GRAVEYARD)


def enter(state: GameState, obj: GameObject, controller: int | None = None,
          tapped: bool = False, attach_to: int = NONE) -> GameObject:
    """Put an object onto the battlefield (from any zone) and fire its ETB triggers."""
    if obj.card._enters_tapped:
        tapped = True
    new = move(state, obj, BATTLEFIELD, controller=controller, tapped=tapped)
    if attach_to != NONE:
        new.attached_to = attach_to
    for hook in ENTER_HOOKS:
        hook(state, new)
    if state.log is not None:
        log(state, "enters", new.controller, new.card.name,
            describe(state, attach_to) if attach_to != NONE else "")
    triggers.entered(state, new)
    return new


def create_token(state: GameState, card: CardDef, controller: int,
                 tapped: bool = False) -> GameObject:
    """Create a token on the battlefield (111.2)."""
    obj = new_object(state, card, controller, BATTLEFIELD, token=True)
    obj.tapped = tapped
    obj.sick = True
    state.battlefield.append(obj.oid)
    state.dirty = True
    for hook in ENTER_HOOKS:
        hook(state, obj)
    if state.log is not None:
        log(state, "token", controller, card.name)
    triggers.entered(state, obj)
    return obj
