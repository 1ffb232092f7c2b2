"""The turn's plan (``heuristic:prio=plan``, ``engine/players/policies/turn_plan.py``):
in its own main phase the heuristic casts the set of spells this turn's mana pays for,
with the land that pays for them, rather than the best-scoring spell first; the land
drop first unless a planned spell that finds cards is castable before it."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamesetup import main_phase_state

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.players.policies import HeuristicPolicy, make_policy
from mtgsim.engine.players.policies.context import Ctx
from mtgsim.engine.players.policies.priority_order import MANA_WEIGHT, rules_of
from mtgsim.engine.players.policies.spec import canonical
from mtgsim.engine.players.policies.turn_plan import MAX_CASTS, Cast, best_subset
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.rules.mana import parse_cost
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.scenario.runner import run_scenario
from mtgsim.engine.state.game_state import CAST, PLAY, Decision, GameState

PUZZLE = Path(__file__).parents[1] / "scenarios" / "ai" / \
    "two_cheap_creatures_over_the_three_drop.toml"


def _position(tmp_path: Path, hand: list[str], lands: list[str],
              library: tuple[str, ...] = ("Forest", "Forest", "Forest")) -> GameState:
    state = main_phase_state(tmp_path, hand, lands, library, ("Plains", "Plains", "Plains"))
    ensure(state)
    return state


def _decision(state: GameState) -> Decision:
    d = advance(state)
    assert d is not None and d.player == 0
    return d


def _choice(state: GameState, d: Decision, spec: str) -> str:
    """What ``spec`` does at ``d``: "play NAME", "cast NAME" or "pass"."""
    policy = make_policy(spec, 1)
    assert isinstance(policy, HeuristicPolicy)
    a = d.actions[policy.priority(state, d)]
    if a.kind == PLAY:
        return "play " + state.objects[a.oid].card.name
    if a.kind == CAST:
        return "cast " + state.objects[a.oid].card.name
    return "pass"


def _play_turn(state: GameState, spec: str) -> list[str]:
    """The main phase's plays of ``spec`` until it passes."""
    plays: list[str] = []
    policy = make_policy(spec, 1)
    assert isinstance(policy, HeuristicPolicy)
    while len(plays) < 8:
        d = _decision(state)
        i = policy.priority(state, d)
        a = d.actions[i]
        if a.kind not in (PLAY, CAST):
            break
        plays.append(("play " if a.kind == PLAY else "cast ")
                     + state.objects[a.oid].card.name)
        answer(state, i)
        while advance(state) is not None and state.stack:
            answer(state, 0)  # both pass: the spell resolves
    return plays


def test_a_one_drop_and_a_two_drop_over_the_three_drop(tmp_path: Path) -> None:
    """Three Forests out: Gladecover Scout (21) and Grizzly Bears (22) together (43) over
    Aura Gnarlid (23), which the greedy choice casts and which leaves both uncast."""
    hand = ["Gladecover Scout", "Grizzly Bears", "Aura Gnarlid"]
    state = _position(tmp_path, hand, ["Forest"] * 3)
    d = _decision(state)
    assert _choice(state, d, "heuristic") == "cast Aura Gnarlid"
    assert _choice(state, d, "heuristic:prio=plan") == "cast Grizzly Bears"
    state = _position(tmp_path, hand, ["Forest"] * 3)
    assert _play_turn(state, "heuristic:prio=plan") == ["cast Grizzly Bears",
                                                        "cast Gladecover Scout"]


def test_the_land_first_and_the_plan_counts_its_mana(tmp_path: Path) -> None:
    """Two Forests out and a Forest in hand: the land comes first (305.1), and with its
    mana the plan is the same one-drop and two-drop, not the three-drop the land makes
    castable."""
    hand = ["Forest", "Gladecover Scout", "Grizzly Bears", "Aura Gnarlid"]
    state = _position(tmp_path, hand, ["Forest"] * 2)
    assert _play_turn(state, "heuristic") == ["play Forest", "cast Aura Gnarlid"]
    state = _position(tmp_path, hand, ["Forest"] * 2)
    assert _play_turn(state, "heuristic:prio=plan") == [
        "play Forest", "cast Grizzly Bears", "cast Gladecover Scout"]


def test_the_land_that_pays_for_the_plan(tmp_path: Path) -> None:
    """A Forest out; a Mountain and a Forest in hand with Gladecover Scout and Llanowar
    Elves ({G} each) and Stigma Lasher ({R}{R}): the default plays the Mountain (a new
    colour, +1, and the Lasher's red later) and casts one one-drop; the plan plays the
    Forest, whose mana casts both one-drops this turn (42 against 21)."""
    hand = ["Mountain", "Forest", "Gladecover Scout", "Llanowar Elves", "Stigma Lasher"]
    state = _position(tmp_path, hand, ["Forest"])
    assert _play_turn(state, "heuristic") == ["play Mountain", "cast Gladecover Scout"]
    state = _position(tmp_path, hand, ["Forest"])
    plays = _play_turn(state, "heuristic:prio=plan")
    assert plays[0] == "play Forest"
    assert sorted(plays[1:]) == ["cast Gladecover Scout", "cast Llanowar Elves"]


