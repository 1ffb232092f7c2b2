"""One module per effect of card text, named by its tag (``{ do = "damage" }`` is
``damage.py``): its data class (built from the schema's primitives only) and its rules —
how it resolves, what the AI thinks it is worth, its role for the heuristic — registered
in the effect table (``engine.rules.effect``); ``engine.effects.all`` finds and imports every
one.

The effects keyword abilities expand into live in their keyword's module
(``engine/keywords/``) and register in the same table.
"""
