"""The size of a game state and the cost of copying it, at turns 5, 10 and 15 of the bench
matchup (gruul_stompy vs azorius_skies, heuristic vs heuristic, as ``mtgsim bench``).

For each of N games (seeds as in ``mtgsim bench``), at the first decision of each turn it
reaches: the msgpack size of the state (``engine.state.serialize.to_msgpack``), the time of
``engine.state.clone.clone`` and of a msgpack round trip (encode and decode). Prints the median
over the games of each figure per turn.

    python scripts/state_size.py              # 20 games
    python scripts/state_size.py --games 50 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from mtgsim.engine.game import decide, policy_stops
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.serialize import from_msgpack, to_msgpack
from mtgsim.pipelines.runner import game_seed, load_card_pool, load_main_deck, make_policies

TURNS = (5, 10, 15)


def _best_of(fn: object, repeat: int = 25) -> float:
    """The fastest of ``repeat`` calls, in microseconds (the machine is shared: the
    minimum is the figure that least depends on what else runs)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - t0)
    return best * 1e6


def measure(state: GameState) -> dict[str, float]:
    pool = state.derived.pool
    data = to_msgpack(state)
    return {
        "msgpack_bytes": len(data),
        "clone_us": _best_of(lambda: clone(state)),
        "roundtrip_us": _best_of(lambda: from_msgpack(to_msgpack(state), pool)),
        "objects": len(state.objects),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    pool = load_card_pool()
    decks = [load_main_deck(n, pool).cards for n in ("gruul_stompy", "azorius_skies")]
    found: dict[int, list[dict[str, float]]] = {t: [] for t in TURNS}
    for i in range(args.games):
        seats = (decks[0], decks[1]) if i % 2 == 0 else (decks[1], decks[0])
        seed = game_seed(0, i)
        policies = make_policies(["heuristic", "heuristic"], seed)
        state = new_game(list(seats), seed, stops=policy_stops(policies, list(seats)))
        done: set[int] = set()
        while True:
            d = advance(state)
            if d is None:
                break
            if state.turn in found and state.turn not in done:
                done.add(state.turn)
                found[state.turn].append(measure(state))
            answer(state, decide(policies[d.player], state, d))
    out = {t: {k: statistics.median(m[k] for m in rows) for k in rows[0]} | {"games": len(rows)}
           for t, rows in found.items() if rows}
    if args.json:
        print(json.dumps({str(t): v for t, v in out.items()}))
        return 0
    print(f"{'turn':>4} {'games':>5} {'objects':>7} {'msgpack':>9} {'clone':>9} {'roundtrip':>10}")
    for t, v in out.items():
        print(f"{t:>4} {v['games']:>5} {v['objects']:>7.0f} {v['msgpack_bytes']:>7.0f} B "
              f"{v['clone_us']:>6.0f} us {v['roundtrip_us']:>7.0f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
