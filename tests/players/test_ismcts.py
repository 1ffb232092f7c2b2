"""The tree search over the turn (``mcts``, engine/players/policies/ismcts.py): its
budget is spent exactly, its later decisions of the turn are the tree's, it never peeks
(the same answers when the other player's hidden cards are swapped and the libraries
reshuffled), it is a pure function of its seeds, its spec is checked, it plays the default
pilot in its answers and rollouts; and determinization without a deck list
(determinize_pool)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamesetup import bundled_deck
from test_search import SEARCHED, _hidden_shuffled, _positions

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.game import play, policy_stops
from mtgsim.engine.players.policies import (
    MctsPolicy,
    PolicySpecError,
    canonical,
    ismcts,
    make_policy,
    parse_policy,
)
from mtgsim.engine.players.policies import determinize as determinize_module
from mtgsim.engine.players.policies.candidate_answers import MAX_CANDIDATES
from mtgsim.engine.players.policies.determinize import determinize
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.ismcts import DEFAULT_ITERATIONS
from mtgsim.engine.players.policies.ismcts_tree import Node, best_line_values, select
from mtgsim.engine.players.policies.priority_order import MANA_WEIGHT
from mtgsim.engine.players.policies.search import DEFAULT_CAST, search_budget
from mtgsim.engine.players.policies.spec import MCTS_DEFAULTS
from mtgsim.engine.rules.turn import new_game
from mtgsim.engine.scenario.runner import run_scenario
from mtgsim.engine.state.decisions import DecisionKind
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.view import player_view

AI = Path(__file__).parents[1] / "scenarios" / "ai"
UNKNOWN = AI / "replicated_burn_with_unknown_deck_lists.toml"
CHOICES = (DecisionKind.TARGET, DecisionKind.MODE, DecisionKind.X)


def _mcts(spec: str, seed: int = 1) -> MctsPolicy:
    policy = make_policy(spec, seed)
    assert isinstance(policy, MctsPolicy)
    return policy


@pytest.mark.parametrize("iterations", [1, 3])
def test_the_budget_is_spent_exactly_unless_decided(iterations: int) -> None:
    spec = f"mcts:iterations={iterations}"
    searched = tree = 0
    for decks, kinds in [(("jund_cascade", "bant_exalted"), SEARCHED),
                         (("gruul_stompy", "selesnya_convoke"), SEARCHED[1:]),
                         (("izzet_spells", "rakdos_unearth"), CHOICES)]:
        for state in _positions(decks, 8, every=2, limit=3, kinds=kinds):
            d = state.pending
            assert d is not None
            view = player_view(state, d.player)
            probe = _mcts(spec)
            k = len(probe.search_candidates(view, d, probe.inner.decide(view, d)))
            policy = _mcts(spec)
            policy.decide(view, d)
            if k < 2:
                assert policy.played == 0 and policy.searched == 0
                continue
            searched += 1
            tree += policy.tree_choices
            counts = policy.last_counts
            assert len(counts) == k and min(counts) >= 1
            assert policy.played == sum(counts)
            assert counts[0] == max(counts)  # the heuristic's answer is on every deal
            if policy.last_stop == "won":
                assert policy.played == k + 1
            elif policy.last_stop == "alike":
                assert policy.played == 2 * k
            else:
                assert policy.last_stop == ""
                budget = search_budget(iterations, k)
                assert budget - 1 <= policy.played <= budget
            assert policy.last_deals == counts[0]  # one deal per round, shared
    assert searched >= 3
    assert tree > 0  # decisions after the root answered by the tree, not the heuristic


def _answered_alike(states: list[GameState], spec: str, seed: int) -> int:
    searched = 0
    for state in states:
        d = state.pending
        assert d is not None
        me = d.player
        policy = _mcts(spec, seed)
        expected = policy.decide(player_view(state, me), d)
        searched += policy.searched
        for k in range(2):
            twin = _hidden_shuffled(state, me, k)
            assert twin.pending is not None
            assert _mcts(spec, seed).decide(player_view(twin, me), twin.pending) == expected
    return searched


@pytest.mark.parametrize(("decks", "kinds"), [
    (("jund_cascade", "bant_exalted"), SEARCHED),
    (("gruul_stompy", "selesnya_convoke"), (DecisionKind.BLOCKERS,)),
    (("izzet_spells", "rakdos_unearth"), CHOICES),
])
def test_answers_do_not_depend_on_hidden_cards(decks: tuple[str, str],
                                               kinds: tuple[DecisionKind, ...]) -> None:
    assert _answered_alike(_positions(decks, 5, every=3, limit=3, kinds=kinds),
                           "mcts:iterations=2", 77) > 0


def _game(spec: str, seed: int) -> tuple[object, ...]:
    cards = [bundled_deck("jund_cascade"), bundled_deck("bant_exalted")]
    policies = [make_policy(spec, seed), make_policy("heuristic", seed + 1)]
    state = new_game(cards, seed, record=True, max_turns=8,
                     stops=policy_stops(policies, cards))
    play(state, policies)
    return (state.result, tuple(map(str, state.decisions or [])))


def test_an_mcts_game_is_a_pure_function_of_its_seeds() -> None:
    first = _game("mcts:iterations=1", 3)
    assert _game("mcts:iterations=1", 3) == first
    assert _game("mcts:iterations=1,seed=0", 3) == first  # seed 0 is the default


@pytest.mark.parametrize(("text", "problem"), [
    ("mcts:iterations=0", "iterations: must be 1 .. 100000"),
    ("mcts:rollouts=2", "mcts has no setting 'rollouts'"),
    ("mcts:iterations=2,iterations=3", "'iterations' given twice"),
    ("mcts:cast=0", "cast: must be 1 .. 64"),
])
def test_bad_mcts_specs(text: str, problem: str) -> None:
    with pytest.raises(PolicySpecError, match=problem):
        parse_policy(text)


def test_mcts_specs_are_canonical() -> None:
    assert str(parse_policy("mcts: seed=3 , iterations=04")) == "mcts:iterations=4,seed=3"
    policy = _mcts("mcts:seed=3,iterations=4")
    assert policy.name == "mcts:iterations=4,seed=3" and policy.iterations == 4


# a value off each of the tree search's defaults (every setting of MCTS_DEFAULTS)
MCTS_OTHER = {"iterations": "2", "depth": "1", "cast": "1", "sets": "6", "futile": "0",
              "infer": "1"}


def test_the_tree_search_defaults_have_one_spelling() -> None:
    """``spec.MCTS_DEFAULTS`` are the tree search's own defaults: a setting at its default
    is dropped from the spec (one job for one play, as the search's ``SEARCH_DEFAULTS``),
    the other value kept, and the policy reads them when the spec does not say (the
    search's ``read_shared`` takes them: no constant of its own for the tree search)."""
    assert set(MCTS_DEFAULTS) == set(MCTS_OTHER)
    for key, value in MCTS_DEFAULTS.items():  # beside a setting off its default
        assert canonical(f"mcts:z=2,{key}={value}") == "mcts:z=2"
        kept = ",".join(sorted((f"{key}={MCTS_OTHER[key]}", "z=2")))  # keys sorted
        assert canonical(f"mcts:{key}={MCTS_OTHER[key]},z=2") == f"mcts:{kept}"
    spelled = ",".join(f"{k}={v}" for k, v in sorted(MCTS_DEFAULTS.items()))
    assert canonical(f"mcts:{spelled}") == "mcts"
    assert canonical("mcts:futile=off,iterations=3,sets=08") == "mcts"
    # the canonical spellings in use stay as they were
    for text in ("mcts:iterations=1", "mcts:iterations=2", "mcts:infer=1,iterations=2",
                 "mcts:futile=1,iterations=1", "mcts:iterations=2,kinds=attackers+multi"):
        assert canonical(text) == text
    plain, spelled_out = _mcts("mcts"), _mcts(f"mcts:{spelled}")
    for policy in (plain, spelled_out):
        assert (policy.iterations, policy.depth, policy.cast, policy.sets) == (
            DEFAULT_ITERATIONS, 2, DEFAULT_CAST, MAX_CANDIDATES)
        assert (policy.futile, policy.memory, policy.records) == (None, None, False)
        assert policy.name == "mcts"
    assert (DEFAULT_ITERATIONS, MAX_CANDIDATES) == (3, 8)
    other = _mcts(f"mcts:{','.join(f'{k}={v}' for k, v in sorted(MCTS_OTHER.items()))}")
    assert (other.iterations, other.depth, other.cast, other.sets, other.futile) == (
        2, 1, 1, 6, 0.0)
    assert other.memory is not None


def test_the_tree_counts_availability_and_tries_each_answer_first() -> None:
    """``select``: untried answers first in the candidates' order, every available
    child counted, then UCB1 over what is available."""
    state = _positions(("gruul_stompy", "selesnya_convoke"), 2, every=1, limit=1,
                       kinds=(DecisionKind.ATTACKERS,))[0]
    d = state.pending
    assert d is not None
    assert d.options  # a creature that may attack
    view = player_view(state, d.player)
    both: list[list[int]] = [[], [0]]
    root = Node()
    first, child, added = select(root, view, d, both)
    assert (first, added) == ([], True) and child.avail == 1
    child.visits, child.total = 1, 0.2
    second, other, added = select(root, view, d, both)
    assert (second, added) == ([0], True) and (child.avail, other.avail) == (2, 2)
    other.visits, other.total = 1, 0.9
    third, again, added = select(root, view, d, both)
    assert (third, again, added) == ([0], other, False)
    # a deal where only the first is possible: only it is counted available
    alone, same, added = select(root, view, d, [[]])
    assert (alone, same, added) == ([], child, False)
    assert (child.avail, other.avail) == (4, 3)
    # UCB1 over availability: each child's bonus grows with the deals it was available
    # in (0.87 + 0.5 sqrt(ln 5) > 0.9 + 0.5 sqrt(ln 4)); with the parent's count for
    # both, the better mean (0.9) would be taken
    child.total = 0.87
    assert select(root, view, d, both)[0] == []


def test_the_best_line_corrects_the_tree_s_exploration() -> None:
    parent, good, bad = Node(), Node(), Node()
    parent.children = {"good": good, "bad": bad}
    good.visits, good.total = 3, 2.4  # 0.8
    bad.visits, bad.total = 3, 0.6  # 0.2
    parent.visits, parent.total = 6, 3.0
    lines = best_line_values([[0.8, 0.2]], [[[parent, good], [parent, bad]]])
    # the explored (worse) line gets back the gap between the shrunk means
    gap = (2.4 + 0.5) / 4 - (0.6 + 0.5) / 4
    assert lines == [[0.8, pytest.approx(0.2 + gap)]]


def test_a_position_without_deck_lists_is_dealt_from_the_cards_seen() -> None:
    states = _positions(("jund_cascade", "bant_exalted"), 4, every=5, limit=2)
    for state in states:
        d = state.pending
        assert d is not None
        me, other = d.player, 1 - d.player
        state.derived.decklists = None  # a position set up by hand
        view = player_view(state, me)
        game = determinize(view, me, 5)
        assert game is not None
        seen = {o.card.name for o in view.objects.values()
                if o.owner == other and not o.token}
        theirs = game.players[other]
        hidden = [game.objects[o].card.name for o in theirs.hand + theirs.library
                  if o not in view.objects]
        assert len(theirs.hand) == len(state.players[other].hand)
        assert len(theirs.library) == len(state.players[other].library)
        assert hidden and set(hidden) <= seen  # sampled from what was seen
        for k in range(2):  # and it depends only on the view
            twin = _hidden_shuffled(state, me, k)
            again = determinize(player_view(twin, me), me, 5)
            assert again is not None
            assert [again.objects[o].card.name for o in again.players[other].hand] == \
                [game.objects[o].card.name for o in theirs.hand]


def test_nothing_seen_is_dealt_from_the_card_pool() -> None:
    from mtgsim.engine.players.policies.determinize_pool import guessed_cards, pool_cards

    state = _positions(("jund_cascade", "bant_exalted"), 4, every=5, limit=1)[0]
    pool = pool_cards(state)
    named = state.derived.pool
    assert len(pool) == len(named) and all(named[c.name] is c for c in pool)  # no tokens
    mine = state.pending.player if state.pending else 0
    for oid in [o for o, obj in state.objects.items() if obj.owner != mine]:
        del state.objects[oid]  # nothing of theirs seen
    _, cards = guessed_cards(state, 1 - mine, 5, 17)
    assert len(cards) == 5 and all(c in pool for c in cards)


@pytest.mark.parametrize("policy", ["search:rollouts=3", "mcts:iterations=2"])
def test_a_search_without_deck_lists_solves_the_puzzle(policy: str, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """The puzzle with no deck list: the search deals B's hidden cards from what it sees
    and finds the play; with the refusal of before (no cards to deal), it plays the
    heuristic's answer and loses."""
    text = UNKNOWN.read_text()
    lines = [ln for ln in text.splitlines() if ln.startswith("policy = ")]
    f = tmp_path / UNKNOWN.name
    f.write_text(text.replace(lines[0], f'policy = "{policy}"'))
    pool = load_pool()
    r = run_scenario(f, pool)
    assert (r.passed, r.error) == (True, None)
    monkeypatch.setattr(determinize_module, "guessed_cards", lambda game, p, need, rng: (rng, []))
    r = run_scenario(f, pool)
    assert not r.passed and r.error is not None and "lost" in r.error


def test_the_tree_search_plays_the_default_pilot(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Its own answers and both seats of every iteration are the default ``heuristic``
    (``prio=mana,attack=race``), the pilot the real opponent plays: the rollouts model
    the opponent as it is (until December 6 evening they played the old pilot,
    ``heuristic:attack=trades,prio=plain``, which this fails on)."""
    made: list[HeuristicPolicy] = []
    real = ismcts.tree_heuristic

    def recorded(seed: int) -> HeuristicPolicy:
        h = real(seed)
        made.append(h)
        return h

    monkeypatch.setattr(ismcts, "tree_heuristic", recorded)
    policy = _mcts("mcts:iterations=1")
    assert made == [policy.inner]
    puzzle = AI / "cascade_spell_cast_for_its_cascade.toml"
    text = puzzle.read_text()
    lines = [ln for ln in text.splitlines() if ln.startswith("policy = ")]
    f = tmp_path / puzzle.name
    f.write_text(text.replace(lines[0], 'policy = "mcts:iterations=1"'))
    run_scenario(f, load_pool())
    assert len(made) > 20  # the puzzle's policy and two seats an iteration
    default = HeuristicPolicy(1)
    assert (default.land_weight, default.body_ties, default.race) == (MANA_WEIGHT, False, True)
    assert {(h.land_weight, h.body_ties, h.race) for h in made} == {(MANA_WEIGHT, False, True)}
