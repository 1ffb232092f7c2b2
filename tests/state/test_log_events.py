"""The game log as the events dataset reads it: every event knows its step, the kept hand
is in the log (one ``opening_hand`` event per card, after the ``bottom`` events of a London
mulligan), and keeping a log changes nothing of the game."""

from __future__ import annotations

from collections import Counter

from mtgsim.cluster.seeds import policy_seed
from mtgsim.engine.game import play, policy_stops, step
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.rules.turn import new_game
from mtgsim.engine.state.game_state import DRAW, STEP_NAMES, UNTAP
from mtgsim.pipelines.runner import load_card_pool, load_main_deck

POOL = load_card_pool()
DECKS = [load_main_deck(n, POOL).cards for n in ("azorius_skies", "gruul_stompy")]


def _game(seed: int, keep_log: bool, policy: str = "random"):  # type: ignore[no-untyped-def]
    policies = [make_policy(policy, policy_seed(seed, s)) for s in (0, 1)]
    state = new_game(DECKS, seed, keep_log=keep_log, stops=policy_stops(policies, DECKS))
    return state, policies


def test_the_kept_hand_is_logged_and_is_the_hand_the_game_starts_with() -> None:
    mulliganed = 0
    for seed in range(40):
        state, policies = _game(seed, True)
        while state.turn == 1 and not state.stack and step(state, policies) is not None:
            if all(any(e.kind == "opening_hand" and e.player == p for e in state.log or [])
                   for p in (0, 1)):
                break
        log = state.log or []
        for p in (0, 1):
            kept = [e.card for e in log if e.kind == "opening_hand" and e.player == p]
            bottom = [e.card for e in log if e.kind == "bottom" and e.player == p]
            mulls = state.players[p].mulligans
            assert len(kept) == 7 - mulls and len(bottom) == mulls
            assert all(e.amount == mulls for e in log
                       if e.kind == "opening_hand" and e.player == p)
            hand = Counter(state.objects[o].card.name for o in state.players[p].hand)
            assert Counter(kept) == hand, seed
            mulliganed += mulls > 0
    assert mulliganed  # the random players mulligan now and then


def test_every_event_has_its_step() -> None:
    state, policies = _game(3, True, "heuristic")
    play(state, policies)
    log = state.log or []
    assert {e.step for e in log} <= set(range(len(STEP_NAMES)))
    pregame = [e for e in log if e.kind in ("opening_hand", "bottom", "mulligan")]
    assert pregame and all(e.turn == 1 and e.step == UNTAP for e in pregame)
    later_draws = [e for e in log if e.kind == "draw" and e.turn > 1]
    assert later_draws and all(e.step == DRAW for e in later_draws[:3])  # the draw step's
    assert {e.step for e in log if e.kind == "attack"} == {STEP_NAMES.index(
        "declare_attackers")}


def test_keeping_a_log_does_not_change_the_game() -> None:
    for seed in range(12):
        results = []
        for keep in (False, True):
            state, policies = _game(seed, keep, "heuristic" if seed % 2 else "random")
            play(state, policies)
            assert state.result is not None
            results.append((state.result, state.actions_taken, state.rng,
                            [p.life for p in state.players]))
        assert results[0] == results[1]
