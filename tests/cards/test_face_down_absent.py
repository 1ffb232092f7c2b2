"""The engine has no face-down permanents (708): no card it plays can make one, so Unable
to Scream's "As long as enchanted creature is face down, it can't be turned face up."
does nothing, exactly (engine/cards/oracle/fx_enchanted_toy.py). This test keeps that
true: every corpus card whose text speaks of face-down cards or has a keyword that turns
cards face down (morph, megamorph, disguise, manifest, cloak) is refused by the compiler,
but for Unable to Scream itself, foretell (a face-down card in exile, never a permanent:
engine/keywords/foretell.py) and cards that only exile face down."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.compiler import Compiled, compile_record
from mtgsim.engine.cards.pool import compile_card, load_pool

# what makes a face-down permanent (702.37 morph, 702.37b megamorph, 702.168 disguise,
# 701.40 manifest, 701.58 cloak, manifest dread) or turns one face up
_FACE_DOWN = re.compile(r"\b(?:morph|megamorph|disguise|manifest|cloak|face[- ]down|"
                        r"face up)\b", re.IGNORECASE)
# a face-down card in exile is no permanent (foretell's, "exile ... face down")
_ONLY_EXILE = re.compile(r"^(?:Foretell\b.*|.*\bexile[^.]*face down[^.]*\.)$", re.IGNORECASE)


def test_no_compiled_card_makes_a_face_down_permanent() -> None:
    load_pool()
    compiled: list[str] = []
    for rec in corpus.records().values():
        text = rec.text or ""
        lines = [line for line in text.split("\n") if _FACE_DOWN.search(line)]
        if not lines and not any(_FACE_DOWN.search(k) for k in rec.keywords or ()):
            continue
        if rec.name == "Unable to Scream" or lines and all(
                _ONLY_EXILE.match(line) for line in lines):
            continue
        if isinstance(compile_record(rec, compile_card), Compiled):
            compiled.append(rec.name)
    assert compiled == []
