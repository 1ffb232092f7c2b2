"""The search policy: it never peeks (its answers and its determinizations are the same
when the hidden cards are swapped between the other player's hand and library and both
libraries are reshuffled), it is a pure function of its seeds, its spec is checked, and it
plays whole games in jobs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gamesetup import bundled_deck

from mtgsim.engine.game import play, policy_stops
from mtgsim.engine.players.policies import (
    PolicySpecError,
    SearchPolicy,
    canonical,
    make_policy,
    parse_policy,
)
from mtgsim.engine.players.policies.determinize import determinize
from mtgsim.engine.players.policies.ismcts import MctsPolicy
from mtgsim.engine.players.policies.paired_gain import FULL, LOGIT_EPS, confident
from mtgsim.engine.players.policies.search import (
    DEFAULT_CAST,
    DEFAULT_DEPTH,
    MAX_CANDIDATES,
    position_value,
    search_budget,
)
from mtgsim.engine.players.policies.spec import (
    MCTS_DEFAULTS,
    SEARCH_DEFAULTS,
    SEARCH_PLAY_4,
    SEARCH_PLAY_5,
    SOONER_DEFAULTS,
    PolicySpec,
    search_deepen,
    search_defaults,
)
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import Decision, DecisionKind
from mtgsim.engine.state.game_state import HAND, LIBRARY, GameState
from mtgsim.engine.state.rng import randbelow, seed_state
from mtgsim.engine.state.sight import Sight
from mtgsim.engine.state.view import player_view

MATCHUPS = [("jund_cascade", "bant_exalted"), ("golgari_dredge", "naya_auras"),
            ("dimir_transmute", "gruul_stompy")]
SEARCHED = (DecisionKind.PRIORITY, DecisionKind.ATTACKERS, DecisionKind.BLOCKERS)
# the pilot of the games the positions are taken from: the default heuristic before
# December 6 (docs/search-record.md, "The default pilot")
POSITIONS = "heuristic:attack=trades,prio=plain"
CHOICES = (DecisionKind.TARGET, DecisionKind.MODE, DecisionKind.X, DecisionKind.DREDGE,
           DecisionKind.MAY, DecisionKind.ATTACH)


def _positions(decks: tuple[str, str], seed: int, every: int = 9,
               limit: int = 6, kinds: tuple[DecisionKind, ...] = SEARCHED
               ) -> list[GameState]:
    """Copies of a heuristic game at decisions of ``kinds`` the search would search (a
    priority decision with several actions, an attack, a block, a choice), from turn 3
    on. The game is the old default pilot's (``POSITIONS``), so the positions these tests
    search stay the ones they were written on when the default play changes."""
    cards = [bundled_deck(decks[0]), bundled_deck(decks[1])]
    policies = [make_policy(POSITIONS, seed), make_policy(POSITIONS, seed + 1)]
    state = new_game(cards, seed, stops=policy_stops(policies, cards))
    out = []
    n = 0
    while len(out) < limit:
        d = advance(state)
        if d is None:
            break
        n += 1
        if state.turn >= 3 and d.kind in kinds and n % every == 0 and (
                d.kind is not DecisionKind.PRIORITY or len(d.actions) > 1) and (
                d.kind not in CHOICES or len(d.options) > 1):
            out.append(clone(state))
        answer(state, policies[d.player].decide(player_view(state, d.player), d))
    assert out, "no position to search"
    return out


def _paired(decks: tuple[str, str], seed: int, plain: str, other: str, every: int,
            limit: int) -> Iterator[tuple[GameState, Decision, SearchPolicy, SearchPolicy]]:
    """A fresh search of each of two specs at each of ``_positions``, with the view and
    the decision: the loop of the tests that compare a setting with the plain search."""
    for state in _positions(decks, seed, every=every, limit=limit):
        d = state.pending
        assert d is not None
        yield (player_view(state, d.player), d, SearchPolicy(1, parse_policy(plain)),
               SearchPolicy(1, parse_policy(other)))


def _is_prefix(shorter: list[list[float]], longer: list[list[float]]) -> bool:
    """Whether each candidate's values in ``shorter`` begin those in ``longer``: the same
    deals in the same order, stopped sooner."""
    return shorter == [v[:len(w)] for v, w in zip(longer, shorter, strict=True)]


def _hidden_shuffled(state: GameState, me: int, seed: int) -> GameState:
    """The same game as ``me`` may know it, with the other's hidden cards moved between
    hand and library and both libraries in a new order."""
    game = clone(state)
    rng = seed_state(seed)
    other = game.players[1 - me]
    if other.hand and other.library:
        rng, i = randbelow(rng, len(other.hand))
        rng, j = randbelow(rng, len(other.library))
        a, b = other.hand[i], other.library[j]
        other.hand[i], other.library[j] = b, a
        game.objects[a].zone, game.objects[b].zone = LIBRARY, HAND
    for p in game.players:
        for k in range(len(p.library) - 1, 0, -1):
            rng, m = randbelow(rng, k + 1)
            p.library[k], p.library[m] = p.library[m], p.library[k]
    game.rng = seed_state(seed ^ 0xABC)  # the engine's future randomness is hidden too
    game.sight = Sight.of(game)
    return game


def _deal(state: GameState, me: int, seed: int) -> GameState:
    game = determinize(player_view(state, me), me, seed)
    assert game is not None
    return game


def _dealt(game: GameState) -> list[tuple[str, list[str], list[str]]]:
    return [(str(p.idx), [game.objects[o].card.name for o in p.hand],
             [game.objects[o].card.name for o in p.library]) for p in game.players]


def _multiset(game: GameState, p: int) -> list[str]:
    q = game.players[p]
    return sorted(game.objects[o].card.name for o in q.hand + q.library)


@pytest.mark.parametrize("decks", MATCHUPS)
def test_determinizations_do_not_depend_on_hidden_cards(decks: tuple[str, str]) -> None:
    for state in _positions(decks, 11, every=5):
        assert state.pending is not None
        me = state.pending.player
        game = _deal(state, me, 99)
        dealt = _dealt(game)
        assert dealt[me][1] == [state.objects[o].card.name
                                for o in state.players[me].hand]  # my hand stays
        for p in (0, 1):  # the same cards in the hidden zones, the same counts
            assert _multiset(game, p) == _multiset(state, p)
            assert len(game.players[p].hand) == len(state.players[p].hand)
        for k in range(3):
            assert _dealt(_deal(_hidden_shuffled(state, me, k), me, 99)) == dealt
        assert _dealt(_deal(state, me, 100)) != dealt  # another sample, another deal


def _searched_alike(states: list[GameState], seed: int) -> int:
    """Require the search's answer at each position to be the same on two twins with
    the hidden cards moved and the libraries reshuffled; the decisions searched."""
    spec = parse_policy("search:rollouts=2")
    searched = 0
    for state in states:
        d = state.pending
        assert d is not None
        me = d.player
        policy = SearchPolicy(seed, spec)
        expected = policy.decide(player_view(state, me), d)
        searched += policy.searched
        for k in range(2):
            twin = _hidden_shuffled(state, me, k)
            assert twin.pending is not None
            assert SearchPolicy(seed, spec).decide(player_view(twin, me), twin.pending) == \
                expected
    return searched


@pytest.mark.parametrize("decks", MATCHUPS)
def test_search_answers_do_not_depend_on_hidden_cards(decks: tuple[str, str]) -> None:
    assert _searched_alike(_positions(decks, 5, limit=4), 77) > 0


@pytest.mark.parametrize(("decks", "kinds"), [
    (("gruul_stompy", "selesnya_convoke"), (DecisionKind.BLOCKERS,)),
    (("izzet_spells", "rakdos_unearth"), CHOICES),
    (("golgari_dredge", "naya_auras"), CHOICES),
])
def test_searched_blocks_and_choices_do_not_depend_on_hidden_cards(
        decks: tuple[str, str], kinds: tuple[DecisionKind, ...]) -> None:
    assert _searched_alike(_positions(decks, 3, every=1, limit=3, kinds=kinds), 5) > 0


@pytest.mark.parametrize("rollouts", [1, 3])
def test_ucb_spends_its_budget_unless_decided_and_tries_every_candidate(rollouts: int) -> None:
    assert [search_budget(2, k) for k in (2, 8, 9, 12)] == [4, 16, 17, 20]
    assert max(len(SearchPolicy.candidates(s, s.pending, 0)) for s in _positions(
        ("gruul_stompy", "selesnya_convoke"), 2, every=1, limit=20,
        kinds=SEARCHED[1:]) if s.pending is not None) <= MAX_CANDIDATES
    # the budget before search play 5 (``futile=off,sets=8``): its stops are the "won"
    # stop and "alike" (no futile stop), the budget mechanics this test reads
    spec = parse_policy(f"search:{SEARCH_PLAY_4},rollouts={rollouts}")
    searched = stopped = 0
    for decks, kinds in [(("jund_cascade", "bant_exalted"), SEARCHED),
                         (("gruul_stompy", "selesnya_convoke"), SEARCHED[1:]),
                         (("golgari_dredge", "naya_auras"), CHOICES)]:
        for state in _positions(decks, 8, every=2, limit=3, kinds=kinds):
            d = state.pending
            assert d is not None
            view = player_view(state, d.player)
            policy = SearchPolicy(1, spec)
            k = len(policy.search_candidates(view, d, policy.inner.decide(view, d)))
            policy = SearchPolicy(1, spec)
            policy.decide(view, d)
            if k < 2:
                assert policy.played == 0
                continue
            searched += 1
            budget = search_budget(rollouts, k)
            assert policy.played == sum(policy.last_counts)
            counts = policy.last_counts
            values = policy.last_values
            assert len(counts) == k and min(counts) >= 1
            assert counts[0] == max(counts)  # the heuristic's answer is on every deal
            if rollouts > 1:
                assert counts[0] >= 2
            if policy.last_stop == "won":  # decided: the heuristic's answer won twice
                assert values[0] == [1.0, 1.0] and policy.played == k + 1
                stopped += 1
            elif policy.last_stop == "alike":  # every candidate scored the same twice
                assert all(v == values[0] for v in values) and policy.played == 2 * k
                stopped += 1
            else:
                assert policy.last_stop == ""
                assert budget - 1 <= policy.played <= budget
    assert searched >= 3
    if rollouts == 1:  # a single round: nothing to stop early
        assert stopped == 0


def _game(spec: str, seed: int) -> tuple[object, ...]:
    cards = [bundled_deck("jund_cascade"), bundled_deck("bant_exalted")]
    policies = [make_policy(spec, seed), make_policy("heuristic", seed + 1)]
    state = new_game(cards, seed, record=True, stops=policy_stops(policies, cards))
    play(state, policies)
    assert state.result is not None
    return (state.result.winner, state.result.turns, tuple(map(str, state.decisions or [])))


def test_a_search_game_is_a_pure_function_of_its_seeds() -> None:
    first = _game("search:rollouts=1", 3)
    assert _game("search:rollouts=1", 3) == first
    assert _game("search:rollouts=1,seed=0", 3) == first  # seed 0 is the default


@pytest.mark.parametrize(("text", "problem"), [
    ("search:rollouts=0", "rollouts: must be 1 .. 100000"),
    ("search:rollouts=8,ms=20", "one budget"),
    ("search:ms=-1", "must be a positive number"),
    ("search:seed=x", "not an integer"),
    ("search:rollouts=2,rollouts=3", "'rollouts' given twice"),
    ("search:budget=3", "search has no setting 'budget'"),
    ("search:margin=fixed", "margin: not a number: 'fixed'"),
    ("search:margin=-1", "margin: must be a non-negative number"),
    ("search:futile=none", "futile: not a number: 'none'"),
    ("search:futile=-1", "futile: must be a non-negative number"),
    ("search:sooner=2", "sooner: must be 0 .. 1"),
    ("search:blend=yes", "blend: not an integer"),
    ("search:face=on", "face: not an integer"),
    ("search:cast=0", "cast: must be 1 .. 64"),
    ("search:sets=1", "sets: must be 2 .. 1000"),
    ("search:decided=-0.5", "decided: must be a non-negative number"),
])
def test_bad_search_specs(text: str, problem: str) -> None:
    with pytest.raises(PolicySpecError, match=problem):
        parse_policy(text)


def test_search_specs_are_canonical() -> None:
    assert str(parse_policy("search: seed=3 , rollouts=08")) == "search:rollouts=8,seed=3"
    assert str(parse_policy("search:ms=50.0")) == "search:ms=50"
    policy = make_policy("search:seed=3,rollouts=8", 1)
    assert policy.name == "search:rollouts=8,seed=3"
    assert isinstance(policy, SearchPolicy) and policy.rollouts == 8


OTHER_VALUE = {"cutoff": {"fitted": "handset", "handset": "fitted"},
               "margin": {"prior": "0", "0": "prior"}, "infer": {"0": "1", "1": "0"},
               "scale": {"prob": "logit", "logit": "prob"}, "rollouts": {"3": "8", "8": "3"},
               "chump": {"5": "off", "off": "5"}, "futile": {"0": "off", "off": "0"},
               "sets": {"6": "8", "8": "6"}, "decided": {"0.9999": "1", "1": "0.9999"},
               "depth": {"3": "2", "2": "3"}, "sooner": {"1": "0", "0": "1"},
               "blend": {"1": "0", "0": "1"}, "face": {"6": "off", "off": "6"},
               "deepen": {"20": "off", "off": "20"}, "full": {"5": "8", "8": "5"}}


def test_the_search_defaults_have_one_spelling() -> None:
    """A setting at the search's default is dropped from the spec (one job for one play),
    the other value kept; the policy reads the default when the spec does not say. The
    defaults of plain ``search`` are ``search_defaults({})``: SEARCH_DEFAULTS with
    ``sooner=1``'s "won" stop (SOONER_DEFAULTS)."""
    defaults = search_defaults({})
    assert set(defaults) == set(SEARCH_DEFAULTS) == set(OTHER_VALUE)
    assert defaults["decided"] == SOONER_DEFAULTS["decided"]  # sooner=1 by default
    for key, value in defaults.items():  # beside a setting that has no default
        assert canonical(f"search:seed=7,{key}={value}") == "search:seed=7"
        other = OTHER_VALUE[key][value]
        kept = ",".join(sorted((f"{key}={other}", "seed=7")))  # keys sorted
        assert canonical(f"search:{key}={other},seed=7") == f"search:{kept}"
    spelled = ",".join(f"{k}={v}" for k, v in sorted(defaults.items()))
    assert canonical(f"search:{spelled}") == "search"
    assert canonical("search:margin=0.0") == canonical("search:margin=0")
    plain, spelled_out = SearchPolicy(1), SearchPolicy(1, parse_policy(f"search:{spelled}"))
    for policy in (plain, spelled_out):
        assert policy.cutoff_fitted == (SEARCH_DEFAULTS["cutoff"] == "fitted")
        assert policy.margin == (None if SEARCH_DEFAULTS["margin"] == "prior"
                                 else float(SEARCH_DEFAULTS["margin"]))
        assert (policy.memory is not None) == (SEARCH_DEFAULTS["infer"] != "0")
        assert policy.logit == (SEARCH_DEFAULTS["scale"] == "logit")
        assert policy.rollouts == int(SEARCH_DEFAULTS["rollouts"])
        assert policy.chump == (None if SEARCH_DEFAULTS["chump"] == "off"
                                else int(SEARCH_DEFAULTS["chump"]))
        assert (policy.depth, policy.cast, policy.sets) == (
            DEFAULT_DEPTH, DEFAULT_CAST, int(SEARCH_DEFAULTS["sets"]))
        assert policy.futile == float(SEARCH_DEFAULTS["futile"])
        # since search play 6: three turns, deepened within 20 logits, scored by when and
        # blended, the face guard at 6, five candidates on the whole budget
        assert (policy.depth, policy.sooner, policy.blend, policy.face, policy.deepen,
                policy.full) == (3, True, True, 6, 20.0, 5)
        assert policy.won_at == 1.0 - LOGIT_EPS  # no ``decided``, ``sooner=1``
    assert canonical("search:futile=0.0") == "search"
    assert SearchPolicy(1, parse_policy("search:margin=prior")).margin is None
    assert SearchPolicy(1, parse_policy("search:margin=0.5")).margin == 0.5
    # the tree search keeps its own default deal, and its spec keeps ``infer`` as given
    mcts = make_policy("mcts:iterations=1", 1)
    assert (mcts.memory is not None) == (MCTS_DEFAULTS["infer"] != "0")  # type: ignore[union-attr]
    assert canonical("mcts:infer=1,iterations=1") == "mcts:infer=1,iterations=1"


