"""Play is unchanged: every pairing of the bundled decks plays the games recorded in
``tests/data/fingerprints.json`` (winner, turns, reason, life totals, decisions), with
heuristic and with random players. A change meant to change play rewrites the file in a
commit of its own: ``python scripts/fingerprints.py --write tests/data/fingerprints.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

from modulefile import load_script

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "fingerprints.json"


def _script():  # type: ignore[no-untyped-def]
    return load_script("fingerprints")


def test_every_pairing_plays_the_recorded_games() -> None:
    golden = json.loads(GOLDEN.read_text())
    got = _script().fingerprints(golden["games_per_pairing"])
    want = golden["fingerprints"]
    assert sorted(got) == sorted(want)
    differ = [(k, i) for k in want for i, (w, g) in enumerate(zip(want[k], got[k], strict=True))
              if w != g]
    assert not differ, f"{len(differ)} games differ, first: {differ[:5]}"
    assert len(want) == 2 * 153


GOLDEN_PAUPER = ROOT / "tests" / "data" / "fingerprints_pauper.json"


def test_the_pauper_decks_play_their_recorded_games() -> None:
    """The bundled Pauper decks (``decks/pauper/``, cards compiled from Oracle text) have a
    golden file of their own: the compiler learning to read one of their cards, or
    ``scripts/pauper_decks.py`` bundling more decks, rewrites it (``python
    scripts/fingerprints.py --decks decks/pauper --write tests/data/fingerprints_pauper.json``)
    without touching the keyword decks' fingerprints."""
    golden = json.loads(GOLDEN_PAUPER.read_text())
    got = _script().fingerprints(golden["games_per_pairing"],
                                 folder=ROOT / "decks" / "pauper")
    want = golden["fingerprints"]
    assert sorted(got) == sorted(want)
    differ = [(k, i) for k in want for i, (w, g) in enumerate(zip(want[k], got[k], strict=True))
              if w != g]
    assert not differ, f"{len(differ)} games differ, first: {differ[:5]}"
    assert want
