"""Oracle text compiled into card definitions: the bundled corpus (``corpus``), the
clause table and its patterns (``table``, ``effects`` and the ``fx_*`` families,
``triggers``, ``costs``, ``statics``, ``keywords``, ``lines``), the compiler
(``compiler.compile_record``) and the hand-written pool compared with it (``compare``).

A card compiles only if every clause of its text is understood, else it is refused
naming the first clause that was not (docs/cards.md, "Cards compiled from Oracle text").
"""