def test_search_is_the_deepened_three_turn_search_of_search_play_6() -> None:
    """Search play 6 made ``search:depth=3,sooner=1,blend=1,face=6,deepen=20,full=5`` (as
    spelled on main before it) the default: that spelling is plain ``search`` now, and
    builds the same policy."""
    new = "search:depth=3,sooner=1,blend=1,face=6,deepen=20,full=5"
    assert canonical(new) == "search" == str(parse_policy("search"))
    assert parse_policy(new) == parse_policy("search") == PolicySpec("search")
    assert DEFAULT_DEPTH == 3
    assert canonical("search:depth=2") == "search:depth=2"  # the two-turn search, kept
    assert SearchPolicy(1, parse_policy("search:depth=2")).deepen == 20.0  # deepened


def test_the_defaults_before_search_play_6_and_5_keep_a_spelling() -> None:
    """Search play 6 made the deepened three-turn search the default; ``SEARCH_PLAY_5``
    spells the default before it (two turns, no deepening, no face guard, every win 1, the
    horizon's position alone, 8 candidates on the whole budget) and ``SEARCH_PLAY_4`` the
    one before that (besides, no futile stop and 8 sets); their games are those plain
    ``search`` played at search play 5 and 4 (tests/players/test_play_versions.py). Both
    spellings are canonical and round-trip. The tree search keeps its own defaults (two
    turns, 4 complete actions, 8 sets, no futile stop)."""
    play5, play4 = f"search:{SEARCH_PLAY_5}", f"search:{SEARCH_PLAY_4}"
    assert play5 == "search:blend=0,deepen=off,depth=2,face=off,full=8,sooner=0"
    assert play4 == ("search:blend=0,deepen=off,depth=2,face=off,full=8,futile=off,sets=8,"
                     "sooner=0")
    for old in (play5, play4):
        assert canonical(old) == old == str(parse_policy(str(parse_policy(old))))
    five, four = SearchPolicy(1, parse_policy(play5)), SearchPolicy(1, parse_policy(play4))
    assert (five.depth, five.sooner, five.blend, five.face, five.deepen, five.full,
            five.won_at, five.cast, five.sets, five.futile) == (
        2, False, False, None, None, FULL, 1.0, 4, 6, 0.0)
    assert (four.depth, four.sooner, four.blend, four.face, four.deepen, four.full,
            four.won_at, four.cast, four.sets, four.futile) == (
        2, False, False, None, None, FULL, 1.0, 4, 8, None)
    for before in (five, four):
        assert (before.chump, before.rollouts, before.logit) == (5, 3, True)  # as then
    # each old value is kept beside the others' defaults, order of keys aside
    assert canonical("search:sooner=0,face=off,blend=0") == "search:blend=0,face=off,sooner=0"
    assert canonical("search:deepen=off") == "search:deepen=off"
    assert canonical("search:futile=0,sets=6,full=5,deepen=20") == "search"
    mcts = make_policy("mcts:iterations=1", 1)
    assert isinstance(mcts, MctsPolicy)
    assert (mcts.depth, mcts.cast, mcts.sets, mcts.futile) == (2, 4, MAX_CANDIDATES, None)
    assert canonical("mcts:futile=off,iterations=1") == "mcts:iterations=1"
    assert make_policy("mcts:futile=1,iterations=1", 1).futile == 1.0  # type: ignore[union-attr]


