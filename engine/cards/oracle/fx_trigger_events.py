"""Clause patterns of trigger events (603.2) beyond ``engine.cards.oracle.triggers``:
one ability that triggers on either of two events of its source, and the events of
sacrificing, leaving the battlefield, a permanent put into a graveyard and an enchanted
creature's damage. The events are ``engine.rules.triggers``'.

A trigger condition of two events joined by "or" or by "and when" ("When ~ enters or
leaves the battlefield", "When ~ enters and when you sacrifice it") is read as two triggered
abilities with the same effects, as the haunt and "enters or attacks" heads already are:
each event triggers it once (603.2c: an ability triggers once for each time its event
occurs), and no event is both.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import read_noun
from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, number, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood
from mtgsim.engine.cards.oracle.triggers import SUBJECT

SUBJECT.update({"you_sacrifice": "it", "to_graveyard_from_battlefield": "it",
                "enchanted_deals_damage": "it", "equipped_attacks": "it",
                "becomes_blocked_by_creature": "it"})

_ENTERS = r"~ enters(?: the battlefield)?"


@rule("trigger", "self_two_events",
      rf"When(?:ever)? (?:{_ENTERS} or (?P<second>is put into a graveyard from the "
      rf"battlefield|leaves the battlefield)|{_ENTERS} and when you sacrifice it)")
def _two_events(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"When ~ enters or is put into a graveyard from the battlefield" (Ichor
    Wellspring), "... enters or leaves the battlefield" (Sewer-veillance Cam; leaving
    looks back in time, 603.10a, to any zone, 603.6c), "When ~ enters and when you
    sacrifice it" (Heaped Harvest: sacrificed, to the graveyard or not, 701.17a)."""
    second = m.group("second")
    if second is None:
        return [{"when": "enters"}, {"when": "sacrificed"}]
    if second.startswith("is put"):
        return [{"when": "enters"}, {"when": "leaves_to_graveyard"}]
    return [{"when": "enters"}, {"when": "leaves"}]


