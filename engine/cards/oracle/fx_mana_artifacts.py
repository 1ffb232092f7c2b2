"""Clause patterns of the mana artifacts and the enchantments and artifacts around them:
"Each player who controls a permanent named ~ draws a card." (Bonder's Ornament,
``engine/effects/draw_if_control_named.py``); "Blue creatures get +1/+1." (Sunken City: a
colour's anthem over every player's creatures, 613.4c layer 7c). Their filters ("{1},
{T}: Add one mana of any color.", 605.1a) are read with the other mana abilities
(``engine.cards.oracle.costs.mana_ability``)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import object_filter
from mtgsim.engine.cards.oracle.refs import objects
from mtgsim.engine.cards.oracle.statics import _pt
from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, count, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood
from mtgsim.engine.cards.oracle.triggers import SUBJECT


@rule("effect", "manart_each_controller_of_named_draws",
      r"each player who controls a permanent named ~ draws (?P<n>a|two|three) cards?")
def _each_named_draws(m: re.Match[str], ab: Ability) -> list[Data]:
    """Bonder's Ornament: the players who control a permanent with this card's name as
    the ability resolves (608.2h, 201.2) each draw."""
    assert ab.ctx is not None
    n = count(m.group("n"))
    if (n == 1) != m.group(0).endswith("a card"):
        raise NotUnderstood(m.group(0), "how many cards")
    return [{"do": "draw_if_control_named", "name": ab.ctx.name, "amount": n}]


@rule("static", "manart_color_anthem",
      r"(?P<who>(?:Non)?(?:white|blue|black|red|green|White|Blue|Black|Red|Green) creatures) "
      r"get (?P<pt>{PT})\.")
def _color_anthem(m: re.Match[str], ab: Ability, ctx: Ctx) -> Data:
    """"Blue creatures get +1/+1." (Sunken City), "Nonblack creatures get -1/-1."
    (Ascendant Evincar): every creature of (or not of) that colour, whoever controls it,
    as its colour is when the effect applies (613.4c: layer 7c, after colour-changing
    effects in layer 5)."""
    f = object_filter(m.group("who").lower(), ab)
    if set(f) - {"types", "colors", "not_colors"}:
        raise NotUnderstood(m.group(0), "which creatures")
    out: Data = {"type": "static", "applies_to": "filter", "filter": f}
    out.update({k: v for k, v in _pt(m.group("pt"), ab).items() if v != 0})
    return {"abilities": [out]}


@rule("effect", "manart_put_stun_counters",
      r"put (?P<n>a|two|three) stun counters? on (?P<what>.+)")
def _stun(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Put a stun counter on up to one target tapped creature" (Cryogen Relic): stun
    counters (122.1d, ``engine/rules/stun.py``: the permanent's next untap removes one
    instead)."""
    n = count(m.group("n"))
    if (n == 1) != (" counter on " in m.group(0)):
        raise NotUnderstood(m.group(0), "counter or counters")
    refs = objects(m.group("what"), ab, ("creature", "permanent"))
    return [{"do": "add_counters", "what": r, "counter": "stun", "amount": n} for r in refs]


@rule("trigger", "manart_enchanted_becomes_tapped",
      r"When(?:ever)? (?P<who>enchanted|equipped) (?P<what>creature|land|permanent) becomes "
      r"tapped(?P<damage> or is dealt damage)?")
def _enchanted_tapped(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"Whenever enchanted land becomes tapped" (Contaminated Ground), "When enchanted
    creature becomes tapped or is dealt damage" (Cryoshatter: two events, each its own
    trigger of the same effects), "Whenever equipped creature becomes tapped" (Hawkeye's
    Bow): an Aura's or Equipment's triggers on the permanent it is attached to
    (``engine/rules/enchanted_events.py``; 701.26a, 120.3, 303.4, 301.5)."""
    who = m.group("who")
    if who == "enchanted" and "Aura" not in ctx.subtypes or \
            who == "equipped" and ("Equipment" not in ctx.subtypes or
                                   m.group("what") != "creature"):
        raise NotUnderstood(m.group(0), "not an Aura or Equipment")
    if m.group("damage") and (m.group("what") != "creature" or who != "enchanted"):
        raise NotUnderstood(m.group(0), "damage to what")
    out: list[Data] = [{"when": f"{who}_becomes_tapped"}]
    if m.group("damage"):
        out.append({"when": "enchanted_dealt_damage"})
    return out


# (registered as the patterns are)
SUBJECT.setdefault("enchanted_becomes_tapped", "it")
SUBJECT.setdefault("equipped_becomes_tapped", "it")
SUBJECT.setdefault("enchanted_dealt_damage", "it")


@rule("static", "manart_untaps_in_others_untap",
      r"Untap ~ during each other player's untap step\.")
def _others_untap(m: re.Match[str], ab: Ability, ctx: Ctx) -> Data:
    """Bender's Waterskin: it untaps in each other player's untap step as in its
    controller's (502.3; a static ability of the permanent, gone if it loses its
    abilities)."""
    return {"card": {"untaps_in_others_untap": True}}


@rule("effect", "manart_attached_deals_damage",
      r"it deals (?P<n>{N}) damage to each opponent")
def _attached_deals(m: re.Match[str], ab: Ability) -> list[Data]:
    """Hawkeye's Bow: "Whenever equipped creature becomes tapped, it deals 1 damage to
    each opponent": the equipped creature deals it (120.3), not the Equipment."""
    if ab.when not in ("equipped_becomes_tapped", "enchanted_becomes_tapped") or \
            ab.it != "it":
        raise NotUnderstood(m.group(0), "which source deals the damage")
    return [{"do": "damage", "amount": count(m.group("n")), "to": "each_opponent",
             "by": "it"}]
