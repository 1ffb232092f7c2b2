"""Fit the board evaluation to outcomes (issue 37, point 4) and write its weights.

Plays self-play games over the bundled decks (the keyword archetypes of ``decks/`` and
the Pauper decks of ``decks/pauper``): most heuristic against heuristic, a share
(``--random-share``) random against heuristic for positions the heuristic does not reach
by itself. The heuristic is the default one, with the hand-set price of life,
whose play does not read the weights this fit replaces, so the same command writes the same weights again. At the first decision of every turn it records, for each player, the features
of ``engine.players.evaluation.features`` read from that player's view
(``engine.state.view.player_view``: public facts only) and the hand-set evaluation's
logit of the same view, labelled with the game's result (drawn and unfinished games are
left out). Games, not positions, are split: a seeded 20% (``--holdout``) are held out.

It fits a logistic regression without intercept (the features are differences, so the
model is symmetric) by Newton's method (iteratively reweighted least squares) with a
small ridge, written out over numpy arrays (no modelling library). The hand-set evaluation is
made a probability the same way, one fitted scale on its logit, so both are compared on
the held-out games by log-loss and accuracy. ``--write`` writes the weights, with their
provenance, to ``engine/players/evaluation_weights.py`` (read at import, never fitted at
run time).

    MTGSIM_PURE_PYTHON=1 python scripts/fit_evaluation.py --games 3000 --seed 37 \\
        --write engine/players/evaluation_weights.py
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import sys
import time
from pathlib import Path

import numpy as np

from mtgsim.engine.cards.card import Card
from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.game import decide, policy_stops
from mtgsim.engine.players.evaluation import (
    FEATURE_NAMES,
    effective_life,
    features,
    handset_logit,
)
from mtgsim.engine.players.life_price import LIFE_FEATURES, SEGMENT_CUTS, life_segments
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.view import player_view
from mtgsim.pipelines.runner import DECKS_DIR, load_decks

# game, features, hand-set logit, won (1/0), effective life of the player and the other
Row = tuple[int, list[float], float, int, tuple[int, int]]
RIDGE = 1.0  # the ridge penalty's weight (on the sum of squared weights)
# The self-play pilot: the heuristic with the hand-set price of life, so the positions (and
# the fit) do not depend on the weights being replaced: a re-fit reproduces them exactly.
PILOT = "heuristic"


def load_all() -> list[tuple[str, list[Card]]]:
    """Every bundled deck: the keyword archetypes, then the Pauper decks (sorted)."""
    paths = [str(p) for p in sorted(DECKS_DIR.glob("*.txt"))]
    paths += [str(p) for p in sorted((DECKS_DIR / "pauper").glob("*.txt"))]
    _, decks = load_decks(CardSource(), paths)
    return [(d.name, d.cards) for d in decks]


def play_recording(deck_a: list[Card], deck_b: list[Card], specs: tuple[str, str],
                   seed: int, game: int) -> list[Row]:
    """One game (as ``engine.game.play_game``), with each player's features at the first
    decision of every turn; [] for a draw or a game cut at the turn limit."""
    policies = [make_policy(specs[0], seed), make_policy(specs[1], seed + 1)]
    state = new_game([deck_a, deck_b], seed, stops=policy_stops(policies, [deck_a, deck_b]))
    seen: list[tuple[list[float], float, int, tuple[int, int]]] = []
    turn = -1
    while True:
        d = advance(state)
        if d is None:
            break
        if state.turn != turn:
            turn = state.turn
            for me in (0, 1):
                view = player_view(state, me)
                lives = tuple(effective_life(view.players[p].life, view.players[p].poison)
                              for p in (me, 1 - me))
                seen.append((features(view, me), handset_logit(view, me), me,
                             (lives[0], lives[1])))
        answer(state, decide(policies[d.player], state, d))
    r = state.result
    if r is None or r.winner < 0:
        return []
    return [(game, x, z, int(r.winner == me), lives) for x, z, me, lives in seen]


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


def fit_logistic(xs: list[list[float]], ys: list[int], ridge: float) -> list[float]:
    """Weights maximising the log-likelihood less ``ridge``/2 x their squared norm
    (Newton's method, iteratively reweighted least squares: at most 50 steps, until no
    weight moves by 1e-9). Written out over numpy arrays (a project dependency): the
    screen of feature sets (``--screen``) fits a dozen models of 140,000 positions."""
    x = np.asarray(xs, dtype=np.float64)
    y = np.asarray(ys, dtype=np.float64)
    n = x.shape[1]
    w = np.zeros(n)
    for _ in range(50):
        z = np.clip(x @ w, -500.0, 500.0)
        p = 1.0 / (1.0 + np.exp(-z))
        grad = x.T @ (y - p) - ridge * w
        hess = (x.T * (p * (1.0 - p))) @ x + ridge * np.eye(n)
        step = np.linalg.solve(hess, grad)
        w = w + step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    return [float(v) for v in w]


def scores(ps: list[float], ys: list[int]) -> tuple[float, float]:
    """Mean log-loss and accuracy (a probability over 1/2 says the player wins)."""
    eps = 1e-12
    loss = -sum(math.log(max(eps, p if y else 1 - p)) for p, y in zip(ps, ys, strict=True)) / len(ys)
    acc = sum((p > 0.5) == bool(y) for p, y in zip(ps, ys, strict=True) if p != 0.5) / len(ys)
    return loss, acc


def collect(decks: list[tuple[str, list[Card]]], games: int, seed: int,
            random_share: float) -> tuple[list[Row], int]:
    """Play ``games`` games (deck pairs and pilots drawn with ``seed``): the rows, and
    how many games ended with a winner."""
    rng = random.Random(seed)
    rows: list[Row] = []
    decided = 0
    start = time.perf_counter()
    for g in range(games):
        a, b = rng.sample(range(len(decks)), 2)
        specs = (PILOT, PILOT)
        if rng.random() < random_share:
            specs = ("random", PILOT) if rng.random() < 0.5 else (PILOT, "random")
        got = play_recording(decks[a][1], decks[b][1], specs, seed * 1_000_003 + g, g)
        decided += bool(got)
        rows += got
        if (g + 1) % 200 == 0:
            print(f"  {g + 1} games, {len(rows)} positions, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr)
    return rows, decided


def _rows_key(args: argparse.Namespace) -> list[object]:
    return [args.games, args.seed, args.random_share]


def save_rows(args: argparse.Namespace, rows: list[Row], decided: int) -> None:
    """The recorded positions, with their features by name, for a later fit."""
    args.rows.write_text(json.dumps({"key": _rows_key(args), "names": list(FEATURE_NAMES),
                                     "decided": decided, "rows": rows}))


def load_rows(args: argparse.Namespace) -> tuple[list[Row], int]:
    """Positions kept by ``save_rows`` for the same games, with the columns of
    ``FEATURE_NAMES`` (a feature they lack is an error: play the games again)."""
    data = json.loads(args.rows.read_text())
    if data["key"] != _rows_key(args):
        raise SystemExit(f"{args.rows} holds other games: {data['key']}")
    cols = [data["names"].index(n) for n in FEATURE_NAMES]
    return [(g, [x[c] for c in cols], z, y, (lv[0], lv[1]))
            for g, x, z, y, lv in data["rows"]], data["decided"]


def segmented(row: Row) -> list[float]:
    """A row's features with life as the piecewise-linear segments (the alternative the
    report compares with): each segment's fill, the player's less the other's."""
    mine, theirs = life_segments(row[4][0]), life_segments(row[4][1])
    return [a - b for a, b in zip(mine, theirs, strict=True)] + row[1][len(LIFE_FEATURES):]


