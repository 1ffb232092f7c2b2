"""mtgsim: a Magic: The Gathering rules engine and tournament simulator.

The repository keeps its packages at the top (``engine/``, ``cluster/``, ``pipelines/``,
``results/``, ``decks/``); they are installed, and imported, under this one name:
``mtgsim.engine``, ``mtgsim.cluster``, ``mtgsim.pipelines``, ``mtgsim.results``,
``mtgsim.decks``, by the build backend's package mapping (pyproject.toml's package-dir, the
table of ``mtgsim.layout``), in a wheel and in the checkout's editable install alike.

The Python facade (``mtgsim.CardPool``, ``mtgsim.Game``, ``mtgsim.gauntlet``, ...) lives in
``mtgsim.api`` and is imported on first use, so ``import mtgsim.engine`` stays light;
docs/api.md shows it at work.

Importing it also lets the compiled engine modules load, when they were built
(``mtgsim.compiled``).
"""

from __future__ import annotations

import importlib
from typing import Any

from mtgsim import compiled

# before any engine module is imported: the compiled ones load from build/compiled/ while
# their source is unchanged (mtgsim.compiled; MTGSIM_PURE_PYTHON=1 turns it off)
compiled.install()

from mtgsim.engine import __version__  # noqa: E402

_API = (
    "POLICIES", "CardPool", "Deck", "Game", "IllegalAnswer", "Policy", "Replay",
    "ReplayMismatch", "Results", "bundled_decks", "gauntlet", "load_replay",
    "read_results", "replay", "versus",
)

__all__ = ["__version__", *_API]


def __getattr__(name: str) -> Any:
    if name in _API:
        # imported by name, so that importing (or type-checking) mtgsim.engine alone does
        # not pull in the jobs and their dependencies
        return getattr(importlib.import_module("mtgsim.api"), name)
    raise AttributeError(f"module 'mtgsim' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_API])
