"""Landwalk (702.14): plainswalk, islandwalk, swampwalk, mountainwalk, forestwalk.

702.14a-c: a creature with [type]walk can't be blocked as long as the defending player
controls a land of that land type (a subtype, 205.3i: "Island" is the type, whether the
land is basic or not). It is an evasion ability (a blocking restriction, 509.1b) on the
attacker, checked against the blocker's controller, who is the defending player in a
two-player game (506.2). The keywords are bits (``KW_ISLANDWALK``, ...); this module
adds their restriction to the blocking rules (``engine.rules.combat.BLOCK_RESTRICTIONS``).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_FORESTWALK,
    KW_ISLANDWALK,
    KW_MOUNTAINWALK,
    KW_PLAINSWALK,
    KW_SWAMPWALK,
    T_LAND,
)
from mtgsim.engine.rules.combat import BLOCK_RESTRICTIONS
from mtgsim.engine.rules.filters import has_subtype
from mtgsim.engine.state.game_state import GameObject, GameState

WALKS = ((KW_PLAINSWALK, "Plains"), (KW_ISLANDWALK, "Island"), (KW_SWAMPWALK, "Swamp"),
         (KW_MOUNTAINWALK, "Mountain"), (KW_FORESTWALK, "Forest"))
ANY_WALK = KW_PLAINSWALK | KW_ISLANDWALK | KW_SWAMPWALK | KW_MOUNTAINWALK | KW_FORESTWALK


def controls_land_type(state: GameState, player: int, subtype: str) -> bool:
    """Whether ``player`` controls a land with this land type now (layer 4)."""
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller == player and (o.card.type_mask | o.extra_types) & T_LAND and \
                has_subtype(o, subtype):
            return True
    return False


def landwalk_allows(state: GameState, blocker: GameObject, attacker: GameObject) -> bool:
    """702.14c: False when ``attacker`` has a landwalk whose land type the blocker's
    controller (the defending player) controls."""
    kw = attacker.kw
    if not kw & ANY_WALK:
        return True
    for bit, subtype in WALKS:
        if kw & bit and controls_land_type(state, blocker.controller, subtype):
            return False
    return True


BLOCK_RESTRICTIONS.append(landwalk_allows)
