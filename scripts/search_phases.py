"""Where a search game's bytecodes go, by phase of the search: a profile that does not drift.

Plays N bench games of a search spec against the heuristic (seats as in
``scripts/instructions.py``: the search on the play in games 0 and 1 of every 4) under
``sys.settrace`` with per-opcode events, and counts each bytecode for the chain of search
phases it runs under: a phase begins where one of ``PHASES``' functions is called
(``decide`` the search's decision, ``deal`` and ``determinize`` a deal, ``clone``,
``rollout``, the rollouts' ``heuristic`` and ``view``, ``evaluation`` at the horizon,
``candidates`` and ``complete`` the complete actions, ``stats`` the paired gains...), so
``play>decide>rollout>heuristic`` is the heuristic deciding inside a rollout and
``play>decide>rollout`` the engine playing the rollout on. Counts are the same on every
run of the same code (about 50 instructions a bytecode; C work such as msgspec's copies
is not counted); about 30 times slower than a plain run.

    python scripts/search_phases.py --games 4
    python scripts/search_phases.py --games 2 --policy search:rollouts=1
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from types import CodeType, FrameType
from typing import Any

from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.game import play_game
from mtgsim.engine.players.policies.spec import PolicySpecError, parse_policy
from mtgsim.pipelines.runner import game_seed, load_decks, make_policies

PHASES: dict[tuple[str, str], str] = {
    ("root_search.py", "decide"): "decide",
    ("root_search.py", "search_candidates"): "candidates",
    ("search.py", "search_candidates"): "candidates",
    ("search_actions.py", "complete_actions"): "complete",
    ("root_search.py", "deal"): "deal",
    ("determinize.py", "determinize"): "determinize",
    ("determinize.py", "redealt"): "redealt",
    ("determinize.py", "_unseen_cards"): "unseen",
    ("clone.py", "clone"): "clone",
    ("sight.py", "of"): "sight",
    ("hand_inference.py", "observe"): "memory",
    ("hand_inference.py", "land_limit"): "inference",
    ("hand_inference.py", "limited_deal"): "inference",
    ("search.py", "_rollout"): "rollout",
    ("search.py", "position_value"): "evaluation",
    ("view.py", "player_view"): "view",
    ("heuristic.py", "decide"): "heuristic",
    ("heuristic.py", "__init__"): "policy init",
    **{("paired_gain.py", name): "stats" for name in (
        "gain", "confident", "pooled_squares", "noise_margin", "ucb_pick", "best_tried",
        "futile", "mix")},
}


def _phase(code: CodeType) -> str | None:
    name = code.co_filename
    return PHASES.get((name[name.rfind("/") + 1:], code.co_name))


def profile(games: int, policy: str, opponent: str) -> Counter[str]:
    """Bytecodes per chain of phases over ``games`` bench games."""
    _, (a, b) = load_decks(CardSource(), ["gruul_stompy", "azorius_skies"])
    ops: Counter[str] = Counter()
    paths: dict[FrameType, str] = {}

    def path(frame: FrameType) -> str:
        back = frame.f_back
        parent = paths.get(back, "play") if back is not None else "play"
        phase = _phase(frame.f_code)
        here = parent + ">" + phase if phase and not parent.endswith(">" + phase) else parent
        paths[frame] = here
        return here

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            path(frame)
        elif event == "opcode":
            ops[paths[frame]] += 1
        elif event == "return":
            paths.pop(frame, None)
        return trace

    sys.settrace(trace)
    try:
        for i in range(games):
            seats = (a, b) if i % 2 == 0 else (b, a)
            names = [policy, opponent] if i % 4 < 2 else [opponent, policy]
            s = game_seed(0, i)
            play_game(seats[0].cards, seats[1].cards, make_policies(names, s), s)
    finally:
        sys.settrace(None)
    return ops


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--policy", default="search:rollouts=3,cutoff=fitted,margin=0,infer=1")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--top", type=int, default=30, help="chains listed (default: 30)")
    args = ap.parse_args()
    try:
        policy, opponent = (str(parse_policy(p)) for p in (args.policy, args.opponent))
    except PolicySpecError as exc:
        ap.error(str(exc))
    ops = profile(args.games, policy, opponent)
    total = sum(ops.values())
    print(f"{policy} against {opponent}: {total / args.games:.0f} bytecodes per game "
          f"({args.games} games)")
    for where, v in ops.most_common(args.top):
        print(f"{v / args.games:11.0f} {100 * v / total:5.1f}%  {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
