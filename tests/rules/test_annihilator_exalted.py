"""Level up, exalted, annihilator and unearth: the keyword statistics, counted by plays
of scenario files whose expectations check the rules (several instances of a keyword on
one object, with the scenarios' own test-only cards). A statistic is no expectation the
scenario format has, so these tests play the files and read the counters."""

from __future__ import annotations

from gamesetup import play_file


def test_each_annihilator_instance_triggers_separately() -> None:
    """702.86b: two instances on one creature are two triggers (2 + 1 permanents)."""
    runner = play_file("scenarios/keywords/annihilator/two_instances_on_one_creature.toml")
    stats = runner.state.players[0].stats
    assert stats["permanents_annihilated"] == 3
    assert stats["annihilator_triggers"] == 2


def test_each_exalted_instance_on_one_permanent_triggers() -> None:
    """702.83b: every instance triggers, also two on the same permanent."""
    runner = play_file("scenarios/keywords/exalted/two_instances_on_one_permanent.toml")
    assert runner.state.players[0].stats["exalted_bonuses"] == 2


def test_statistics_of_these_keywords() -> None:
    """Counters of levels gained, unearths and unearthed attackers."""
    runner = play_file("scenarios/keywords/unearth/level_up_and_unearth_statistics.toml")
    stats = runner.state.players[0].stats
    assert stats["levels_gained"] == 2
    assert stats["level_up_activations"] == 2
    assert stats["unearths"] == 1
    assert stats["unearthed_attackers"] == 1
