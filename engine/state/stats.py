"""Per-game keyword statistics: plain counters in the players' state, cheap to keep.

Keys are stable names (``cascades``, ``cards_dredged``, ``permanents_annihilated``...)
that the results tables use as columns.
"""

from __future__ import annotations

from mtgsim.engine.state.game_state import GameState


def count(state: GameState, player: int, key: str, n: int = 1) -> None:
    stats = state.players[player].stats
    stats[key] = stats.get(key, 0) + n


# The statistics the results tables carry as columns (one per player), in column order.
# Keyword modules may count other keys; those stay in the game state only.
STAT_KEYS: tuple[str, ...] = (
    "cascades", "cascade_hits", "cascade_hit_mana_value", "cascade_hit_max_mana_value",
    "cards_dredged", "permanents_annihilated", "exalted_bonuses",
    "graft_counters", "graft_counters_moved", "devoured", "devour_counters",
    "bloodthirst_counters", "replicate_copies", "epic_copies", "rebound_casts",
    "retrace_casts", "unearths", "unearthed_attackers", "levels_gained",
    "umbra_armor_saves", "recover_returns", "recover_exiles", "haunts", "haunt_triggers",
    "convoked_creatures", "forecast_activations", "transmute_activations", "transmutes",
    "wither_counters", "auras_cast", "flash_casts",
)
