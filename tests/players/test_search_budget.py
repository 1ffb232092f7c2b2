"""The adaptive budget of the search (``paired_gain.futile``, the spec's ``futile`` and
``bank``): a decision stops once no candidate is likely to clear the switch, and a
close decision may spend what earlier decisions saved."""

from __future__ import annotations

import pytest
from test_search import _is_prefix, _paired, _positions

from mtgsim.engine.players.policies import SearchPolicy, parse_policy
from mtgsim.engine.players.policies.paired_gain import futile, search_budget
from mtgsim.engine.players.policies.search_actions import Follow
from mtgsim.engine.players.policies.spec import SEARCH_PLAY_4
from mtgsim.engine.state.view import player_view


@pytest.mark.parametrize(("values", "h", "stop"), [
    # the heuristic's scores first, deal by deal
    # every difference zero: no variance, no gain (the choice does not matter): stop
    ([[0.5, 0.5], [0.5, 0.5], [0.5, 0.5]], 1.0, True),
    ([[0.5, 0.5, 0.5], [0.5, 0.6, 0.4]], 1.0, False),  # no gain, but +-0.1: may clear
    ([[0.5, 0.5], [0.3, 0.3], [0.4, 0.4]], 1.0, True),  # both clearly worse, no noise
    ([[0.5, 0.5], [0.9, 0.1], [0.4, 0.4]], 1.0, False),  # +0.4 -0.4: might still clear
    ([[0.5, 0.5], [0.9, 0.1], [0.4, 0.4]], 0.0, True),  # h=0: the mean gain alone
    ([[0.5, 0.5], [0.52, 0.52]], 1.0, False),  # a gain over PRIOR: never futile
])
def test_futile_when_no_candidate_can_clear_the_switch(values: list[list[float]], h: float,
                                                       stop: bool) -> None:
    assert futile(values, h) is stop


def test_the_futile_stop_only_saves_rollouts_and_keeps_the_heuristics_answer() -> None:
    """With ``futile`` the search plays the same deals as without, in the same order,
    and stops sooner: its values are a prefix of the full search's, and a decision it
    stopped as futile plays the heuristic's answer."""
    fired = saved = 0
    # the search of before search play 5 (``futile=off,sets=8``) without and with a
    # futile stop (at 1 standard error; the default's, since search play 5, is at 0)
    plain = f"search:{SEARCH_PLAY_4},rollouts=3"
    futile = plain.replace("futile=off", "futile=1")
    for view, d, a, b in _paired(("golgari_dredge", "naya_auras"), 4, plain, futile,
                                 every=1, limit=16):
        own = a.inner.decide(view, d)
        answers = a.decide(view, d), b.decide(view, d)
        if a.played == 0:
            continue
        assert _is_prefix(b.last_values, a.last_values)
        assert b.played <= a.played
        if b.last_stop == "futile":
            fired += 1
            assert answers[1] == own
            saved += a.played - b.played
            if b.played == a.played:  # stopped where the budget was spent anyway
                assert answers[0] == own
            assert all(len(v) >= 2 for v in b.last_values)
        else:
            assert answers[0] == answers[1] and b.played == a.played
    assert fired > 0 and saved > 0


def test_the_bank_holds_what_stops_saved_and_close_decisions_draw_on_it() -> None:
    """``bank=1``: each decision adds what it left of its budget; a decision spends
    beyond its own budget only what the bank held, and only when its best gain is over
    the margin but not yet clear of the noise."""
    spec = parse_policy("search:rollouts=2,futile=1,bank=1")
    policy = SearchPolicy(1, spec)
    drawn = 0
    for state in _positions(("golgari_dredge", "naya_auras"), 4, every=1, limit=24):
        d = state.pending
        assert d is not None
        view = player_view(state, d.player)
        before_bank, before_played = policy.bank, policy.played
        k = len(policy.search_candidates(view, d, policy.inner.decide(view, d)))
        policy.follow = Follow(policy.inner, ())  # each position stands alone
        policy.decide(view, d)
        spent = policy.played - before_played
        if spent == 0:
            assert policy.bank == before_bank
            continue
        budget = search_budget(2, k)
        assert 0 <= policy.bank
        assert spent <= budget + min(before_bank, budget)
        assert policy.bank == before_bank + budget - spent
        if spent > budget:
            drawn += 1
            assert policy.last_stop in ("", "futile")
    assert policy.bank > 0 or drawn > 0


def test_decided_stops_once_the_heuristics_answer_scores_that_on_two_deals() -> None:
    """``decided=X``: the "won" stop at a score of X on the heuristic's first two deals,
    on the same deals as the plain search (its values a prefix of the plain search's)."""
    fired = 0
    for view, d, a, b in _paired(("naya_auras", "golgari_dredge"), 4, "search:rollouts=2",
                                 "search:rollouts=2,decided=0.9", every=1, limit=30):
        answers = a.decide(view, d), b.decide(view, d)
        if a.played == 0:
            continue
        assert _is_prefix(b.last_values, a.last_values)
        first = b.last_values[0][:2]
        if len(first) == 2 and min(first) >= 0.9:
            assert b.last_stop == "won" and answers[1] == a.inner.decide(view, d)
            fired += a.last_stop != "won"
        else:
            assert b.last_stop == a.last_stop and answers[0] == answers[1]
    assert fired > 0


def test_a_favourite_needs_fav_standard_errors_to_switch() -> None:
    policy = SearchPolicy(1, parse_policy("search:rollouts=2,fav=5"))
    favourite = [[0.8, 0.9, 0.8], [0.9, 0.95, 0.85]]  # +0.1 +0.05 +0.05
    underdog = [[0.3, 0.4, 0.3], [0.4, 0.45, 0.35]]  # the same differences
    assert policy._z(favourite) == 5.0 and policy._z(underdog) == 1.0
    assert policy._close(favourite) and not policy._close(underdog)
    assert SearchPolicy(1, parse_policy("search:rollouts=2"))._z(favourite) == 1.0
