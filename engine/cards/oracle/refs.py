"""Who and what a clause is about: player phrases ("target player", "each opponent",
"its controller") and object phrases ("target creature", "~", "it", "enchanted
creature") read into the references of card data ("t0", "self", "each_opponent", ...),
adding targets to the ability as they are named."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import add_targets, read_target
from mtgsim.engine.cards.oracle.table import Ability
from mtgsim.engine.cards.oracle.text import NotUnderstood

PLAYER = (r"(?:you|target player|target opponent|each player|each opponent|that player|"
          r"its controller|that creature's controller|its owner|defending player|"
          r"enchanted player)")
_FIXED_PLAYERS = {"you": "you", "each player": "each_player", "each opponent":
                  "each_opponent", "defending player": "defending_player",
                  "enchanted player": "enchanted"}


def player(text: str, ab: Ability) -> str:
    """The reference of a player phrase; a "target ..." adds its target."""
    t = text.strip()
    t = re.sub(r" or planeswalker$", "", t)
    if t in _FIXED_PLAYERS:
        return _FIXED_PLAYERS[t]
    if t in ("target player", "target opponent"):
        return add_targets(read_target(t, ab), ab)[0]
    if t == "that player":
        if ab.it in ("it",) or ab.it.startswith("t"):
            return ab.it
        if ab.when == "deals_combat_damage_to_player":
            # the player dealt combat damage: an attacking creature's combat damage goes
            # to the player it attacks (510.1a-b), the defending player (506.2)
            return "defending_player"
        raise NotUnderstood(text, "which player")
    if t in ("its controller", "that creature's controller"):
        if ab.it == "self":
            return "you"
        return f"controller_of:{ab.it}"
    raise NotUnderstood(text, "not a player")


OBJECT = (r"(?:~|it|that creature|that permanent|enchanted creature|enchanted permanent|"
          r"enchanted land|(?:another )?target [^,.]+?|up to (?:one|two|three) target [^,.]+?)")


def one_object(text: str, ab: Ability, kinds: tuple[str, ...] = ()) -> str:
    """The reference of a phrase naming one object: "~" (self), "it", "enchanted
    creature", or one "target ..." (added; its kind must be one of ``kinds`` when
    given)."""
    t = text.strip()
    if t == "~":
        return "self"
    if t in ("it", "that creature", "that permanent"):
        return ab.it
    if t in ("enchanted creature", "enchanted permanent", "enchanted land"):
        return "enchanted"
    tg = read_target(t, ab)
    if tg.count != 1 or tg.x_times:
        raise NotUnderstood(text, "one object")
    if kinds and tg.spec["kind"] not in kinds:
        raise NotUnderstood(text, "kind of target")
    return add_targets(tg, ab)[0]


def objects(text: str, ab: Ability, kinds: tuple[str, ...] = ()) -> list[str]:
    """The references of a phrase naming one or more objects ("up to two target
    creatures" -> ["t0", "t1"]; "X target creature cards" -> ["targets"])."""
    t = text.strip()
    if not re.match(r"^(?:up to \w+ |\w+ |another )?target ", t):
        return [one_object(t, ab, kinds)]
    tg = read_target(t, ab)
    if kinds and tg.spec["kind"] not in kinds:
        raise NotUnderstood(text, "kind of target")
    return add_targets(tg, ab)
