"""The base of every effect of card text (``{ do = "..." }``).

Each effect's schema class lives in its own module with its rules: ``engine/effects/<tag>
.py`` (one-shot effects, rule 610 and the keyword actions of 701; effects that last, 611,
and delayed triggers, 603.7), or for the effect a keyword ability expands into, its
keyword's module (``engine/keywords/<keyword>.py``). The schema imports no rules, so it
cannot name those classes: an ability names the union ``EffectT``
(``engine.cards.schema.unions``), which the effect table assembles from the registered
effects when the pool loads (``engine.rules.effect.link_effects``). An effect module imports
only the schema's primitives for its data: this base, filters, amounts, conditions.
"""

from __future__ import annotations

from mtgsim.engine.cards.schema.base import _Frozen

# --- effects --------------------------------------------------------------------------
# Who/what references inside an ability:
#   "t0".."t9"       the ability's targets, in order
#   "self"           the source object;  "you" its controller;  "owner" its owner
#   "enchanted"      the object or player the source Aura is attached to
#   "it"             the object the trigger is about (the creature that died, ...)
#   "each_opponent", "each_player", "target_controller:tN" (controller of target N)


class Effect(_Frozen, tag_field="do", frozen=True):
    pass


__all__ = ["Effect"]
