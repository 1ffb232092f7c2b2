"""A decided rollout scored by when it was decided (``search:sooner=1``,
``search.timed_value``; docs/search-record.md "Three turns deep").

With every win scored 1 and every loss 0, a three-turn horizon (``depth=3``) ties a win
this turn with a win two turns later and a death this turn with one a turn later, and
three AI puzzles the two-turn search solves fail: the early stops ("won", "alike") keep
the heuristic's slower win or quicker loss. Scored by when, the lethal devour, the blocks
that keep A alive and the replicated Bolts at the lethal attackers are found again."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamesetup import bundled_deck

from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.game import policy_stops
from mtgsim.engine.players.policies import SearchPolicy, make_policy
from mtgsim.engine.players.policies.paired_gain import LOGIT_EPS, clipped_logit
from mtgsim.engine.players.policies.search import position_value, timed_value
from mtgsim.engine.players.policies.spec import SEARCH_DEFAULTS, SOONER_DEFAULTS, canonical
from mtgsim.engine.rules.turn import new_game
from mtgsim.engine.scenario.runner import run_scenario
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import GameResult, GameState

AI = Path(__file__).parents[1] / "scenarios" / "ai"
# the three-turn search undeepened, unblended, without the face guard, every candidate on
# the whole budget, every win 1 (``search:depth=3`` before search play 6), and scored by
# when (``search:depth=3,sooner=1`` then)
THREE = "search:blend=0,deepen=off,face=off,full=8,sooner=0"
THREE_SOONER = "search:blend=0,deepen=off,face=off,full=8"
# the puzzles THREE fails and THREE_SOONER solves
BY_WHEN = ("devour_eats_the_goblin_for_the_last_damage",
           "blocks_beyond_the_first_eight_keep_a_alive",
           "replicated_burn_with_unknown_deck_lists")


def _game() -> GameState:
    cards = [bundled_deck("gruul_stompy"), bundled_deck("azorius_skies")]
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    return new_game(cards, 1, stops=policy_stops(policies, cards))


def test_the_spec() -> None:
    """``sooner=1`` is the default since search play 6; ``sooner=0`` the play before."""
    assert canonical("search:sooner=1") == "search"
    assert canonical("search:sooner=0") == "search:sooner=0"
    policy = make_policy("search", 0)
    assert isinstance(policy, SearchPolicy) and policy.sooner
    assert policy.won_at == 1.0 - LOGIT_EPS  # the "won" stop: a win this turn
    decided = make_policy("search:decided=0.9", 0)
    assert isinstance(decided, SearchPolicy) and decided.won_at == 0.9
    plain = make_policy("search:sooner=0", 0)
    assert isinstance(plain, SearchPolicy) and not plain.sooner and plain.won_at == 1.0


def test_the_won_stops_default_has_one_spelling() -> None:
    """``decided`` at the value the search uses by default is dropped from the spec, as
    every default is: 1 (a win) without ``sooner``, ``SOONER_DEFAULTS``' 0.9999 (a win this
    turn, which reads back as exactly the score ``timed_value`` gives it) with it, the
    default since search play 6; the other value is kept, for it plays otherwise."""
    assert SEARCH_DEFAULTS["decided"] == "1"
    assert float(SOONER_DEFAULTS["decided"]) == 1.0 - LOGIT_EPS  # bit for bit
    assert SOONER_DEFAULTS["decided"] == "0.9999"
    assert canonical("search:decided=0.99990,sooner=0") == "search:decided=0.9999,sooner=0"
    assert canonical("search:decided=1,sooner=0") == "search:sooner=0"
    assert canonical("search:decided=1.0,depth=2,sooner=0") == "search:depth=2,sooner=0"
    assert canonical("search:decided=0.9999,sooner=0") == "search:decided=0.9999,sooner=0"
    assert canonical("search:decided=0.9999") == "search"
    assert canonical("search:decided=0.9999,sooner=1") == "search"
    assert canonical("search:blend=1,decided=0.9999,depth=3,face=6,sooner=1") == "search"
    assert canonical("search:decided=1,sooner=1") == "search:decided=1"
    assert canonical("search:decided=1") == "search:decided=1"
    for spelled, plain in (("search:decided=1,sooner=0", "search:sooner=0"),
                           ("search:decided=0.9999,sooner=1", "search")):
        a, b = make_policy(spelled, 0), make_policy(plain, 0)
        assert isinstance(a, SearchPolicy) and isinstance(b, SearchPolicy)
        assert a.won_at == b.won_at and a.name == b.name == plain
    kept = make_policy("search:decided=1", 0)
    assert isinstance(kept, SearchPolicy) and kept.won_at == 1.0  # a later win stops too


def test_a_sooner_win_and_a_later_loss_score_higher() -> None:
    state = _game()
    start = state.turn
    undecided = timed_value(state, 0, start)
    assert undecided == position_value(state, 0)  # an undecided position as it was
    scores = {}
    for winner in (0, 1, -1):
        for later in (0, 1, 2):
            game = clone(state)
            game.result = GameResult(winner, "test", start + later)
            scores[winner, later] = timed_value(game, 0, start)
    assert scores[-1, 0] == scores[-1, 2] == 0.5  # a draw as it was
    assert scores[0, 0] == 1.0 - LOGIT_EPS and scores[1, 0] == LOGIT_EPS
    wins = [clipped_logit(scores[0, n]) for n in range(3)]
    losses = [clipped_logit(scores[1, n]) for n in range(3)]
    assert wins[0] == pytest.approx(clipped_logit(1.0))  # a win now: as every win was
    assert losses[0] == pytest.approx(clipped_logit(0.0))
    for n in range(2):  # log(2) logits and more apart, over any margin
        assert wins[n] - wins[n + 1] > 0.4 and losses[n + 1] - losses[n] > 0.4
    assert min(wins) > 8 > -8 > max(losses)  # still far from any undecided position
    game = clone(state)
    game.players[0].life = 0  # dead before the state-based actions: a loss now
    assert timed_value(game, 0, start) == LOGIT_EPS


@pytest.mark.parametrize("name", BY_WHEN)
def test_three_turns_deep_finds_the_lethal_and_the_living_line(name: str,
                                                                tmp_path: Path) -> None:
    text = (AI / f"{name}.toml").read_text()
    line = next(ln for ln in text.splitlines() if ln.startswith("policy = "))
    outcomes = {}
    for spec in (THREE, THREE_SOONER):
        f = tmp_path / f"{name}.toml"
        f.write_text(text.replace(line, f'policy = "{spec}"'))
        r = run_scenario(f, load_pool())
        outcomes[spec] = (r.passed, r.error)
    assert not outcomes[THREE][0]  # every win 1, every loss 0: missed
    assert outcomes[THREE_SOONER] == (True, None)
