"""Clause pattern of damage to a player and their creatures at once: "~ deals 1 damage
to each opponent and each creature and planeswalker they control" (End the
Festivities; the engine has no planeswalkers, so the permanents are the creatures).

It is two ``damage`` effects of one resolution, the opponents first: damage dealt by
one source as one instruction is dealt at once (120.3), and no state-based action is
checked and no trigger is put on the stack until the resolution ends (704.3, 603.3), so
doing it in two steps plays the same."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import add_targets, read_target
from mtgsim.engine.cards.oracle.table import Ability, Data, number, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("effect", "damage_each_opponent_and_their_creatures",
      r"~ deals (?P<n>{N}) damage to each opponent and each creature(?: and planeswalker)? "
      r"they control")
def _damage_each(m: re.Match[str], ab: Ability) -> list[Data]:
    n = number(m.group("n"), ab)
    return [{"do": "damage", "amount": n, "to": "each_opponent"},
            {"do": "damage", "amount": n,
             "each": {"types": ["creature"], "controller": "opponent"}}]


@rule("effect", "damage_each_of_up_to_n_targets",
      r"~ deals (?P<n>{N}) damage to each of (?P<what>up to (?:two|three) target [a-z ]+)")
def _damage_each_target(m: re.Match[str], ab: Ability) -> list[Data]:
    """"~ deals 1 damage to each of up to two target creatures" (Cast into the Fire):
    as many different targets, none required (601.2c, 115.3), each dealt the damage."""
    n = number(m.group("n"), ab)
    tg = read_target(m.group("what"), ab)
    if not tg.up_to or tg.x_times or tg.spec["kind"] not in ("creature", "any", "player",
                                                             "permanent"):
        raise NotUnderstood(m.group(0), "damage to each of what")
    refs = add_targets(tg, ab)
    return [{"do": "damage", "amount": n, "to": r} for r in refs]
