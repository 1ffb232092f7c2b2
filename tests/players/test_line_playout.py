"""scripts/line_playout.py on a tiny case: the position of the puzzle
``cascade_spell_cast_for_its_cascade`` in its real game, its two lines on a few paired
continuations."""

from __future__ import annotations

import argparse
from types import ModuleType

import pytest
from modulefile import load_script

DREAD = "play Swamp;cast Boggart Ram-Gang;cast Demonic Dread"
OUTBURST = "play Swamp;cast Boggart Ram-Gang;cast Violent Outburst"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script("line_playout")


def _args(script: ModuleType, *extra: str) -> argparse.Namespace:
    return script.parser().parse_args(
        ["jund_cascade", "bant_exalted", "--seed", "1", "--turn", "9", "--line-a", DREAD,
         "--line-b", OUTBURST, *extra])


def test_the_position_and_paired_lines(script: ModuleType) -> None:
    out = script.run(_args(script, "--continuations", "3"))
    assert out["position"][0] == "turn 9, active A"
    assert "hand ['Violent Outburst', 'Demonic Dread', 'Swamp', 'Boggart Ram-Gang', " \
        "'Forest']" in out["position"][1]
    assert out["continuations"] == 3 and 0 <= out["rate_a"] <= 1
    assert out == script.run(_args(script, "--continuations", "3"))  # a pure function
    # with the real library order kept, the heuristic draws on no chance: every
    # continuation is the same game
    seeds = script.run(_args(script, "--continuations", "3", "--variant", "seeds"))
    assert seeds["distinct_a"] == 1 and seeds["a_better"] + seeds["b_better"] in (0, 3)


def test_the_lines_are_the_ones_played(script: ModuleType) -> None:
    _, decks = script.load_decks(script.CardSource(), ["jund_cascade", "bant_exalted"])
    position = script.reach([d.cards for d in decks], ["heuristic", "heuristic"], 1, 9)
    start = script.reshuffled(position, 1, 0, "shuffle")
    assert sorted(start.players[0].library) == sorted(position.players[0].library)
    specs = ("heuristic", "heuristic", "heuristic")
    for line, spell in ((DREAD, "Demonic Dread"), (OUTBURST, "Violent Outburst")):
        _, _, taken = script.play_line(start, script.parse_line(line), specs, (5, 6))
        assert taken == ["Swamp", "Boggart Ram-Gang", spell]
    with pytest.raises(SystemExit, match="could not be played"):
        script.play_line(start, script.parse_line("cast Gorger Wurm"), specs, (5, 6))
    with pytest.raises(ValueError, match="'play NAME' or 'cast NAME'"):
        script.parse_line("attack with everything")
