"""Typed card data: the schema every card file is decoded into (public facade).

Card files (``engine/cards/data/<initial>/<card_name>.toml``) are decoded by msgspec with unknown fields
forbidden, so the schema *is* the card-file linter. Effects, abilities and amounts are
tagged unions; references *inside* an ability ("t0" = its first target, "self", "you")
are short symbolic names, while references to other cards (tokens) are inline values.

The schema is defined in ``engine.cards.schema`` (bits, filters and targets, amounts,
conditions, the base of effects, the unions, abilities, ``CardDef``); this module
re-exports every public name of those modules, and is where the rest of the engine
imports it from. An effect's class is its own module's (``engine/effects/<tag>.py``).
"""

from __future__ import annotations

from mtgsim.engine.cards.schema.abilities import *  # noqa: F403
from mtgsim.engine.cards.schema.amounts import *  # noqa: F403
from mtgsim.engine.cards.schema.base import _Base, _Frozen  # noqa: F401
from mtgsim.engine.cards.schema.bits import *  # noqa: F403
from mtgsim.engine.cards.schema.carddef import *  # noqa: F403
from mtgsim.engine.cards.schema.conditions import *  # noqa: F403
from mtgsim.engine.cards.schema.effects import *  # noqa: F403
from mtgsim.engine.cards.schema.filters import *  # noqa: F403
from mtgsim.engine.cards.schema.unions import *  # noqa: F403