# the features of the evaluation before the clock features (the fit of December 5), the
# first row of the screen; the screen then adds the others one at a time, in
# ``FEATURE_NAMES`` order
BASE_FEATURES = ("life_log", "life", "hand", "lands", "creatures", "worth", "active")


def held_out(train: list[Row], test: list[Row], cols: list[int]) -> tuple[float, float]:
    """Held-out log-loss and accuracy of a model fitted on the columns ``cols`` only."""
    w = fit_logistic([[r[1][c] for c in cols] for r in train], [r[3] for r in train], RIDGE)
    ps = [sigmoid(sum(a * r[1][c] for a, c in zip(w, cols, strict=True))) for r in test]
    return scores(ps, [r[3] for r in test])


def screen(train: list[Row], test: list[Row]) -> list[str]:
    """The table that justifies each feature: the held-out log-loss and accuracy of the
    base features, then with each other feature added in turn (cumulative), then of all
    the features less each one (what each adds given all the others)."""
    names = list(FEATURE_NAMES)
    cols = [names.index(n) for n in BASE_FEATURES]
    out = ["| features | held-out log-loss | accuracy |", "|---|---|---|"]
    loss, acc = held_out(train, test, cols)
    out.append(f"| base ({len(cols)}) | {loss:.4f} | {acc:.2%} |")
    for i, name in enumerate(names):
        if name in BASE_FEATURES:
            continue
        cols = sorted(cols + [i])
        loss, acc = held_out(train, test, cols)
        out.append(f"| + {name} | {loss:.4f} | {acc:.2%} |")
    for i, name in enumerate(names):
        loss, acc = held_out(train, test, [c for c in range(len(names)) if c != i])
        out.append(f"| all less {name} | {loss:.4f} | {acc:.2%} |")
    return out


