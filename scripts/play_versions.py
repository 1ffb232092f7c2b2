"""Play-version fingerprints: the guard rail that a change of what a policy family plays
bumps its play version (``engine.players.policies.spec.PLAY_VERSIONS``; docs/jobs.md
"Play versions"), since job ids and ``--resume`` rely on it.

Each family of the spec registry plays a few cheap specs (``SPECS``), each in both seats
of ``GAMES`` games of the bench matchup (gruul_stompy against azorius_skies, on the play
in turn), capped at ``MAX_TURNS`` turns. A game's fingerprint is that of
``scripts/fingerprints.py``: winner, turns, reason, life of A and of B, decisions.
``tests/data/play_versions.json`` holds them under each family's play version and the
engine version; ``tests/players/test_play_versions.py`` compares:

    python scripts/play_versions.py --check      # what the test does (exit 1 on a difference)
    python scripts/play_versions.py --write      # after a bump, a rules or card change, or
                                                 # a change that must not change play

Fingerprints that move while a family's version and the engine version stay are a play
change nobody declared: bump that family's version (then ``--write``), or, for a change
that must not change play, find why it did.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

from mtgsim import engine
from mtgsim.engine.players.policies.spec import (
    PLAY_VERSIONS,
    POLICY_NAMES,
    SEARCH_PLAY_4,
    SEARCH_PLAY_5,
)
from mtgsim.pipelines.runner import fingerprint_games, load_card_pool, load_main_deck

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "play_versions.json"
DECKS = ("gruul_stompy", "azorius_skies")
GAMES = 4
MAX_TURNS = 30
SEED = 11
# A few cheap specs per family (every family of the registry, checked by the test): the
# default and a spec of non-default settings where the family has settings whose play
# the default does not reach (the fitted evaluation, the old pilot, the inference)
SPECS: dict[str, tuple[str, ...]] = {
    "heuristic": ("heuristic", "heuristic:attack=trades,eval=fitted,prio=plain"),
    "random": ("random",),
    "goldfish": ("goldfish",),
    # plain ``search`` (its default budget and horizon, since "Three rollouts by default"
    # in docs/search-record.md; futile=0 and sets=6 since search play 5; the deepened three
    # turns since search play 6), the defaults before search play 6 and 5
    # (``spec.SEARCH_PLAY_5``, ``spec.SEARCH_PLAY_4``: the old plays, whose games must
    # stay those of plain ``search`` at search play 5 and 4) and cheaper one-turn specs
    "search": ("search", f"search:{SEARCH_PLAY_5}", f"search:{SEARCH_PLAY_4}",
               "search:depth=1,rollouts=2",
               "search:depth=1,eval=fitted,infer=2,rollouts=2",
               # the defaults before search play 2 (docs/search-record.md "The search's default")
               "search:cutoff=handset,depth=1,infer=0,margin=prior,rollouts=2"),
    "mcts": ("mcts:iterations=2",),
}

Fingerprints = dict[str, list[list[Any]]]


def family_fingerprints(family: str) -> Fingerprints:
    """``{spec: [[winner, turns, reason, life_a, life_b, decisions], ...]}`` of the
    family's specs, each piloting both seats (deck order alternating on the play)."""
    pool = load_card_pool()
    decks = [load_main_deck(name, pool) for name in DECKS]
    out: Fingerprints = {}
    for spec in SPECS[family]:
        out[spec] = fingerprint_games(decks[0], decks[1], [spec, spec], GAMES, SEED,
                                      max_turns=MAX_TURNS)
    return out


def record() -> dict[str, Any]:
    """What the data file holds: the engine version and, per family, its play version
    and fingerprints."""
    return {"engine": engine.__version__, "games": GAMES, "max_turns": MAX_TURNS,
            "families": {f: {"play_version": PLAY_VERSIONS[f],
                             "fingerprints": family_fingerprints(f)}
                         for f in POLICY_NAMES}}


def dumps(data: dict[str, Any]) -> str:
    """``data`` as JSON with one game a line (a change shows as the games it moved)."""
    text = json.dumps(data, indent=1)
    text = re.sub(r"\[\s+([^\[\]]*?)\s+\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]",
                  text) + "\n"
    if json.loads(text) != data:  # a string with a comma or a bracket in a game
        raise ValueError("the one-game-a-line layout changed the data")
    return text


def problems(want: dict[str, Any], family: str, got: Fingerprints) -> list[str]:
    """What is wrong with ``family``'s fingerprints ``got`` against the data file
    ``want`` (empty when nothing is): one line each, saying what to do."""
    write = "python scripts/play_versions.py --write"
    if want.get("engine") != engine.__version__:
        return [f"the engine version is {engine.__version__}, the file's "
                f"{want.get('engine')}: re-write the file ({write})"]
    entry = want.get("families", {}).get(family)
    if entry is None:
        return [f"{family} has no fingerprints in the file: write them ({write})"]
    version = PLAY_VERSIONS[family]
    if entry["play_version"] != version:
        return [f"PLAY version of {family} is {version}, the file's "
                f"{entry['play_version']}: re-write the file ({write})"]
    moved = sorted(spec for spec in set(entry["fingerprints"]) | set(got)
                   if entry["fingerprints"].get(spec) != got.get(spec))
    if not moved:
        return []
    return [f"{family} plays other games ({', '.join(moved)}): bump PLAY version of "
            f"{family} in engine/players/policies/spec.py PLAY_VERSIONS (or re-write the "
            f"file for a change that must not change play: {write})"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", action="store_true", help=f"re-write {DATA.name}")
    group.add_argument("--check", action="store_true", help=f"compare with {DATA.name}")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    if args.write:
        DATA.write_text(dumps(record()))
        print(f"wrote {DATA} in {time.perf_counter() - start:.1f} s")
        return 0
    want = json.loads(DATA.read_text())
    found = [line for f in POLICY_NAMES for line in problems(want, f, family_fingerprints(f))]
    for line in found:
        print(line)
    print(f"{len(POLICY_NAMES)} families, {len(found)} problems "
          f"({time.perf_counter() - start:.1f} s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
