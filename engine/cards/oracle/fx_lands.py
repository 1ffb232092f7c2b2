"""Clause patterns of the lands-and-mana family: the karoo lands' "return a land you
control to its owner's hand" (and Kor Skyfisher's permanent, Whitemane Lion's creature:
``engine/effects/return_chosen.py``, chosen on resolution, 608.2c), and the Landscapes'
search for "a basic Swamp, Mountain, or Forest card" (701.23 searching; a basic land card
of any of those subtypes, 205.3i, 305.6); "enters tapped unless [condition]" (614.1c) with
its conditions ("you control three or more other Swamps", "a player has 13 or less
life") and "When ~ enters untapped" (603.6a). The karoo lands' "Add {B}{R}" (one mana of
each, 106.1) is read with the other mana abilities (``engine.cards.oracle.costs``)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.costs import mana_ability, mana_cost
from mtgsim.engine.cards.oracle.nouns import read_noun
from mtgsim.engine.cards.oracle.table import (
    Ability,
    Ctx,
    Data,
    condition_of,
    count,
    declare,
    rule,
)
from mtgsim.engine.cards.oracle.text import NotUnderstood, Span


@rule("effect", "return_chosen_you_control",
      r"return an? (?P<what>[a-z]+) you control to its owner's hand")
def _return_chosen(m: re.Match[str], ab: Ability) -> list[Data]:
    n = read_noun(m.group("what") + " you control", ab)
    if n.noun not in ("permanent", "creature") or n.plural:
        raise NotUnderstood(m.group(0), "return what")
    return [{"do": "return_chosen", "filter": n.filter}]


_BASIC = r"(?:Plains|Island|Swamp|Mountain|Forest)"


@rule("effect", "search_basic_of_types",
      r"search your library for a basic (?P<kinds>" + _BASIC + r"(?:, " + _BASIC + r")*,? or "
      + _BASIC + r") card, put it (?P<to>onto the battlefield(?P<tapped> tapped)?|into "
      r"your hand), then shuffle")
def _search_basic(m: re.Match[str], ab: Ability) -> list[Data]:
    kinds = re.findall(_BASIC, m.group("kinds"))
    if len(set(kinds)) != len(kinds):
        raise NotUnderstood(m.group(0), "a basic land type twice")
    f: Data = {"supertypes": ["basic"], "subtypes": kinds}
    out: Data = {"do": "search", "filter": f,
                 "to": "hand" if m.group("to") == "into your hand" else "battlefield"}
    if m.group("tapped"):
        out["tapped"] = True
    return [out]


# --- "enters tapped unless" (614.1c) and "when ~ enters untapped" ----------------------


@rule("static", "enters_tapped_unless", r"~ enters(?: the battlefield)? tapped unless (?P<cond>.+)\.")
def _enters_tapped_unless(m: re.Match[str], ab: Ability, ctx: Ctx) -> Data:
    """"This land enters tapped unless you control three or more other Swamps": a
    replacement effect (614.1c) whose condition is checked as the land would enter
    (``engine.rules.entering.enters_tapped``)."""
    cond = condition_of(m, "cond", ab)
    return {"abilities": [{"type": "replacement", "kind": "enters_tapped", "unless": cond}]}


@rule("trigger", "enters_untapped", r"When ~ enters(?: the battlefield)? untapped")
def _enters_untapped(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"When this land enters untapped" (603.6a: an enters-the-battlefield trigger whose
    event is entering untapped; tapping it later does not undo it)."""
    return [{"when": "enters_untapped"}]


@rule("condition", "you_control_n_or_more",
      r"(?:if )?you control (?P<n>two|three|four|five|six|seven) or more (?P<what>.+?)")
def _you_control_n(m: re.Match[str], ab: Ability) -> Data:
    """"you control three or more other Swamps", "if you control two or more Gates",
    "you control three or more artifacts" (metalcraft, 207.2c: Galvanic Blast)."""
    what = m.group("what")
    n = read_noun(what, ab)
    # "Plains" is its own plural (the other basic land types take an s)
    if n.noun != "permanent" or not (n.plural or what.endswith(" Plains")) or \
            "controller" in n.filter:
        raise NotUnderstood(m.group(0), "control what")
    return {"if": "you_control", "filter": n.filter, "at_least": count(m.group("n"))}


@rule("condition", "a_player_life_at_most",
      r"(?:if )?a player has (?P<n>\d+) or less life")
def _a_player_life(m: re.Match[str], ab: Ability) -> Data:
    """"a player has 13 or less life" (Razortrap Gorge): either player (102.1)."""
    return {"if": "life_at_most", "amount": int(m.group("n")), "who": "any_player"}


@rule("effect", "trigger_adds_mana", r"add (?P<mana>(?:\{[WUBRGC]\})+)")
def _trigger_adds(m: re.Match[str], ab: Ability) -> list[Data]:
    """"When this creature enters, add {R}{G}." (Burning-Tree Emissary): a triggered
    ability that is not a mana ability (605.5a: it triggers on entering, not on a mana
    ability), so it uses the stack and its mana empties from the pool at the end of the
    step (500.4). Only in a triggered ability: a spell's "Add {B}{B}{B}" (a ritual) needs
    the planner to cast it for the spell it enables, which it does not."""
    if ab.kind != "triggered" or ab.when == "enchanted_tapped_for_mana":
        raise NotUnderstood(m.group(0), "mana added here")
    return [{"do": "add_mana", "mana": m.group("mana")}]


@rule("static", "enchanted_land_has_mana_ability",
      r"Enchanted land has \"(?P<ability>\{T\}: Add [^\"]+)\"")
