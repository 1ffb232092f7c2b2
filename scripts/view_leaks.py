"""The three leaks of issue 37, counted over bundled-deck games (heuristic players):

1. options that are numbers (X, colours, block pair indices) taken as object ids: the
   deciding player's view holds hidden objects of the other player;
2. the view's derived data computed from the hidden hand: ``hands.instants`` (and the
   other hand caches) of the other player;
3. hidden objects of the real game reachable (``gc.get_referents``) from the view while
   the policy decides.

    python scripts/view_leaks.py --games 40
"""

from __future__ import annotations

import argparse
import gc
import itertools
import sys

from mtgsim.engine.game import decide, policy_stops
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.game_state import HAND, LIBRARY, Decision, GameObject, GameState
from mtgsim.pipelines.runner import DECKS_DIR, game_seed, load_card_pool, load_main_deck

DECKS = ("gruul_stompy", "azorius_skies", "jund_cascade", "bant_exalted", "dimir_transmute",
         "izzet_spells", "selesnya_convoke", "golgari_dredge")


def hidden_from(state: GameState, me: int) -> dict[int, GameObject]:
    """The objects of ``state`` that ``me`` may not see, by ``id()``."""
    seen = 1 << me
    return {id(o): o for o in state.objects.values()
            if o.zone in (HAND, LIBRARY) and o.owner != me and not o.known & seen}


def reachable(*roots: object) -> list[object]:
    """Every object reachable from ``roots`` by ``gc.get_referents``."""
    done: set[int] = set()
    todo = list(roots)
    out = []
    while todo:
        o = todo.pop()
        if id(o) in done:
            continue
        done.add(id(o))
        out.append(o)
        todo.extend(gc.get_referents(o))
    return out


class Spy:
    """Decides like the heuristic, and counts what its view lets it find."""

    def __init__(self, inner: object, hidden: dict[int, GameObject]) -> None:
        self.inner = inner
        self.name = "spy"
        self.borrows_view = getattr(inner, "borrows_view", False)
        self.hidden = hidden
        self.reached = 0

    def decide(self, view: GameState, d: Decision) -> object:
        if any(id(o) in self.hidden for o in reachable(view, d)):
            self.reached += 1
        return self.inner.decide(view, d)  # type: ignore[attr-defined]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    args = ap.parse_args()
    pool = load_card_pool()
    decks = {n: load_main_deck(str(DECKS_DIR / f"{n}.txt"), pool).cards for n in DECKS}
    pairs = list(itertools.combinations(DECKS, 2))
    decisions = option_leaks = instants_asked = instants_equal = reached = 0
    by_kind: dict[str, int] = {}
    for i in range(args.games):
        a, b = pairs[i % len(pairs)]
        seed = game_seed(0, i)
        policies = [make_policy("heuristic", seed), make_policy("heuristic", seed + 1)]
        state = new_game([decks[a], decks[b]], seed,
                         stops=policy_stops(policies, [decks[a], decks[b]]))
        while (d := advance(state)) is not None:
            me = d.player
            hidden = hidden_from(state, me)
            from mtgsim.engine.state.view import player_view
            view = player_view(state, me)
            if any(id(o) in hidden for o in view.objects.values()):
                option_leaks += 1
                by_kind[str(d.kind)] = by_kind.get(str(d.kind), 0) + 1
            opp = 1 - me
            counted = view.derived.hands.instants[opp]
            if counted is not None:
                instants_asked += 1
                real = sum(1 for oid in state.players[opp].hand
                           if state.objects[oid].card.instant_speed)
                instants_equal += counted == real
            spy = Spy(policies[me], hidden)
            answer(state, decide(spy, state, d))
            reached += spy.reached
            decisions += 1
    print(f"{args.games} games, {decisions} decisions")
    print(f"1. views holding hidden objects of the other player: {option_leaks} {by_kind}")
    print(f"2. view.derived.hands.instants[other] set: {instants_asked}, "
          f"equal to the hidden hand's count: {instants_equal}")
    print(f"3. decisions where a hidden object is reachable from the view: {reached}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