def write_module(path: Path, weights: list[float], provenance: dict[str, str]) -> None:
    """The data module ``engine.players.evaluation`` reads: the features, their weights
    and where they come from (as a docstring and as ``PROVENANCE``)."""
    lines = ['"""The weights of the fitted board evaluation (``engine.players.evaluation``).',
             "", "Generated by scripts/fit_evaluation.py: do not edit, re-fit. Provenance:",
             ""]
    lines += [f"- {k}: {v}" for k, v in provenance.items()]
    lines += ['"""', "", "FEATURES = ("]
    lines += [f"    {json.dumps(name)}," for name in FEATURE_NAMES]
    lines += [")", "WEIGHTS = ("]
    lines += [f"    {w:.6f},  # {name}" for name, w in zip(FEATURE_NAMES, weights, strict=True)]
    lines += [")", "PROVENANCE = {"]
    lines += [f"    {json.dumps(k)}:\n        {json.dumps(v)}," for k, v in provenance.items()]
    lines += ["}", ""]
    path.write_text("\n".join(lines))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=37)
    ap.add_argument("--random-share", type=float, default=0.2)
    ap.add_argument("--holdout", type=float, default=0.2)
    ap.add_argument("--write", type=Path, metavar="FILE")
    ap.add_argument("--screen", action="store_true",
                    help="also print the held-out figures of nested feature sets")
    ap.add_argument("--rows", type=Path, metavar="FILE",
                    help="keep the recorded positions in FILE (JSON), read them from it "
                         "when it exists (for the same games, seed and share)")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    decks = load_all()
    rows, decided = load_rows(args) if args.rows and args.rows.exists() else ([], -1)
    if decided < 0:
        rows, decided = collect(decks, args.games, args.seed, args.random_share)
        if args.rows:
            save_rows(args, rows, decided)
    played = time.perf_counter() - start
    held = set(random.Random(args.seed ^ 0x5EED).sample(
        range(args.games), round(args.games * args.holdout)))
    train = [r for r in rows if r[0] not in held]
    test = [r for r in rows if r[0] in held]
    w = fit_logistic([r[1] for r in train], [r[3] for r in train], RIDGE)
    scale = fit_logistic([[r[2]] for r in train], [r[3] for r in train], 0.0)[0]
    ys = [r[3] for r in test]
    fit_loss, fit_acc = scores([sigmoid(sum(a * b for a, b in zip(w, r[1], strict=True))) for r in test], ys)
    hs_loss, hs_acc = scores([sigmoid(scale * r[2]) for r in test], ys)
    base_loss, base_acc = held_out(train, test, [FEATURE_NAMES.index(n) for n in BASE_FEATURES])
    seg_w = fit_logistic([segmented(r) for r in train], [r[3] for r in train], RIDGE)
    seg_loss, seg_acc = scores(
        [sigmoid(sum(a * b for a, b in zip(seg_w, segmented(r), strict=True))) for r in test],
        ys)
    report = {
        "games": f"{args.games} ({decided} with a winner; {len(decks)} decks, keyword and "
                 f"Pauper; {args.random_share:.0%} random against heuristic)",
        "seed": str(args.seed),
        "date": datetime.date.today().isoformat(),
        "positions": f"{len(train)} fitted, {len(test)} held out "
                     f"({len(held)} games held out)",
        "held_out_fitted": f"log-loss {fit_loss:.4f}, accuracy {fit_acc:.4f}",
        "held_out_handset": f"log-loss {hs_loss:.4f}, accuracy {hs_acc:.4f} "
                            f"(its logit x {scale:.4f}, the scale fitted)",
        "held_out_base": f"log-loss {base_loss:.4f}, accuracy {base_acc:.4f} (the "
                         f"{len(BASE_FEATURES)} features of December 5 only)",
        "held_out_segments": f"log-loss {seg_loss:.4f}, accuracy {seg_acc:.4f} (life as "
                             f"{len(SEGMENT_CUTS)} segments to {SEGMENT_CUTS[-1]}, weights "
                             + " ".join(f"{w:+.3f}" for w in seg_w[:len(SEGMENT_CUTS)])
                             + ")",
        "ridge": str(RIDGE),
    }
    for k, v in report.items():
        print(f"{k}: {v}")
    for name, wi in zip(FEATURE_NAMES, w, strict=True):
        print(f"  {name:12s} {wi:+.4f}")
    if args.screen:
        print("\n".join(screen(train, test)))
    print(f"{played:.0f} s")
    if args.write:
        write_module(args.write, w, report)
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
