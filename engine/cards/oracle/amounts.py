"""Amounts of Oracle text: numbers, "X", "for each [thing]" and "equal to [the number
of things]", read into the schema's amounts (``{ of = "count_permanents", ... }``).

Only what the engine's amounts compute exactly is read; anything else refuses the clause.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import AMOUNTS, read_noun
from mtgsim.engine.cards.oracle.table import Ability, Data, count, number
from mtgsim.engine.cards.oracle.text import NotUnderstood

Amount = int | Data

_TWICE = re.compile(r"^twice (?P<rest>.+)$")


def counted(thing: str, ab: Ability) -> Amount:
    """What "for each [thing]" / "the number of [things]" counts: permanents ("creature
    you control", "other enchantment on the battlefield"), cards ("card in your hand",
    "creature card in your graveyard"), counters on this ("+1/+1 counter on ~"),
    players ("player")."""
    t = thing.strip()
    times = 1
    m = _TWICE.match(t)
    if m is not None:
        times, t = 2, m.group("rest")
    out = _counted(t, ab)
    if times != 1:
        if isinstance(out, int) or "times" not in _TIMES_OK.get(out["of"], ()):
            raise NotUnderstood(thing, "twice")
        out["times"] = times
    return out


def times(n: int | Data, out: Amount, clause: str) -> Amount:
    """"N [life] for each [thing]" (Gnaw to the Bone: "2 life for each creature card in
    your graveyard"): the count multiplied by N, for the counts that carry a factor."""
    if n == 1:
        return out
    if not isinstance(n, int) or isinstance(out, int) or \
            "times" not in _TIMES_OK.get(out["of"], ()):
        raise NotUnderstood(clause, "N for each")
    out["times"] = out.get("times", 1) * n
    return out


_TIMES_OK = {"count_permanents": ("times",), "count_cards": ("times",),
             "cards_drawn_this_turn": ("times",),
             "devoured": ("times",), "count_players": ("times",), "x": ("times",),
             "attached_auras": ("times",), "colors_of_affected": ("times",)}
_COUNTERS_ON_SELF = re.compile(r"^(?:the number of )?(?P<kind>[+-]1/[+-]1|level) counters? on "
                               r"(?P<whom>~|it)$")
_IN_ZONE = re.compile(r"^(?P<what>.+?) in (?P<whose>your|target opponent's|target player's|"
                      r"that player's) (?P<zone>hand|graveyard|library)$")
_IN_ALL_GRAVEYARDS = re.compile(r"^(?P<what>.+?) in all graveyards$")
_TYPE_WORD = r"(?:artifact|creature|enchantment|instant|land|sorcery)"
_EITHER = re.compile(rf"^(?P<a>{_TYPE_WORD}) and (?P<b>{_TYPE_WORD}) (?P<card>cards?)$")
_DEVOURED = re.compile(r"^(?P<what>creatures?|Goblins?|[A-Z][a-z]+) (?:it|~) devoured$")


def _counted(t: str, ab: Ability) -> Amount:
    if t in ("player",):
        return {"of": "count_players"}
    m = _COUNTERS_ON_SELF.match(t)
    if m is not None and (m.group("whom") == "~" or ab.it == "self"):
        kind = m.group("kind")
        return {"of": "counters_on_self", "counter": kind}
    m = _DEVOURED.match(t)
    if m is not None:
        n = read_noun(m.group("what"), ab)
        return {"of": "devoured", "filter": n.filter}
    if t in ("card in your hand", "cards in your hand"):
        return {"of": "cards_in_hand"}
    if t in ("card you've drawn this turn", "cards you've drawn this turn"):
        return {"of": "cards_drawn_this_turn"}
    if t == "creature you attacked with this turn":  # (Search Party Captain, 508.1a)
        return {"of": "attacked_with_this_turn"}
    m = _IN_ALL_GRAVEYARDS.match(t)
    if m is not None:  # "cards named ~ in all graveyards" (Accumulated Knowledge)
        n = read_noun(m.group("what"), ab)
        if n.noun != "card" or not n.plural:
            raise NotUnderstood(t, "not cards")
        out_all: Data = {"of": "count_cards", "zone": "graveyard", "who": "each_player"}
        if n.filter:
            out_all["filter"] = n.filter
        return out_all
    m = _IN_ZONE.match(t)
    if m is not None:
        whose = m.group("whose")
        zone = m.group("zone")
        what = m.group("what")
        if what in ("card", "cards") and zone == "hand":
            if whose == "your":
                return {"of": "cards_in_hand"}
            if whose == "target opponent's":
                ref = ab.target({"kind": "opponent"})
                return {"of": "cards_in_hand", "who": ref}
            raise NotUnderstood(t, "whose hand")
        if whose != "your":
            raise NotUnderstood(t, "whose zone")
        # "each instant and sorcery card in your graveyard" counts the cards of either
        # type (Tolarian Terror): each card is one or the other, so it reads as "or"
        what = _EITHER.sub(r"\g<a> or \g<b> \g<card>", what)
        n = read_noun(what, ab)
        if n.noun != "card":
            raise NotUnderstood(t, "not cards")
        out: Data = {"of": "count_cards", "zone": zone}
        if n.filter:
            out["filter"] = n.filter
        return out
    m = _THAT_PLAYER.match(t)
    if m is not None:
        if not ab.it.startswith("t"):
            raise NotUnderstood(t, "that player")
        n = read_noun(m.group("what"), ab)
        if n.noun != "permanent":
            raise NotUnderstood(t, "not permanents")
        return {"of": "count_permanents_of", "filter": n.filter, "who": ab.it}
    if " on the battlefield" in t:
        n = read_noun(t.replace(" on the battlefield", "", 1), ab)
        if n.noun != "permanent":
            raise NotUnderstood(t, "not permanents")
        return _permanents(n.filter)
    n = read_noun(t, ab)
    if n.noun != "permanent" or "controller" not in n.filter:
        raise NotUnderstood(t, "permanents of whom")
    return _permanents(n.filter)


def _permanents(f: Data) -> Data:
    return {"of": "count_permanents", "filter": f} if f else {"of": "count_permanents"}


_THAT_PLAYER = re.compile(r"^(?P<what>.+) that player controls$")
_EQUAL = re.compile(r"^equal to (?P<what>.+)$")
_NUMBER_OF = re.compile(r"^(?P<twice>twice )?the number of (?P<what>.+)$")


def equal_to(text: str, ab: Ability) -> Amount:
    """"equal to [amount]": "the number of creatures you control", "its power",
    "that card's mana value", "the number of cards in your hand"."""
    m = _EQUAL.match(text.strip())
    if m is None:
        raise NotUnderstood(text, "not an amount")
    what = m.group("what")
    if what in ("its power", "~'s power") and ab.it == "self":
        return {"of": "power_of", "what": "self"}
    if what == "~'s power":
        return {"of": "power_of", "what": "self"}
    if what == "that card's mana value":
        return {"of": "exiled_mana_value"}
    n = _NUMBER_OF.match(what)
    if n is not None:
        thing = n.group("what")
        out = counted(("twice " if n.group("twice") else "") + _singular(thing), ab)
        return out
    raise NotUnderstood(text, "not an amount")


AMOUNTS.append(equal_to)


def _singular(things: str) -> str:
    """"creatures you control" -> "creature you control" for ``counted`` (which reads
    either); kept as written otherwise."""
    return things


def amount(word: str, ab: Ability) -> Amount:
    """A number word or X."""
    return number(word, ab)


def plain(word: str) -> int:
    return count(word)
