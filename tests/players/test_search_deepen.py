"""Progressive deepening (``search:deepen=C``, engine/players/policies/deepen.py;
docs/search-record.md "The third turn within the budget").

The rollouts play ``depth - 1`` turns and are kept; a switch whose gain clears the
switch's threshold by less than ``C`` has the heuristic's answer and the switch played on
to ``depth`` from where they stopped, and is made only if it clears the switch there too.
A rollout played on is the very rollout a search of the full depth plays (the same game,
seeds and policies), so the first pass is the search one turn shorter and the second
the full-depth search of the two answers the switch compares."""

from __future__ import annotations

import pytest
from gamesetup import bundled_deck, heuristic_midgame

from mtgsim.engine.game import decide, policy_stops
from mtgsim.engine.players.policies import SearchPolicy, make_policy
from mtgsim.engine.players.policies.deepen import Rollout, near, standard_error
from mtgsim.engine.players.policies.paired_gain import best_tried, confident
from mtgsim.engine.players.policies.search_actions import Candidate
from mtgsim.engine.players.policies.spec import (
    DEFAULT_DEPTH,
    SEARCH_PLAY_5,
    PolicySpecError,
    canonical,
)
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import Decision
from mtgsim.engine.state.game_state import Answer, GameState

# The three-turn search with every candidate on the whole budget, its deepening given by
# each test (``search:depth=3,sooner=1,blend=1,face=6`` before search play 6 made it, with
# deepen=20 and full=5, the default)
THREE = "search:full=8"
# The two-turn default's settings before search play 6 (``spec.SEARCH_PLAY_5``) but its
# deepening and horizon, given by each test
TWO = "search:blend=0,face=off,full=8,sooner=0"


def _search(spec: str, seed: int = 0) -> SearchPolicy:
    policy = make_policy(spec, seed)
    assert isinstance(policy, SearchPolicy)
    return policy


def test_the_spec() -> None:
    assert canonical("search:depth=4,deepen=0.30") == "search:deepen=0.3,depth=4"
    assert canonical("search:depth=3,deepen=20") == "search"  # the defaults
    assert canonical(f"{THREE},deepen=0.3") == "search:deepen=0.3,full=8"
    assert _search(f"{THREE},deepen=0.3").deepen == 0.3
    assert _search(f"{THREE},deepen=off").deepen is None
    assert _search("search").deepen == 20.0  # the default since search play 6
    assert _search("search:deepen=0").deepen == 0.0  # depth 3 (the default): 2, then 3
    for bad, message in (("search:deepen=-1", "deepen: must be a non-negative number"),
                         ("search:deepen=x", "deepen: not a number"),
                         ("search:depth=1,deepen=1", "depth 2 or more"),
                         ("mcts:deepen=1", "mcts has no setting 'deepen'")):
        with pytest.raises(PolicySpecError, match=message):
            canonical(bad)


def test_the_spec_checks_deepen_against_the_searchs_own_default_depth() -> None:
    """One home for the search's horizon (``spec.DEFAULT_DEPTH``): the search plays it
    when its spec gives no depth, and the spec's check for deepen (two turns or more)
    reads it, so a plain ``search:deepen=C`` passes exactly when the default horizon
    allows it. Since search play 6 the default is three turns, dropped from the spelling
    (``search:depth=3`` is ``search``); ``search:depth=2`` is the two-turn search."""
    assert _search("search").depth == _search("search:deepen=0.3").depth == DEFAULT_DEPTH
    assert DEFAULT_DEPTH == 3 and canonical("search:deepen=0.3") == "search:deepen=0.3"
    assert canonical(f"search:depth={DEFAULT_DEPTH}") == "search"
    assert canonical("search:depth=2") == "search:depth=2"


def test_only_a_switch_near_the_threshold_is_looked_at_again() -> None:
    """``near``: a gain over the switch's threshold (the larger of the margin and ``z``
    standard errors) by less than the room; one over it by more is settled."""
    same = [[0.5, 0.5, 0.5], [0.6, 0.6, 0.6]]  # the same gain on every deal: SE 0
    assert standard_error(same, 1) == 0.0  # gain 0.1, 0.06 over the margin 0.04
    assert near(same, 1, 1.0, 0.04, 0.07) and not near(same, 1, 1.0, 0.04, 0.05)
    noisy = [[0.5, 0.5, 0.5], [0.9, 0.5, 0.7]]  # gain 0.2, SE from the spread
    se = standard_error(noisy, 1)
    assert se == pytest.approx(0.2 / 3 ** 0.5)
    assert near(noisy, 1, 1.0, 0.0, 0.2 - se + 1e-9)
    assert not near(noisy, 1, 1.0, 0.0, 0.2 - se - 1e-9)


