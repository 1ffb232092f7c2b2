"""Typed card data: the schema every card file is decoded into (public facade).

Card files (``engine/carddata/<initial>/<card_name>.toml``) are decoded by msgspec with unknown fields
forbidden, so the schema *is* the card-file linter. Effects, abilities and amounts are
tagged unions; references *inside* an ability ("t0" = its first target, "self", "you")
are short symbolic names, while references to other cards (tokens) are inline values.

The schema is defined in ``engine.carddefs`` (bits, filters and targets, amounts,
conditions, the base of effects, the unions, abilities, ``CardDef``); this module
re-exports every public name of those modules, and is where the rest of the engine
imports it from. An effect's class is its own module's (``engine/effects/<tag>.py``).
"""

from __future__ import annotations

from mtgsim.engine.carddefs.abilities import *  # noqa: F403
from mtgsim.engine.carddefs.amounts import *  # noqa: F403
from mtgsim.engine.carddefs.base import _Base, _Frozen  # noqa: F401
from mtgsim.engine.carddefs.bits import *  # noqa: F403
from mtgsim.engine.carddefs.carddef import *  # noqa: F403
from mtgsim.engine.carddefs.conditions import *  # noqa: F403
from mtgsim.engine.carddefs.effects import *  # noqa: F403
from mtgsim.engine.carddefs.filters import *  # noqa: F403
from mtgsim.engine.carddefs.unions import *  # noqa: F403
