"""Triggered abilities (603): "When / Whenever / At [event], [if condition,] [you may]
[effects]" read into ``Triggered`` abilities (``engine/rules/triggers.py`` has the
events), and the conditions of Oracle text ("if you control a blue permanent", "as long
as there are seven or more cards in your graveyard")."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import read_noun
from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, count, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

# What "it" means in the effects after each event: the source ("self"), or the object
# or player the event is about ("it").
SUBJECT = {
    "creature_dies": "it", "other_enters": "it", "you_cast": "it", "ally_attacks_alone": "it",
    "enchanted_attacks": "it", "opponent_sacrifices": "it", "deals_damage_to_player": "it",
    "deals_combat_damage_to_creature": "it", "deals_damage_to_opponent": "it",
    "enchanted_dies": "it", "equipped_dies": "it", "another_creature_leaves": "it",
}


def _plain(when: str) -> Data:
    return {"when": when}


def _needs_creature(ctx: Ctx, head: str) -> None:
    if "creature" not in ctx.types:
        raise NotUnderstood(head, "\"dies\" of a card that is not a creature")


@rule("trigger", "enters", r"When(?:ever)? ~ enters(?: the battlefield)?")
def _enters(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [_plain("enters")]


@rule("trigger", "enters_or_haunted_dies",
      r"When ~ enters(?: the battlefield)? or the creature it haunts dies")
def _enters_haunt(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [_plain("enters"), {"when": "haunted_dies", "keyword": "haunt"}]


@rule("trigger", "haunted_dies", r"When the creature ~ haunts dies")
def _haunted(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [{"when": "haunted_dies", "keyword": "haunt"}]


@rule("trigger", "enters_or_attacks", r"Whenever ~ enters(?: the battlefield)? or attacks")
def _enters_or_attacks(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Two abilities with the same effects: one on entering, one on attacking."""
    if "creature" not in ctx.types:
        raise NotUnderstood(m.group(0), "attacks: not a creature")
    return [_plain("enters"), _plain("attacks")]


@rule("trigger", "dies", r"When(?:ever)? ~ dies")
def _dies(m: re.Match[str], ctx: Ctx) -> list[Data]:
    _needs_creature(ctx, m.group(0))
    return [_plain("dies")]


@rule("trigger", "put_into_graveyard_from_battlefield",
      r"When(?:ever)? ~ is put into (?P<whose>a|your) graveyard from the battlefield")
def _to_graveyard(m: re.Match[str], ctx: Ctx) -> list[Data]:
    out: Data = {"when": "leaves_to_graveyard"}
    if m.group("whose") == "your":
        out["condition"] = {"if": "owned_by_you"}
    return [out]


@rule("trigger", "put_into_graveyard_from_anywhere",
      r"When ~ is put into a graveyard from anywhere")
