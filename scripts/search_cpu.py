"""CPU (process time, not wall clock) that a search pilot's decisions take per game
against the heuristic, with its win rate: every pair of the decks, ``--deals`` deals
each, the search in both seats of each deal. Process time is what the ladder's
wall-clock ``think_ms`` cannot give on a loaded shared machine.

    python scripts/search_cpu.py --spec search:rollouts=2 --deals 2 \\
        izzet_spells jund_devour gruul_stompy azorius_skies
"""

from __future__ import annotations

import argparse
import itertools
import json
import time

from mtgsim.engine.game import decide, policy_stops
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.pipelines.runner import DECKS_DIR, game_seed, load_card_pool, load_main_deck


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("decks", nargs="+")
    ap.add_argument("--spec", default="search:rollouts=2")
    ap.add_argument("--deals", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    pool = load_card_pool()
    decks = {n: load_main_deck(str(DECKS_DIR / f"{n}.txt"), pool).cards for n in args.decks}
    cpu = [0.0, 0.0]  # the search's decisions, the heuristic's
    games = wins = 0
    for (a, b), g in itertools.product(itertools.combinations(args.decks, 2),
                                       range(args.deals)):
        seed = game_seed(args.seed, g)
        for seat in (0, 1):
            policies = [make_policy("heuristic", seed), make_policy("heuristic", seed + 1)]
            policies[seat] = make_policy(args.spec, seed + seat)
            cards = [decks[a], decks[b]]
            state = new_game(cards, seed, max_turns=60, stops=policy_stops(policies, cards))
            while (d := advance(state)) is not None:
                t = time.process_time()
                x = decide(policies[d.player], state, d)
                cpu[d.player != seat] += time.process_time() - t
                answer(state, x)
            games += 1
            wins += state.result is not None and state.result.winner == seat
    print(json.dumps({"spec": args.spec, "games": games, "search_wins": wins,
                      "search_cpu_s_per_game": round(cpu[0] / games, 4),
                      "heuristic_cpu_s_per_game": round(cpu[1] / games, 4)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
