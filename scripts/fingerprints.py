"""Game fingerprints over every pairing of the bundled decks: the guard rail for changes
that must not change play.

A fingerprint is (winner, turns, reason, life of A, life of B, decisions) of one game.
Every pair of the bundled decks (``decks/*.txt``, 18 decks, 153 pairings) plays
``--games`` games per pairing (deck order alternating on the play, as in ``batch``) with
each listed policy pairing. ``--write FILE`` stores them as JSON; ``--check FILE``
compares and lists the first games that differ (exit 1 when any does).

    python scripts/fingerprints.py --write /tmp/before.json
    ... change the engine ...
    python scripts/fingerprints.py --check /tmp/before.json

``tests/state/test_fingerprints.py`` checks the committed ``tests/data/fingerprints.json``;
a deliberate change of play (an AI change, a rules fix) rewrites it in its own commit
with ``--write tests/data/fingerprints.json``.

``--decks decks/pauper`` does the same for the bundled Pauper decks (their cards compiled
from Oracle text), golden file ``tests/data/fingerprints_pauper.json``: they change
whenever the compiler reads one of their cards differently, and with each re-run of
``scripts/pauper_decks.py`` that bundles more decks.

A pairing is ``A:B`` for two plain policy names (``heuristic:heuristic``), or ``A/B`` for
any two policy specs (``/`` does not clash with the ``:`` inside a spec:
``heuristic/search:rollouts=3,cutoff=fitted,margin=0,infer=1``); ``A`` plays seat 0 (on
the play), the decks alternating. Search games are slow, so ``--only DECK ...`` plays the
pairings among a few of the folder's decks (by name): the search's play guard, a
before-file written at the commit before an optimization that must not change play:

    python scripts/fingerprints.py --games 2 --only bogles golgari_dredge izzet_spells \
        --pairings heuristic/search:rollouts=3,cutoff=fitted,margin=0,infer=1 \
        search:rollouts=3,cutoff=fitted,margin=0,infer=1/heuristic --write /tmp/search.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path
from typing import Any

from mtgsim.engine.cards.card import CardPool
from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.players.policies.spec import PolicySpecError, parse_policy
from mtgsim.pipelines.runner import (
    DECKS_DIR,
    LoadedDeck,
    fingerprint_games,
    load_card_pool,
    load_decks,
    load_main_deck,
)

PAIRINGS = ("heuristic:heuristic", "random:random")


def pairing_specs(pairing: str) -> list[str]:
    """The two policy specs of a pairing: ``A/B`` (any specs), else ``A:B`` (plain names,
    the golden files' spelling). Each is checked by the spec parser (``PolicySpecError``
    naming the problem)."""
    parts = pairing.split("/") if "/" in pairing else pairing.split(":")
    if len(parts) != 2:
        raise PolicySpecError(f"pairing {pairing!r}: write A/B (two policy specs) or A:B")
    for part in parts:
        parse_policy(part)
    return parts


def fingerprints(games: int, pairings: tuple[str, ...] = PAIRINGS,
                 seed: int = 0, pool: CardPool | None = None,
                 folder: Path = DECKS_DIR, only: tuple[str, ...] = ()
                 ) -> dict[str, list[list[Any]]]:
    """``{"<policies> <deck_a> <deck_b>": [[winner, turns, reason, life_a, life_b,
    decisions], ...]}`` for every pair of decks of ``folder`` (default: the bundled
    keyword decks), in sorted order; with ``only``, those of its decks alone (by name).
    ``pool``: the cards to play them with (default: the bundled pool, with the corpus
    cards the decks need; the Oracle compiler's test swaps compiled cards in,
    scripts/oracle_pool.py)."""
    paths = [str(p) for p in sorted(folder.glob("*.txt")) if not only or p.stem in only]
    missing = sorted(set(only) - {Path(p).stem for p in paths})
    if missing:
        raise SystemExit(f"fingerprints.py: error: no deck {', '.join(missing)} in {folder}")
    decks: list[LoadedDeck]
    if pool is None and folder != DECKS_DIR:
        _, decks = load_decks(CardSource(), paths)
    else:
        pool = pool if pool is not None else load_card_pool()
        decks = [load_main_deck(p, pool) for p in paths]
    out: dict[str, list[list[Any]]] = {}
    for pairing in pairings:
        policies = pairing_specs(pairing)
        for a, b in itertools.combinations(decks, 2):
            out[f"{pairing} {a.name} {b.name}"] = fingerprint_games(a, b, policies, games,
                                                                     seed)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4, help="games per pairing (default 4)")
    ap.add_argument("--pairings", nargs="+", default=list(PAIRINGS),
                    help="policy pairings as A:B (plain names) or A/B (any specs) "
                         "(default: heuristic:heuristic random:random)")
    ap.add_argument("--decks", type=Path, default=DECKS_DIR, metavar="DIR",
                    help="the folder of decks (default: the bundled keyword decks)")
    ap.add_argument("--only", nargs="+", default=[], metavar="DECK",
                    help="play the pairings among these decks of the folder alone (by name)")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", metavar="FILE")
    group.add_argument("--check", metavar="FILE")
    args = ap.parse_args(argv)
    for pairing in args.pairings:
        try:
            pairing_specs(pairing)
        except PolicySpecError as exc:
            ap.error(f"--pairings: {exc}")
    start = time.perf_counter()
    got = fingerprints(args.games, tuple(args.pairings), folder=args.decks,
                       only=tuple(args.only))
    n = sum(len(v) for v in got.values())
    elapsed = time.perf_counter() - start
    if args.write:
        Path(args.write).write_text(json.dumps(
            {"games_per_pairing": args.games, "fingerprints": got}, indent=0) + "\n")
        print(f"wrote {n} fingerprints ({len(got)} pairings) to {args.write} in {elapsed:.1f} s")
        return 0
    want = json.loads(Path(args.check).read_text())["fingerprints"]
    diffs = [(k, i, w, g) for k in sorted(set(want) | set(got))
             for i, (w, g) in enumerate(itertools.zip_longest(want.get(k, []), got.get(k, [])))
             if w != g]
    for k, i, w, g in diffs[:20]:
        print(f"DIFF {k} game {i}: expected {w}, got {g}")
    print(f"{n} games, {len(diffs)} differ ({elapsed:.1f} s)")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
