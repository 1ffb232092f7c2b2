"""Two lines of play from one real position, played out to the game's end on paired
continuations: is a puzzle's answer the better play, or only one of several?

A puzzle (``tests/scenarios/ai/``) fixes a position and one answer, judged at the end of
the turn; whether that answer wins more games than another line is a question about the
rest of the game, which a puzzle's few library cards cannot answer. This script takes the
position from the real game instead (``DECK_A`` against ``DECK_B`` with ``--seed``, both
seats ``--reach`` as ``mtgsim play`` plays them, up to the first priority of the player
whose turn ``--turn`` is in its first main phase), prints it, then forces two lines for
that player's turn (``--line-a`` and ``--line-b``: ``;``-separated ``play NAME`` /
``cast NAME`` actions, taken in order as soon as each is offered; every other decision
of the turn, targets and the cascade's free cast among them, is ``--turn-policy``'s) and
plays each line on to the end with ``--policy`` for that player and ``--opponent`` for the
other. Continuation ``k`` is the same for both lines (paired): with ``--variant shuffle``
both libraries are reshuffled and the game's generator reseeded from ``(--seed, k)``;
with ``--variant seeds`` the libraries keep their real order and only the policies'
seeds and the game's generator change with ``k`` (which varies nothing when neither the
policies nor the rest of the game draw on chance). The paired difference of the two
lines' win rates (B less A, for the forced player; a draw counts half) has Newcombe's
interval for paired proportions (``results.intervals.paired_interval``, as the ladder's
paired gains).

    python scripts/line_playout.py jund_cascade bant_exalted --seed 1 --turn 9 \
        --line-a "play Swamp;cast Boggart Ram-Gang;cast Demonic Dread" \
        --line-b "play Swamp;cast Boggart Ram-Gang;cast Violent Outburst" \
        --continuations 400 --variant shuffle
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

import numpy as np

from mtgsim.cluster.seeds import policy_seed
from mtgsim.engine.cards.card import Card
from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.game import Policy, decide, policy_stops
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.players.policies.paired_gain import mix
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.rules.zones import shuffle_library
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import CAST, PASS, PLAY, Decision
from mtgsim.engine.state.game_state import MAIN1, STOP_OWN_STACK, Answer, GameState
from mtgsim.engine.state.rng import seed_state
from mtgsim.pipelines.runner import game_policies, load_decks
from mtgsim.results.intervals import mcnemar_pvalue, paired_interval, paired_table

VERBS = {"play": PLAY, "cast": CAST}


def parse_line(text: str) -> list[tuple[int, str]]:
    """``"play Swamp;cast Demonic Dread"`` as (action kind, card name) steps; ``""`` is
    no step (the turn policy's own play, for reference)."""
    steps: list[tuple[int, str]] = []
    for part in filter(str.strip, text.split(";")):
        verb, _, name = part.strip().partition(" ")
        if verb not in VERBS or not name:
            raise ValueError(f"a step is 'play NAME' or 'cast NAME', not {part!r}")
        steps.append((VERBS[verb], name.strip()))
    return steps


def reach(decks: Sequence[Sequence[Card]], policies: Sequence[str], seed: int, turn: int,
          max_turns: int = 60) -> GameState:
    """The real game with ``seed`` (seated and seeded as ``mtgsim play`` plays it), stopped
    at the first priority decision of turn ``turn``'s active player in their first main
    phase, unanswered (``advance`` has asked it)."""
    players: list[Policy] = game_policies(policies, seed)
    state = new_game([list(d) for d in decks], seed, max_turns=max_turns,
                     stops=policy_stops(players, decks))
    while True:
        d = advance(state)
        if d is None:
            raise SystemExit(f"the game ended on turn {state.turn}, before turn {turn}")
        if (state.turn == turn and state.step == MAIN1 and d.kind == "priority"
                and d.player == state.active and not state.stack):
            return state
        if state.turn > turn:
            raise SystemExit(f"turn {turn} has no first-main-phase priority")
        answer(state, decide(players[d.player], state, d))


class Forcer:
    """The forced player's policy for one turn: each step of ``line`` is taken as soon as a
    priority decision offers it; at their own spell or ability on top of the stack they
    pass, as the engine passes for a player without ``STOP_OWN_STACK`` (that stop is set
    for the forced turn only, so that a line may respond to its own spell); every other
    decision is ``turn_policy``'s, and after the turn ``rest``'s. (A plain class: the
    tests load this script from its file, where a dataclass cannot find its module.)"""

    name = "forced"

    def __init__(self, player: int, turn: int, line: list[tuple[int, str]],
                 turn_policy: Policy, rest: Policy, own_stack_stop: bool) -> None:
        self.player = player
        self.turn = turn
        self.line = list(line)
        self.turn_policy = turn_policy
        self.rest = rest
        self.own_stack_stop = own_stack_stop
        self.taken: list[str] = []  # the cards of the steps taken

    def decide(self, view: GameState, decision: Decision) -> Answer:
        if view.turn != self.turn:
            return self.rest.decide(view, decision)
        if decision.kind == "priority":
            if self.line:
                kind, card = self.line[0]
                for i, a in enumerate(decision.actions):
                    if a.kind == kind and view.objects[a.oid].card.name == card:
                        self.line.pop(0)
                        self.taken.append(card)
                        return i
            top = view.stack[-1] if view.stack else None
            if top is not None and top.controller == self.player and not self.own_stack_stop:
                return next(i for i, a in enumerate(decision.actions) if a.kind == PASS)
        return self.turn_policy.decide(view, decision)


def reshuffled(position: GameState, seed: int, k: int, variant: str) -> GameState:
    """Continuation ``k``'s copy of ``position``: both libraries shuffled (701.24, the
    engine's own shuffle) with the generator seeded from ``(seed, k)`` under ``shuffle``;
    the libraries kept under ``seeds``; the game's generator reseeded in both."""
    state = clone(position)
    state.rng = seed_state(mix(seed, k, 0x51DE))
    if variant == "shuffle":
        for p in range(len(state.players)):
            shuffle_library(state, p)
    return state


def play_line(start: GameState, line: list[tuple[int, str]], specs: tuple[str, str, str],
              seeds: tuple[int, int]) -> tuple[float, int, list[str]]:
    """One line from ``start`` to the game's end: the forced player's score (1 win, 0.5
    draw, 0 loss), the game's turns, and the cards the line played."""
    state = clone(start)
    me = state.active
    turn_spec, rest_spec, other_spec = specs
    orig = state.stops[me]
    forcer = Forcer(me, state.turn, list(line), make_policy(turn_spec, seeds[me]),
                    make_policy(rest_spec, seeds[me]), bool(orig & STOP_OWN_STACK))
    players: list[Policy] = [forcer, forcer]
    players[1 - me] = make_policy(other_spec, seeds[1 - me])
    state.stops[me] = orig | STOP_OWN_STACK
    while True:
        if state.turn != forcer.turn and state.stops[me] != orig:
            state.stops[me] = orig
        d = advance(state)
        if d is None:
            break
        answer(state, decide(players[d.player], state, d))
    if forcer.line:
        raise SystemExit(f"the line could not be played: {forcer.line} left")
    r = state.result
    assert r is not None
    score = 0.5 if r.winner == -1 else float(r.winner == me)
    return score, r.turns, forcer.taken


def describe_position(state: GameState) -> list[str]:
    """Each player's life, hand, battlefield (tapped marked) and library size."""
    out = [f"turn {state.turn}, active {'AB'[state.active]}"]
    for i, p in enumerate(state.players):
        names = [state.objects[o].card.name for o in p.hand]
        board = [state.objects[o].card.name + (" (tapped)" if state.objects[o].tapped else "")
                 for o in state.battlefield if state.objects[o].controller == i]
        out.append(f"{'AB'[i]}: life {p.life}, hand {names}, battlefield {board}, "
                   f"library {len(p.library)}, graveyard "
                   f"{[state.objects[o].card.name for o in p.graveyard]}")
    return out


def run(args: argparse.Namespace) -> dict[str, object]:
    _, decks = load_decks(CardSource(), [args.deck_a, args.deck_b])
    position = reach([d.cards for d in decks], args.reach, args.seed, args.turn)
    lines = (parse_line(args.line_a), parse_line(args.line_b))
    me = position.active
    other = args.opponent
    scores: tuple[list[float], list[float]] = ([], [])
    turns: tuple[list[int], list[int]] = ([], [])
    start = time.process_time()
    for k in range(args.start, args.start + args.continuations):
        state = reshuffled(position, args.seed, k, args.variant)
        pseed = args.seed if args.variant == "shuffle" else mix(args.seed, k)
        seeds = (policy_seed(pseed, 0), policy_seed(pseed, 1))
        for j, line in enumerate(lines):
            s, t, _ = play_line(state, line, (args.turn_policy, args.policy, other), seeds)
            scores[j].append(s)
            turns[j].append(t)
    cpu = time.process_time() - start
    table = paired_table(np.asarray(scores[0]), np.asarray(scores[1]))
    d, low, high = paired_interval(table)
    n = args.continuations
    return {
        "position": describe_position(position), "player": "AB"[me],
        "variant": args.variant, "continuations": n, "policy": args.policy,
        "opponent": other, "turn_policy": args.turn_policy,
        "line_a": args.line_a, "line_b": args.line_b,
        "wins_a": sum(scores[0]), "wins_b": sum(scores[1]),
        "rate_a": sum(scores[0]) / n, "rate_b": sum(scores[1]) / n,
        "b_less_a": d, "low": low, "high": high, "mcnemar_p": mcnemar_pvalue(table),
        "b_better": int(sum(b > a for a, b in zip(*scores, strict=True))),
        "a_better": int(sum(a > b for a, b in zip(*scores, strict=True))),
        "distinct_a": len(set(zip(scores[0], turns[0], strict=True))),
        "start": args.start, "scores_a": scores[0], "scores_b": scores[1],
        "mean_turns": [sum(t) / n for t in turns], "cpu_seconds": round(cpu, 1),
    }


def parser() -> argparse.ArgumentParser:
    """The command line (the tests build ``run``'s arguments with it)."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("deck_a")
    ap.add_argument("deck_b")
    ap.add_argument("--seed", type=int, default=0, help="the real game's seed")
    ap.add_argument("--turn", type=int, required=True, help="the turn the lines differ on")
    ap.add_argument("--line-a", required=True)
    ap.add_argument("--line-b", required=True)
    ap.add_argument("--continuations", type=int, default=400)
    ap.add_argument("--start", type=int, default=0,
                    help="the first continuation's number (a run in parts: --start 400 ...)")
    ap.add_argument("--variant", choices=("shuffle", "seeds"), default="shuffle")
    ap.add_argument("--reach", nargs=2, default=["heuristic", "heuristic"],
                    help="the policies of seats A and B up to the position")
    ap.add_argument("--turn-policy", default="heuristic",
                    help="the forced player's other decisions of the forced turn")
    ap.add_argument("--policy", default="heuristic",
                    help="the forced player's policy after the forced turn")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--json", action="store_true", help="the result as one JSON object")
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    out = run(args)
    if args.json:
        print(json.dumps(out))
        return 0
    print("\n".join(out["position"]))  # type: ignore[arg-type]
    print(f"{out['variant']}, {out['continuations']} continuations, {out['player']} plays "
          f"{out['policy']} after the turn, the other {out['opponent']}")
    print(f"A line ({out['line_a']}): {out['wins_a']} wins, {out['rate_a']:.1%}")
    print(f"B line ({out['line_b']}): {out['wins_b']} wins, {out['rate_b']:.1%}")
    print(f"B less A: {100 * out['b_less_a']:+.1f} points "  # type: ignore[operator]
          f"[{100 * out['low']:+.1f}, {100 * out['high']:+.1f}], "  # type: ignore[operator]
          f"McNemar p {out['mcnemar_p']:.3f}; B better on {out['b_better']}, A on "
          f"{out['a_better']}; {out['cpu_seconds']} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
