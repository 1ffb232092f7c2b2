"""Clause patterns that create tokens (``engine/effects/create_token.py``,
``create_token_copy``): creature tokens described in the text ("two 1/1 green Saproling
creature tokens with flying"), the predefined tokens of the comprehensive rules (111.10:
Treasure, Food, Clue, Blood), a token copy, and what the sentence after adds ("It has
\"...\"", "Exile it at the beginning of the next end step", "If this spell was kicked,
create four of those tokens instead")."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.amounts import counted
from mtgsim.engine.cards.oracle.nouns import COLOR_WORDS, singular_subtype
from mtgsim.engine.cards.oracle.refs import one_object
from mtgsim.engine.cards.oracle.table import Ability, Data, number, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood, Span
from mtgsim.engine.keywords import parse_keyword

# 111.10: the predefined tokens, as their rules define them
PREDEFINED: dict[str, Data] = {
    "Treasure": {"abilities": [{"type": "mana", "colors": "WUBRG", "sacrifice_self": True}]},
    "Food": {"abilities": [{"type": "activated", "cost": {"mana": "{2}", "tap": True,
                                                           "sacrifice_self": True},
                            "effects": [{"do": "gain_life", "amount": 3}]}]},
    "Clue": {"abilities": [{"type": "activated", "cost": {"mana": "{2}",
                                                           "sacrifice_self": True},
                            "effects": [{"do": "draw", "amount": 1}]}]},
    "Blood": {"abilities": [{"type": "activated", "cost": {"mana": "{1}", "tap": True,
                                                            "discard": 1,
                                                            "sacrifice_self": True},
                             "effects": [{"do": "draw", "amount": 1}]}]},
}

_TOKEN = (r"create (?P<n>{N}) (?P<tapped>tapped )?(?P<p>\d+)/(?P<t>\d+) (?P<colors>colorless|"
          r"(?:white|blue|black|red|green)(?:(?:, | and |, and )(?:white|blue|black|red|green))*)"
          r" (?P<subs>[A-Z][\w' -]*?) (?P<types>(?:artifact |enchantment )?creature) "
          r"tokens?(?: with (?:(?P<kw>[^.\"]+?)|(?:(?P<kw2>[^.\"]+?) and )?"
          r"\"(?P<ability>[^\"]+\.)\"))?(?: for each (?P<each>.+))?")


def _colors(text: str) -> list[str]:
    if text == "colorless":
        return []
    return [COLOR_WORDS[w] for w in re.split(r", and |, | and ", text)]


def _subtypes(text: str) -> list[str]:
    """A token's creature types as printed ("Eldrazi Scion": token-only types are types
    too, though no card has them)."""
    out = []
    for w in text.split():
        if not re.fullmatch(r"[A-Z][a-z]+", w) or singular_subtype(w) not in (None, w):
            raise NotUnderstood(text, "token subtypes")
        out.append(w)
    return out


def _token_keywords(text: str) -> list[str]:
    """"flying", "defender and flying", "flying and devour 2" as printed keywords
    ("Flying", "Devour 2"); each one the engine knows."""
    out = []
    for part in re.split(r", and |, | and ", text.strip()):
        kw = part[:1].upper() + part[1:]
        try:
            parse_keyword(kw)
        except ValueError:
            raise NotUnderstood(text, "token keyword") from None
        out.append(kw)
    return out


def creature_token(m: re.Match[str], ab: Ability) -> Data:
    """The create_token effect a creature-token match describes."""
    subs = _subtypes(m.group("subs"))
    types = m.group("types").split()
    token: Data = {"name": " ".join(subs), "types": types, "subtypes": subs,
                   "colors": _colors(m.group("colors")), "power": int(m.group("p")),
                   "toughness": int(m.group("t"))}
    if m.group("kw") or m.group("kw2"):
        token["keywords"] = _token_keywords(m.group("kw") or m.group("kw2"))
    if m.group("ability"):
        # 111.4, 111.10: a token "with" a quoted ability has it as printed
        token = _with_granted(token, _granted(m, ab))
    n = number(m.group("n"), ab)
    plural = m.group(0).split(" with ")[0].split(" for each ")[0].endswith("tokens")
    if plural != (n != 1 or isinstance(n, dict)):
        raise NotUnderstood(m.group(0), "token or tokens")
    out: Data = {"do": "create_token", "token": token}
    if m.group("each"):
        if n != 1:
            raise NotUnderstood(m.group(0), "N for each")
        out["amount"] = counted(m.group("each"), ab)
    elif n != 1:
        out["amount"] = n
    if m.group("tapped"):
        out["tapped"] = True
    return out


@rule("effect", "create_creature_token", _TOKEN)
def _create(m: re.Match[str], ab: Ability) -> list[Data]:
    return [creature_token(m, ab)]


@rule("effect", "create_predefined_token",
      r"create (?P<n>{N}) (?P<tapped>tapped )?(?P<kind>Treasure|Food|Clue|Blood) tokens?")
def _predefined(m: re.Match[str], ab: Ability) -> list[Data]:
    kind = m.group("kind")
    token: Data = {"name": kind, "types": ["artifact"], "subtypes": [kind], "colors": [],
                   **PREDEFINED[kind]}
    n = number(m.group("n"), ab)
    if m.group(0).endswith("tokens") != (n != 1):
        raise NotUnderstood(m.group(0), "token or tokens")
    out: Data = {"do": "create_token", "token": token}
    if n != 1:
        out["amount"] = n
    if m.group("tapped"):
        out["tapped"] = True
    return [out]


@rule("effect", "create_token_copy", r"create a token that's a copy of (?P<what>target .+)")
def _copy(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "create_token_copy", "what": one_object(m.group("what"), ab, ("creature",))}]


@rule("amend", "token_has_ability", r"(?P<who>it has|they have) \"(?P<ability>[^\"]+\.)\"")
def _token_has(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    last = before[-1]
    if last.get("do") == "if" and len(last["effects"]) == 1 and not last.get("otherwise"):
        inner = _token_has(m, ab, list(last["effects"]))
        return before[:-1] + [dict(last, effects=inner)]
    if last.get("do") != "create_token" or "abilities" in last["token"]:
        raise NotUnderstood(m.group(0), "no token before")
    many = last.get("amount", 1) != 1
    if many != (m.group("who") == "they have"):
        raise NotUnderstood(m.group(0), "it or they")
    token = _with_granted(last["token"], _granted(m, ab))
    return before[:-1] + [dict(last, token=token)]


def _with_granted(token: Data, granted: Data) -> Data:
    """``token`` with what ``_granted`` read (its keywords added to the token's)."""
    out = dict(token, **granted)
    if "keywords" in granted and "keywords" in token:
        out["keywords"] = [*token["keywords"], *granted["keywords"]]
    return out


def _granted(m: re.Match[str], ab: Ability) -> Data:
    """The token's abilities and text from the quoted ability ``m`` matched as "ability"
    ("Sacrifice this token: Add {C}.", a mana ability, 605.1a), read as a line of its
    own; "This token can't block." (Voracious Vermin's Rat) is a static ability of the
    token restricting itself (604.1, 509.1a), kept with its keywords as a printed "~ can't
    block." is (the clause that creates the token reads it: the card's own types don't
    matter)."""
    assert ab.ctx is not None and ab.span is not None
    part = ab.span.group(m, "ability")
    text = _plain(part, ab)
    if _RESTRICTION.fullmatch(part.text):
        return {"keywords": ["can't block"], "text": text}
    ab.nested.append(part)
    return {"abilities": ab.ctx.line_parser(part, ab.ctx), "text": text}


_RESTRICTION = re.compile(r"~ can't block\.")


def _plain(part: Span, ab: Ability) -> str:
    """The granted ability's text as the token's Oracle text ("~" as "this creature")."""
    text = part.text.replace("~", "this creature")
    return text[:1].upper() + text[1:]


@rule("amend", "exile_token_at_end_step",
      r"exile (?:it|them|those tokens) at the beginning of the next end step\.")
def _exile_at_end(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    if before[-1].get("do") != "create_token":
        raise NotUnderstood(m.group(0), "no token before")
    return before + [{"do": "exile_at_next_end_step", "what": "created"}]


@rule("amend", "kicked_more_tokens",
      r"if ~ was kicked, create (?P<n>\w+) of those tokens instead\.")
def _kicked(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    last = before[-1]
    if last.get("do") != "create_token" or len(before) != 1:
        raise NotUnderstood(m.group(0), "no token before")
    kicked = dict(last, amount=number(m.group("n"), ab))
    return [{"do": "if", "condition": {"if": "kicked"}, "effects": [kicked]},
            {"do": "if", "condition": {"if": "not", "condition": {"if": "kicked"}},
             "effects": [last]}]
