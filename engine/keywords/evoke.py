"""Evoke (702.74): "You may cast this spell by paying [cost] rather than paying its mana
cost" and "When this permanent enters, if its evoke cost was paid, its controller
sacrifices it."

The alternative cost is the casting permission ``EVOKE`` (code 3, from the hand),
registered in ``engine.rules.spell_costs`` and offered by ``engine.rules.casting``; this module also
compiles the keyword into its sacrifice trigger, with an intervening "if" (603.4,
``AltCostPaid``): the permanent remembers the permission its spell was cast with
(``GameObject.cast_alt``).
"""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, AltCostPaid, KeywordInstance, Triggered
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.sacrifice import Sacrifice
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules.conditions import condition_rule
from mtgsim.engine.rules.mana import ManaCost, parse_cost
from mtgsim.engine.rules.spell_costs import CastPermission, cast_permission, permission_name
from mtgsim.engine.state.game_state import HAND, GameObject, GameState


@compiles("evoke")
def compile_evoke(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    """702.74a: "When this permanent enters, if its evoke cost was paid, its controller
    sacrifices it." (The alternative cost itself is ``EVOKE``.)"""
    return [Triggered(when="enters", condition=AltCostPaid("evoke"),
                      effects=(Sacrifice(what="self"),), keyword="evoke")]


@condition_rule(AltCostPaid)
def alt_cost_paid(state: GameState, cond: AltCostPaid, controller: int, source: GameObject,
                  subject: GameObject | None) -> bool:
    """"If its evoke cost was paid" (702.74a)."""
    return permission_name(source.cast_alt) == cond.keyword


def has_evoke(state: GameState, obj: GameObject) -> bool:
    return "evoke" in obj.card.keyword_names


def evoke_cost(state: GameState, obj: GameObject) -> list[ManaCost]:
    """702.74a: "You may cast this spell by paying [cost] rather than paying its mana
    cost" (the first evoke instance's cost)."""
    return [parse_cost(obj.card.instances("evoke")[0].cost)]


EVOKE = cast_permission(CastPermission("evoke", code=3, zone=HAND, has=has_evoke,
                                       costs=evoke_cost))
