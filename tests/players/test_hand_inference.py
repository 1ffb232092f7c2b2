"""The opponent-hand inference of ``search:infer=1`` (engine.players.policies.hand_inference):
a turn of the other player's with no land drop bounds the lands of their hidden hand, the
deals keep to the bound and follow the conditioned law, no history deals uniformly, and
plain ``search`` is unchanged."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from gamesetup import bundled_deck

from mtgsim.engine.game import Policy, decide, policy_stops
from mtgsim.engine.players.policies import SearchPolicy, make_policy, parse_policy
from mtgsim.engine.players.policies.determinize import determinize
from mtgsim.engine.players.policies.hand_inference import (
    HandMemory,
    always_played,
    limited_deal,
)
from mtgsim.engine.players.policies.root_search import SeatMemory
from mtgsim.engine.players.policies.stops import deck_stops
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import DecisionKind
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.rng import seed_state
from mtgsim.engine.state.view import player_view

# a land-light deck against a deck whose turns without a land drop come early
DECKS = ("izzet_spells", "mono_red_retrace")


def _heuristic_game(decks: tuple[str, str], seed: int) -> tuple[GameState, list[Policy]]:
    """A new heuristic game of ``decks`` whose seat 0 stops where the search would (its
    deck's stops), so that its memory sees the views a searching seat 0 would be given."""
    cards = [bundled_deck(decks[0]), bundled_deck(decks[1])]
    policies = [make_policy("heuristic", seed), make_policy("heuristic", seed + 1)]
    stops = policy_stops(policies, cards)
    stops[0] = deck_stops(cards[0])
    return new_game(cards, seed, stops=stops), policies


def _bounded(decks: tuple[str, str], seed: int, want: int = 4
             ) -> list[tuple[GameState, int, HandMemory]]:
    """Copies of a heuristic game at seat 0's priority decisions where seat 0's memory
    (fed every view of seat 0, with the search's stops) bounds the lands of seat 1's
    hidden hand below its hidden cards: (the game, the bound, the memory then)."""
    state, policies = _heuristic_game(decks, seed)
    memory = HandMemory()
    out: list[tuple[GameState, int, HandMemory]] = []
    while len(out) < want and (d := advance(state)) is not None:
        view = player_view(state, d.player)
        if d.player == 0:
            memory.observe(view, 0)
            limit = memory.land_limit(view, 0)
            if limit is not None and d.kind is DecisionKind.PRIORITY:
                out.append((clone(state), limit, memory))
        answer(state, policies[d.player].decide(view, d))
    return out


def _hidden_lands(view: GameState, dealt: GameState) -> int:
    """The lands the deal put among the other player's (seat 1's) hidden hand cards."""
    return sum(1 for oid in dealt.players[1].hand
               if oid not in view.objects and always_played(dealt.objects[oid].card))


def _real_hidden_lands(state: GameState, view: GameState) -> int:
    return sum(1 for oid in state.players[1].hand
               if oid not in view.objects and always_played(state.objects[oid].card))


def _positions() -> list[tuple[GameState, int, HandMemory]]:
    found: list[tuple[GameState, int, HandMemory]] = []
    for seed in range(6):
        found += _bounded(DECKS, seed)
        if len(found) >= 6:
            break
    assert found, "no position with a bound"
    return found


def test_a_turn_without_a_land_drop_bounds_the_lands_dealt() -> None:
    """At a position whose public record says the other player made no land drop, every
    deal holds at most the bound's lands among their hidden cards (as the real hand
    does), where the uniform deal of the same seeds breaks it."""
    broken = 0
    for state, limit, _ in _positions():
        view = player_view(state, 0)
        assert _real_hidden_lands(state, view) <= limit  # the heuristic's own play
        for k in range(12):
            dealt = determinize(view, 0, seed_state(k), limit)
            assert dealt is not None
            assert _hidden_lands(view, dealt) <= limit
            uniform = determinize(view, 0, seed_state(k))
            assert uniform is not None
            broken += _hidden_lands(view, uniform) > limit
    assert broken > 0  # the bound says something the uniform deal does not


def test_no_history_deals_uniformly() -> None:
    """A memory that saw nothing bounds nothing, and a deal with no bound is the plain
    determinization, card for card."""
    state, _, _ = _positions()[0]
    view = player_view(state, 0)
    assert HandMemory().land_limit(view, 0) is None
    for k in range(4):
        a = determinize(view, 0, seed_state(k), None)
        b = determinize(view, 0, seed_state(k))
        assert a is not None and b is not None
        assert [a.objects[o].card.name for o in a.players[1].hand] == \
            [b.objects[o].card.name for o in b.players[1].hand]
        assert [a.objects[o].card.name for o in a.players[1].library] == \
            [b.objects[o].card.name for o in b.players[1].library]


def test_the_mulligans_and_the_first_views_give_no_bound() -> None:
    """Before a whole turn of the other player has passed there is no evidence."""
    cards = [bundled_deck(DECKS[0]), bundled_deck(DECKS[1])]
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game(cards, 1, stops=policy_stops(policies, cards))
    memory = HandMemory()
    while (d := advance(state)) is not None and state.turn <= 2:
        view = player_view(state, d.player)
        if d.player == 0:
            memory.observe(view, 0)
            assert memory.land_limit(view, 0) is None
        answer(state, policies[d.player].decide(view, d))


def test_the_limited_deal_is_the_conditioned_uniform_deal() -> None:
    """Three lands and three spells, a hand of three, at most one land: the uniform deal
    conditioned on it has no land with chance C(3,0)C(3,3) / (that + C(3,1)C(3,2)) = 1/10;
    the cards left keep their shuffled order, and every card is dealt once."""
    deck = bundled_deck("mono_red_retrace")
    land = next(c for c in deck if always_played(c))
    spell = next(c for c in deck if not always_played(c))
    none = 0
    runs = 4000
    for k in range(runs):
        cards = [land, spell, land, spell, land, spell]
        limited_deal(seed_state(k), cards, 3, 1)
        lands = sum(always_played(c) for c in cards[:3])
        assert lands <= 1
        assert Counter(c.name for c in cards) == Counter({land.name: 3, spell.name: 3})
        none += lands == 0
    assert abs(none / runs - 0.1) < 0.02
    # no k fits (a hand of three from one spell and a bound of one land): left as dealt
    cards = [land, land, spell, land]
    limited_deal(seed_state(3), cards, 3, 1)
    assert cards == [land, land, spell, land]


def test_infer_is_the_search_default_and_an_mcts_setting() -> None:
    """``infer=1`` keeps a memory: the search's default since issue 37's (docs/search-record.md
    "The search's default"), so its spelling is dropped; ``search:infer=0`` (the uniform
    deal) and plain ``mcts`` keep none; ``mcts:infer=1`` does."""
    assert SearchPolicy(1, parse_policy("search:rollouts=1")).memory == {}
    assert SearchPolicy(1, parse_policy("search:rollouts=1,infer=1")).memory == {}
    assert SearchPolicy(1, parse_policy("search:rollouts=1,infer=0")).memory is None
    assert make_policy("mcts:iterations=1", 1).memory is None  # type: ignore[union-attr]
    assert make_policy("mcts:iterations=1,infer=1", 1).memory == {}  # type: ignore[union-attr]
    assert str(parse_policy("search:rollouts=2,infer=1")) == "search:rollouts=2"
    assert str(parse_policy("search:rollouts=2,infer=0")) == "search:infer=0,rollouts=2"


def test_the_search_deals_under_its_memory() -> None:
    """The search with ``infer=1``, fed the game's views, deals at a bounded position
    within the bound (``RootSearch.deal``), where the uniform deal's (``infer=0``) do not."""
    for state, limit, memory in _positions():
        view = player_view(state, 0)
        inferring = SearchPolicy(1, parse_policy("search:rollouts=1,infer=1"))
        assert inferring.memory is not None
        inferring.memory[0] = seat = SeatMemory(inferring.records)
        seat.hand = memory
        plain = SearchPolicy(1, parse_policy("search:rollouts=1,infer=0"))
        for k in range(8):
            dealt = inferring.deal(view, 0, seed_state(k))
            assert dealt is not None and _hidden_lands(view, dealt) <= limit
            same = plain.deal(view, 0, seed_state(k))
            want = determinize(view, 0, seed_state(k))
            assert same is not None and want is not None
            assert [same.objects[o].card.name for o in same.players[1].hand] == \
                [want.objects[o].card.name for o in want.players[1].hand]


FAIRNESS_PAIRS = (("golgari_dredge", "orzhov_haunt"), ("izzet_spells", "mono_red_retrace"))


def fairness_games(spec: str) -> Iterator[tuple[int, SearchPolicy, GameState]]:
    """The games ``test_view.test_the_inferring_search_answers_do_not_depend_on_hidden_cards``
    judges (seed 1, nine turns, the search ``spec`` in seat 0 against the heuristic): the
    pairing's index, the search and the state at each of the search's decisions, after it
    decided and before its answer is played (what it remembers is what it decided from)."""
    for pairing, (a, b) in enumerate(FAIRNESS_PAIRS):
        cards = [bundled_deck(a), bundled_deck(b)]
        search = make_policy(spec, 1)
        assert isinstance(search, SearchPolicy)
        policies = [search, make_policy("heuristic", 2)]
        state = new_game(cards, 1, max_turns=9, stops=policy_stops(policies, cards))
        while (d := advance(state)) is not None:
            got = decide(policies[d.player], state, d)
            if d.player == 0:
                yield pairing, search, state
            answer(state, got)


def test_the_fairness_games_meet_a_bound() -> None:
    """The fairness games (``fairness_games``, the search with ``infer=1``) hold decisions
    at which its memory bounds the other player's lands: the check judges the inference,
    not only an empty memory."""
    bounded = [0, 0]
    for pairing, search, state in fairness_games("search:rollouts=1,infer=1"):
        assert search.memory is not None
        bounded[pairing] += search.memory[0].hand.land_limit(player_view(state, 0), 0) \
            is not None
    # (the games of the default's play since search play 6: [6, 3] with the two-turn
    # search of search play 5)
    assert bounded == [6, 5]


def test_their_turn_is_judged_once_its_first_main_phase_is_over() -> None:
    """A view in the other player's turn past its first main phase (a block, their end
    step) with no land of theirs entered this turn is evidence already: the bound is
    this turn's, and the real hand keeps to it."""
    found = 0
    for seed in range(8):
        state, policies = _heuristic_game(DECKS, seed)
        memory = HandMemory()
        while (d := advance(state)) is not None:
            view = player_view(state, d.player)
            if d.player == 0:
                memory.observe(view, 0)
                limit = memory.land_limit(view, 0)
                if limit is not None and state.active == 1 and memory.evidence is not None \
                        and memory.evidence[0] == state.turn:
                    assert state.players[1].land_entered_turn < state.turn
                    assert _real_hidden_lands(state, view) <= limit
                    found += 1
            answer(state, policies[d.player].decide(view, d))
    assert found > 0