def test_a_one_turn_search_implies_no_deepening() -> None:
    """Deepening plays ``depth - 1`` turns first, so a horizon under two turns has none:
    ``search:depth=1`` (and ``depth=0``) implies ``deepen=off`` (dropped from its
    spelling, as ``margin=prior`` implies ``scale=prob``) and plays its one turn as before
    deepening became the default; a deepening margin given with it is an error."""
    for depth in (0, 1):
        assert canonical(f"search:depth={depth}") == f"search:depth={depth}"
        assert canonical(f"search:deepen=off,depth={depth}") == f"search:depth={depth}"
        assert SearchPolicy(1, parse_policy(f"search:depth={depth}")).deepen is None
        assert search_deepen(parse_policy(f"search:depth={depth}")) is None
        for deepen in ("20", "0"):
            with pytest.raises(PolicySpecError, match="depth 2 or more"):
                parse_policy(f"search:deepen={deepen},depth={depth}")
    assert search_deepen(parse_policy("search")) == 20.0
    assert search_deepen(parse_policy("search:deepen=0")) == 0.0  # depth - 1 turns only
    assert search_deepen(parse_policy("search:deepen=off")) is None


def test_the_search_default_is_the_strongest_fair_spec_measured() -> None:
    """Since issue 37's default (docs/search-record.md "The search's default"): the fitted
    cut-off, the noise margin 0, the inferred land bound and (since "The switch on the
    logit scale") the logit scale and (since "Three rollouts by default") 3 rollouts
    are ``search``; the old plays keep spellings of their own (``margin=prior`` implies
    the probability scale)."""
    assert canonical("search:rollouts=3,cutoff=fitted,margin=0,infer=1,scale=logit") \
        == "search"
    assert canonical("search:rollouts=3,cutoff=fitted,margin=0,infer=1") == "search"
    assert canonical("search:rollouts=8,scale=prob") == "search:rollouts=8,scale=prob"
    old = "search:cutoff=handset,infer=0,margin=prior"
    assert canonical("search:rollouts=3,margin=prior,infer=0,cutoff=handset,scale=prob") == old
    assert canonical("search:rollouts=3,margin=prior,infer=0,cutoff=handset") == old
    new, before = SearchPolicy(1, parse_policy("search:rollouts=3")), \
        SearchPolicy(1, parse_policy(old))
    previous = SearchPolicy(1, parse_policy("search:rollouts=3,scale=prob"))
    assert (new.cutoff_fitted, new.margin, new.memory, new.logit) == (True, 0.0, {}, True)
    assert (previous.margin, previous.logit) == (0.0, False)
    assert (before.cutoff_fitted, before.margin, before.memory, before.logit) == \
        (False, None, None, False)


