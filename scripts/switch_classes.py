"""The search's switches over a ladder's deals, by class, against the plain heuristic in the
same seat: what the search keeps teaching the heuristic (docs/search-record.md "What the
search keeps teaching the heuristic").

A switch is a searched decision whose answer is not the heuristic's (``candidates[0]``).
Each is classed by kind: at priority by the two actions' kinds (``play->cast``: the
heuristic played a land, the search cast a spell; ``face: ...`` when the switch aims
damage at the other player's face and the heuristic's answer does not, face_guard), at
attackers and blockers by the count declared (``attack more``, ``block more (adds
chump)``, chump_guard), else by the decision's kind. Each deal of the ladder's first game
index is played with SPEC in each seat against the heuristic (the same deals and policy
seeds as the ladder: the search's winners are checked against the ladder's) and once
with the heuristic in both seats. Per class: switches, games with one, and of those the
games the search's seat won where the plain heuristic in that seat lost (S>H) and the
other way (H>S). Reads and prints; changes nothing.

    MTGSIM_PURE_PYTHON=1 python scripts/switch_classes.py out/g8_2f0s6 \\
        --spec search:futile=0,sets=6 --deals 120 --jsonl switches.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from statistics import mean
from typing import Any

from mtgsim.engine.players.policies import face_guard, root_search, search
from mtgsim.engine.players.policies.chump_guard import chump_pairs
from mtgsim.engine.players.policies.search_actions import Candidate
from mtgsim.engine.rules.layers import ensure
from mtgsim.engine.state.decisions import DecisionKind
from mtgsim.engine.state.game_state import STEP_NAMES, Answer, Decision, GameState
from mtgsim.pipelines.runner import card_source, load_decks, play_seeded
from mtgsim.results.dataset import read_games
from mtgsim.results.ladder import COLUMNS

KINDS = ("pass", "play", "cast", "act", "special")  # Action.kind's names


class Recorder:
    """The switches of the game being played, and the face guard's paths (kept by a
    hook on ``root_search.drop_face_switches``, which the search calls before its
    rollouts)."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []
        self.paths: dict[Any, Any] = {}


REC = Recorder()


def _first(a: Answer | Candidate) -> Any:
    return a.first if isinstance(a, Candidate) else a


def _name(state: GameState, oid: int) -> str:
    o = state.objects.get(oid)
    return o.card.name if o is not None else str(oid)


def _describe(state: GameState, d: Decision, a: Answer | Candidate) -> Any:
    """An answer in card names (a priority action, attackers, blocks, options)."""
    if d.kind is DecisionKind.PRIORITY:
        act = d.actions[_first(a)]
        return KINDS[act.kind] + ("" if act.oid < 0 else " " + _name(state, act.oid))
    if d.kind is DecisionKind.ATTACKERS and isinstance(a, list):
        return [_name(state, d.options[i]) for i in a]
    if d.kind is DecisionKind.BLOCKERS and isinstance(a, list):
        return [[_name(state, d.pairs[i][0]), _name(state, d.pairs[i][1])] for i in a]
    return a if isinstance(a, (int, list)) else str(a)


def _board(state: GameState, me: int) -> dict[str, Any]:
    """The position as the switch saw it: the step, the hand, both battlefields."""
    ensure(state)

    def side(who: int) -> list[str]:
        out = []
        for oid in state.battlefield:
            o = state.objects[oid]
            if o.controller == who:
                pt = f" {o.power}/{o.toughness}" if o.card.is_creature else ""
                out.append(o.card.name + pt + (" T" if o.tapped else ""))
        return out
    return {"step": STEP_NAMES[state.step], "own_turn": state.active == me,
            "hand": [_name(state, o) for o in state.players[me].hand],
            "mine": side(me), "theirs": side(1 - me)}


def classify(state: GameState, d: Decision, own: Answer | Candidate,
             best: Answer | Candidate) -> str:
    """The switch's class (the module docstring)."""
    if d.kind is DecisionKind.PRIORITY:
        f0, f1 = _first(own), _first(best)
        a0, a1 = KINDS[d.actions[f0].kind], KINDS[d.actions[f1].kind]
        cls = f"{a0}->{a1}" if f0 != f1 else f"{a1} same action, other choices"
        if face_guard.aims_at_face(state, d, best, REC.paths) and \
                not face_guard.aims_at_face(state, d, own, REC.paths):
            cls = "face: " + ("retarget" if f0 == f1 else f"{a0}->{a1}")
        return cls
    if d.kind in (DecisionKind.ATTACKERS, DecisionKind.BLOCKERS):
        n0 = len(own) if isinstance(own, list) else 0
        n1 = len(best) if isinstance(best, list) else 0
        word = "attack" if d.kind is DecisionKind.ATTACKERS else "block"
        cls = f"{word} more" if n1 > n0 else f"{word} fewer" if n1 < n0 else f"{word} other"
        if d.kind is DecisionKind.BLOCKERS and \
                chump_pairs(state, d, best) - chump_pairs(state, d, own):
            cls += " (adds chump)"
        return cls
    return str(d.kind)


