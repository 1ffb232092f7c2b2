"""Clause pattern of the condition "you've cast an instant or sorcery spell this turn"
(Potioner's Trove's "Activate only if ...", 602.5b): ``engine.rules.cast_this_turn``
remembers the card types of the spells each player cast this turn (601.2i).

Only card types are read ("an instant or sorcery spell", "a creature spell"); any other
quality of the spell ("a noncreature spell", "a blue spell", "another spell", "two or
more spells") is refused."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.table import Ability, Data, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_TYPES = ("artifact", "creature", "enchantment", "instant", "sorcery", "planeswalker",
          "battle")


@rule("condition", "cast_spell_this_turn_types",
      r"(?:if )?you've cast an? (?P<what>[a-z]+(?: or [a-z]+)?) spell this turn")
def _cast_this_turn(m: re.Match[str], ab: Ability) -> Data:
    """"You've cast an instant or sorcery spell this turn": a spell with one of these card
    types, cast by the ability's controller this turn."""
    types = m.group("what").split(" or ")
    if any(t not in _TYPES for t in types) or len(set(types)) != len(types):
        raise NotUnderstood(m.group(0), "a quality of the spell other than its card types")
    return {"if": "cast_spell_this_turn", "types": types}
