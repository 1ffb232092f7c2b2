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
small ridge, hand-written: eleven features need no library. The hand-set evaluation is
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


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


def fit_logistic(xs: list[list[float]], ys: list[int], ridge: float) -> list[float]:
    """Weights maximising the log-likelihood less ``ridge``/2 x their squared norm
    (Newton's method: at most 50 steps, until no weight moves by 1e-9)."""
    n = len(xs[0])
    w = [0.0] * n
    for _ in range(50):
        grad = [-ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys, strict=True):
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
            r = y - p
            s = p * (1 - p)
            for i in range(n):
                grad[i] += r * x[i]
                si = s * x[i]
                row = hess[i]
                for j in range(i + 1):
                    row[j] += si * x[j]
        for i in range(n):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


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


def segmented(row: Row) -> list[float]:
    """A row's features with life as the piecewise-linear segments (the alternative the
    report compares with): each segment's fill, the player's less the other's."""
    mine, theirs = life_segments(row[4][0]), life_segments(row[4][1])
    return [a - b for a, b in zip(mine, theirs, strict=True)] + row[1][len(LIFE_FEATURES):]


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
    args = ap.parse_args(argv)
    start = time.perf_counter()
    decks = load_all()
    rows, decided = collect(decks, args.games, args.seed, args.random_share)
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
    print(f"{played:.0f} s")
    if args.write:
        write_module(args.write, w, report)
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
