"""How many decisions the search policy meant to search but could not, because
``determinize`` refused its player's view (it then plays the heuristic's answer):
search:rollouts=1 against the heuristic over bundled-deck pairings, seats alternating.

    python scripts/search_refusals.py --games 12
"""

from __future__ import annotations

import argparse
import itertools
import sys

import mtgsim.engine.players.policies.search as search
from mtgsim.engine.game import play_game
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.state.game_state import GameState
from mtgsim.pipelines.runner import DECKS_DIR, game_seed, load_card_pool, load_main_deck

DECKS = ("gruul_stompy", "azorius_skies", "jund_cascade", "bant_exalted", "dimir_transmute",
         "izzet_spells", "selesnya_convoke", "golgari_dredge")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--spec", default="search:rollouts=1")
    args = ap.parse_args()
    pool = load_card_pool()
    decks = {n: load_main_deck(str(DECKS_DIR / f"{n}.txt"), pool).cards for n in DECKS}
    pairs = list(itertools.combinations(DECKS, 2))
    counts = {"searched": 0, "refused": 0}
    refused_in: set[tuple[int, int]] = set()
    real = search.determinize

    def counting(view: GameState, me: int, seed: int) -> GameState | None:
        dealt = real(view, me, seed)
        if dealt is None:
            refused_in.add((view.actions_taken, me))
        return dealt

    search.determinize = counting  # type: ignore[assignment]
    for i in range(args.games):
        a, b = pairs[i % len(pairs)]
        seed = game_seed(0, i)
        spec = [args.spec, "heuristic"] if i % 2 == 0 else ["heuristic", args.spec]
        policies = [make_policy(spec[0], seed), make_policy(spec[1], seed + 1)]
        refused_in.clear()
        play_game(decks[a], decks[b], policies, seed)
        for p in policies:
            counts["searched"] += getattr(p, "searched", 0)
        counts["refused"] += len(refused_in)
    print(f"{args.games} games: {counts['searched']} decisions searched, "
          f"{counts['refused']} refused by determinize (the heuristic's answer played)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
