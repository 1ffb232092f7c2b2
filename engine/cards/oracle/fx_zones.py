"""Clause patterns that move cards between library, graveyard, hand and battlefield by
searching, returning and putting (``engine/effects/search.py``, ``search_library``,
``return_from_graveyard``, ``put_on_library``, ``reveal_top``, ``look_at_top``,
``discard_chosen``, ``shuffle_graveyard_into_library``, ``return_at_random``...)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import read_noun
from mtgsim.engine.cards.oracle.refs import PLAYER, objects, player
from mtgsim.engine.cards.oracle.table import Ability, Data, number, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


def card_filter(text: str, ab: Ability) -> Data:
    """"a basic land card", "an enchantment card", "a creature card with mana value X or
    less": one card's qualities."""
    m = re.match(r"^an? (?P<what>.+)$", text)
    if m is None:
        raise NotUnderstood(text, "which card")
    if m.group("what") == "card":
        return {}
    n = read_noun(m.group("what"), ab)
    if n.noun != "card" or n.plural:
        raise NotUnderstood(text, "one card")
    return n.filter


_SEARCH = (r"search your library for (?P<what>an? [^,]+?), (?P<reveal>reveal (?:it|that card), )?put "
           r"(?:it|that card) (?P<to>into your hand|onto the battlefield(?P<tapped> tapped)?|"
           r"into your graveyard), then shuffle")
_TO = {"into your hand": "hand", "into your graveyard": "graveyard"}


@rule("effect", "search_library", _SEARCH)
def _search(m: re.Match[str], ab: Ability) -> list[Data]:
    f = card_filter(m.group("what"), ab)
    to = _TO.get(m.group("to"), "battlefield")
    out: Data = {"do": "search", "filter": f, "to": to}
    if m.group("tapped"):
        out["tapped"] = True
    if m.group("reveal"):
        if to != "hand":
            raise NotUnderstood(m.group(0), "reveal")
        out["reveal"] = True
    return [out]


@rule("effect", "return_from_graveyard",
      r"return (?P<what>(?:up to \w+ |\w+ )?target .+? (?:from|in) (?:your|a) graveyard) to "
      r"(?P<to>your hand|the battlefield(?: under your control)?)")
def _return(m: re.Match[str], ab: Ability) -> list[Data]:
    to = "hand" if m.group("to") == "your hand" else "battlefield"
    if "under your control" in m.group("to") and "your graveyard" in m.group("what"):
        raise NotUnderstood(m.group(0), "under your control")
    refs = objects(m.group("what"), ab, ("card_in_graveyard",))
    return [{"do": "return_from_graveyard", "what": r, "to": to} for r in refs]


@rule("effect", "return_self_from_graveyard",
      r"return ~ from your graveyard to (?P<to>your hand|the battlefield)")
def _return_self(m: re.Match[str], ab: Ability) -> list[Data]:
    if ab.kind != "activated":
        raise NotUnderstood(m.group(0), "from the graveyard")
    ab.zone = "graveyard"
    to = "hand" if m.group("to") == "your hand" else "battlefield"
    return [{"do": "return_from_graveyard", "what": "self", "to": to}]


@rule("effect", "put_on_top_of_library",
      r"put (?P<what>target .+? from your graveyard) on top of your library")
def _put_on_top(m: re.Match[str], ab: Ability) -> list[Data]:
    refs = objects(m.group("what"), ab, ("card_in_graveyard",))
    return [{"do": "put_on_library", "what": r} for r in refs]


@rule("effects2", "reveal_top_card",
      r"(?P<who>defending player|target player|target opponent) reveals the top card of "
      r"their library\. If it's a (?P<what>land) card, that player puts it into their hand\.")
def _reveal_top2(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    who = m.group("who")
    return before + [{"do": "reveal_top", "who": player(who, ab),
                      "filter": {"types": [m.group("what")]}}]


@rule("effects2", "look_at_top_exile_any",
      r"look at the top (?P<n>\w+) cards of (?P<who>target player|target opponent)'s library\. "
      r"Exile any number of those cards, then put the rest back in any order\.")
def _look(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    return before + [{"do": "look_at_top", "whose": player(m.group("who"), ab),
                      "amount": number(m.group("n"), ab), "exile_any": True}]


@rule("effect", "shuffle_graveyard_into_library",
      rf"(?P<who>{PLAYER}|its owner) shuffles? (?:their|your) graveyard into (?:their|your) "
      r"library")
def _shuffle_gy(m: re.Match[str], ab: Ability) -> list[Data]:
    who = m.group("who")
    if who == "its owner":
        if ab.when != "put_into_graveyard":
            raise NotUnderstood(m.group(0), "its owner")
        return [{"do": "shuffle_graveyard_into_library"}]
    ref = player(who, ab)
    out: Data = {"do": "shuffle_graveyard_into_library"}
    if ref != "you":
        out["who"] = ref
    return [out]


@rule("effect", "shuffle_your_graveyard_into_library",
      r"(?:then )?shuffle your graveyard into your library")
def _shuffle_your_gy(m: re.Match[str], ab: Ability) -> list[Data]:
    """The imperative "[Then s]huffle your graveyard into your library" (Campfire, Elixir of
    Immortality): the ability's controller does it (the same effect as "you shuffle
    your graveyard ...": every card of that graveyard, then the library is shuffled,
    701.20)."""
    return [{"do": "shuffle_graveyard_into_library"}]


@rule("effect", "return_at_random",
      r"return an? (?P<what>[a-z]+) card at random from your graveyard to your hand")
def _at_random(m: re.Match[str], ab: Ability) -> list[Data]:
    n = read_noun(m.group("what") + " card", ab)
    return [{"do": "return_at_random", "filter": n.filter}]
