"""The AI puzzles (``tests/scenarios/ai/``) with the search pilot, and which of them the
heuristic solves.

Every puzzle passes as written with the rules scenarios (tests/rules/test_scenarios.py);
here each is played again with the search (``search:rollouts=3``: the default settings,
since issue 37's default the fitted cut-off, the noise margin 0, the inferred land
bound and the switch on the logit scale, docs/search-record.md "The search's default" and "The
switch on the logit scale", since search play 5 the budget futile=0,sets=6, "A cheaper
budget by default (search play 5)", and since search play 6 the deepened three-turn
search, depth=3,sooner=1,blend=1,face=6,deepen=20,full=5, "The deepened search by default
(search play 6)") as the puzzle's player,
and the puzzles of issue 37's misplay classes are played with the heuristic and with a
search whose candidates are one decision deep, which must fail them: those puzzles are
solved by complete actions (a cast with its choices) and by searching multi-selects and
block declarations, not by the heuristic. Each puzzle is played with the tree search
over the turn too (``mcts:iterations=2``, engine/players/policies/ismcts.py), which solves
one the search does not (``no_removal_on_an_attacker_leaving_at_end_of_turn``) and fails
three, named with what it plays instead. And each is played with the default before
search play 6, the two-turn search (``spec.SEARCH_PLAY_5``), and with the three-turn
search undeepened (``search:deepen=off``: every rollout three turns long, a decided
rollout scored by when, an undecided one on the horizon's last two turns, the face guard;
docs/search-record.md "Three turns deep"), which solve every puzzle the default does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.players.policies.spec import SEARCH_PLAY_5
from mtgsim.engine.scenario.runner import run_scenario

AI = Path(__file__).parents[1] / "scenarios" / "ai"
PUZZLES = sorted(AI.glob("*.toml"))
SEARCH = "search:rollouts=3"
# issue 37's misplay classes: the puzzle, and the policies that fail it
ONLY_THE_SEARCH = {
    "replicated_burn_kills_the_lethal_attacker": ("heuristic", "search:cast=1,rollouts=3"),
    "devour_eats_the_goblin_for_the_last_damage": ("heuristic",),
    "blocks_beyond_the_first_eight_keep_a_alive": ("heuristic",),
    "replicated_burn_with_unknown_deck_lists": ("heuristic",),
}
# puzzles the search does not solve yet, each with what it plays instead (the search of
# main before issue 37's complete actions failed them too): the test fails once it does
NOT_YET = {
    "cascade_spell_cast_for_its_cascade": "casts Violent Outburst in response to the "
    "Boggart Ram-Gang and keeps Demonic Dread: on each deal its rollouts reach the "
    "two-turn horizon with one card in hand either way and the other player one life "
    "lower (the Outburst's +1/+0 on the attacking Ram-Gang; the Dread's 'can't block' is "
    "spent on the Aven Squire the cascaded Bolt or Terror kills anyway): +0.04 on each "
    "of its 3 deals on the fitted cut-off (+0.028 on the old hand-set one); the instant "
    "kept is worth more than the sorcery kept only past the horizon (the six lands are tapped "
    "until turn 11) and the cut-off counts a card in hand alike (depth=3 and 4 cast the "
    "Outburst first and keep the Ram-Gang). The puzzle's answer is the better play when "
    "the search plays the game on (scripts/line_playout.py from the real game: 1,508 "
    "wins of 1,600 continuations against 1,436, the search's line -4.5 [-5.8, -3.3]), not "
    "when the heuristic does (+3.2 [+2.5, +3.9]: it casts a kept Outburst on the other "
    "player's turn, its +1/+0 wasted), and the rollouts play the heuristic; a cut-off "
    "fitted with instant-speed cards in hand prices the kept instant +0.054 of logit, "
    "the puzzle needs 0.20 to 0.25 (branch cascade, docs/search-record.md 'Tried after "
    "search play 6, not kept'), and fitted on the search's own games -0.007 [-0.039, "
    "+0.024] (branch ownfit, docs/search-record.md 'The cut-off fitted on the search's "
    "own games')",
}
# puzzles the default search solves through a default setting: the puzzle, the settings
# that drop it (the old play fails it) and the policies that solve it without it
BY_A_DEFAULT = {"no_chump_block_at_twenty_life": ("search:chump=off",
                                                  ("heuristic", "search:chump=off,rollouts=1"))}


MCTS = "mcts:iterations=2"
# puzzles the tree search does not solve, each with what it plays instead
MCTS_NOT_YET = {
    "devour_eats_the_goblin_for_the_last_damage": "does not devour the Ram-Gang: with two "
    "iterations per root candidate the tree below the cast is hardly grown, and the "
    "scripted devour-and-aim candidate's gain does not clear the noise",
    "escape_keeps_what_tolarian_terror_counts": "escapes Sleep of the Dead exiling the "
    "Lightning Bolt, not the Grizzly Bears: the tree's exploration below the heuristic's "
    "exile choice lost a deal the other choices' iterations won, and the gain cleared one "
    "standard error",
    "cascade_spell_cast_for_its_cascade": "passes the first main phase with Demonic Dread "
    "(the heuristic's answer) and casts Violent Outburst at the beginning of combat: the "
    "pass's gain, +0.029 and +0.058 on its two deals (the first raised from 0 by the best "
    "line's correction for the Outburst below it), clears one pooled standard error by 3%; "
    "a coin flip at this budget whichever pilot the rollouts play (the old play, pinned "
    "here until December 6 evening, fails it at iterations=3 and 4; the default solves "
    "it at 4, 6 and 8)",
    "no_chump_block_at_twenty_life": "blocks the Krasis with the Student, as the search "
    "does (its root's candidates are the search's: chump_guard is the search's setting)",
}

# the default before search play 6: the two-turn search (no deepening, no face guard,
# every win 1, the horizon's position alone, 8 candidates on the whole budget)
TWO_TURNS = f"search:{SEARCH_PLAY_5}"
# the three-turn search undeepened (every rollout three turns long; the default before
# search play 6 deepened it within 20 logits and put 5 candidates on the whole budget)
THREE_TURNS = "search:deepen=off"
THREE_TURNS_NOT_YET = {
    "cascade_spell_cast_for_its_cascade": "casts Violent Outburst first and keeps the "
    "Boggart Ram-Gang (NOT_YET: the kept instant is worth more than the kept creature "
    "only past the horizon)",
}


def _play(path: Path, policy: str, tmp_path: Path) -> tuple[bool, str | None]:
    text = path.read_text()
    lines = [ln for ln in text.splitlines() if ln.startswith("policy = ")]
    assert len(lines) == 1, path
    f = tmp_path / path.name
    f.write_text(text.replace(lines[0], f'policy = "{policy}"'))
    r = run_scenario(f, load_pool())
    return r.passed, r.error


def test_there_are_puzzles() -> None:
    assert len(PUZZLES) >= 20
    assert set(ONLY_THE_SEARCH) <= {p.stem for p in PUZZLES}


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_the_search_solves_the_puzzle(path: Path, tmp_path: Path) -> None:
    """The default (the deepened three-turn search since search play 6) solves every
    puzzle but NOT_YET's. A puzzle deals one game, so each switch it must make is looked
    at again at three turns: the scoring by when and the blend keep it there (the deepened
    search without them, ``search:blend=0,face=off,full=8,sooner=0``, failed the devour,
    the blocks and the bigger body: docs/search-record.md "The third turn within the
    budget")."""
    passed, error = _play(path, SEARCH, tmp_path)
    if path.stem in NOT_YET:
        assert not passed, f"{path.stem} is solved now: remove it from NOT_YET"
    else:
        assert (passed, error) == (True, None)


@pytest.mark.parametrize("name", sorted(ONLY_THE_SEARCH))
def test_the_heuristic_does_not(name: str, tmp_path: Path) -> None:
    for policy in ONLY_THE_SEARCH[name]:
        passed, error = _play(AI / f"{name}.toml", policy, tmp_path)
        assert not passed and error is not None and error.startswith(f"[ai] {policy} as ")


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_the_tree_search_solves_the_puzzle(path: Path, tmp_path: Path) -> None:
    passed, error = _play(path, MCTS, tmp_path)
    if path.stem in MCTS_NOT_YET:
        assert not passed, f"{path.stem} is solved by {MCTS} now: remove it from MCTS_NOT_YET"
    else:
        assert (passed, error) == (True, None)


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_the_two_turn_search_solves_the_puzzle(path: Path, tmp_path: Path) -> None:
    """The default before search play 6 (``spec.SEARCH_PLAY_5``, two turns) solves every
    puzzle the default solves: the deepened three turns lost none of them."""
    passed, error = _play(path, TWO_TURNS, tmp_path)
    if path.stem in NOT_YET:
        assert not passed, f"{path.stem} is solved by {TWO_TURNS} now"
    else:
        assert (passed, error) == (True, None)


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_the_three_turn_search_solves_the_puzzle(path: Path, tmp_path: Path) -> None:
    """Every puzzle the default search solves, the three-turn search undeepened solves
    (every rollout three turns long: docs/search-record.md "Three turns deep")."""
    passed, error = _play(path, THREE_TURNS, tmp_path)
    if path.stem in THREE_TURNS_NOT_YET:
        assert not passed, f"{path.stem} is solved by {THREE_TURNS} now"
    else:
        assert (passed, error) == (True, None)


@pytest.mark.parametrize("name", sorted(BY_A_DEFAULT))
def test_a_default_setting_solves_the_puzzle(name: str, tmp_path: Path) -> None:
    """Without the default setting that solves it (the old play) the search fails the
    puzzle (its gain is the setting's, not the budget's), and the policies named as
    solving it without the setting pass it."""
    old, others = BY_A_DEFAULT[name]
    passed, _ = _play(AI / f"{name}.toml", old, tmp_path)
    assert not passed, f"{old} solves {name} now"
    for policy in others:
        assert _play(AI / f"{name}.toml", policy, tmp_path) == (True, None), policy