def _anywhere(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [_plain("put_into_graveyard")]


_SELF_EVENTS = {"attacks": "attacks", "blocks": "blocks", "attacks or blocks":
                "attacks_or_blocks"}


@rule("trigger", "attacks_or_blocks", r"Whenever ~ (?P<ev>attacks or blocks|attacks|blocks)")
def _attacks(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [_plain(_SELF_EVENTS[m.group("ev")])]


@rule("trigger", "cast_self", r"When you cast ~")
def _cast_self(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [_plain("cast_self")]


_STEPS = {
    "your upkeep": "upkeep", "each upkeep": "each_upkeep", "each player's upkeep":
    "each_upkeep", "your end step": "end_step",
    "the end step": "each_end_step", "each end step": "each_end_step",
    "combat on your turn": "begin_combat", "enchanted player's upkeep":
    "enchanted_player_upkeep",
}


@rule("trigger", "beginning_of_step", r"At the beginning of (?P<step>" +
      "|".join(re.escape(k) for k in _STEPS) + r")")
def _step(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [_plain(_STEPS[m.group("step")])]


_DAMAGE = {
    "combat damage to a player": "deals_combat_damage_to_player",
    "damage to a player": "deals_damage_to_player",
    "combat damage to a creature": "deals_combat_damage_to_creature",
    "damage to an opponent": "deals_damage_to_opponent",
    "damage": "deals_damage",
}


@rule("trigger", "deals_damage", r"When(?:ever)? ~ deals (?P<what>" +
      "|".join(re.escape(k) for k in _DAMAGE) + r")")
def _deals(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [_plain(_DAMAGE[m.group("what")])]


@rule("trigger", "you_cast", r"Whenever you cast an? (?P<what>.+? spell)")
def _you_cast(m: re.Match[str], ctx: Ctx) -> list[Data]:
    n = read_noun(m.group("what"))
    if n.noun != "spell":
        raise NotUnderstood(m.group("what"), "not a spell")
    return [{"when": "you_cast", "filter": n.filter}]


@rule("trigger", "creature_dies", r"Whenever (?P<what>(?:a|another) .*?creature.*?) dies")
def _creature_dies(m: re.Match[str], ctx: Ctx) -> list[Data]:
    what = m.group("what")
    what = what.split(" ", 1)[1] if what.startswith("a ") else "other " + what[8:]
    f = read_noun(what).filter
    if f.get("types") != ["creature"]:
        raise NotUnderstood(what, "a creature")
    del f["types"]
    out: Data = {"when": "creature_dies"}
    if f:
        out["filter"] = f
    return [out]


@rule("trigger", "another_enters",
      r"Whenever (?P<what>another .+?|an? (?:land|[A-Z]\w+) .+?) enters(?: the battlefield)?")
def _other_enters(m: re.Match[str], ctx: Ctx) -> list[Data]:
    what = m.group("what")
    if what.startswith("another "):
        what = "other " + what[8:]
    else:
        what = what.split(" ", 1)[1]
        f = read_noun(what).filter
        if not set(f.get("types", [])).isdisjoint(ctx.types) or f.get("subtypes"):
            raise NotUnderstood(m.group(0), "could be this permanent itself")
    return [{"when": "other_enters", "filter": read_noun(what).filter}]


@rule("trigger", "another_creature_leaves", r"Whenever another creature leaves the battlefield")
def _leaves(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [_plain("another_creature_leaves")]


@rule("trigger", "opponent_sacrifices", r"Whenever an opponent sacrifices an? (?P<what>.+)")
def _opp_sac(m: re.Match[str], ctx: Ctx) -> list[Data]:
    n = read_noun(m.group("what"))
    out: Data = {"when": "opponent_sacrifices"}
    if n.filter:
        out["filter"] = n.filter
    return [out]


@rule("trigger", "attacks_alone", r"Whenever a creature you control attacks alone")
def _alone(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [_plain("ally_attacks_alone")]


@rule("trigger", "enchanted_or_equipped",
      r"When(?:ever)? (?P<who>enchanted|equipped) creature (?P<ev>attacks|dies)")
def _enchanted(m: re.Match[str], ctx: Ctx) -> list[Data]:
    who, ev = m.group("who"), m.group("ev")
    if who == "enchanted" and "Aura" not in ctx.subtypes or \
            who == "equipped" and "Equipment" not in ctx.subtypes:
        raise NotUnderstood(m.group(0), "not an Aura or Equipment")
    return [_plain(f"{who}_{ev}")]


@rule("trigger", "becomes_target",
      r"Whenever ~ becomes the target of a spell or ability an opponent controls")
def _target(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [_plain("becomes_target")]


@rule("trigger", "enchanted_tapped_for_mana",
      r"Whenever enchanted (?:land|Forest|permanent) is tapped for mana")
def _tapped_for_mana(m: re.Match[str], ctx: Ctx) -> list[Data]:
    return [_plain("enchanted_tapped_for_mana")]


# --- conditions ------------------------------------------------------------------------


@rule("condition", "if_you_control", r"(?:if )?you control an? (?P<what>.+?)")
def _you_control(m: re.Match[str], ab: Ability) -> Data:
    n = read_noun(m.group("what"), ab)
    if n.noun != "permanent" or n.plural:
        raise NotUnderstood(m.group(0), "control what")
    return {"if": "you_control", "filter": n.filter}


@rule("condition", "if_it_had_counter", r"(?:if )?it had an? (?P<kind>[+-]1/[+-]1) counter on it")
def _had(m: re.Match[str], ab: Ability) -> Data:
    if ab.it != "it":
        raise NotUnderstood(m.group(0), "what it is")
    return {"if": "had_counter", "counter": m.group("kind")}


@rule("condition", "if_not_your_turn", r"(?:if )?it's not your turn")
def _not_your_turn(m: re.Match[str], ab: Ability) -> Data:
    return {"if": "not_your_turn"}


@rule("condition", "if_its_power_at_most", r"(?:if )?its power is (?P<n>\d+) or less")
def _power(m: re.Match[str], ab: Ability) -> Data:
    if ab.it != "it":
        raise NotUnderstood(m.group(0), "whose power")
    return {"if": "it_power_at_most", "amount": int(m.group("n"))}


@rule("condition", "if_more_life", r"(?:if )?you have more life than an opponent")
def _more_life(m: re.Match[str], ab: Ability) -> Data:
    return {"if": "more_life_than_an_opponent"}


@rule("condition", "if_opponent_damaged",
      r"(?:if )?an opponent was dealt damage this turn")
def _damaged(m: re.Match[str], ab: Ability) -> Data:
    return {"if": "opponent_damaged_this_turn"}


@rule("condition", "cards_in_graveyard",
      r"(?:if )?there are (?P<n>\w+) or more cards in your graveyard")
def _threshold(m: re.Match[str], ab: Ability) -> Data:
    return {"if": "cards_at_least", "amount": count(m.group("n")), "zone": "graveyard"}


@rule("condition", "card_types_in_graveyard",
      r"(?:if )?there are (?P<n>\w+) or more card types among cards in your graveyard")
def _delirium(m: re.Match[str], ab: Ability) -> Data:
    return {"if": "card_types_in_graveyard", "at_least": count(m.group("n"))}


@rule("condition", "if_kicked", r"(?:if )?(?:this spell|~) was kicked")
def _kicked(m: re.Match[str], ab: Ability) -> Data:
    return {"if": "kicked"}