def _enchanted_land_mana(m: re.Match[str], ab: Ability, ctx: Ctx) -> Data:
    """"Enchanted land has "{T}: Add one mana of any color."" (Abundant Growth): a mana
    ability the Aura gives the land it enchants (613.1f, layer 6; 303.4), activated by
    the land's controller like its own (605.1a)."""
    assert ab.span is not None
    part = ab.span.group(m, "ability")
    ab.nested.append(part)
    granted = ctx.line_parser(part, ctx)
    if len(granted) != 1 or granted[0].get("type") != "mana":
        raise NotUnderstood(part.text, "a granted mana ability")
    return {"abilities": [{"type": "static", "applies_to": "enchanted",
                           "grants_mana": granted}]}


@rule("effect", "sacrifice_unless_you",
      r"sacrifice (?P<what>~|it) unless you (?:return an? (?P<ret>[a-z]+) you control to its "
      r"owner's hand|pay (?P<pay>{MANA}))")
def _sacrifice_unless(m: re.Match[str], ab: Ability) -> list[Data]:
    """"sacrifice it unless you return an artifact you control to its owner's hand"
    (Glint Hawk), "sacrifice ~ unless you pay {U}{U}" (Sunken City): an "unless" cost
    (118.12, ``engine/effects/unless_you.py``)."""
    if m.group("what") == "it" and ab.it != "self":
        raise NotUnderstood(m.group(0), "sacrifice what")
    out: Data = {"do": "unless_you", "effects": [{"do": "sacrifice", "what": "self"}]}
    if m.group("pay"):
        out["pay"] = mana_cost(m.group("pay"))
    else:
        n = read_noun(m.group("ret") + " you control", ab)
        if n.noun != "permanent" or n.plural:
            raise NotUnderstood(m.group(0), "return what")
        out["return_filter"] = n.filter
    return [out]


@rule("restriction", "activate_during_end_of_combat",
      r"Activate only during the end of combat step\.")
def _end_of_combat(m: re.Match[str], ab: Ability, out: Data) -> None:
    """"Activate only during the end of combat step" (Desert: 602.5b; the step, 511)."""
    out["during_step"] = "end_combat"


@rule("effect", "add_mana_any_combination",
      r"add (?P<n>two|three) mana in any combination of colors")
def _any_combination(m: re.Match[str], ab: Ability) -> list[Data]:
    """"Add two mana in any combination of colors." (Manamorphose, a spell: 106.1,
    ``engine/effects/add_any_colors.py``); an activated ability saying it would be a mana
    ability (605.1a), read with those."""
    if ab.kind != "spell":
        raise NotUnderstood(m.group(0), "mana added here")
    return [{"do": "add_any_colors", "amount": count(m.group("n"))}]


@rule("static", "enchanted_land_is_basic_type",
      r"Enchanted land is an? (?P<type>Plains|Island|Swamp|Mountain|Forest)\.")
def _enchanted_land_is(m: re.Match[str], ab: Ability, ctx: Ctx) -> Data:
    """"Enchanted land is an Island." (Spreading Seas): setting a land's subtype to a
    basic land type (305.7): it loses its other land types (layer 4) and the abilities of
    its rules text, and has "{T}: Add {U}." (layer 6); abilities other effects give it
    stay."""
    return {"abilities": [{"type": "static", "applies_to": "enchanted",
                           "land_type": m.group("type")}]}


MANA_INSTEAD = declare("mana_instead", "a mana ability's \"If [condition], add {C}{C} instead.\" "
                       "(Urza's Mine): two abilities, each existing while its condition holds")
_INSTEAD = re.compile(r"^(?P<first>Add [^.]+\.) If (?P<cond>[^,]+), add (?P<mana>(?:\{[WUBRGC]\})+) "
                      r"instead\.$")


def conditional_mana(cost: Data, span: Span, ab: Ability) -> list[Data] | None:
    """"{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C}
    instead." -> the ability as two mana abilities, one existing while the condition does
    not hold and one while it does (``ManaAbility.condition``): at any moment exactly one
    exists, making what the printed ability would make then (106.6a's "instead" is of its
    own effect, not a replacement of another's); None for other text."""
    m = _INSTEAD.match(span.text)
    if m is None:
        return None
    ab.span, ab.nested = span, []
    cond = condition_of(m, "cond", ab)
    plain = mana_ability(cost, m.group("first"), ab)
    more = mana_ability(cost, "Add " + m.group("mana") + ".", ab)
    if plain.get("condition") or more.get("condition"):
        raise NotUnderstood(span.text, "a condition twice")
    assert ab.ctx is not None
    ab.ctx.glue(span, ab.nested, MANA_INSTEAD)
    return [{**plain, "condition": {"if": "not", "condition": cond}}, {**more, "condition": cond}]


@rule("condition", "you_control_a_and_b",
      r"(?:if )?you control an? (?P<a>[A-Z][\w'-]+(?: [A-Z][\w'-]+)?) and an? "
      r"(?P<b>[A-Z][\w'-]+(?: [A-Z][\w'-]+)?)")
def _control_a_and_b(m: re.Match[str], ab: Ability) -> Data:
    """"you control an Urza's Power-Plant and an Urza's Tower": each of two permanents
    of those subtypes (205.3i: "Urza's Power-Plant" is the subtypes Urza's and
    Power-Plant)."""
    out = []
    for g in ("a", "b"):
        words = m.group(g).split()
        if len(words) == 2 and words[0] != "Urza's":
            raise NotUnderstood(m.group(0), "control what")
        out.append({"if": "you_control", "filter": {"subtypes": [words[-1]]}})
    return {"if": "all_of", "conditions": out}
