"""The candidates given the whole budget (``search:full=N``, paired_gain.search_budget;
docs/search-record.md "The third turn within the budget").

A decision's budget is ``rollouts`` for each of its first ``N`` candidates and one more
rollout for each further one (default ``paired_gain.FULL``, 8). ``full`` lowers it for
the wide decisions alone: a decision of ``N`` candidates or fewer is searched exactly as
without the setting."""

from __future__ import annotations

import pytest
from gamesetup import heuristic_midgame

from mtgsim.engine.players.policies import SearchPolicy, make_policy
from mtgsim.engine.players.policies.paired_gain import FULL, search_budget
from mtgsim.engine.players.policies.search_actions import Candidate
from mtgsim.engine.players.policies.spec import PolicySpecError, canonical
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import Answer

# the two-turn search without the futile stop, its ``full`` given by each test (the
# default before search play 6, ``spec.SEARCH_PLAY_5``, with futile=off and without full)
TWO = "search:blend=0,deepen=off,depth=2,face=off,futile=off,sooner=0"


def _search(spec: str) -> SearchPolicy:
    policy = make_policy(spec, 0)
    assert isinstance(policy, SearchPolicy)
    return policy


def test_the_spec() -> None:
    """``full=5`` is the default since search play 6 and spells plain ``search`` (one job
    for one play); any other value is kept in the canonical spelling, ``full=8``
    (``paired_gain.FULL``) the play before."""
    assert FULL == 8
    assert canonical("search:full=5") == "search"
    assert canonical("search:depth=3,deepen=20,full=05") == "search"
    assert canonical("search:full=8") == "search:full=8"
    assert _search("search").full == 5 and _search("search:full=8").full == FULL
    for bad, message in (("search:full=0", "full"), ("search:full=x", "full"),
                         ("mcts:full=5", "mcts has no setting 'full'")):
        with pytest.raises(PolicySpecError, match=message):
            canonical(bad)


def test_the_budget() -> None:
    """``rollouts`` for each of the first ``full`` candidates, one for each further one;
    at most ``full`` candidates, the budget of the default."""
    assert search_budget(3, 10) == 3 * 8 + 2
    assert search_budget(3, 10, 5) == 3 * 5 + 5
    assert [search_budget(3, k, 5) for k in (2, 5)] == [search_budget(3, k) for k in (2, 5)]


def _searched(spec: str, width: int) -> tuple[Answer | Candidate, list[list[float]], int]:
    """``spec``'s search of the bench midgame's first decision (turn 3, the heuristic's
    position: a priority decision of three candidates) with ``width`` candidates: its own,
    repeated in turn past three (a wide decision of real answers); the answer, the
    scores deal by deal and the rollouts played. ``futile=off``: no stop ends it before
    the budget does."""
    state = heuristic_midgame()
    d = state.pending
    assert d is not None
    policy = _search(spec)
    own = policy.inner.decide(state, d)
    candidates = policy.search_candidates(state, d, own)
    assert len(candidates) == 3
    wide = (candidates + candidates[1:] * width)[:width]
    got = policy._search(clone(state), d, wide)
    return got, policy.last_values, policy.played


def test_a_wide_decision_spends_the_smaller_budget() -> None:
    """Seven candidates: 21 rollouts with ``full=8`` (3 each), 3 x 5 + 2 = 17 with
    ``full=5``; the UCB rounds spend all of it."""
    assert _searched(f"{TWO},full=8", 7)[2] == search_budget(3, 7) == 21
    assert _searched(f"{TWO},full=5", 7)[2] == search_budget(3, 7, 5) == 17


@pytest.mark.parametrize("width", [3, 5])
def test_a_narrow_decision_is_searched_as_by_default(width: int) -> None:
    """A decision of ``full`` candidates or fewer: the same rollouts, deal by deal, and
    the same answer."""
    assert _searched(f"{TWO},full=5", width) == _searched(f"{TWO},full=8", width)