def install_hooks() -> None:
    """Record every switch the search makes (its answer, the heuristic's, the class, the
    mean scores and the position)."""
    drop = root_search.drop_face_switches

    def paths_kept(state: GameState, d: Decision, cands: Any, paths: Any, floor: Any) -> Any:
        REC.paths = dict(paths)
        return drop(state, d, cands, paths, floor)
    root_search.drop_face_switches = paths_kept  # type: ignore[assignment]
    chosen = search.SearchPolicy._search

    def hooked(self: search.SearchPolicy, state: GameState, d: Decision,
               cands: list[Answer | Candidate]) -> Answer | Candidate:
        best = chosen(self, state, d, cands)
        if best is cands[0]:
            return best
        i = next(j for j, c in enumerate(cands) if c is best)
        means = [mean(v) if v else -1.0 for v in self.last_values]
        me = d.player
        REC.rows.append({"turn": state.turn, "kind": str(d.kind), "cls": classify(
            state, d, cands[0], best), "life": state.players[me].life,
            "opp": state.players[1 - me].life, "gain": round(means[i] - means[0], 3),
            "heuristic": _describe(state, d, cands[0]), "search": _describe(state, d, best),
            "position": _board(state, me)})
        return best
    search.SearchPolicy._search = hooked  # type: ignore[method-assign]


def table(games: list[dict[str, Any]]) -> str:
    """The classes, most switches first: switches, games, S>H, H>S, their difference."""
    n: Counter[str] = Counter()
    seen: dict[str, set[int]] = defaultdict(set)
    s_h: dict[str, set[int]] = defaultdict(set)
    h_s: dict[str, set[int]] = defaultdict(set)
    for gi, g in enumerate(games):
        for r in g["rows"]:
            c = r["cls"]
            n[c] += 1
            seen[c].add(gi)
            if g["s_won"] and not g["h_won"]:
                s_h[c].add(gi)
            elif g["h_won"] and not g["s_won"]:
                h_s[c].add(gi)
    lines = [f"{len(games)} search games: the search's seat won "
             f"{sum(g['s_won'] for g in games)}, the heuristic in that seat "
             f"{sum(g['h_won'] for g in games)}",
             f"{'class':40s} {'switches':>8s} {'games':>6s} {'S>H':>5s} {'H>S':>5s} "
             f"{'net':>5s}"]
    for c, k in n.most_common():
        lines.append(f"{c:40s} {k:8d} {len(seen[c]):6d} {len(s_h[c]):5d} "
                     f"{len(h_s[c]):5d} {len(s_h[c]) - len(h_s[c]):+5d}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ladder", type=Path, help="a ladder's output folder (its deals)")
    ap.add_argument("--spec", default="search", help="the search spec (default search)")
    ap.add_argument("--deals", type=int, default=120, help="deals (pairs of decks) to play")
    ap.add_argument("--jsonl", type=Path, help="write each game's switches here")
    args = ap.parse_args()
    install_hooks()
    t = read_games(args.ladder, COLUMNS).to_pandas()
    t = t[t.game == 0]
    src = card_source(None)
    games: list[dict[str, Any]] = []
    out = args.jsonl.open("w") if args.jsonl else None
    for da, db in sorted(set(zip(t.deck_a, t.deck_b, strict=True)))[:args.deals]:
        g = t[(t.deck_a == da) & (t.deck_b == db)]
        _, decks = load_decks(src, [da, db])
        first = int(g.iloc[0].on_play)  # the deck (0: deck_a) in seat 0, on the play
        seats = (first, 1 - first)
        seated = [decks[seats[0]], decks[seats[1]]]
        seed = int(g.iloc[0].seed)
        plain = play_seeded(seated, ["heuristic", "heuristic"], seed).result
        assert plain is not None
        for r in g.itertuples():
            deck = 0 if r.policy_a != "heuristic" else 1  # the deck the search pilots
            seat = seats.index(deck)
            policies = ["heuristic", "heuristic"]
            policies[seat] = args.spec
            REC.rows = []
            result = play_seeded(seated, policies, seed).result
            assert result is not None
            won = seats[result.winner] if result.winner >= 0 else -1
            if args.spec == r.policy_a or args.spec == r.policy_b:
                assert r.winner != r.winner or won == int(r.winner), (da, db, seed)
            row = {"a": da, "b": db, "seed": seed, "deck": deck, "seat": seat,
                   "s_won": int(result.winner == seat), "h_won": int(plain.winner == seat),
                   "rows": REC.rows}
            games.append(row)
            if out is not None:
                print(json.dumps(row), file=out, flush=True)
    if out is not None:
        out.close()
    print(table(games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
