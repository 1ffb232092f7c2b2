"""The hand-written pool as the Oracle compiler's test: how many of its cards the compiler
reproduces.

Each card of the pool that the corpus has is compiled from its Oracle text and compared
with its hand-written definition (``engine.cards.oracle.compare``: equal once what does
not change play is left out). Then the bundled decks play their fingerprint games
(``tests/data/fingerprints.json``) with every equal compiled card swapped in, and every
rules scenario runs with them: a card reproduces when its definition is equal and the
games and scenarios are unchanged. ``--write FILE`` writes the list of cards that stay
hand-written, each with a one-line reason (``engine/cards/oracle/HANDWRITTEN.md``).

    python scripts/oracle_pool.py                 # definitions only (a few seconds)
    python scripts/oracle_pool.py --games         # and the games and scenarios
    python scripts/oracle_pool.py --games --write engine/cards/oracle/HANDWRITTEN.md
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

from mtgsim.engine.cards.card import CardPool
from mtgsim.engine.cards.check import DEFAULT_REFERENCE
from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.compare import Comparison, compare
from mtgsim.engine.cards.pool import (
    DATA_DIR,
    card_files,
    compile_card,
    compiled_names,
    load_pool,
    parse_cards,
    read_card_file,
)

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "fingerprints.json"
SCENARIOS = [ROOT / "tests" / "data" / "shared" / "conformance" / "examples",
             ROOT / "tests" / "scenarios"]


def reference_names() -> list[str]:
    """The 314 reference cards (engine/cards/reference/oracle.jsonl)."""
    return [json.loads(line)["name"] for line in DEFAULT_REFERENCE.read_text().splitlines()
            if line.strip()]


def comparisons(pool: CardPool, names: list[str]) -> list[Comparison]:
    return [compare(pool[n].defn, corpus.lookup(n), compile_card) for n in names]


def swapped(pool: CardPool, results: list[Comparison]) -> CardPool:
    """The pool with each compiled card that equals its hand-written one in its place."""
    return pool.with_cards([r.compiled for r in results
                            if r.outcome == "same" and r.compiled is not None])


def _fingerprints_module() -> Any:
    spec = importlib.util.spec_from_file_location("fingerprints",
                                                  ROOT / "scripts" / "fingerprints.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def games_differ(pool: CardPool) -> list[str]:
    """The fingerprint games (tests/data/fingerprints.json) that the pool plays
    differently."""
    golden = json.loads(GOLDEN.read_text())
    got = _fingerprints_module().fingerprints(golden["games_per_pairing"], pool=pool)
    want = golden["fingerprints"]
    return [f"{k} game {i}" for k in sorted(want)
            for i, (w, g) in enumerate(zip(want[k], got.get(k, []), strict=False)) if w != g]


def scenario_results(pool: CardPool) -> dict[str, str | None]:
    """Every scenario file -> None if it passes, else its error."""
    from mtgsim.engine.scenario.runner import run_scenario

    out: dict[str, str | None] = {}
    for folder in SCENARIOS:
        for path in sorted(folder.rglob("*.toml")):
            r = run_scenario(path, pool)
            out[str(path.relative_to(ROOT))] = None if r.passed else (r.error or "failed")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", action="store_true",
                    help="also play the fingerprint games and the scenarios")
    ap.add_argument("--write", metavar="FILE", help="write the cards that stay hand-written")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    pool = load_pool()
    ref = reference_names()
    others = sorted(n for n in pool if n not in set(ref) and pool[n].defn == pool[n].defn)
    results = comparisons(pool, ref)
    extra = comparisons(pool, [n for n in others if corpus.lookup(n) is not None])
    same = [r for r in results if r.outcome == "same"]
    print(f"{len(same)} of {len(ref)} reference cards compile to their hand-written "
          f"definition; of the pool's other {len(extra)} corpus cards, "
          f"{sum(r.outcome == 'same' for r in extra)}")
    for r in results + extra:
        if r.outcome != "same":
            print(f"  {r.outcome}: {r.name}: {r.detail}")
    bad_games: list[str] = []
    bad_scenarios: list[str] = []
    if args.games:
        both = swapped(pool, results + extra)
        bad_games = games_differ(both)
        base = scenario_results(pool)
        now = scenario_results(both)
        bad_scenarios = [f"{k}: {now[k]}" for k in sorted(now) if now[k] != base.get(k)]
        print(f"fingerprint games that differ with the compiled cards: {len(bad_games)}")
        print(f"scenarios whose result changes with the compiled cards: {len(bad_scenarios)}")
        for line in (bad_games + bad_scenarios)[:20]:
            print(f"  {line}")
    if args.write:
        written = {d.name for f in card_files(DATA_DIR)
                   for d in parse_cards(read_card_file(f), str(f))}
        write_list(Path(args.write), [r for r in results + extra if r.name in written],
                   bad_games + bad_scenarios)
    print(f"({time.perf_counter() - start:.1f} s)")
    return 1 if bad_games or bad_scenarios else 0


KEPT = ("kept as the example card file that docs/cards.md, README.md and the tests of "
        "card files read")


def write_list(path: Path, results: list[Comparison], differences: list[str]) -> None:
    """The cards of engine/cards/data that stay hand-written, each with a one-line
    reason; every other bundled card is in engine/cards/data/compiled.txt."""
    lines = [
        "# Cards that stay hand-written",
        "",
        "Written by `python scripts/oracle_pool.py --games --write "
        "engine/cards/oracle/HANDWRITTEN.md`.",
        f"The bundled pool takes {len(compiled_names(DATA_DIR))} cards from the Oracle "
        "compiler (`engine/cards/data/compiled.txt`):",
        "each compiled to its hand-written definition, and the bundled decks' fingerprint",
        "games and every rules scenario played the same with the compiled cards swapped in,",
        "so their files were deleted. These stay hand-written (`engine/cards/data/`), each",
        "with why: the first difference from the compiled definition, or the clause the",
        "compiler refused.",
        "",
    ]
    for r in sorted(results, key=lambda r: r.name):
        reason = KEPT if r.outcome == "same" else f"{r.outcome}: {r.detail}"
        lines.append(f"- {r.name}: {reason}")
    if differences:
        lines += ["", "Games or scenarios that changed with the compiled cards:", ""]
        lines += [f"- {d}" for d in differences]
    path.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
