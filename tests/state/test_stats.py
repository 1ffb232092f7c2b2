"""Keyword statistics that are counted as spells are cast: "flash_casts" (a card that is
no instant cast when only flash allowed it, 702.8a) and "auras_cast" (Aura spells,
303.4a). Each is checked on both sides of its definition."""

from __future__ import annotations

from pathlib import Path

from gamesetup import play_text

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.state.stats import STAT_KEYS

POOL = load_pool()
SCENARIOS = Path(__file__).parents[1] / "scenarios" / "keywords"


def _stats(tmp_path: Path, text: str) -> list[dict[str, int]]:
    return [p.stats for p in play_text(tmp_path, text, POOL).state.players]


def test_the_new_statistics_are_result_columns() -> None:
    assert "flash_casts" in STAT_KEYS and "auras_cast" in STAT_KEYS


def test_flash_creature_in_the_opponents_turn_counts(tmp_path: Path) -> None:
    text = (SCENARIOS / "flash" / "flash_creature_in_opponents_turn.toml").read_text()
    a, b = _stats(tmp_path, text)
    assert a.get("flash_casts") == 1 and "flash_casts" not in b


def test_flash_creature_at_sorcery_timing_does_not_count(tmp_path: Path) -> None:
    text = (SCENARIOS / "flash" / "flash_sorcery_timing_still_fine.toml").read_text()
    a, _ = _stats(tmp_path, text)
    assert "flash_casts" not in a


def test_a_flash_creature_cast_in_response_in_my_main_phase_counts(tmp_path: Path) -> None:
    a, _ = _stats(tmp_path, '''
name = "flash in response, in my own main phase"
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = ["Ambush Viper", "Grizzly Bears"]
battlefield = ["Forest", "Forest", "Forest", "Forest"]
[[actions]]
player = "A"
cast = "Grizzly Bears"
[[actions]]
player = "A"
cast = "Ambush Viper"
[expect]
stack = ["Ambush Viper", "Grizzly Bears"]  # top first
''')
    assert a.get("flash_casts") == 1


def test_instants_are_not_flash_casts(tmp_path: Path) -> None:
    a, _ = _stats(tmp_path, '''
name = "an instant in the opponent's turn"
[setup]
turn = 4
active = "B"
step = "upkeep"
[setup.A]
hand = ["Lightning Bolt"]
battlefield = ["Mountain"]
[[actions]]
player = "A"
cast = "Lightning Bolt"
targets = ["B"]
[expect]
stack = ["Lightning Bolt"]
''')
    assert "flash_casts" not in a


def test_aura_spells_count_and_other_spells_do_not(tmp_path: Path) -> None:
    a, _ = _stats(tmp_path, '''
name = "an Aura and a creature"
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = ["Rancor", "Grizzly Bears"]
battlefield = ["Forest", "Forest", "Forest", "Hill Giant"]
[[actions]]
player = "A"
cast = "Rancor"
targets = ["Hill Giant"]
[[actions]]
player = "A"
resolve = "all"
[[actions]]
player = "A"
cast = "Grizzly Bears"
[expect.A]
battlefield = ["Forest", "Forest", "Forest", "Hill Giant", "Rancor"]
''')
    assert a.get("auras_cast") == 1
