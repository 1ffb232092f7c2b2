"""The fitted board evaluation (issue 37, point 4): symmetric, read from the player's view
only, non-linear in life; the heuristic's price of life, lost and gained, from its curve,
and the hand-set price kept under ``heuristic:eval=handset`` for that decision only."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from gamesetup import Setup, bundled_deck

from mtgsim.engine.effects.gain_life import GainLife
from mtgsim.engine.game import policy_stops
from mtgsim.engine.players import evaluation_weights
from mtgsim.engine.players.evaluation import (
    FEATURE_NAMES,
    attack_power,
    features,
    handset_position_logit,
    side_features,
    sigmoid,
    win_probability,
    worths,
)
from mtgsim.engine.players.life_price import (
    FITTED,
    HANDSET,
    LifePrice,
    attack_damage_weight,
    fitted_life_value,
    handset_life_value,
    life_segments,
    life_terms,
    price_of_life,
    price_of_life_gained,
)
from mtgsim.engine.players.policies import (
    HeuristicPolicy,
    SearchPolicy,
    make_policy,
    parse_policy,
)
from mtgsim.engine.players.policies.search import position_value
from mtgsim.engine.players.policies.spec import PolicySpecError
from mtgsim.engine.players.worth import board, life_value
from mtgsim.engine.rules.effect import effects_value
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import NONE, GameState
from mtgsim.engine.state.view import player_view


def _turn_starts(decks: tuple[str, str], seed: int, turns: int = 8) -> list[GameState]:
    """Copies of a heuristic game at the first decision of each of its first turns."""
    cards = [bundled_deck(decks[0]), bundled_deck(decks[1])]
    policies = [make_policy("heuristic", seed), make_policy("heuristic", seed + 1)]
    state = new_game(cards, seed, stops=policy_stops(policies, cards))
    out: list[GameState] = []
    turn = -1
    while len(out) < turns:
        d = advance(state)
        if d is None:
            break
        if state.turn != turn:
            turn = state.turn
            out.append(clone(state))
        answer(state, policies[d.player].decide(player_view(state, d.player), d))
    assert len(out) >= 4
    return out


def test_the_weights_module_is_for_these_features_and_says_where_it_comes_from() -> None:
    assert evaluation_weights.FEATURES == FEATURE_NAMES
    assert len(evaluation_weights.WEIGHTS) == len(FEATURE_NAMES)
    for key in ("games", "seed", "date", "held_out_fitted", "held_out_handset", "held_out_base"):
        assert evaluation_weights.PROVENANCE[key]


def test_the_evaluation_is_symmetric_and_reads_the_view_only() -> None:
    for state in _turn_starts(("gruul_stompy", "azorius_skies"), 4):
        for me in (0, 1):
            view = player_view(state, me)
            assert features(view, me) == features(state, me)  # nothing hidden is read
            assert features(view, me) == [-x for x in features(state, 1 - me)]
        p0, p1 = win_probability(state, 0), win_probability(state, 1)
        assert 0 < p0 < 1 and p0 + p1 == pytest.approx(1.0)


def test_one_walk_gives_each_side_its_own_walk() -> None:
    """``features`` reads both sides' worth from one walk over the battlefield
    (``worths``): each side's features are what a walk of that side alone gives
    (``side_features``), exactly, on positions of two matchups, in both seats."""
    for decks in (("gruul_stompy", "azorius_skies"), ("bogles", "izzet_spells")):
        for state in _turn_starts(decks, 7):
            for me in (0, 1):
                mine = side_features(state, me, me)
                theirs = side_features(state, 1 - me, me)
                assert worths(state, me) == [mine[-1], theirs[-1]][:: 1 if me == 0 else -1]
                diff = [a - b for a, b in zip(mine, theirs, strict=True)]
                assert features(state, me)[:len(diff)] == diff


def _named(state: GameState, me: int) -> dict[str, float]:
    return dict(zip(FEATURE_NAMES, features(state, me), strict=True))


def test_the_clock_features_read_power_through_blockers_and_the_strike() -> None:
    """Player 0 at 20 life attacks with Wind Drake (flying: no flyer or reach against
    it), Hill Giant and Grizzly Bears into player 1 at 6, whose Grizzly Bears and Goblin
    Piker (can't block) attack back: the one blocker chumps the Giant."""
    s = Setup(life=(20, 6))
    s.bf("Wind Drake", 0)
    s.bf("Hill Giant", 0)
    s.bf("Grizzly Bears", 0)
    s.bf("Grizzly Bears", 1)
    s.bf("Goblin Piker", 1)
    state = s.go()
    b = board(state)
    assert attack_power(b.creatures[0], b.creatures[1]) == (7, 4)  # Drake and Bears
    assert attack_power(b.creatures[1], b.creatures[0]) == (4, 0)  # three blockers
    f = _named(state, 0)
    assert f["through"] == 4 - 0
    assert f["strike"] == 1.0  # 7 power against 6 life: all of it
    assert f["active"] == 1.0
    assert features(state, 1) == [-x for x in features(state, 0)]
    state.active = 1  # the same board on player 1's turn: their strike, 4 of 20
    assert _named(state, 0)["strike"] == pytest.approx(-4 / 20)
    assert features(state, 1) == [-x for x in features(state, 0)]
    s = Setup(life=(20, 20))
    s.bf("Wind Drake", 0)
    s.bf("Boggart Brute", 0)  # menace: one blocker can't block it
    s.bf("Phantom Warrior", 0)  # can't be blocked
    s.bf("Giant Spider", 1)  # reach: the Drake is blockable, and blocked
    state = s.go()
    state.players[1].poison = 6  # 704.5c: 8 effective life
    b = board(state)
    assert attack_power(b.creatures[0], b.creatures[1]) == (7, 5)
    assert _named(state, 0)["strike"] == pytest.approx(7 / 8)


def test_more_life_more_cards_more_board_is_better() -> None:
    state = _turn_starts(("gruul_stompy", "azorius_skies"), 4)[-1]
    base = win_probability(state, 0)
    richer = clone(state)
    richer.players[0].life += 3
    assert win_probability(richer, 0) > base
    poorer = clone(state)
    poorer.players[0].life = 2
    assert win_probability(poorer, 0) < base


def test_life_is_worth_more_near_zero_than_at_thirty() -> None:
    assert life_terms(0) == [0.0, 0.0]
    assert life_terms(-3) == [0.0, 0.0]
    assert life_terms(99) == life_terms(40) == [math.log(41), 40.0]
    assert life_segments(12) == [3.0, 3.0, 4.0, 2.0, 0.0, 0.0]
    assert life_segments(99) == [3.0, 3.0, 4.0, 5.0, 5.0, 20.0]
    near_zero = fitted_life_value(4, 2)  # from 4 to 2
    at_twenty = fitted_life_value(20, 2)
    at_thirty = fitted_life_value(32, 2)
    assert near_zero > at_twenty > at_thirty > 0
    assert near_zero > 1.5 * at_twenty


def test_an_attack_weighs_damage_on_the_curve() -> None:
    """Fitted: the mean price of the points the attack can take (more near zero); the
    hand-set weight is 0.6, +0.2 for the beatdown, +0.2 at 10 life or less."""
    f = FITTED
    assert attack_damage_weight(5, 2, False, f) > attack_damage_weight(20, 2, False, f) > \
        attack_damage_weight(35, 2, False, f)
    assert attack_damage_weight(20, 3, True, f) == pytest.approx(
        attack_damage_weight(20, 3, False, f) + 0.2)
    assert attack_damage_weight(20, 3, False, f) == pytest.approx(
        fitted_life_value(20, 3) / 3)
    assert attack_damage_weight(4, 9, False, f) == pytest.approx(fitted_life_value(4, 3) / 3)
    assert attack_damage_weight(20, 3, False) == pytest.approx(0.6)  # hand-set (default)
    assert attack_damage_weight(20, 3, False, HANDSET) == pytest.approx(0.6)
    assert attack_damage_weight(8, 3, True) == pytest.approx(1.0)


def test_the_price_of_life_is_the_one_passed_down() -> None:
    """The price is an argument (a ``LifePrice``, hand-set by default), never a switch
    some earlier call left set."""
    assert price_of_life(20, 3) == handset_life_value(20, 3) == pytest.approx(1.8)
    assert price_of_life(6, 3) == pytest.approx(3.0)
    assert LifePrice() == HANDSET and not HANDSET.fitted and FITTED.fitted
    state = _turn_starts(("gruul_stompy", "azorius_skies"), 4)[2]
    life = state.players[1].life
    assert price_of_life(20, 3, FITTED) == fitted_life_value(20, 3)
    assert price_of_life(20, 3, HANDSET) == handset_life_value(20, 3)
    assert fitted_life_value(20, 3) != handset_life_value(20, 3)
    assert life_value(state, 1, life, FITTED) == 100.0  # all they have: the game
    assert life_value(state, 1, 2, FITTED) == fitted_life_value(life, 2)
    assert life_value(state, 1, 2) == handset_life_value(life, 2)
    assert life_value(state, 1, 2, HANDSET) == handset_life_value(life, 2)


def test_gained_life_is_priced_by_the_policy_price() -> None:
    """A gain reads the deciding policy's price (``price_of_life_gained``): hand-set, the
    gain estimate's old constants exactly (0.25 a point, doubled at 8 life or less, so
    the specs without eval=fitted play the same games); fitted, the curve between ``life``
    and ``life + amount``, a point near zero worth more than one at thirty."""
    for life in range(1, 31):
        for amount in range(11):
            old = 0.25 * amount * (2.0 if life <= 8 else 1.0)
            assert price_of_life_gained(life, amount) == old
            assert price_of_life_gained(life, amount, HANDSET) == old
            assert price_of_life_gained(life, amount, FITTED) == \
                fitted_life_value(life + amount, amount)
    assert price_of_life_gained(20, 3, FITTED) != price_of_life_gained(20, 3)
    assert price_of_life_gained(3, 2, FITTED) > price_of_life_gained(28, 2, FITTED)
    assert price_of_life_gained(20, 0, FITTED) == 0.0
    # through the gain_life estimate, my gain and the opponent's
    state = Setup(life=(6, 20)).go()
    for price in (HANDSET, FITTED):
        assert effects_value(state, 0, (GainLife(amount=3),), [], NONE, price=price) == \
            price_of_life_gained(6, 3, price)
        assert effects_value(state, 1, (GainLife(amount=3, who="t0"),), [0], NONE,
                             price=price) == -price_of_life_gained(6, 3, price)
    assert effects_value(state, 0, (GainLife(amount=3),), [], NONE) == 1.5


def test_the_fitted_heuristic_is_a_spec_of_its_own() -> None:
    assert str(parse_policy("heuristic:eval=fitted")) == "heuristic:eval=fitted"
    assert str(parse_policy("heuristic:eval=handset")) == "heuristic"
    with pytest.raises(PolicySpecError, match="handset"):
        parse_policy("heuristic:eval=linear")
    fitted = make_policy("heuristic:eval=fitted", 1)
    assert isinstance(fitted, HeuristicPolicy) and fitted.fitted
    plain = make_policy("heuristic", 1)
    assert isinstance(plain, HeuristicPolicy) and not plain.fitted
    assert str(parse_policy("search:rollouts=1,eval=fitted")) == \
        "search:eval=fitted,rollouts=1"
    assert str(parse_policy("search:eval=handset,rollouts=1")) == "search:rollouts=1"
    search = make_policy("search:rollouts=1", 1)
    assert isinstance(search, SearchPolicy) and not search.fitted
    search = make_policy("search:rollouts=1,eval=fitted", 1)
    assert isinstance(search, SearchPolicy) and search.fitted


def test_the_search_cut_off_is_the_fitted_evaluation_or_the_handset_one() -> None:
    # the fitted cut-off is the default since issue 37's (docs/search-record.md "The search's
    # default"): its spelling is dropped, the hand-set one's kept
    assert str(parse_policy("search:cutoff=fitted,rollouts=1")) == "search:rollouts=1"
    assert str(parse_policy("search:cutoff=handset,rollouts=1")) == \
        "search:cutoff=handset,rollouts=1"
    fitted = make_policy("search:rollouts=1", 1)
    assert isinstance(fitted, SearchPolicy) and fitted.cutoff_fitted
    plain = make_policy("search:rollouts=1,cutoff=handset", 1)
    assert isinstance(plain, SearchPolicy) and not plain.cutoff_fitted
    for state in _turn_starts(("gruul_stompy", "azorius_skies"), 4)[3:]:
        assert position_value(state, 0) == win_probability(state, 0)
        handset = position_value(state, 0, fitted=False)
        assert handset == sigmoid(handset_position_logit(state, 0))
        assert handset != win_probability(state, 0)


def test_each_policy_carries_its_price_of_life() -> None:
    """The price is the policy's (``HeuristicPolicy.price``), passed down as it decides:
    a fitted decision leaves nothing set for the next one, of any policy."""
    fitted = make_policy("heuristic:eval=fitted", 3)
    plain = make_policy("heuristic", 3)
    assert isinstance(fitted, HeuristicPolicy) and fitted.price is FITTED
    assert isinstance(plain, HeuristicPolicy) and plain.price is HANDSET
    search = make_policy("search:eval=fitted,rollouts=1", 3)
    assert isinstance(search, SearchPolicy) and search.inner.price is FITTED
    handset_search = make_policy("search:rollouts=1", 3)
    assert isinstance(handset_search, SearchPolicy) and handset_search.inner.price is HANDSET
    for state in _turn_starts(("izzet_spells", "rakdos_unearth"), 7):
        d = advance(state)
        assert d is not None
        view = player_view(state, d.player)
        fitted.decide(view, d)
        assert plain.price is HANDSET and fitted.price is FITTED
        assert price_of_life(20, 3) == handset_life_value(20, 3)


def test_no_module_holds_the_price_of_life() -> None:
    """The price is passed down, never process state: no engine module defines a context
    variable, or imports ``contextvars`` (issue 37 point 4), and ``life_price`` keeps no
    switch (its module-level names are constants, functions and the value type)."""
    engine = Path(__file__).resolve().parents[2] / "engine"
    holders = [str(p.relative_to(engine)) for p in sorted(engine.rglob("*.py"))
               if "ContextVar" in p.read_text() or "contextvars" in p.read_text()]
    assert holders == []
    from mtgsim.engine.players import life_price
    mutable = [name for name, v in vars(life_price).items() if not name.startswith("__")
               and isinstance(v, (list, dict, set, bytearray))]
    assert mutable == []
    assert not hasattr(life_price, "use_fitted")
