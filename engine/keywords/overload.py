"""Overload (702.96): "Overload [cost]" means "You may choose to pay [cost] rather than pay
this spell's mana cost" and "If you chose to pay this spell's overload cost, change its
text by replacing all instances of the word 'target' with the word 'each.'" (702.96a-b).

The alternative cost is the casting permission ``OVERLOAD`` (code 20, from the hand, at
the card's own speed), registered in ``engine.rules.spell_costs`` and offered by
``engine.rules.casting``. The changed text is compiled with the card
(``CardDef.overloaded``, by ``engine.cards.oracle.overload``): cast this way the spell has
those characteristics on the stack (``CastPermission.face``), so it has no targets
(702.96c: it is not countered for want of them, and hexproof or protection do not keep
an object from being affected), and its mana value stays its mana cost's (118.9c, 202.3).
Wherever the card goes next it is the card as printed again (``GameObject.front``).
"""

from __future__ import annotations

from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules.mana import ManaCost, parse_cost
from mtgsim.engine.rules.spell_costs import CastPermission, cast_permission
from mtgsim.engine.state.derived import game_card
from mtgsim.engine.state.game_state import HAND, GameObject, GameState

OVERLOAD_CAST = 20  # cast for its overload cost (702.96a)


def _has(state: GameState, obj: GameObject) -> bool:
    return obj.zone == HAND and obj.card.overloaded is not None


def _face(state: GameState, obj: GameObject) -> Card:
    """The spell cast for its overload cost: the text with "each" for "target"."""
    face = obj.card.overloaded
    assert face is not None, obj.card.name
    return game_card(state, face)


def overload_cost(state: GameState, obj: GameObject) -> list[ManaCost]:
    """702.96a: the first overload instance's cost, paid instead of the mana cost."""
    return [parse_cost(obj.card.instances("overload")[0].cost)]


OVERLOAD = cast_permission(CastPermission(
    "overload", code=OVERLOAD_CAST, zone=HAND, has=_has, costs=overload_cost,
    face=_face))
