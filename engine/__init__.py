"""mtgsim rules engine: game state, card data, rules modules, and decision policies.

The engine imports nothing from ``cluster``, ``results`` or ``pipelines``.
"""

__version__ = "0.1.0"
