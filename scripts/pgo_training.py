"""The training run of the compiled engine's profile-guided build (scripts/compile_engine.py).

Loads the instrumented build from the directory given and plays games over every pairing
of the bundled decks, heuristic and random on both sides, so that the C compiler learns
which paths of each module are hot from the games the engine is there to play (GCC writes
the counts, ``.gcda`` files beside the object files, when this process exits). The run is
seeded like every game (PYTHONHASHSEED is set by the caller), so the profile, and the
build made from it, are the same on every run.

    python scripts/pgo_training.py build/compiled/profile
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtgsim import compiled  # noqa: E402

# Each pairing of the 18 bundled decks plays this many games per policy pairing
# (heuristic and random, 153 deck pairings): about 600 games, seconds of training.
GAMES_PER_PAIRING = 2


def main() -> int:
    build_dir = Path(sys.argv[1])
    if compiled.loaded():
        raise SystemExit("pgo_training: engine modules were imported before the finder")
    finder = compiled.CompiledFinder.from_build(build_dir)  # its manifest: compile_engine's
    if finder is None:
        raise SystemExit(f"pgo_training: no build for this interpreter in {build_dir}")
    sys.meta_path.insert(0, finder)

    from fingerprints import PAIRINGS, fingerprints  # the guard rail's games, all decks

    games = sum(len(rows) for rows in fingerprints(GAMES_PER_PAIRING, PAIRINGS).values())
    missing = [n for n in compiled.module_names() if n not in compiled.loaded()]
    if missing:  # a module trained on nothing would be built as if all of it were cold
        raise SystemExit(f"pgo_training: not loaded from {build_dir}: {', '.join(missing)}")
    print(f"pgo training: {games} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