def test_a_finding_spell_before_the_land(tmp_path: Path) -> None:
    """Rampant Growth ({1}{G}, a search: Role.TUTOR) castable with the two Forests out is
    cast before the land drop (what it finds may change the land to play); a creature
    is not."""
    state = _position(tmp_path, ["Forest", "Rampant Growth"], ["Forest"] * 2)
    d = _decision(state)
    assert _choice(state, d, "heuristic") == "play Forest"
    assert _choice(state, d, "heuristic:prio=plan") == "cast Rampant Growth"
    state = _position(tmp_path, ["Forest", "Grizzly Bears"], ["Forest"] * 2)
    d = _decision(state)
    assert _choice(state, d, "heuristic:prio=plan") == "play Forest"


def test_best_subset_is_exact_and_pays_together() -> None:
    """The subset that spends the most mana, then has the best total, paid for together:
    with units G, G, R, {G}+{1}{G} (3 mana, 43) over {2}{G} (3 mana, 23); a third {G}
    does not fit."""
    one = Cast(1, 21.0, parse_cost("{G}"), 0, False)
    two = Cast(2, 22.0, parse_cost("{1}{G}"), 1, False)
    three = Cast(3, 23.0, parse_cost("{2}{G}"), 2, False)
    other = Cast(4, 21.0, parse_cost("{G}"), 3, False)
    g, r = 16, 8
    chosen, (spent, value) = best_subset([three, two, one, other], [g, g, r])
    assert [c.oid for c in chosen] == [2, 1] and spent == 3 and value == pytest.approx(43.0)
    # one unit of each: the two one-drops need two green
    chosen, (spent, value) = best_subset([one, other], [g, r])
    assert [c.oid for c in chosen] == [1] and spent == 1 and value == pytest.approx(21.0)
    assert best_subset([], [g]) == ([], (0, 0.0))
    # the mana spent first: five units, two one-drops (42) leave three unspent, the
    # five-drop (25) spends them all
    five = Cast(5, 25.0, parse_cost("{4}{G}"), 4, False)
    chosen, (spent, value) = best_subset([five, one, other], [g] * 5)
    assert [c.oid for c in chosen] == [5] and spent == 5
    assert MAX_CASTS == 7


def test_the_setting() -> None:
    """``prio=plan``: ``mana``'s land rules and the plan; off by default, its own
    canonical spelling, for the heuristic and the search's own seat."""
    assert rules_of("plan") == (MANA_WEIGHT, False)
    assert canonical("heuristic:prio=plan") == "heuristic:prio=plan"
    assert canonical("search:prio=plan") == "search:prio=plan"
    h = make_policy("heuristic:prio=plan", 1)
    assert isinstance(h, HeuristicPolicy) and h.turn_plan
    for spec in ("heuristic", "heuristic:prio=mana", "heuristic:prio=plain"):
        h = make_policy(spec, 1)
        assert isinstance(h, HeuristicPolicy) and not h.turn_plan
    assert not HeuristicPolicy(1).turn_plan


def test_the_plan_reads_only_its_players_view(tmp_path: Path) -> None:
    """The plan is a function of the position: the same choice twice, and the Ctx's
    mana is the player's own."""
    state = _position(tmp_path, ["Gladecover Scout", "Grizzly Bears", "Aura Gnarlid"],
                      ["Forest"] * 3)
    d = _decision(state)
    first = _choice(state, d, "heuristic:prio=plan")
    assert _choice(state, d, "heuristic:prio=plan") == first
    assert Ctx(state, 0).mana == 3


@pytest.mark.parametrize(("spec", "solves"), [
    ("heuristic:prio=plan", True),
    ("heuristic", False),  # casts Aura Gnarlid (23), the best single spell
    ("heuristic:attack=trades,prio=plain", False),
])
def test_the_puzzle(spec: str, solves: bool, tmp_path: Path) -> None:
    """``two_cheap_creatures_over_the_three_drop``: the setting solves it, the default
    heuristic and the old play do not (the search and the tree search solve it:
    tests/players/test_search_puzzles.py plays every puzzle with them)."""
    text = PUZZLE.read_text()
    assert 'policy = "heuristic:prio=plan"' in text
    f = tmp_path / PUZZLE.name
    f.write_text(text.replace('policy = "heuristic:prio=plan"', f'policy = "{spec}"'))
    r = run_scenario(f, load_pool())
    assert r.passed is solves
    if not solves:
        assert r.error is not None and "Gladecover Scout" in r.error
