"""Evoke (702.74): "You may cast this spell by paying [cost] rather than paying its mana
cost" and "When this permanent enters, if its evoke cost was paid, its controller
sacrifices it."

The alternative cost is the casting permission ``engine.casting.ALT_EVOKE`` (offered by
``engine.casting``); this module compiles the keyword into
its sacrifice trigger, with an intervening "if" (603.4, ``AltCostPaid``): the permanent
remembers the permission its spell was cast with (``GameObject.cast_alt``).
"""

from __future__ import annotations

from mtgsim.engine.card import Card
from mtgsim.engine.cards import AbilityT, AltCostPaid, KeywordInstance, Sacrifice, Triggered
from mtgsim.engine.casting import ALT_NAMES
from mtgsim.engine.conditions import condition_rule
from mtgsim.engine.keywords import compiles
from mtgsim.engine.state import GameObject, GameState


@compiles("evoke")
def compile_evoke(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    """702.74a: "When this permanent enters, if its evoke cost was paid, its controller
    sacrifices it." (The alternative cost itself is engine.casting.ALT_EVOKE.)"""
    return [Triggered(when="enters", condition=AltCostPaid("evoke"),
                      effects=(Sacrifice(what="self"),), keyword="evoke")]


@condition_rule(AltCostPaid)
def alt_cost_paid(state: GameState, cond: AltCostPaid, controller: int, source: GameObject,
                  subject: GameObject | None) -> bool:
    """"If its evoke cost was paid" (702.74a)."""
    return ALT_NAMES.get(source.cast_alt) == cond.keyword
