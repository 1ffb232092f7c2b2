"""The bundled archetype decks (``*.txt``, MTGO text), installed as data of ``mtgsim.decks``.

The folder is a package only so that the build backend can map it to its import name;
``DECKS_DIR`` is where its lists are, in a checkout or an installed wheel alike.
"""

from __future__ import annotations

from pathlib import Path

if __name__ != "mtgsim.decks":
    raise ImportError(f"import mtgsim.decks, not {__name__} (see docs/architecture.md)")

DECKS_DIR = Path(__file__).resolve().parent
