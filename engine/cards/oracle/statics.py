"""Static abilities (604, 613) and replacement abilities of the card itself (614): what
Auras and Equipment give ("Enchanted creature gets +2/+2 and has flying."), anthems
("Other Merfolk creatures you control get +1/+1."), evasion and restrictions of the card
("~ can't block.", "~ can't be blocked except by creatures with flying."), "~ enters
tapped", "~ enters with N counters", "This spell can't be countered", and conditional
forms ("As long as ..., ~ gets +1/+1 and can't block.").

Each pattern returns the card data a line adds (``Out``): abilities, keywords (the rules
shorthands such as "can't block" that the schema keeps with keywords), or fields of the
card (an alternative cost, a spell's additional cost).
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.amounts import counted
from mtgsim.engine.cards.oracle.costs import parse_cost_text
from mtgsim.engine.cards.oracle.fx_pump import KEYWORD_LIST, keyword_list
from mtgsim.engine.cards.oracle.nouns import object_filter, read_noun
from mtgsim.engine.cards.oracle.table import (
    Ability,
    Ctx,
    Data,
    Out,
    condition_of,
    count,
    number,
    rule,
)
from mtgsim.engine.cards.oracle.text import NotUnderstood, Span

_RESTRICTIONS = {"can't block": ["can't block"], "can't attack": ["can't attack"],
                 "can't attack or block": ["can't attack", "can't block"],
                 "can't be blocked": ["unblockable"],
                 "attacks each combat if able": ["attacks each combat"],
                 "doesn't untap during your untap step": ["doesn't untap"],
                 "doesn't untap during its controller's untap step": ["doesn't untap"]}


def _pt(pt: str, ab: Ability) -> Data:
    """A static "+2/+0" -> power 2 (static amounts are signed; no X)."""
    p, t = pt.split("/")
    return {"power": count(p[1:]) * (-1 if p[0] == "-" else 1),
            "toughness": count(t[1:]) * (-1 if t[0] == "-" else 1)}


def _for_each(pt: str, each: str, ab: Ability) -> Data:
    """"+1/+1 for each X" -> amounts counting X (times N)."""
    p, t = pt.split("/")
    if p[0] != "+" or t[0] != "+":
        raise NotUnderstood(pt, "negative for each")
    out: Data = {}
    for key, v in (("power", int(p[1:])), ("toughness", int(t[1:]))):
        if v == 0:
            continue
        amount = counted(each, ab)
        if isinstance(amount, int):
            raise NotUnderstood(each, "for each")
        if v != 1:
            amount["times"] = v
        out[key] = amount
    return out


_WHO = {"Enchanted creature": "enchanted", "Equipped creature": "equipped"}
_GIVES = (r"(?P<who>Enchanted creature|Equipped creature) (?:gets (?P<pt>{PT})"
          r"(?: for each (?P<each>[^,]+?))?(?:,? and has (?P<kw>" + KEYWORD_LIST +
          r")(?P<lure>, and all creatures able to block it do so)?| and has \"(?P<grant>[^\"]+\.)\")?|"
          r"has (?P<kw2>" + KEYWORD_LIST + r"))(?:\.|(?<=\.\"))")


@rule("static", "aura_equipment_gives", _GIVES)
def _gives(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    who = m.group("who")
    _attached(who, ctx)
    out: Data = {"type": "static", "applies_to": _WHO[who]}
    if m.group("pt"):
        each = m.group("each")
        if each and who == "Enchanted creature" and each.startswith("other creature"):
            # "other" than the enchanted creature, not than the Aura (a creature)
            amounts = _for_each(m.group("pt"), each[len("other "):], ab)
            for a in amounts.values():
                a["filter"]["not_enchanted"] = True
            out.update(amounts)
        else:
            out.update(_for_each(m.group("pt"), each, ab) if each else _pt(m.group("pt"), ab))
        for k in ("power", "toughness"):
            if out.get(k) == 0:
                del out[k]
    kws = m.group("kw") or m.group("kw2")
    if kws:
        out["keywords"] = keyword_list(kws)
    if m.group("lure"):
        out["keywords"] = [*out.get("keywords", []), "all creatures able to block it do so"]
    if m.group("grant"):
        assert ab.span is not None
        out["grants"] = granted_abilities(ab.span.group(m, "grant"), ab, ctx)
    return {"abilities": [out]}


def granted_abilities(part: Span, ab: Ability, ctx: Ctx) -> list[Data]:
    """The abilities in quotes that a static ability grants ("has \"{T}: ...\""), read as
    lines of their own (``part``, recorded as nested in ``ab``): triggered or activated
    ones only, any other kind is not understood."""
    ab.nested.append(part)
    granted = ctx.line_parser(part, ctx)
    if any(g.get("type") not in ("triggered", "activated") for g in granted):
        raise NotUnderstood(part.text, "a granted ability of this kind")
    return granted


def _attached(who: str, ctx: Ctx) -> None:
    need = "Aura" if who.startswith("Enchanted") else "Equipment"
    if need not in ctx.subtypes:
        raise NotUnderstood(who, f"not an {need}")


@rule("static", "aura_restricts",
      r"(?P<who>Enchanted creature|Equipped creature) (?P<what>can't attack or block|"
      r"can't block|can't attack|doesn't untap during its controller's untap step)"
      r"(?P<noact>, and its activated abilities can't be activated)?\.")
def _restricts(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    _attached(m.group("who"), ctx)
    kws = list(_RESTRICTIONS[m.group("what")])
    if m.group("noact"):
        kws.append("activated abilities can't be activated")
    return {"abilities": [{"type": "static", "applies_to": _WHO[m.group("who")],
                           "keywords": kws}]}


@rule("static", "control_enchanted", r"You control enchanted creature\.")
def _control(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    _attached("Enchanted", ctx)
    return {"abilities": [{"type": "static", "applies_to": "enchanted", "gain_control": True}]}


@rule("static", "enchanted_becomes",
      r"Enchanted creature is an? (?P<sub>[A-Z]\w+) with base power and toughness "
      r"(?P<p>\d+)/(?P<t>\d+) and loses all abilities\.")
def _lignify(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    _attached("Enchanted", ctx)
    return {"abilities": [{"type": "static", "applies_to": "enchanted",
                           "set_base": [int(m.group("p")), int(m.group("t"))],
                           # "is a Treefolk" sets its creature types (205.1a), not adds
                           "lose_all_abilities": True, "creature_types": [m.group("sub")]}]}


_ANTHEM = (r"(?P<who>(?:Each other |Other |Each )?[^.]*?(?:creatures?|[A-Z]\w+) you control|"
           r"Creatures your opponents control[^.]*?) (?:gets?|get) (?P<pt>{PT})"
           r"(?: for each (?P<each>of its colors))?(?: and (?:has|have) (?P<kw>" + KEYWORD_LIST
           + r"))?\.")


@rule("static", "anthem", _ANTHEM)
def _anthem(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    who = m.group("who")
    f = _group_filter(who, ab)
    out: Data = {"type": "static", "applies_to": "filter", "filter": f}
    if m.group("each"):
        p, t = m.group("pt").split("/")
        if (p, t) != ("+1", "+1"):
            raise NotUnderstood(m.group(0), "for each of its colors")
        out.update(power={"of": "colors_of_affected"}, toughness={"of": "colors_of_affected"})
    else:
        out.update({k: v for k, v in _pt(m.group("pt"), ab).items() if v != 0})
    if m.group("kw"):
        out["keywords"] = keyword_list(m.group("kw"))
    return {"abilities": [out]}


def _group_filter(who: str, ab: Ability) -> Data:
    """"Other Merfolk creatures you control", "Each other multicolored creature you
    control", "Elves you control" -> the filter of the permanents affected."""
    w = who
    if w.startswith("Each other "):
        w = "other " + w[len("Each other "):]
    elif w.startswith("Each "):
        w = w[5:]
    elif w.startswith("Other "):
        w = "other " + w[6:]
    elif w[0].isupper() and not re.match(r"^[A-Z]\w+ you control$", w) and \
            not re.match(r"^[A-Z]\w+ creatures", w):
        w = w[0].lower() + w[1:]
    return object_filter(w, ab)


