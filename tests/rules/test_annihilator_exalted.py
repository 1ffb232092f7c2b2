"""Level up, exalted, annihilator and the Eldrazi, unearth: rules that the real
cards of the pool can't show on their own (several instances of a keyword on one object,
damage from a colored spell to "protection from colored spells") and the keyword
statistics. Scenarios run with the pool plus test-only cards."""

from __future__ import annotations

from pathlib import Path

from gamesetup import play_text

from mtgsim.engine.cards import CardDef, Filter, SpellAbility
from mtgsim.engine.cards.card import CardPool
from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.effects.damage import Damage
from mtgsim.engine.scenario.runner import Runner

TWIN_ANNIHILATOR = CardDef(
    name="Test Twin Annihilator", types=("creature",), mana_cost="{6}", power=5,
    toughness=5, keywords=("Annihilator 2", "Annihilator 1"),
    text="(test only) Annihilator 2, annihilator 1")
DOUBLE_EXALTED = CardDef(
    name="Test Double Exalted", types=("enchantment",), mana_cost="{2}",
    keywords=("Exalted", "Exalted"), text="(test only) Exalted, exalted")
RED_SWEEP = CardDef(
    name="Test Red Sweep", types=("sorcery",), mana_cost="{R}",
    spell=SpellAbility(effects=(Damage(amount=3, each=Filter(types=("creature",))),)),
    text="(test only) Test Red Sweep deals 3 damage to each creature.")


def _pool() -> CardPool:
    return load_pool().with_cards((TWIN_ANNIHILATOR, DOUBLE_EXALTED, RED_SWEEP))


def _run(tmp_path: Path, text: str) -> Runner:
    return play_text(tmp_path, text, _pool())


def test_each_annihilator_instance_triggers_separately(tmp_path: Path) -> None:
    """702.86b: two instances on one creature are two triggers (2 + 1 permanents)."""
    runner = _run(tmp_path, '''
name = "two annihilator instances"
[setup]
turn = 5
[setup.A]
battlefield = ["Test Twin Annihilator"]
[setup.B]
battlefield = ["Forest", "Forest", "Island", "Island"]
choices = [["Island"], ["Forest", "Forest"]]
[[actions]]
player = "A"
attack = ["Test Twin Annihilator"]
[[actions]]
player = "A"
resolve = "all"
[expect.B]
battlefield = ["Island"]
''')
    stats = runner.state.players[0].stats
    assert stats["permanents_annihilated"] == 3
    assert stats["annihilator_triggers"] == 2


def test_each_exalted_instance_on_one_permanent_triggers(tmp_path: Path) -> None:
    """702.83b: every instance triggers, also two on the same permanent."""
    runner = _run(tmp_path, '''
name = "two exalted instances on one permanent"
[setup]
turn = 3
[setup.A]
battlefield = ["Test Double Exalted", "Grizzly Bears"]
[[actions]]
player = "A"
attack = ["Grizzly Bears"]
[[actions]]
player = "A"
advance = "main2"
[expect.B]
life = 16
''')
    assert runner.state.players[0].stats["exalted_bonuses"] == 2


def test_protection_from_colored_spells_prevents_spell_damage(tmp_path: Path) -> None:
    """702.16e: damage from a colored spell (not targeted) to Emrakul is prevented."""
    _run(tmp_path, '''
name = "protection from colored spells: damage"
[setup]
turn = 3
[setup.A]
battlefield = ["Mountain", "Grizzly Bears"]
hand = ["Test Red Sweep"]
[setup.B]
battlefield = ["Emrakul, the Aeons Torn"]
[[actions]]
player = "A"
cast = "Test Red Sweep"
[[actions]]
player = "A"
resolve = 1
[expect.A]
graveyard = ["Test Red Sweep", "Grizzly Bears"]
[[expect.permanents]]
card = "Emrakul, the Aeons Torn"
damage = 0
''')


def test_statistics_of_these_keywords(tmp_path: Path) -> None:
    """Counters of levels gained, unearths and unearthed attackers."""
    runner = _run(tmp_path, '''
name = "statistics"
[setup]
turn = 3
[setup.A]
battlefield = ["Swamp", "Plains", "Plains", "Student of Warfare"]
graveyard = ["Dregscape Zombie"]
[[actions]]
player = "A"
activate = "Student of Warfare"
ability = "level up"
[[actions]]
player = "A"
resolve = 1
[[actions]]
player = "A"
activate = "Student of Warfare"
ability = "level up"
[[actions]]
player = "A"
resolve = 1
[[actions]]
player = "A"
activate = "Dregscape Zombie"
ability = "unearth"
[[actions]]
player = "A"
resolve = 1
[[actions]]
player = "A"
attack = ["Dregscape Zombie"]
[expect.B]
life = 20
''')
    stats = runner.state.players[0].stats
    assert stats["levels_gained"] == 2
    assert stats["level_up_activations"] == 2
    assert stats["unearths"] == 1
    assert stats["unearthed_attackers"] == 1
