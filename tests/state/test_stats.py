"""Keyword statistics that are counted as spells are cast: "flash_casts" (a card that is
no instant cast when only flash allowed it, 702.8a) and "auras_cast" (Aura spells,
303.4a). Each is checked on both sides of its definition."""

from __future__ import annotations

from gamesetup import play_file

from mtgsim.engine.state.stats import STAT_KEYS


def _stats(path: str) -> list[dict[str, int]]:
    """Each player's statistics after the scenario file tests/scenarios/keywords/<path>."""
    return [p.stats for p in play_file(f"scenarios/keywords/{path}").state.players]


def test_the_new_statistics_are_result_columns() -> None:
    assert "flash_casts" in STAT_KEYS and "auras_cast" in STAT_KEYS


def test_flash_creature_in_the_opponents_turn_counts() -> None:
    a, b = _stats("flash/flash_creature_in_opponents_turn.toml")
    assert a.get("flash_casts") == 1 and "flash_casts" not in b


def test_flash_creature_at_sorcery_timing_does_not_count() -> None:
    a, _ = _stats("flash/flash_sorcery_timing_still_fine.toml")
    assert "flash_casts" not in a


def test_a_flash_creature_cast_in_response_in_my_main_phase_counts() -> None:
    a, _ = _stats("flash/flash_creature_in_response_in_own_main_phase.toml")
    assert a.get("flash_casts") == 1


def test_instants_are_not_flash_casts() -> None:
    a, _ = _stats("flash/instant_in_opponents_upkeep.toml")
    assert "flash_casts" not in a


def test_aura_spells_count_and_other_spells_do_not() -> None:
    a, _ = _stats("enchant/aura_spell_then_creature_spell.toml")
    assert a.get("auras_cast") == 1
