"""Complete actions and multi-select answers for the search
(``engine/players/policies/search_actions.py``)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.search import SearchPolicy
from mtgsim.engine.players.policies.search_actions import (
    FORKED,
    Candidate,
    Follow,
    Step,
    choice_sets,
    fork,
    step_of,
)
from mtgsim.engine.scenario.runner import run_scenario
from mtgsim.engine.state.decisions import Answer, Decision, DecisionKind
from mtgsim.engine.state.game_state import CastTask, GameState

AI = Path(__file__).parents[1] / "scenarios" / "ai"
_T = DecisionKind.TARGET
_DEVOUR = DecisionKind.DEVOUR


def test_a_step_names_options_by_what_they_are() -> None:
    d = Decision(_T, 0, "", options=[1, 15, 0])
    step = step_of(d, 1)
    assert step == Step(_T, (15,))
    assert step.answer_for(Decision(_T, 0, "", options=[15, 1])) == 0  # moved: found
    assert step.answer_for(Decision(_T, 0, "", options=[1, 0])) is None  # gone
    assert step.answer_for(Decision(DecisionKind.MODE, 0, "", options=[15])) is None
    m = Decision(_DEVOUR, 0, "", options=[7, 8, 9], multi=True, min_count=0, max_count=3)
    many = step_of(m, [2, 0])
    assert many == Step(_DEVOUR, (7, 9), True)
    assert many.answer_for(m) == [0, 2]
    fewer = Decision(_DEVOUR, 0, "", options=[9, 7], multi=True, min_count=0, max_count=1)
    assert many.answer_for(fewer) is None  # two picks where at most one may be


@pytest.mark.parametrize("n, lo, hi, own", [(4, 0, 4, [0, 1, 2, 3]), (5, 1, 2, [3]),
                                            (3, 2, 2, [0, 2]), (6, 0, 6, [])])
def test_choice_sets_are_legal_distinct_and_nearest_first(n: int, lo: int, hi: int,
                                                          own: list[int]) -> None:
    d = Decision(_DEVOUR, 0, "", options=list(range(10, 10 + n)), multi=True,
                 min_count=lo, max_count=hi)
    legal = [list(c) for k in range(lo, hi + 1) for c in combinations(range(n), k)]
    got = choice_sets(d, own, 1000)
    assert got[0] == sorted(own)
    assert sorted(map(tuple, got)) == sorted(map(tuple, legal))  # all, each once
    distance = [len(set(s) ^ set(own)) for s in got]
    assert distance == sorted(distance)  # nearest the heuristic's first
    assert choice_sets(d, own, 3) == got[:3]


def test_a_script_is_followed_while_it_fits() -> None:
    follow = Follow(HeuristicPolicy(1), [Step(_T, (15,)), Step(_T, (15,))], turn=9, depth=0)
    view = cast(GameState, SimpleNamespace(turn=9, stack=[]))  # what take reads
    d = Decision(_T, 0, "", options=[1, 15])
    assert follow.take(view, d) == 1
    assert follow.take(view, Decision(DecisionKind.MODE, 0, "", options=[0, 1])) is None
    assert follow.script == []  # did not fit: dropped
    follow = Follow(HeuristicPolicy(1), [Step(_T, (15,))], turn=9, depth=0)
    view = cast(GameState, SimpleNamespace(turn=10, stack=[]))
    assert follow.take(view, d) is None and follow.script == []  # the turn ended


def _searched(name: str, monkeypatch: pytest.MonkeyPatch
              ) -> list[list[Answer | Candidate]]:
    """The candidate lists the search tried in the AI puzzle ``name``."""
    seen: list[list[Answer | Candidate]] = []
    real = SearchPolicy._search

    def spy(self: SearchPolicy, state: GameState, d: Decision,
            candidates: list[Answer | Candidate]) -> Answer | Candidate:
        seen.append(list(candidates))
        return real(self, state, d, candidates)

    monkeypatch.setattr(SearchPolicy, "_search", spy)
    r = run_scenario(AI / f"{name}.toml", load_pool())
    assert r.passed, r.error
    return seen


def test_a_replicated_spell_and_its_copy_aim_together(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the Pyromatics puzzle the search's candidates include the cast that pays
    replicate once and aims the spell and its copy at one creature, besides the plain
    cast; no action has more than ``cast`` complete actions."""
    seen = _searched("replicated_burn_kills_the_lethal_attacker", monkeypatch)
    scripts = [c.then for cands in seen for c in cands if isinstance(c, Candidate)]
    focused = [s for s in scripts if len(s) == 3 and s[0] == Step(DecisionKind.REPLICATE, (1,))
               and s[1].kind is _T and s[1] == s[2] and s[1].picks[0] >= 2]
    assert focused
    for cands in seen:
        firsts = [c.first for c in cands if isinstance(c, Candidate)]
        assert all(firsts.count(f) <= 4 for f in firsts)
        assert len({(c.first, c.then) for c in cands if isinstance(c, Candidate)}) == len(cands)


def test_the_devour_choice_is_searched(monkeypatch: pytest.MonkeyPatch,
                                       tmp_path: Path) -> None:
    """In the devour puzzle the devour choice is part of the cast's complete actions
    (a script that devours the Goblin and aims the trigger), and with ``cast=1`` the
    devour decision itself is searched among the multi-select answers."""
    seen = _searched("devour_eats_the_goblin_for_the_last_damage", monkeypatch)
    assert any(isinstance(c, Candidate) and c.then and c.then[0].kind is _DEVOUR
               and c.then[0].picks for cands in seen for c in cands)
    path = AI / "devour_eats_the_goblin_for_the_last_damage.toml"
    text = path.read_text().replace('policy = "search:rollouts=3"',
                                    'policy = "search:cast=1,rollouts=3"')
    assert text != path.read_text()
    one = tmp_path / path.name
    one.write_text(text)
    seen.clear()
    assert run_scenario(one, load_pool()).passed
    assert any(len(c) >= 2 and all(isinstance(a, list) for a in c) for c in seen)


def test_a_fork_copies_every_slot_as_a_deep_copy_would() -> None:
    """``fork`` (the complete actions' branches) copies every slot of the heuristic: a
    slot added to it must be added there; its containers are its own, and the Task of a
    question is an object no game holds, as ``copy.deepcopy``'s was."""
    slots = {s for c in HeuristicPolicy.__mro__ for s in c.__dict__.get("__slots__", ())}
    assert set(FORKED) == slots and len(FORKED) == len(slots)
    p = HeuristicPolicy(7, True)
    task = CastTask(player=0, oid=12)
    p.target_question, p.targets_asked = (task, 4), 2
    p.copy_question, p.copy_damage = (task, 4), {1: 3}
    p.plan, p.plan_mode, p.plan_x, p.plan_rep = {4: [1, 2]}, {4: 1}, {4: 3}, {4: 2}
    q = fork(p)
    for name in FORKED:
        if name not in ("target_question", "copy_question"):
            assert getattr(q, name) == getattr(p, name), name
    assert q.target_question[0] is not task and q.target_question[0] == task
    assert q.target_question[1] == 4 and q.copy_question[0] is not task
    q.plan[4].pop(0)
    q.copy_damage[2] = 1
    assert p.plan == {4: [1, 2]} and p.copy_damage == {1: 3}
    assert fork(HeuristicPolicy(1)).target_question == (None, 0)
