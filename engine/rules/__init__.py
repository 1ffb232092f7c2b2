"""The rules: one module per area of the Comprehensive Rules (turn structure 500-514,
casting 601, activating 602, costs 118, mana 106/107/605, combat 506-511, state-based
actions 704, triggers 603, replacement 614-616, layers 613, zones 400-406, resolution 608,
targets 115), and the tables the effects, keywords and cost parts register into.

The rules import no policy (``mtgsim.engine.players``): a decision reaches a player only
through ``mtgsim.engine.state.ask``, and ``tests/packaging/test_import_graph.py`` keeps it so.
"""