def test_the_position_value_is_the_result_at_the_end() -> None:
    for state in _positions(("gruul_stompy", "azorius_skies"), 2, limit=2):
        assert 0 < position_value(state, 0) < 1
        assert 0 < position_value(state, 1) < 1
    cards = [bundled_deck("gruul_stompy"), bundled_deck("azorius_skies")]
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game(cards, 1, stops=policy_stops(policies, cards))
    play(state, policies)
    assert state.result is not None and state.result.winner >= 0
    assert position_value(state, state.result.winner) == 1.0
    assert position_value(state, 1 - state.result.winner) == 0.0


def test_a_job_takes_a_search_pilot(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from mtgsim.pipelines.cli import main
    from mtgsim.results.dataset import read_games

    out = tmp_path / "g"
    assert main(["gauntlet", "jund_cascade", "bant_exalted", "--games", "2", "--out",
                 str(out), "--executor", "serial", "--quiet", "--max-turns", "6",
                 "--policy", "jund_cascade=search:seed=1,rollouts=1"]) == 0
    rows = read_games(out, ["deck_a", "policy_a", "policy_b", "think_us_a"]).to_pylist()
    assert len(rows) == 2
    for r in rows:
        assert str(r["policy_a" if r["deck_a"] == "jund_cascade" else "policy_b"]) == \
            "search:rollouts=1,seed=1"


def test_a_time_budget_plays_at_least_one_rollout_per_candidate() -> None:
    policy = make_policy("search:ms=1", 3)
    assert isinstance(policy, SearchPolicy) and policy.ms == 1.0
    searched = 0
    for state in _positions(("jund_cascade", "bant_exalted"), 7, limit=3):
        assert state.pending is not None
        policy.decide(player_view(state, state.pending.player), state.pending)
        searched = policy.searched
    assert searched > 0 and policy.played >= 2 * searched


@pytest.mark.parametrize(("values", "z", "switch"), [
    # the heuristic's scores first, deal by deal; the candidate in question is the last
    ([[0.5, 0.5], [0.6, 0.6]], 1.0, True),  # the same gain on both deals: no noise
    ([[0.5, 0.5], [0.9, 0.2]], 1.0, False),  # +0.4 and -0.3: a mean of +0.05, noise
    ([[0.5, 0.5], [0.9, 0.2]], 0.0, True),  # z=0: the fixed margin alone
    ([[0.5], [0.8]], 1.0, False),  # one difference: its own square, never sure
    ([[0.5], [0.4], [0.4], [0.8]], 1.0, True),  # ... unless the others were alike
    ([[0.5, 0.5], [0.505, 0.505]], 0.0, False),  # under PRIOR
    ([[0.0, 1.0, 0.0, 0.0], [1.0, 1.0, 1.0, 0.0]], 1.0, True),  # 2 of 4 flipped, none lost
    ([[0.0, 1.0, 0.0, 0.0], [1.0, 0.0, 1.0, 0.0]], 1.0, False),  # +2 -1 of 4
])
def test_a_switch_needs_a_gain_clear_of_the_noise(values: list[list[float]], z: float,
                                                   switch: bool) -> None:
    assert confident(values, len(values) - 1, z) is switch


def test_verify_spends_more_deals_only_on_a_doubtful_best() -> None:
    """``verify=N``: at most N more deals for the best candidate (each with the
    heuristic's answer), played only while its gain is over the margin but not clear of
    the noise; without it the budget is as before."""
    more = 0
    for view, d, a, b in _paired(("golgari_dredge", "naya_auras"), 4, "search:rollouts=2",
                                 "search:rollouts=2,verify=3", every=1, limit=16):
        answers = a.decide(view, d), b.decide(view, d)
        if a.played == 0:
            continue
        assert _is_prefix(a.last_values, b.last_values)
        assert a.played <= b.played <= a.played + 6
        if b.played == a.played:
            assert answers[0] == answers[1]
        more += b.played > a.played
    assert more > 0
