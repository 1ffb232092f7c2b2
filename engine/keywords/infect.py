"""Infect (702.90) and poison counters (122.1f, 704.5c).

702.90a Infect is a static ability.
702.90b Damage dealt to a player by a source with infect doesn't cause that player to
lose life; it causes the source's controller to give the player that many poison
counters (120.3b): ``infect_player_damage``, a hook of
``engine.rules.replacement.deal_damage``. It is still damage dealt (lifelink, "whenever
... deals combat damage to a player", bloodthirst's "was dealt damage this turn").
702.90c Damage dealt to a creature by a source with infect isn't marked on it; it causes
the source's controller to put that many -1/-1 counters on it (120.3d):
``infect_creature_damage``. A source with both infect and wither puts the counters once
(wither's hook runs first and leaves no damage for this one).
702.90e/f The source's keywords are read as wither reads them: on the battlefield as
they are now (or as last known), from another zone as printed (702.80b-c, the same
``source_keywords``).
702.90g Multiple instances are redundant: infect is a keyword bit.
704.5c A player with ten or more poison counters loses the game
(``engine.rules.sba``). Poison counters are a field of the player
(``Player.poison``): serialized with the game and shown in both players' views.
"""

from __future__ import annotations

from mtgsim.engine.cards import KW_INFECT
from mtgsim.engine.rules.replacement import (
    DAMAGE_TO_CREATURE_HOOKS,
    DAMAGE_TO_PLAYER_HOOKS,
    source_keywords,
)
from mtgsim.engine.state.game_state import GameObject, GameState
from mtgsim.engine.state.log import log
from mtgsim.engine.state.stats import count


def infect_creature_damage(state: GameState, source: GameObject, target: GameObject,
                           amount: int, combat: bool) -> int:
    """702.90c: -1/-1 counters instead of marked damage."""
    if amount <= 0 or not source_keywords(source) & KW_INFECT:
        return amount
    from mtgsim.engine.effects.add_counters import add_counters

    add_counters(state, target, "-1/-1", amount)
    return 0


def infect_player_damage(state: GameState, source: GameObject, player: int, amount: int,
                         combat: bool) -> int:
    """702.90b: poison counters instead of life lost (the damage is still dealt)."""
    if amount <= 0 or not source_keywords(source) & KW_INFECT:
        return amount
    state.players[player].poison += amount
    count(state, source.controller, "poison_counters", amount)
    if state.log is not None:
        log(state, "infect", player, source.card.name, amount=amount)
    return 0


DAMAGE_TO_CREATURE_HOOKS.append(infect_creature_damage)
DAMAGE_TO_PLAYER_HOOKS.append(infect_player_damage)

__all__ = ["infect_creature_damage", "infect_player_damage"]
