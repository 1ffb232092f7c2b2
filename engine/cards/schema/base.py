"""Base Structs of the card schema: unknown fields are errors, defaults are not encoded.

Package-private (``_Base``, ``_Frozen``): every schema Struct derives from one of them, so
a misspelt field in a card file fails to decode instead of being ignored.
"""

from __future__ import annotations

import msgspec


class _Base(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    pass


class _Frozen(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, frozen=True,
              cache_hash=True):
    """Card data never changes once loaded, so its hash is kept once computed: the engine's
    memos of pure functions of card data (engine.rules.filters, engine.players.worth) key on its value."""
