"""Clause patterns the sneak cards need besides the keyword itself (which
``engine.keywords.sneak`` compiles and casts): Oroku Saki's "you draw a card and lose 1
life", the draw (121.1) and the life loss (119.3) of one player, "you".

The generic join splits the sentence into "you draw a card" and "lose 1 life", and the
second half has no subject of its own; this pattern reads the sentence whole so that
the life is lost by the player who draws, never by a subject guessed for a bare verb
("each player draws a card and loses 1 life" stays with the generic patterns). "You
draw a card and you lose 1 life", whose halves each name their player, is left to the
generic join. Besides Oroku Saki it reads Night's Whisper, Moonglove Extractor, Visions of
Villainy and Agent Venom."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, number, rule


@rule("effect", "sneak_draw_and_lose_life",
      r"(?:you )?draw (?P<n>{N}) cards? and lose (?P<life>{N}) life")
def _draw_and_lose(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "draw", "amount": number(m.group("n"), ab)},
            {"do": "lose_life", "amount": number(m.group("life"), ab)}]
