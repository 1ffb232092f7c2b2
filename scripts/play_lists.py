"""Real deck lists that load and play: every list of a format whose main deck the engine
loads plays one heuristic game to the end against the next loadable list (issue 36's
"lists that load whole and play a game to the end").

    python scripts/play_lists.py ../shared/decklists/decklists-2026-04-06.jsonl.gz --format pauper

Prints how many main decks load, how many games ended and how, and every exception
(a game that raises is a bug: fuzz it with ``mtgsim fuzz --format pauper``).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter

import mtgsim
from mtgsim.engine.decklists.lines import DeckError
from mtgsim.pipelines.coverage import read_lists


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("lists", help="deck lists, JSON Lines (.jsonl or .jsonl.gz)")
    ap.add_argument("--format", default="pauper", help="the lists of this format")
    args = ap.parse_args(argv)
    lists = read_lists(args.lists, args.format)
    pool = mtgsim.CardPool()
    decks: list[tuple[int, mtgsim.Deck]] = []
    for i, entry in enumerate(lists):
        text = "\n".join(f"{n} {name}" for name, n in entry.main)
        try:
            decks.append((i, pool.parse_deck(text, name=f"list {i}")))
        except DeckError:
            pass  # a card the engine cannot play: counted as not loading
    print(f"{len(lists)} {args.format} lists: {len(decks)} main decks load", flush=True)
    start = time.process_time()
    ended: Counter[str] = Counter()
    errors = 0
    for k, (i, deck) in enumerate(decks):
        opponent = decks[(k + 1) % len(decks)][1]
        try:
            result = mtgsim.Game(deck, opponent, seed=k, pool=pool).play()
            ended[result.reason] += 1
        except Exception:  # noqa: BLE001 - every failure is reported, none stops the run
            errors += 1
            print(f"list {i}: {traceback.format_exc().splitlines()[-1]}", flush=True)
    print(f"played {sum(ended.values())} games to the end ({dict(sorted(ended.items()))}), "
          f"{errors} raised; {time.process_time() - start:.0f} s of CPU")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
