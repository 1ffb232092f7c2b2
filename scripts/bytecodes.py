"""Bytecodes executed per function over N bench games: a profile that does not drift.

Where ``scripts/instructions.py`` gives one figure (callgrind instructions per game), this
says where they go: it plays N bench games (heuristic or random on both sides) under
``sys.settrace`` with per-opcode events and counts the bytecodes each Python function
executes itself. The counts are the same on every run of the same code, whatever else the
machine does (a bytecode is about 50 instructions on average), so a change to one function
shows as an exact difference. Slow (about 30 times slower than a plain run).

    python scripts/bytecodes.py                     # 10 heuristic games, top 40 functions
    python scripts/bytecodes.py --policy random --games 20 --top 60
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from types import FrameType
from typing import Any

from mtgsim.engine.game import play_game
from mtgsim.pipelines.runner import game_seed, load_card_pool, load_main_deck, make_policies

Where = tuple[str, int, str]  # file (from the package's folders), first line, name


def _where(frame: FrameType) -> Where:
    co = frame.f_code
    name = co.co_filename
    cut = name.rfind("/mtgsim/")
    return (name[cut + 1:] if cut >= 0 else name, co.co_firstlineno, co.co_name)


def profile(games: int, policy: str) -> tuple[Counter[Where], Counter[Where]]:
    """(bytecodes, calls) per function over ``games`` bench games."""
    pool = load_card_pool()
    a, b = (load_main_deck(n, pool) for n in ("gruul_stompy", "azorius_skies"))
    ops: Counter[Where] = Counter()
    calls: Counter[Where] = Counter()

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            calls[_where(frame)] += 1
        elif event == "opcode":
            ops[_where(frame)] += 1
        return trace

    sys.settrace(trace)
    try:
        for i in range(games):
            seats = (a, b) if i % 2 == 0 else (b, a)
            s = game_seed(0, i)
            play_game(seats[0].cards, seats[1].cards, make_policies([policy, policy], s), s)
    finally:
        sys.settrace(None)
    return ops, calls


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--policy", default="heuristic", choices=("heuristic", "random"))
    ap.add_argument("--top", type=int, default=40, help="functions listed (default: 40)")
    args = ap.parse_args()
    ops, calls = profile(args.games, args.policy)
    n = args.games
    total = sum(ops.values())
    print(f"{args.policy}: {total / n:.0f} bytecodes per game ({n} games)")
    print(f"{'per game':>9} {'share':>6} {'calls':>8}  function")
    for where, v in ops.most_common(args.top):
        print(f"{v / n:9.0f} {100 * v / total:5.1f}% {calls[where] / n:8.1f}  "
              f"{where[0]}:{where[1]} {where[2]}")
    modules: Counter[str] = Counter()
    for where, v in ops.items():
        modules[where[0]] += v
    print("by module:")
    for module, v in modules.most_common(15):
        print(f"{v / n:9.0f} {100 * v / total:5.1f}%  {module}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
