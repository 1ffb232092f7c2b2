"""The goldfish policy: an opponent that plays a land each turn and nothing else."""

from __future__ import annotations

import pytest
from gamesetup import bundled_deck

from mtgsim.engine.cards import CardDef
from mtgsim.engine.game import Policy, play_game
from mtgsim.engine.players.policies import POLICIES, GoldfishPolicy, HeuristicPolicy, make_policy


def cards(name: str) -> list[CardDef]:
    return bundled_deck(name)


def test_registered() -> None:
    assert "goldfish" in POLICIES
    policy = make_policy("goldfish", 3)
    assert isinstance(policy, GoldfishPolicy)
    assert policy.name == "goldfish"


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("deck", ["gruul_stompy", "white_weenie_level_up", "izzet_spells"])
def test_goldfish_only_plays_lands_and_loses(deck: str, seed: int) -> None:
    goldfish_seat = seed % 2
    decks = [cards(deck), cards("azorius_skies")]
    policies: list[Policy] = [HeuristicPolicy(2 * seed), GoldfishPolicy(2 * seed + 1)]
    if goldfish_seat == 0:
        decks.reverse()
        policies.reverse()
    state = play_game(decks[0], decks[1], policies, seed, keep_log=True)
    assert state.result is not None and state.log is not None
    assert state.result.winner == 1 - goldfish_seat
    mine = [e for e in state.log if e.player == goldfish_seat]
    kinds = {e.kind for e in mine}
    assert not kinds & {"cast", "activate", "attack", "block", "mulligan"}
    plays = [e for e in mine if e.kind == "play"]
    assert plays  # it does play lands
    # it never skips a land drop while it holds a land: every land it drew reached play
    # unless the game ended first (at most one land drop per turn)
    goldfish_turns = (state.result.turns + (1 - goldfish_seat)) // 2
    assert len(plays) <= goldfish_turns


def test_goldfish_games_are_deterministic() -> None:
    def game() -> tuple[int, str, int]:
        state = play_game(cards("bogles"), cards("gruul_stompy"),
                          [make_policy("heuristic", 0), make_policy("goldfish", 1)], 17)
        assert state.result is not None
        return state.result.winner, state.result.reason, state.result.turns

    assert game() == game()
