"""Decayed (702.147).

702.147a: Decayed represents a static ability and a triggered ability. "Decayed" means
"This creature can't block" and "When this creature attacks, sacrifice it at end of
combat." It compiles into a static ability of the creature itself (its "can't block",
509.1a, the restriction a printed "~ can't block." is) and a triggered ability on the
"attacks" event (508.3a) that creates a delayed triggered ability (603.7) "at end of
combat" (511.2) sacrificing that creature (701.17a): once it has attacked it is
sacrificed even if it no longer has decayed then, and nothing obliges it to attack.
Its tokens come from "create a 2/2 black Zombie creature token with decayed" (Rotten
Reunion, ``engine/cards/oracle/fx_tokens.py``).

The AI: the static is the "can't block" the worth of a creature already counts
(``engine.players.worth``); the trigger's worth is nothing beyond that, see
``delayed_at`` (what the delayed trigger does happens at end of combat).
"""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, KeywordInstance, Static, Triggered
from mtgsim.engine.cards.card import Card
from mtgsim.engine.effects.delayed_at import DelayedAt
from mtgsim.engine.effects.sacrifice import Sacrifice
from mtgsim.engine.keywords import compiles


@compiles("decayed")
def compile_decayed(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Static(applies_to="self", keywords=("can't block",)),
            Triggered(when="attacks", keyword="decayed", effects=(
                DelayedAt(when="end_combat", effects=(Sacrifice(what="it"),)),))]
