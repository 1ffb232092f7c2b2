"""The ``add_land_type`` effect (AddLandType): its data, how it resolves and what the AI thinks it is worth.

"Until end of turn, target land you control becomes the basic land type of your choice
in addition to its other types." (Navigator's Compass). The type is chosen as the effect
happens (608.2d) among the five basic land types (305.6); the land has it in addition to
its other types until end of turn (205.1b, layer 4, ``ContinuousEffect.land_type``) and
so the type's intrinsic mana ability ("{T}: Add {U}" for an Island, 305.6, layer 6)
beside its own abilities (the payment planner counts a permanent's plain one-mana
abilities as one unit of any of their colours: ``engine.rules.payment``). The choice is a
COLOR decision whose colours stand for the types whose mana they are
(``ColorFor("land_type")``: Plains white, Island blue, Swamp black, Mountain red, Forest
green).

The AI values it by the colour it can add: worth something when a card in hand needs a
colour the player's mana can't make now, else little (a land type for a turn).
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.rules.effect import COLOR_CHOICES, Estimate, choose_color, effect_rules, helps
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import ColorFor
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import (
    ContinuousEffect,
    GameState,
    StackItem,
)

# the basic land types in the order of COLOR_CHOICES (W, U, B, R, G: their mana, 305.6)
LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
FIXES = 0.6  # a colour the hand needs that the player's mana lacks
LITTLE = 0.1  # a land type for a turn, nothing needed
_FIVE = sum(COLOR_CHOICES)


class AddLandType(Effect, tag="add_land_type", frozen=True):
    """"[Target land] becomes the basic land type of your choice in addition to its
    other types until end of turn" (205.1b, 305.6)."""

    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: AddLandType, asker: Asker,
            queue: list[EffectT]) -> None:
    lands = permanents(state, refs_of(state, item, eff.what))
    if not lands:
        return
    pick = choose_color(asker, item, "which basic land type?", ColorFor("land_type"))
    land_type = LAND_TYPES[pick]
    for o in lands:
        state.clock += 1
        state.effects.append(ContinuousEffect(o.oid, state.clock, land_type=land_type))
        if state.log is not None:
            log(state, "land_type", item.controller, o.card.name, land_type)
    characteristics_changed(state)


def estimate(ev: Estimate, eff: AddLandType) -> None:
    """A colour the hand needs and the mana lacks (FIXES), else LITTLE."""
    state = ev.state
    have = 0
    for unit in mana_units(state, ev.me)[0]:
        have |= unit
    need = 0
    for oid in state.players[ev.me].hand:
        cost = state.objects[oid].card.cost
        if cost is not None:
            need |= cost.color_mask
    ev.total += FIXES if need & ~have & _FIVE else LITTLE


RULES = effect_rules(AddLandType, resolve=resolve, estimate=estimate, sign=helps("what"))
