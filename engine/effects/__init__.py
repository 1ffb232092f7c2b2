"""One module per effect of card text, named by its tag (``{ do = "damage" }`` is
``damage.py``): its rules — how it resolves, what the AI thinks it is worth — registered
in the effect table (``engine.effect``); ``engine.effects.all`` imports every one.

The effects keyword abilities expand into live in their keyword's module
(``engine/keywords/``) and register in the same table.
"""
