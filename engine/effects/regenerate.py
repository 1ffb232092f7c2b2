"""The ``regenerate`` effect (Regenerate): its data, how it resolves and what the AI thinks it is worth.

"Regenerate [permanent]" (701.15a) creates a regeneration shield: a replacement effect
(614.8) "The next time [it] would be destroyed this turn, instead tap it, remove all
damage from it, and remove it from combat." The shields are a ``ZONE_RULES`` effect of
the permanent (engine.rules.replacement): one option of the 616.1 choice whatever their
number (each does the same), which "can't be regenerated" (701.15c) keeps from applying.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth_effects import by_sign
from mtgsim.engine.rules.effect import Role, effect_rules, helps
from mtgsim.engine.rules.enchanted_events import tap_permanent
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.replacement import ZoneChange, ZoneRule, zone_rule
from mtgsim.engine.rules.zones import log, remove_from_combat
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameObject, GameState, StackItem


class Regenerate(Effect, tag="regenerate", frozen=True):
    what: str = "self"


def resolve(state: GameState, item: StackItem, eff: Regenerate, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        o.regen_shields += 1


def shielded(state: GameState, event: ZoneChange) -> list[int]:
    """The permanent being destroyed, if a shield of its can regenerate it."""
    o = event.obj
    if event.destroy and o.regen_shields > 0 and not event.cant_regenerate \
            and not o.cant_regenerate:
        return [o.oid]
    return []


def regenerate(state: GameState, obj: GameObject, source: int) -> None:
    """Instead of the destruction: a shield is used, and it is tapped, all damage is
    removed from it and it is removed from combat (701.15a); it stays on the
    battlefield with its effects."""
    obj.regen_shields -= 1
    tap_permanent(state, obj)
    obj.damage = 0
    obj.deathtouched = False
    if state.combat is not None:
        remove_from_combat(state, obj)
    if state.log is not None:
        log(state, "regenerate", obj.controller, obj.card.name)


REGENERATION = zone_rule(ZoneRule("regeneration", shielded, ends=True, instead=regenerate))
RULES = effect_rules(
    Regenerate, role=Role.REGENERATE, resolve=resolve, estimate=by_sign, sign=helps("what"))
