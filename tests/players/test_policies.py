"""The heuristic policy against the random policy, with the two bundled decks."""

from __future__ import annotations

from collections import Counter

from gamesetup import bundled_deck

from mtgsim.engine.game import decide, play_game
from mtgsim.engine.players.policies import HeuristicPolicy, RandomPolicy, make_policy
from mtgsim.engine.rules.turn import advance

DECKS = {name: bundled_deck(name) for name in ("gruul_stompy", "azorius_skies")}
GAMES = 100
THRESHOLD = 0.95


def heuristic_vs_random(games: int = GAMES, first_seed: int = 0):
    """Play ``games`` games; game i gives the heuristic deck ``i % 2`` and seat ``i // 2 % 2``
    and the random policy the other deck. Returns (wins, results by (deck, seat))."""
    names = sorted(DECKS)
    wins = 0
    by_config: dict[tuple[str, int], Counter[str]] = {}
    for i in range(games):
        seed = first_seed + i
        h_deck = names[i % 2]
        r_deck = names[1 - i % 2]
        h_seat = i // 2 % 2
        decks = [DECKS[h_deck], DECKS[r_deck]]
        policies = [HeuristicPolicy(seed), RandomPolicy(seed + 1)]
        if h_seat == 1:
            decks.reverse()
            policies.reverse()
        state = play_game(decks[0], decks[1], policies, seed)
        assert state.result is not None
        tally = by_config.setdefault((h_deck, h_seat), Counter())
        if state.result.winner == h_seat:
            wins += 1
            tally["win"] += 1
        elif state.result.winner == -1:
            tally["draw"] += 1
        else:
            tally["loss"] += 1
    return wins, by_config


def test_heuristic_beats_random_at_least_95_percent() -> None:
    wins, by_config = heuristic_vs_random()
    rate = wins / GAMES
    detail = ", ".join(
        f"heuristic with {deck} in seat {seat}: {dict(c)}"
        for (deck, seat), c in sorted(by_config.items()))
    print(f"heuristic won {wins}/{GAMES} = {rate:.0%} ({detail})")
    assert sum(sum(c.values()) for c in by_config.values()) == GAMES
    assert len(by_config) == 4  # both decks in both seats
    assert rate >= THRESHOLD, f"heuristic won only {rate:.0%}: {detail}"


def test_policies_are_deterministic() -> None:
    a = play_game(DECKS["gruul_stompy"], DECKS["azorius_skies"],
                  [make_policy("heuristic", 5), make_policy("random", 6)], 5, record=True)
    b = play_game(DECKS["gruul_stompy"], DECKS["azorius_skies"],
                  [make_policy("heuristic", 5), make_policy("random", 6)], 5, record=True)
    assert a.result == b.result and a.decisions == b.decisions
    assert a.decisions  # the game asked something


def test_policies_answer_legally() -> None:
    """Both policies' answers pass validation for the whole of several games."""
    from mtgsim.engine.rules.turn import answer, new_game
    from mtgsim.engine.state.ask import validate

    for seed in range(6):
        state = new_game([DECKS["gruul_stompy"], DECKS["azorius_skies"]], seed)
        policies = [HeuristicPolicy(seed), RandomPolicy(seed)]
        if seed % 2:
            policies.reverse()
        n = 0
        while (d := advance(state)) is not None:
            a = decide(policies[d.player], state, d)
            validate(d, a)
            answer(state, a)
            n += 1
        assert state.result is not None and n > 10
