"""Where each package of mtgsim lies in the checkout: the build backend's package mapping.

The repository keeps its parts at the top (``engine/``, ``cluster/``, ``pipelines/``,
``results/``, ``decks/``); pyproject.toml's ``[tool.setuptools] package-dir`` installs them
as ``mtgsim.engine``, ``mtgsim.cluster``, ... (in a wheel and in the editable install
alike). This table is the same mapping for the tools that read the checkout itself (the
compiled engine's build and finder, the type check); tests/packaging/test_layout.py keeps
the two equal. Imports nothing, so that scripts can read it before mtgsim is importable.
"""

from __future__ import annotations

PACKAGE_DIRS: dict[str, str] = {
    "mtgsim": "mtgsim",
    "mtgsim.cluster": "cluster",
    "mtgsim.decks": "decks",
    "mtgsim.engine": "engine",
    "mtgsim.pipelines": "pipelines",
    "mtgsim.results": "results",
}
