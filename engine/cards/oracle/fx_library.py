"""Clause patterns of looking at the top of a library and choosing among those cards:
scry (701.22, ``engine/effects/scry.py``), surveil (701.25, ``surveil.py``), "look at /
reveal the top N cards ... put one into your hand and the rest on the bottom / into your
graveyard" (``dig.py``), "look at the top N cards, then put them back in any order. You
may shuffle." (``look_at_top.py``, ``shuffle.py``), investigate (701.16: create a Clue
token, 111.10f), connive (701.50, ``connive.py``) and explore (701.44, ``explore.py``)
with the Map token whose ability explores (111.10).

Every variant is written out: who chooses, how many cards may or must be taken, which
cards qualify, and where the rest go and in what order; a sentence that says anything
else ("If you gained life this turn, you may instead ...") is not matched, so the card
stays refused.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.fx_tokens import PREDEFINED
from mtgsim.engine.cards.oracle.nouns import read_noun, read_target
from mtgsim.engine.cards.oracle.table import Ability, Data, number, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

# "a permanent card" (110.4: artifact, creature, enchantment, land, planeswalker or battle;
# the engine has no planeswalker or battle cards) and "a colorless card" (105.2c)
_SPECIAL = {
    "permanent": {"types": ["artifact", "creature", "enchantment", "land"]},
    "colorless": {"not_colors": ["W", "U", "B", "R", "G"]},
}


@rule("effect", "scry", r"scry (?P<n>{N})")
def _scry(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Scry 2" (701.22a)."""
    return [{"do": "scry", "amount": number(m.group("n"), ab)}]


