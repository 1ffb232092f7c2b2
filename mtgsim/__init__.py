"""mtgsim: a Magic: The Gathering rules engine and tournament simulator.

The repository keeps its packages at the top (``engine/``, ``cluster/``, ``pipelines/``,
``results/``, ``decks/``); they are installed, and imported, under this one name:
``mtgsim.engine``, ``mtgsim.cluster``, ``mtgsim.pipelines``, ``mtgsim.results``. In the
checkout ``mtgsim/`` holds links to those folders; a wheel holds them as real folders.
"""

from mtgsim.engine import __version__

__all__ = ["__version__"]