@pytest.mark.parametrize("spec", [THREE, "search:blend=0,face=off,full=8,sooner=0",
                                  "search:depth=4,sooner=0"])
def test_a_rollout_played_on_is_the_full_depth_rollout(spec: str) -> None:
    """Played to ``depth - 1`` turns, scored unblended, then played on to ``depth``: the
    score is the full-depth rollout's on the same game and seed, the blend included."""
    state = heuristic_midgame()
    assert state.pending is not None
    me = state.pending.player
    policy = _search(spec)
    limit = state.turn + policy.depth
    for sample in (7, 8, 9):
        whole = policy._rollout(clone(state), me, 0, sample, limit)
        kept = policy._begin(clone(state), me, 0, sample)
        short = policy._play_to(kept, me, limit - 1, False)
        if not policy.blend:  # (blended, the shorter rollout reads other turns)
            assert short == policy._rollout(clone(state), me, 0, sample, limit - 1)
        assert policy._play_to(kept, me, limit, policy.blend) == whole


def _decisions(spec: str, games: int) -> list[tuple[str, object]]:
    """The searched decisions' answers of ``spec`` against the heuristic over a few
    bundled games, with the deepening's counters."""
    out: list[tuple[str, object]] = []
    decks = ("gruul_stompy", "azorius_skies", "jund_cascade", "izzet_spells")
    for g in range(games):
        cards = [bundled_deck(decks[g % 4]), bundled_deck(decks[(g + 1) % 4])]
        policies = [_search(spec, g), make_policy("heuristic", g + 1)]
        state = new_game(cards, g, max_turns=12, stops=policy_stops(policies, cards))
        while (d := advance(state)) is not None:
            x = decide(policies[d.player], state, d)
            if d.player == 0:
                out.append((str(d.kind), x))
            answer(state, x)
    return out


def test_no_room_is_the_shorter_search() -> None:
    """``deepen=0`` never looks again (a switch clears its threshold by more than 0), so
    it plays the search one turn shorter: ``depth=3,deepen=0`` with the old two-turn
    default's other settings plays its games (``SEARCH_PLAY_5``), decision by decision,
    and plain ``search:deepen=0`` those of the default's two-turn search; the blend is the
    second pass's alone."""
    assert (_decisions(f"{TWO},deepen=0,depth=3", 3)
            == _decisions(f"search:{SEARCH_PLAY_5}", 3))
    assert (_decisions("search:deepen=0", 2)
            == _decisions("search:blend=0,deepen=off,depth=2", 2))


def test_a_switch_near_the_threshold_is_decided_at_the_full_depth(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for every switch (logits are clipped to 9.21 a side, so no gain is 100
    over its threshold), each switch the first pass would make is played on, the
    heuristic's answer and the switch on the deals both were played on, and made
    exactly when its gain there clears the switch; a keep is never played on."""
    policy = _search(f"{THREE},deepen=100")
    made: list[bool] = []
    deeper, search = SearchPolicy._deeper, SearchPolicy._search

    def watched(self: SearchPolicy, values: list[list[float]],
                kept: dict[tuple[int, int], Rollout], best: int, me: int,
                turn_limit: int) -> bool:
        made.append(deeper(self, values, kept, best, me, turn_limit))
        return made[-1]

    switches = looked = 0

    def checked(self: SearchPolicy, state: GameState, d: Decision,
                candidates: list[Answer | Candidate]) -> Answer | Candidate:
        nonlocal switches, looked
        before, played = len(made), self.deep_played
        got = search(self, state, d, candidates)
        values = self._scaled(self.last_values)
        best = best_tried(values)
        sure = not self.last_stop and confident(values, best, self._z(self.last_values),
                                                self._prior(values))
        assert len(made) == before + sure  # every first-pass switch, no keep
        if sure:
            switches += 1
            n = min(len(self.last_values[0]), len(self.last_values[best]))
            assert self.deep_played == played + 2 * n
            assert got is (candidates[best] if made[-1] else candidates[0])
            looked += made[-1]
        else:
            assert self.deep_played == played and got is candidates[0]
        return got

    monkeypatch.setattr(SearchPolicy, "_deeper", watched)
    monkeypatch.setattr(SearchPolicy, "_search", checked)
    for g, pair in enumerate((("gruul_stompy", "azorius_skies"),
                              ("jund_cascade", "izzet_spells"))):
        cards = [bundled_deck(pair[0]), bundled_deck(pair[1])]
        policies = [policy, make_policy("heuristic", g + 2)]
        state = new_game(cards, g + 3, max_turns=12, stops=policy_stops(policies, cards))
        while (d := advance(state)) is not None:
            answer(state, decide(policies[d.player], state, d))
    assert policy.deepened == switches == len(made) > 0
    assert 0 <= looked <= switches
