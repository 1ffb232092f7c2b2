"""Craft (702.167).

702.167a: "Craft with [materials] [cost]" means "[Cost], Exile this permanent, Exile
[materials] from among permanents you control and/or cards in your graveyard: Return this
card to the battlefield transformed under its owner's control. Activate only as a
sorcery." Compiled into that activated ability: its mana cost, ``exile_self`` (the
permanent leaves once the ability is on the stack, 602.2b) and ``craft_material``, the
cost part this module registers; the effect is ``return_transformed``
(``engine/effects/return_transformed.py``: 712.14, the card returns back face up) of
"self_card", the card the exiled permanent became (400.7); ``sorcery_speed`` (602.5d).
Craft appears only on the front face of transforming double-faced cards (702.167b).

The engine reads the materials of one card of one card type or subtype ("Craft with
creature", "Craft with artifact", "Craft with Island": 702.167c, one object that is
another [quality] you control or a [quality] card in your graveyard); cards crafting
with several, or with "one or more", are refused by the compiler.

The AI: the ability is worth its back face on the battlefield (``return_transformed``'s
estimate) less the permanent exiled (``exile_self``'s worth) and the material (a
creature you control at its worth, a card from your graveyard at a small fixed worth:
it could have been returned or escaped).
"""

from __future__ import annotations

import re

from mtgsim.engine.cards import AbilityT, Activated, Cost, Filter, KeywordInstance
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.return_transformed import ReturnTransformed
from mtgsim.engine.keywords import compiles
from mtgsim.engine.players.worth import is_creature, perm_value, value
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.costs import (
    CostPart,
    CostWorth,
    Keeps,
    Payment,
    Stage,
    controlled,
    cost_part,
    keeps_ok,
)
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.zones import move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import CostOf
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    EXILE,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
)

_KIND_COST = DecisionKind.COST
_TYPES = ("creature", "artifact", "enchantment", "land")
_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_CRAFT = re.compile(r"^with (?P<what>[A-Za-z]+) (?P<mana>(?:\{[^}]+\})+)$")
GRAVEYARD_CARD_WORTH = 0.5  # a material from the graveyard: a card that could come back


def craft_cost(text: str) -> tuple[Filter, str]:
    """"with creature {4}{B}" -> (the material's filter, the mana cost); ValueError for
    materials the engine does not read."""
    m = _CRAFT.match(text)
    if m is None:
        raise ValueError(f"craft materials {text!r}")
    what = m.group("what")
    if what in _TYPES:
        return Filter(types=(what,), other=True), m.group("mana")
    if what in _LAND_TYPES:
        return Filter(subtypes=(what,), other=True), m.group("mana")
    raise ValueError(f"craft materials {text!r}")


@compiles("craft")
def compile_craft(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    material, mana = craft_cost(inst.cost)
    return [Activated(cost=Cost(mana=mana, exile_self=True, craft_material=material),
                      effects=(ReturnTransformed(what="self_card", under="owner"),),
                      sorcery_speed=True, keyword="craft")]


def materials(state: GameState, player: int, src: GameObject, f: Filter,
              keeps: Keeps | None) -> list[int]:
    """What may be exiled as the material: the permanents matching ``f`` the player
    controls (but not one the mana part needs, 601.2g-h), then the cards matching it in
    their graveyard, each in its zone's order."""
    out = [o for o in controlled(state, player, f, src.oid) if keeps_ok(keeps, {o})]
    for oid in state.players[player].graveyard:
        if matches(state, f, state.objects[oid], player, src.oid):
            out.append(oid)
    return out


def _can_pay(state: GameState, player: int, src: GameObject, cost: Cost,
             keeps: Keeps | None) -> bool:
    assert cost.craft_material is not None
    return bool(materials(state, player, src, cost.craft_material, keeps))


def _ask(state: GameState, asker: Asker, player: int, src: GameObject, cost: Cost,
         keeps: Keeps | None) -> tuple[int, ...]:
    assert cost.craft_material is not None
    options = materials(state, player, src, cost.craft_material, keeps)
    pick = asker.choose(Decision(
        _KIND_COST, player, f"exile for {src.card.name}", options=options,
        source=src.oid, about=CostOf("exile", src.card)))
    return (options[pick],)


def _plan(p: Payment, chosen: tuple[int, ...], asker: Asker) -> None:
    on_field = [p.state.objects[o] for o in chosen if p.state.objects[o].zone == BATTLEFIELD]
    if on_field:
        p.plans.update(rep.plan_leaving(p.state, on_field, EXILE, asker))


def _pay(p: Payment, chosen: tuple[int, ...]) -> None:
    for oid in chosen:
        obj = p.state.objects[oid]
        if obj.zone == BATTLEFIELD:
            rep.leave_battlefield(p.state, obj, EXILE, plan=p.plans.get(oid))
        else:
            move(p.state, obj, EXILE)


def _worth(w: CostWorth, src: GameObject, cost: Cost) -> float:
    """The cheapest material the player has: a card in the graveyard, else the least
    valued permanent."""
    assert cost.craft_material is not None
    best: float | None = None
    for oid in materials(w.state, w.me, src, cost.craft_material, None):
        obj = w.state.objects[oid]
        if obj.zone != BATTLEFIELD:
            worth = GRAVEYARD_CARD_WORTH
        elif is_creature(obj):
            worth = 0.0 if w.doomed(obj) else value(obj)
        else:
            worth = perm_value(w.state, obj, w.me)
        if best is None or worth < best:
            best = worth
    return best or 0.0


CRAFT_MATERIAL = cost_part(CostPart(
    "craft_material", ("craft_material",), present=lambda c: c.craft_material is not None,
    can_pay=_can_pay, pay=_pay, stage=Stage.PAID, ask=_ask, ask_rank=2, uses_keeps=True,
    plan=_plan, worth=_worth))
