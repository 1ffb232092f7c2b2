"""Clause patterns of "You may [action]. If you do, [effects]." (``engine/effects/if_you_do.py``,
608.2c-d): the actions are discarding cards, sacrificing a permanent of a kind, exiling
a card of a kind from one's graveyard, paying mana, drawing cards; "or" offers two of them. The mandatory "Discard a card. If you do, ..."
(Flush Out) is read too: the discard is not a choice (701.9a), and "if you do" asks
only whether it happened (608.2c), which it does not with an empty hand.

In a triggered ability the "you may" is read with the trigger's head (603.5); the
pattern then takes the optional part upon itself, so that the trigger is not optional
twice and the effects after "if you do" need the action.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.effects import sub_effects
from mtgsim.engine.cards.oracle.nouns import read_noun
from mtgsim.engine.cards.oracle.table import Ability, Data, count, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood
from mtgsim.engine.rules.mana import ManaCostError, parse_cost

_ACTION = (r"(?:draw (?:a|one|two) cards?|discard (?:a|one|two|three) cards?|sacrifice an? [a-z]+|"
           r"pay (?:\{[^}]+\})+|exile an? [a-z]+ card from your graveyard)")
_BODY = (rf"(?P<act>{_ACTION}(?: or {_ACTION})?)\. If you do, (?P<then>[^.\"]+\.)")


def _action(text: str, out: Data) -> None:
    """One action into the effect's fields; raises NotUnderstood."""
    for verb, numbers in (("discard", "a|one|two|three"), ("draw", "a|one|two")):
        m = re.fullmatch(rf"{verb} (?P<n>{numbers}) cards?", text)
        if m is not None:
            n = count(m.group("n"))
            if (n == 1) != text.endswith(" card") or verb in out:
                raise NotUnderstood(text, f"{verb} how many")
            out[verb] = n
            return
    m = re.fullmatch(r"sacrifice an? (?P<what>[a-z]+)", text)
    if m is not None:
        noun = read_noun(m.group("what"))
        if noun.noun != "permanent" or noun.plural or noun.zone or "sacrifice" in out:
            raise NotUnderstood(text, "sacrifice what")
        if noun.filter.get("controller", "any") not in ("any", "you"):
            raise NotUnderstood(text, "sacrifice whose")
        out["sacrifice"] = {**noun.filter, "controller": "you"}
        return
    m = re.fullmatch(r"exile an? (?P<what>[a-z]+ card) from your graveyard", text)
    if m is not None and "exile_card" not in out:  # Masked Vandal
        noun = read_noun(m.group("what"))
        if noun.noun != "card" or noun.plural or set(noun.filter) != {"types"}:
            raise NotUnderstood(text, "exile what")
        out["exile_card"] = noun.filter
        return
    m = re.fullmatch(r"pay (?P<mana>(?:\{[^}]+\})+)", text)
    if m is not None and "pay" not in out:
        try:
            parse_cost(m.group("mana"))
        except ManaCostError:
            raise NotUnderstood(text, "mana the engine cannot pay") from None
        out["pay"] = m.group("mana")
        return
    raise NotUnderstood(text, "an action of \"you may ...\"")


def _build(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    out: Data = {"do": "if_you_do"}
    for part in m.group("act").split(" or "):
        _action(part, out)
    if ("pay" in out or "draw" in out) and len(out) > 2:
        raise NotUnderstood(m.group("act"), "paying mana or another action")
    optional = ab.optional
    ab.optional = False
    effects = sub_effects(m, "then", ab)
    if ab.optional:
        raise NotUnderstood(m.group("then"), "another \"you may\" after \"if you do\"")
    ab.optional = optional
    out["effects"] = effects
    return before + [out]


@rule("effects2", "if_you_do", "(?:then )?you may " + _BODY)
def _if_you_do(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """"You may discard a card. If you do, draw two cards." (Abandon Attachments); "Then
    you may discard two cards. ..." (Thrilling Discovery: "then" is the order the
    sentences already give, 608.2c)."""
    if ab.kind == "triggered" and ab.optional:
        raise NotUnderstood(m.group(0), "\"you may\" twice")
    return _build(m, ab, before)


@rule("effects2", "trigger_may_if_you_do", _BODY)
def _trigger_if_you_do(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """A trigger's "you may discard a card. If you do, draw a card." (Scrapwork Mutt):
    the trigger's "you may" (read with its head) belongs to the action."""
    if ab.kind != "triggered" or not ab.optional or before:
        raise NotUnderstood(m.group(0), "\"if you do\" without \"you may\"")
    got = _build(m, ab, before)
    ab.optional = False
    return got


@rule("effects2", "discard_if_you_do", r"discard a card\. If you do, (?P<then>[^.\"]+\.)")
def _discard_if_you_do(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """"Discard a card. If you do, draw two cards." (Flush Out): a discard the player
    must make (701.9a), then effects only if a card was discarded (608.2c). Only one
    card: with "discard two cards" and one card in hand, whether the player "did" is a
    question this pattern does not answer, so such a card stays refused."""
    if ab.optional:
        raise NotUnderstood(m.group(0), "\"if you do\" after an optional action")
    effects = sub_effects(m, "then", ab)
    if ab.optional:
        raise NotUnderstood(m.group("then"), "\"you may\" after \"if you do\"")
    return before + [{"do": "if_you_do", "discard": 1, "must": True, "effects": effects}]
