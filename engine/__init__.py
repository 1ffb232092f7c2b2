"""mtgsim rules engine: game state, card data, rules modules, and decision policies.

The engine imports nothing from ``cluster``, ``results`` or ``pipelines``.
"""

if __name__ != "mtgsim.engine":
    # the folder installs as mtgsim.engine (pyproject.toml's package-dir): imported as
    # `engine` from the checkout it would be a second copy of every module and class
    raise ImportError(f"import mtgsim.engine, not {__name__} (see docs/architecture.md)")


__version__ = "0.2.0"
