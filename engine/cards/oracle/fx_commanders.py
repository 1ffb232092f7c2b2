"""Clause patterns naming commanders, in the games the engine plays.

A commander exists only in the Commander variant (903.3: each Commander deck designates
a legendary card as its commander; the designation is an attribute of that card), and
the command zone holds one only there (408.1, 903.6). The engine plays two-player games
that are not Commander, so no player owns a commander and an instruction that moves
commanders moves nothing; the rest of the ability still happens (Campfire: its cost
exiles it, and "Then shuffle your graveyard into your library" is done).
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, rule


@rule("effect", "put_commanders_into_hand",
      r"put all commanders you own from the command zone and from your graveyard into "
      r"your hand")
def _commanders_to_hand(m: re.Match[str], ab: Ability) -> list[Data]:
    """Campfire's "Put all commanders you own from the command zone and from your
    graveyard into your hand": no effect, since outside the Commander variant no card is
    a commander (903.3); the exact sentence only, no other commander text."""
    return []
