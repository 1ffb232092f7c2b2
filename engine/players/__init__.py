"""The players: the decision policies (``policies``) and the AI's valuation of game
objects and effects (``worth``, ``worth_effects``), the currency of every estimate.

Nothing in the rules, the state or the card data imports this package. The effects, the
keywords and the cost parts import ``worth`` and ``worth_effects`` only, for the AI
estimate each mechanic's module carries beside its resolution (as Forge's and XMage's
effects carry their AI logic); no module outside this package imports a policy.
``tests/packaging/test_import_graph.py`` enforces both.
"""