@rule("trigger", "cast_self_and_dies", r"When you cast ~ and when ~ dies")
def _cast_and_dies(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"When you cast this spell and when this creature dies" (Eldrazi Repurposer): a
    cast trigger of the spell (603.2: it triggers as the spell is cast and resolves
    whether or not the spell does) and a leaves-the-battlefield trigger of the permanent
    looking back in time (603.6c, 603.10a); two abilities, each event triggering once."""
    return [{"when": "cast_self"}, {"when": "dies"}]


@rule("trigger", "self_or_another_enters",
      r"Whenever ~ or another (?P<what>.+?) enters(?: the battlefield)?")
def _self_or_another(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"Whenever ~ or another creature you control enters" (Bogwater Lumaret): its own
    entering (603.6a) and another permanent's matching the noun."""
    n = read_noun(m.group("what"))
    if n.noun != "permanent" or n.plural or not n.filter.get("types") and \
            not n.filter.get("subtypes"):
        raise NotUnderstood(m.group("what"), "another what")
    return [{"when": "enters"}, {"when": "other_enters", "filter": n.filter}]


@rule("trigger", "leaves_the_battlefield", r"When(?:ever)? ~ leaves the battlefield")
def _leaves(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"When ~ leaves the battlefield" (603.6c, 603.10a: it looks back in time)."""
    return [{"when": "leaves"}]


@rule("trigger", "you_sacrifice_another", r"Whenever you sacrifice another (?P<what>.+)")
def _you_sacrifice(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"Whenever you sacrifice another permanent" (Gixian Infiltrator), "... another
    Eldrazi" (701.17a: a player sacrifices only permanents they control; whatever the
    reason, a cost or an effect)."""
    what = m.group("what")
    n = read_noun("permanent" if what == "permanent" else what)
    if n.plural or n.noun not in ("permanent", "creature") and not n.filter:
        raise NotUnderstood(what, "sacrifice what")
    out: Data = {"when": "you_sacrifice"}
    if n.filter:
        out["filter"] = n.filter
    return [out]


@rule("trigger", "any_to_graveyard_from_battlefield",
      r"Whenever an? (?P<what>[a-z]+) is put into a graveyard from the battlefield")
def _any_to_graveyard(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"Whenever an artifact is put into a graveyard from the battlefield" (Fangren
    Marauder): any player's, this one included (603.10a: it looks back in time)."""
    n = read_noun(m.group("what"))
    if n.noun != "permanent" or not n.filter.get("types"):
        raise NotUnderstood(m.group("what"), "put into a graveyard: what")
    return [{"when": "to_graveyard_from_battlefield", "filter": n.filter}]


@rule("trigger", "enchanted_deals_damage", r"Whenever enchanted creature deals damage")
def _enchanted_damage(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"Whenever enchanted creature deals damage" (Spirit Link; any damage, 120.3):
    damage dealt at once (510.2) is one event, "that much" its total."""
    if "Aura" not in ctx.subtypes:
        raise NotUnderstood(m.group(0), "not an Aura")
    return [{"when": "enchanted_deals_damage"}]


@rule("effect", "you_may_gain_life", r"gain (?P<n>{N}) life")
def _may_gain(m: re.Match[str], ab: Ability) -> list[Data]:
    """"[When ...], you may gain 5 life" (Fangren Marauder): the trigger's "you may"
    (603.5) took the subject, as in "you may draw a card"."""
    if ab.kind != "triggered" or not ab.optional:
        raise NotUnderstood(m.group(0), "who gains")
    return [{"do": "gain_life", "amount": number(m.group("n"), ab)}]


def _creature_card(ctx: Ctx, head: str) -> None:
    if "creature" not in ctx.types:
        raise NotUnderstood(head, "not a creature")


@rule("trigger", "becomes_blocked", r"Whenever ~ becomes blocked")
def _becomes_blocked(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"Whenever ~ becomes blocked": once each combat, by however many (509.3c)."""
    _creature_card(ctx, m.group(0))
    return [{"when": "becomes_blocked"}]


@rule("trigger", "becomes_blocked_by_a_creature", r"Whenever ~ becomes blocked by a creature")
def _becomes_blocked_by(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"Whenever ~ becomes blocked by a creature": once for each creature blocking it,
    "that creature" being the blocker (509.3d; Vicious Battlerager)."""
    _creature_card(ctx, m.group(0))
    return [{"when": "becomes_blocked_by_creature"}]


@rule("trigger", "is_dealt_damage", r"Whenever ~ is dealt damage")
def _is_dealt_damage(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"Whenever ~ is dealt damage" (120.3): damage dealt to it at once is one event."""
    _creature_card(ctx, m.group(0))
    return [{"when": "is_dealt_damage"}]


@rule("trigger", "each_opponent_upkeep", r"At the beginning of each opponent's upkeep")
def _opponent_upkeep(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """The upkeep (503.1) of each player other than the controller (102.2)."""
    return [{"when": "each_opponent_upkeep"}]


@rule("trigger", "a_permanent_you_control_enters",
      r"Whenever an? (?P<what>[a-z]+ you control) enters(?: the battlefield)?")
def _yours_enters(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"Whenever a creature you control enters" (603.6a) on a permanent that is not of
    that type (Impact Tremors, an enchantment): another permanent's entering. On one of
    that type it would be its own entering too: refused, as no such card compiles to
    show it."""
    n = read_noun(m.group("what"))
    types = n.filter.get("types", [])
    if n.noun != "permanent" or len(types) != 1 or set(n.filter) != {"types", "controller"}:
        raise NotUnderstood(m.group("what"), "which permanent")
    if types[0] in ctx.types:
        raise NotUnderstood(m.group(0), "could be this permanent itself")
    return [{"when": "other_enters", "filter": n.filter}]