@rule("static", "anthem_keywords",
      r"(?P<who>(?:Other )?[^.\"]*?(?:creatures|[A-Z]\w+) (?:you control|your opponents "
      r"control[^.\"]*?)) (?:have|has) (?P<kw>" + KEYWORD_LIST + r")\.")
def _anthem_kw(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    f = _group_filter(m.group("who"), ab)
    return {"abilities": [{"type": "static", "applies_to": "filter", "filter": f,
                           "keywords": keyword_list(m.group("kw"))}]}


@rule("static", "group_restricts",
      r"(?P<who>Creatures your opponents control[^.]*?) (?P<what>can't attack or block|"
      r"can't block|can't attack)\.")
def _group_restricts(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    f = _group_filter(m.group("who"), ab)
    return {"abilities": [{"type": "static", "applies_to": "filter", "filter": f,
                           "keywords": list(_RESTRICTIONS[m.group("what")])}]}


@rule("static", "grants_exalted", r"Other creatures you control have exalted\.")
def _exalted(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    f = object_filter("other creatures you control", ab)
    return {"abilities": [{"type": "static", "applies_to": "filter", "filter": f, "grants": [
        {"type": "triggered", "when": "ally_attacks_alone", "keyword": "exalted",
         "effects": [{"do": "exalt"}]}]}]}


@rule("static", "grants_mana_ability",
      r"(?P<who>[A-Z]\w+|Creatures) you control have \"(?P<ability>\{T\}: Add [^\"]+)\"")
def _grants_mana(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    f = _group_filter(m.group("who") + " you control", ab)
    assert ab.span is not None
    part = ab.span.group(m, "ability")
    ab.nested.append(part)
    granted = ctx.line_parser(part, ctx)
    if len(granted) != 1 or granted[0].get("type") != "mana":
        raise NotUnderstood(part.text, "a granted mana ability")
    return {"abilities": [{"type": "static", "applies_to": "filter", "filter": f,
                           "grants_mana": granted}]}


# --- the card itself ---------------------------------------------------------------------

_SELF = ("can't block|can't attack or block|can't attack|can't be blocked|"
         "attacks each combat if able|doesn't untap during your untap step")


@rule("static", "self_restriction", r"~ (?P<what>" + _SELF + r")\.")
def _self_restriction(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    if "creature" not in ctx.types:
        raise NotUnderstood(m.group(0), "not a creature")
    return {"keywords": list(_RESTRICTIONS[m.group("what")])}


@rule("static", "cant_be_blocked_except_by",
      r"~ can't be blocked except by (?:(?P<n>\w+) or more creatures|(?P<what>.+))\.")
def _except_by(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    if m.group("n"):
        return {"abilities": [{"type": "static", "min_blockers": count(m.group("n"))}]}
    n = read_noun(m.group("what"), ab)
    if not n.plural or n.filter.get("types") != ["creature"]:
        raise NotUnderstood(m.group("what"), "except by what")
    f = dict(n.filter)
    del f["types"]
    inverse: Data = {}
    for key, value in f.items():
        if key == "has_keyword":
            inverse["lacks_keyword"] = value
        elif key == "colors" and len(value) == 1:
            inverse["not_colors"] = value
        else:
            raise NotUnderstood(m.group("what"), "except by what")
    return {"abilities": [{"type": "static", "cant_be_blocked_by": inverse}]}


@rule("static", "cant_be_blocked_by",
      r"(?:~ can't be blocked by (?P<what>creatures with power \d+ or less)|Creatures with "
      r"power less than ~'s power can't block it)\.")
def _blocked_by(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    if m.group("what"):
        f = read_noun(m.group("what"), ab).filter
        f.pop("types", None)
    else:
        f = {"power_below_source": True}
    return {"abilities": [{"type": "static", "cant_be_blocked_by": f}]}


@rule("static", "self_gets_for_each",
      r"~ gets (?P<pt>\+\d+/\+\d+) for each (?P<each>.+)\.")
def _self_for_each(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    each = m.group("each")
    if each == "Aura attached to it":
        p, t = (int(x[1:]) for x in m.group("pt").split("/"))
        if p != t:
            raise NotUnderstood(m.group(0), "auras")
        amount: Data = {"of": "attached_auras"}
        if p != 1:
            amount["times"] = p
        return {"abilities": [{"type": "static", "power": amount, "toughness": dict(amount)}]}
    return {"abilities": [{"type": "static", **_for_each(m.group("pt"), each, ab)}]}


@rule("static", "as_long_as",
      r"As long as (?P<cond>[^,]+), ~ (?:gets (?P<pt>{PT})(?: and (?P<what>can't block|"
      r"has (?P<kw>" + KEYWORD_LIST + r")))?|has (?P<kw2>" + KEYWORD_LIST + r"))\.")
def _as_long_as(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    out: Data = {"type": "static", "condition": condition_of(m, "cond", ab)}
    if m.group("pt"):
        out.update({k: v for k, v in _pt(m.group("pt"), ab).items() if v != 0})
    kws: list[str] = []
    if m.group("what") == "can't block":
        kws.append("can't block")
    if m.group("kw") or m.group("kw2"):
        kws += keyword_list(m.group("kw") or m.group("kw2"))
    if kws:
        out["keywords"] = kws
    return {"abilities": [out]}


@rule("static", "has_if_devoured",
      r"~ has (?P<kw>" + KEYWORD_LIST + r") if it devoured an? (?P<what>\w+)\.")
def _if_devoured(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    f = read_noun(m.group("what"), ab).filter
    return {"abilities": [{"type": "static", "keywords": keyword_list(m.group("kw")),
                           "condition": {"if": "devoured", "filter": f}}]}


@rule("static", "enters_tapped", r"~ enters(?: the battlefield)? tapped\.")
def _enters_tapped(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    return {"abilities": [{"type": "replacement", "kind": "enters_tapped"}]}


@rule("static", "enters_with_counters",
      r"~ enters(?: the battlefield)? with (?P<n>{N}) (?P<kind>[+-]1/[+-]1) counters? on it"
      r"(?: for each (?P<each>.+))?\.")
def _enters_with(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    if m.group("n") == "X":
        # 107.3m: the X paid for the spell that became this permanent (0 if it was not
        # cast: engine.rules.entering); only a card whose mana cost has {X}
        if not ctx.x or m.group("each"):
            raise NotUnderstood(m.group(0), "X of a card without {X}")
        n: int | Data = {"of": "x"}
    else:
        n = number(m.group("n"), ab)
    amount: int | Data = n
    if m.group("each"):
        if n != 1:
            raise NotUnderstood(m.group(0), "N for each")
        amount = counted(m.group("each"), ab)
    out: Data = {"type": "replacement", "kind": "enters_with_counters", "amount": amount}
    if m.group("kind") != "+1/+1":
        out["counter"] = m.group("kind")
    return {"abilities": [out]}


@rule("static", "others_enter_with_counters",
      r"Each other creature you control enters(?: the battlefield)? with an additional X "
      r"(?P<kind>\+1/\+1) counters on it, where X is the number of \+1/\+1 counters on ~\.")
def _others_enter(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    return {"abilities": [{"type": "replacement", "kind": "others_enter_with_counters",
                           "filter": {"types": ["creature"], "controller": "you"},
                           "amount": {"of": "counters_on_self"}}]}


@rule("static", "conditional_cascade",
      r"~ has cascade as long as (?P<cond>[^.]+)\.")
def _conditional_cascade(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    """"This spell has cascade as long as ...": a cascade trigger (702.85a) that exists
    only while the condition holds as the spell is cast."""
    return {"abilities": [{"type": "triggered", "when": "cast_self", "keyword": "cascade",
                           "exists_if": condition_of(m, "cond", ab),
                           "effects": [{"do": "cascade"}]}]}


@rule("static", "devour_x",
      r"Devour X, where X is the number of creatures devoured this way")
def _devour_x(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    """Thromok the Insatiable's devour (702.82a with X: X counters for each, X * X)."""
    return {"keywords": ["Devour X"]}


@rule("static", "cant_be_countered", r"~ can't be countered\.")
def _uncounterable(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    return {"abilities": [{"type": "static", "cant_be_countered": True}]}


@rule("static", "choose_color", r"As ~ enters(?: the battlefield)?, choose a color\.")
def _choose_color(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    return {"abilities": [{"type": "replacement", "kind": "choose_color"}]}


@rule("static", "spells_you_cast_have",
      r"(?P<what>[A-Z][a-z]+) spells you cast have (?P<kw>convoke)\.")
def _spells_have(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    n = read_noun(m.group("what").lower() + " spells", ab)
    return {"abilities": [{"type": "static", "applies_to": "spells_you_cast",
                           "filter": n.filter, "spell_keywords": [m.group("kw").capitalize()]}]}


@rule("static", "spells_have_replicate",
      r"Each (?P<what>instant and sorcery) spell you cast has replicate\. The replicate cost "
      r"is equal to its mana cost\.")
def _replicate(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    return {"abilities": [{"type": "static", "applies_to": "spells_you_cast",
                           "filter": {"types": ["instant", "sorcery"]},
                           "spell_keywords": ["Replicate"], "spell_keyword_cost": "mana_cost"}]}


@rule("static", "alternative_cost",
      r"You may (?P<cost>sacrifice [^.]+?) rather than pay ~'s mana cost\.")
def _alternative(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    cost = parse_cost_text(m.group("cost")[0].upper() + m.group("cost")[1:], ab)
    return {"card": {"alternative_cost": cost}}


# (an optional cost, "you may collect evidence N", and "choose a creature you control or
# reveal ..." are fx_optional_costs' clauses: this generic reading must not take them
# first, whichever module registers its patterns first)
@rule("static", "additional_cost",
      r"As an additional cost to cast ~, (?!you may |choose an? )(?P<cost>[^.]+)\.")
def _additional(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    text = m.group("cost")
    mm = re.fullmatch(r"put an? (?P<kind>[+-]1/[+-]1) counter on an? (?P<what>creature) you "
                      r"control", text)
    if mm is not None:
        cost: Data = {"put_counter": mm.group("kind"),
                      "put_counter_on": {"types": [mm.group("what")]}}
    else:
        cost = parse_cost_text(text[0].upper() + text[1:], ab)
    if set(cost) - {"sacrifice", "sacrifice_n", "discard", "pay_life", "put_counter",
                    "put_counter_on", "tap_untapped", "tap_untapped_count",
                    "return_to_hand"}:
        raise NotUnderstood(text, "an additional cost of this kind")
    return {"card": {"additional_cost": cost}}
