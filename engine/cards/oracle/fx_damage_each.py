"""Clause pattern of damage to a player and their creatures at once: "~ deals 1 damage
to each opponent and each creature and planeswalker they control" (End the
Festivities; the engine has no planeswalkers, so the permanents are the creatures).

It is two ``damage`` effects of one resolution, the opponents first: damage dealt by
one source as one instruction is dealt at once (120.3), and no state-based action is
checked and no trigger is put on the stack until the resolution ends (704.3, 603.3), so
doing it in two steps plays the same."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, number, rule


@rule("effect", "damage_each_opponent_and_their_creatures",
      r"~ deals (?P<n>{N}) damage to each opponent and each creature(?: and planeswalker)? "
      r"they control")
def _damage_each(m: re.Match[str], ab: Ability) -> list[Data]:
    n = number(m.group("n"), ab)
    return [{"do": "damage", "amount": n, "to": "each_opponent"},
            {"do": "damage", "amount": n,
             "each": {"types": ["creature"], "controller": "opponent"}}]
