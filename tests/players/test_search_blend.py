"""A rollout scored on the horizon's last two turns (``search:blend=1``,
``search.blended_value``; docs/search-record.md "Three turns deep").

A rollout's horizon ends at the start of a turn, so the player whose turn ended it had
the last word. With three turns (``depth=3``) a decision on the searching player's own
turn is scored after its own next turn, the other player's reply unseen, and one on the
other player's turn after their next attack, the answer to it unseen: two AI puzzles the
two-turn search solves fail (``the_bigger_body_first``: the 1/1 levelled up and the 2/2
kept in hand read as both cast; ``no_removal_on_an_attacker_leaving_at_end_of_turn``: the
unearthed Hellspark's second hit counted, the Bolt kept for it unspent). Scored on the
mean logit of the last two turns' positions, each side has the last word once, and
``search:depth=3,sooner=1,blend=1`` solves every puzzle the default does."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamesetup import heuristic_midgame

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.players.policies import SearchPolicy, make_policy
from mtgsim.engine.players.policies.paired_gain import clipped_logit
from mtgsim.engine.players.policies.search import blended_value
from mtgsim.engine.players.policies.spec import canonical
from mtgsim.engine.scenario.runner import run_scenario
from mtgsim.engine.state.clone import clone

AI = Path(__file__).parents[1] / "scenarios" / "ai"
# the three-turn search scored by when, undeepened, without the face guard, every candidate
# on the whole budget: ``search:depth=3,sooner=1`` before search play 6, and with the blend
THREE = "search:blend=0,deepen=off,face=off,full=8"
BLENDED = "search:blend=1,deepen=off,face=off,full=8"
# the puzzles THREE fails and THREE with blend=1 solves (as the default search does)
BY_BLEND = ("the_bigger_body_first", "no_removal_on_an_attacker_leaving_at_end_of_turn")


def _search(spec: str) -> SearchPolicy:
    policy = make_policy(spec, 0)
    assert isinstance(policy, SearchPolicy)
    return policy


def test_the_spec() -> None:
    assert canonical("search:blend=1") == "search"  # the default since search play 6
    assert canonical("search:blend=0") == "search:blend=0"
    assert canonical(BLENDED) == "search:deepen=off,face=off,full=8"
    assert _search(BLENDED).blend and _search("search").blend
    assert not _search(THREE).blend


def test_the_blend_is_a_mean_of_logits() -> None:
    for p in (0.01, 0.3, 0.5, 0.97):
        assert blended_value(p, p) == pytest.approx(p)
        assert blended_value(p, 1 - p) == pytest.approx(0.5)
    # the mean of logits, not of probabilities: a near-won end stays near won
    v = blended_value(0.999, 0.6)
    assert clipped_logit(v) == pytest.approx((clipped_logit(0.999) + clipped_logit(0.6)) / 2)
    assert v > (0.999 + 0.6) / 2
    assert blended_value(0.2, 0.8) == blended_value(0.8, 0.2)


def test_a_blended_rollout_scores_the_last_two_turns() -> None:
    """The blend's rollout plays the same game as the plain one (the same seeds): its
    score is ``blended_value`` of the plain rollout's scores a turn short of the horizon
    and at it."""
    state = heuristic_midgame()
    assert state.pending is not None
    me = state.pending.player
    limit = state.turn + 2
    plain, blend = _search("search:blend=0"), _search("search")  # (sooner=1 by default)
    before = plain._rollout(clone(state), me, 0, 7, limit - 1)
    last = plain._rollout(clone(state), me, 0, 7, limit)
    assert 0.0 < before < 1.0 and 0.0 < last < 1.0  # undecided at both: blended
    assert blend._rollout(clone(state), me, 0, 7, limit) == pytest.approx(
        blended_value(before, last))


@pytest.mark.parametrize("name", BY_BLEND)
def test_the_blend_solves_the_two_puzzles(name: str, tmp_path: Path) -> None:
    text = (AI / f"{name}.toml").read_text()
    line = next(ln for ln in text.splitlines() if ln.startswith("policy = "))
    outcomes = {}
    for spec in (THREE, BLENDED):
        f = tmp_path / f"{name}.toml"
        f.write_text(text.replace(line, f'policy = "{spec}"'))
        r = run_scenario(f, load_pool())
        outcomes[spec] = (r.passed, r.error)
    assert not outcomes[THREE][0]  # the horizon's last word: missed
    assert outcomes[BLENDED] == (True, None)