@rule("effect", "surveil", r"surveil (?P<n>{N})")
def _surveil(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Surveil 1" (701.25a)."""
    return [{"do": "surveil", "amount": number(m.group("n"), ab)}]


@rule("effect", "investigate", r"investigate")
def _investigate(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Investigate" (701.16a): create a Clue token (111.10f)."""
    token: Data = {"name": "Clue", "types": ["artifact"], "subtypes": ["Clue"],
                   "colors": [], **PREDEFINED["Clue"]}
    return [{"do": "create_token", "token": token}]


def card_filter(text: str, plural: bool) -> Data:
    """The filter of "an instant or sorcery card", "a creature card with power 2 or
    less", "creature cards", "a permanent card", "a colorless card" (the article, or
    "any number of", already cut); raises NotUnderstood for another noun or a number
    that does not agree."""
    words = text.split(" ", 1)
    if len(words) == 2 and words[0] in _SPECIAL and words[1] == ("cards" if plural else "card"):
        return dict(_SPECIAL[words[0]])
    noun = read_noun(text)
    if noun.noun != "card" or noun.zone or noun.plural != plural or not noun.filter:
        raise NotUnderstood(text, "which cards")
    if set(noun.filter) - {"types", "subtypes", "colors", "not_types", "max_power"}:
        raise NotUnderstood(text, "cards of this kind among those looked at")
    return noun.filter


_TAKE = (r"(?P<what>an? [a-z ,]+? card(?: with power \d+ or less)?|any number of "
         r"[a-z ,]+? cards(?: with power \d+ or less)?)")


def _take(what: str) -> tuple[Data, int]:
    """The filter and how many of "an instant card" (1) / "any number of creature cards"
    (0: any number)."""
    if what.startswith("any number of "):
        return card_filter(what[len("any number of "):], True), 0
    return card_filter(what.split(" ", 1)[1], False), 1


@rule("effects3", "look_reveal_take_rest_bottom",
      r"look at the top (?P<n>{N}) cards of your library\. You may reveal " + _TAKE +
      r" from among them and put (?P<it>it|them|the revealed cards) into your hand\. "
      r"(?:Then put|Put) the rest on the bottom of your library in (?P<order>any|a random) "
      r"order\.")
def _look_take(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """"Look at the top three cards of your library. You may reveal an instant or sorcery
    card from among them and put it into your hand. Put the rest on the bottom of your
    library in any order." (Augur of Bolas; Lead the Stampede's "any number of creature
    cards ... the revealed cards"; Militia Bugler's "creature card with power 2 or less"
    and "in a random order")."""
    f, take = _take(m.group("what"))
    if (take == 1) != (m.group("it") == "it"):
        raise NotUnderstood(m.group(0), "it or them")
    out: Data = {"do": "dig", "amount": number(m.group("n"), ab), "filter": f,
                 "take": take, "reveal_taken": True}
    if m.group("order") != "any":
        out["rest"] = "bottom_random"
    return before + [out]


@rule("effects2", "look_put_one_rest",
      r"look at the top (?P<n>{N}) cards of your library\. Put one of them into your hand "
      r"and the (?:rest on the bottom of your library in any order|(?P<other>other into "
      r"your graveyard))\.")
def _look_one(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """"Look at the top four cards of your library. Put one of them into your hand and
    the rest on the bottom of your library in any order." (Impulse); "... the other into
    your graveyard" of two cards (Visionary's Dance)."""
    n = number(m.group("n"), ab)
    if m.group("other") and n != 2:
        raise NotUnderstood(m.group(0), "the other of more than two")
    rest = "graveyard" if m.group("other") else "bottom"
    return before + [{"do": "dig", "amount": n, "take": 1, "must": True, "rest": rest}]


@rule("effects3", "reveal_take_rest_graveyard",
      r"reveal the top (?P<n>{N}) cards of your library\. You may put (?P<what>an? [a-z ,]+? "
      r"card) from among them into your hand\. Put the rest into your graveyard\.")
def _reveal_take(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """"Reveal the top four cards of your library. You may put a land card from among
    them into your hand. Put the rest into your graveyard." (Satyr Wayfinder)."""
    f, take = _take(m.group("what"))
    return before + [{"do": "dig", "amount": number(m.group("n"), ab), "filter": f,
                      "take": take, "reveal": True, "rest": "graveyard"}]


@rule("effect", "look_put_back_any_order",
      r"look at the top (?P<n>{N}) cards of your library, then put them back in any order")
def _look_back(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Look at the top three cards of your library, then put them back in any order."
    (Ponder; 401.4)."""
    return [{"do": "look_at_top", "whose": "you", "amount": number(m.group("n"), ab)}]


@rule("effect", "may_shuffle", r"you may shuffle")
def _may_shuffle(m: re.Match[str], ab: Ability) -> list[Data]:
    """"You may shuffle." (Ponder): your library (701.24a)."""
    return [{"do": "may", "effects": [{"do": "shuffle"}]}]


@rule("effect", "connive", r"(?P<what>it|~|target creature you control) connives")
def _connive(m: re.Match[str], ab: Ability) -> list[Data]:
    """"When this creature enters, it connives." (Raffine's Informant), "target creature
    you control connives" (Mob Lookout): 701.50a. The conniving permanent's controller is
    the ability's: "it" is the trigger's own source, the target one you control."""
    what = m.group("what")
    if what == "target creature you control":
        ref = ab.target(read_target(what, ab).spec)
        return [{"do": "connive", "what": ref}]
    if ab.kind != "triggered" or ab.it != "self":
        raise NotUnderstood(m.group(0), "which permanent connives")
    return [{"do": "connive"}]


# 111.10: a Map token is a colorless Map artifact token with "{1}, {T}, Sacrifice this
# token: Target creature you control explores. Activate only as a sorcery."
MAP: Data = {"name": "Map", "types": ["artifact"], "subtypes": ["Map"], "colors": [],
             "abilities": [{"type": "activated",
                            "cost": {"mana": "{1}", "tap": True, "sacrifice_self": True},
                            "effects": [{"do": "explore", "what": "t0"}],
                            "targets": [{"kind": "creature",
                                         "filter": {"controller": "you"}}],
                            "sorcery_speed": True}]}


@rule("effect", "create_map_token", r"create (?P<n>{N}) Map tokens?")
def _map(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Create a Map token" (Fanatical Offering): the predefined token of 111.10."""
    n = number(m.group("n"), ab)
    if m.group(0).endswith("tokens") != (n != 1):
        raise NotUnderstood(m.group(0), "token or tokens")
    out: Data = {"do": "create_token", "token": MAP}
    if n != 1:
        out["amount"] = n
    return [out]


@rule("effect", "explore", r"(?P<what>it|~|target creature you control) explores")
def _explore(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Target creature you control explores." (701.44a); "it explores" of its own
    trigger."""
    what = m.group("what")
    if what == "target creature you control":
        return [{"do": "explore", "what": ab.target(read_target(what, ab).spec)}]
    if ab.kind != "triggered" or ab.it != "self":
        raise NotUnderstood(m.group(0), "which permanent explores")
    return [{"do": "explore", "what": "self"}]


@rule("effect", "owner_shuffles_it_into_library",
      r"its owner shuffles (?:it|~) into their library")
def _shuffle_in(m: re.Match[str], ab: Ability) -> list[Data]:
    """"When this artifact is put into a graveyard from the battlefield, its owner
    shuffles it into their library." (Lembas; 701.24a): the card in the graveyard."""
    if ab.when != "leaves_to_graveyard":
        raise NotUnderstood(m.group(0), "shuffle what in")
    return [{"do": "shuffle_into_library", "what": "self_card"}]
