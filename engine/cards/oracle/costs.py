"""Activated abilities (602) and mana abilities (605): "[Cost]: [Effect]." and their
"Activate only ..." restrictions, and the parts of a cost ("{2}", "{T}", "Sacrifice ~",
"Pay 2 life", "Discard a card", "Remove a +1/+1 counter from ~" ...) read into
``Cost`` (``engine/rules/cost_parts.py`` pays each part)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.amounts import counted
from mtgsim.engine.cards.oracle.nouns import COLOR_WORDS, read_noun, singular_subtype
from mtgsim.engine.cards.oracle.table import Ability, Data, condition_of, count, declare, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood
from mtgsim.engine.cards.schema.bits import COLOR_NAME
from mtgsim.engine.rules.mana import ManaCostError, parse_cost

_MANA = re.compile(r"^(?:\{(?:\d+|[WUBRGCX]|[WUBRG]/[WUBRG])\})+$")

COST = declare("cost", "an activated ability's cost: \"{2}, {T}, Sacrifice ~\"")
ACTIVATED = declare("activated", "an activated ability: \"[cost]: [effects]\"")
X_COST = declare("x_activated_cost", "an activated ability's cost with {X} (107.3, 602.2b: X "
                 "announced as it is activated, engine.rules.x_costs)")


def mana_cost(text: str, x_ok: bool = False) -> str:
    """A cost's mana symbols; {X} only where the engine announces it (``x_ok``: an
    activated ability's cost, engine.rules.x_costs)."""
    if not _MANA.match(text) or "X" in text and not x_ok:
        raise NotUnderstood(text, "mana cost")
    try:
        parse_cost(text)
    except ManaCostError:
        raise NotUnderstood(text, "mana cost") from None
    return text


_COUNTERS = r"(?P<kind>[+-]1/[+-]1)"


def cost_part(part: str, cost: Data, ab: Ability, x_ok: bool = False) -> None:
    """Add one part of a cost to ``cost`` (a ``Cost`` as a table); with ``x_ok`` (an
    activated ability) the mana may have {X}, and X is then known to its effects."""
    p = part.strip()
    if p.startswith("{") and "mana" not in cost and _MANA.match(p):
        cost["mana"] = mana_cost(p, x_ok)
        if "X" in p:
            ab.x = True
        return
    simple = {"{T}": "tap", "{Q}": "untap", "Sacrifice ~": "sacrifice_self",
              "Discard ~": "discard_self", "Reveal ~ from your hand": "reveal_self",
              "Exile ~": "exile_self", "Reveal your hand": "reveal_hand"}
    if p in simple:
        key = simple[p]
        if key in cost:
            raise NotUnderstood(part, "twice in a cost")
        cost[key] = True
        return
    m = re.fullmatch(r"Pay (?P<n>\d+) life", p)
    if m is not None:
        cost["pay_life"] = int(m.group("n"))
        return
    m = re.fullmatch(r"Reveal X (?P<color>white|blue|black|red|green) cards from your hand", p)
    if m is not None and "reveal_x" not in cost:  # Martyr of Sands: X is how many (107.3)
        cost["reveal_x"] = {"colors": [COLOR_WORDS[m.group("color")]]}
        ab.x = True
        return
    m = re.fullmatch(r"Discard (?P<n>a|two|three) cards?", p)
    if m is not None:
        cost["discard"] = count(m.group("n"))
        return
    m = re.fullmatch(r"Remove an? " + _COUNTERS + r" counter from ~", p)
    if m is not None:
        cost["remove_counter"] = m.group("kind")
        return
    m = re.fullmatch(r"Put an? " + _COUNTERS + r" counter on ~", p)
    if m is not None:
        cost["put_counter"] = m.group("kind")
        return
    m = re.fullmatch(r"Remove (?P<n>\w+) " + _COUNTERS + r" counters from among (?P<what>.+)",
                     p)
    if m is not None:
        n = read_noun(m.group("what"), ab)
        f = dict(n.filter)
        if f.pop("controller", None) != "you" or not n.plural:
            raise NotUnderstood(part, "from among what")
        cost.update(remove_counters_among=f, remove_counters_n=count(m.group("n")),
                    remove_counters_kind=m.group("kind"))
        return
    if not _chosen_part(p, cost, ab):
        raise NotUnderstood(part, "a cost the engine cannot pay")


def _chosen_part(p: str, cost: Data, ab: Ability) -> bool:
    """The parts that choose permanents (sacrifice, return, tap untapped ...); whether
    ``p`` was one (raises NotUnderstood for one it reads only in part)."""
    part = p
    m = re.fullmatch(r"Sacrifice another (?P<what>.+)", p)
    if m is not None:
        n = read_noun("other " + m.group("what"), ab)
        if n.noun != "permanent" or n.plural:
            raise NotUnderstood(part, "sacrifice what")
        f = dict(n.filter)
        if f.get("controller") == "you":
            del f["controller"]
        cost["sacrifice"] = f
        return True
    m = re.fullmatch(r"Sacrifice (?P<n>an?|two|three|four|five) (?P<what>.+)", p)
    if m is not None:
        n = read_noun(m.group("what"), ab)
        k = count(m.group("n"))
        if n.noun != "permanent" or n.plural != (k > 1) and not _same_plural(m.group("what")):
            raise NotUnderstood(part, "sacrifice what")
        f = dict(n.filter)
        if f.get("controller") == "you":
            del f["controller"]
        cost["sacrifice"] = f
        if k != 1:
            cost["sacrifice_n"] = k
        return True
    m = re.fullmatch(r"Return an? (?P<what>.+) you control to its owner's hand", p)
    if m is not None:
        n = read_noun(m.group("what") + " you control", ab)
        if n.noun != "permanent":
            raise NotUnderstood(part, "return what")
        cost["return_to_hand"] = n.filter
        return True
    m = re.fullmatch(r"Tap (?P<n>an|two|three) untapped (?P<what>.+)", p)
    if m is not None:
        n = read_noun(m.group("what"), ab)
        k = count(m.group("n"))
        f = dict(n.filter)
        if f.pop("controller", None) != "you" or n.plural != (k > 1):
            raise NotUnderstood(part, "tap what")
        cost["tap_untapped"] = f
        if k != 1:
            cost["tap_untapped_count"] = k
        return True
    return False


def _same_plural(what: str) -> bool:
    """A phrase ending in a subtype whose plural is the word itself ("Eldrazi Spawn")."""
    last = what.split()[-1]
    return singular_subtype(last) == last and not last.endswith("s")


def parse_cost_text(text: str, ab: Ability, x_ok: bool = False) -> Data:
    """A whole cost ("{1}{B}, {T}, Sacrifice a creature")."""
    cost: Data = {}
    for part in re.split(r", (?![^{]*\})", text):
        cost_part(part, cost, ab, x_ok)
    return cost


# --- restrictions (sentences after an activated ability's effects) ---------------------


@rule("restriction", "activate_as_sorcery", r"Activate only as a sorcery\.")
def _sorcery(m: re.Match[str], ab: Ability, out: Data) -> None:
    out["sorcery_speed"] = True


@rule("restriction", "activate_once_each_turn", r"Activate only once each turn\.")
def _once(m: re.Match[str], ab: Ability, out: Data) -> None:
    out["once_per_turn"] = True


@rule("restriction", "activate_during_your_turn", r"Activate only during your turn\.")
def _your_turn(m: re.Match[str], ab: Ability, out: Data) -> None:
    out["your_turn_only"] = True


@rule("restriction", "activate_only_if", r"Activate only if (?P<cond>.+)\.")
def _only_if(m: re.Match[str], ab: Ability, out: Data) -> None:
    out["condition"] = condition_of(m, "cond", ab)


@rule("restriction", "x_spend_only_color_mana",
      r"Spend only (?P<color>white|blue|black|red|green) mana on X\.")
def _x_color(m: re.Match[str], ab: Ability, out: Data) -> None:
    """"Spend only black mana on X" (Crypt Rats): every mana paid for X is of that colour
    (engine.rules.x_costs); the ability's cost must have {X}."""
    if not ab.x:
        raise NotUnderstood(m.group(0), "X without {X} in the cost")
    out["x_color"] = COLOR_NAME[m.group("color")]


# --- mana abilities --------------------------------------------------------------------

_ADD = re.compile(r"^Add (?P<what>.+?)(?: for each (?P<each>.+))?\.$")
_ONE_OF = re.compile(r"^\{([WUBRGC])\}(?:, \{([WUBRGC])\})*,? or \{([WUBRGC])\}$")


def mana_effect(text: str, ab: Ability) -> Data:
    """"Add {G}." / "Add {G}{G}." / "Add {B}{R}." / "Add {R} or {G}." / "Add {R}, {G}, or {W}." / "Add one
    mana of any color." / "Add {G} for each ..." -> the fields of a ``ManaAbility``."""
    m = _ADD.match(text)
    if m is None:
        raise NotUnderstood(text, "not a mana ability")
    what = m.group("what")
    out: Data = {}
    if what == "one mana of any color":
        out["colors"] = "WUBRG"
    elif re.fullmatch(r"(?:\{[WUBRGC]\})+", what):
        symbols = re.findall(r"\{([WUBRGC])\}", what)
        if len(set(symbols)) == len(symbols) > 1:
            # "Add {B}{R}.": one mana of each (106.1, 605.1a: a karoo land)
            out["colors"], out["each"] = "".join(symbols), True
        elif len(set(symbols)) != 1:
            raise NotUnderstood(text, "several colours at once, some repeated")
        else:
            out["colors"] = symbols[0]
            if len(symbols) > 1:
                out["amount"] = len(symbols)
    elif _ONE_OF.match(what):
        out["colors"] = "".join(re.findall(r"\{([WUBRGC])\}", what))
    else:
        raise NotUnderstood(text, "mana")
    if m.group("each"):
        if out.get("amount", 1) != 1 or len(out["colors"]) != 1 or out.get("each"):
            raise NotUnderstood(text, "mana for each")
        out["amount"] = counted(m.group("each"), ab)
    return out


MANA_ABILITY = declare("mana_ability", "a mana ability: \"{T}: Add {G}.\"")
FILTER_ONCE = declare("filter_once_each_turn",
                      "a filter without {T}, once each turn: \"{1}: Add {R}, {W}, or {B}. "
                      "Activate only once each turn.\" (602.5b, 605.1a)")


def mana_ability(cost: Data, effect: str, ab: Ability, once: bool = False) -> Data:
    """A mana ability from its cost ({T}, sacrificing this, and a filter's "{1}":
    ``ManaAbility`` has no other cost) and its "Add ..." sentence; ``once``: it is
    "Activate only once each turn." (602.5b), which only a filter without {T} may be
    (``filter_once_each_turn``)."""
    if set(cost) - {"tap", "sacrifice_self", "mana", "tap_untapped"} or not cost:
        raise NotUnderstood(effect, "a mana ability with this cost")
    out: Data = {"type": "mana", **mana_effect(effect, ab)}
    if "tap_untapped" in cost:
        # "{T}, Tap an untapped creature you control: ..." (Springleaf Drum), one creature
        if cost["tap_untapped"] != {"types": ["creature"]} or not cost.get("tap") or \
                set(cost) != {"tap", "tap_untapped"}:
            raise NotUnderstood(effect, "a mana ability with this cost")
        out["tap_creature"] = True
    if "mana" in cost:
        # "{1}, {T}: Add one mana of any color." (Prophetic Prism): a filter, 605.1a; the
        # payment planner pays it with one other mana (engine.rules.payment); "{1}: Add
        # {R}, {W}, or {B}. Activate only once each turn." (Mardu Devotee) too: without
        # {T} only once each turn, else it could be activated again and again
        if cost["mana"] != "{1}" or not (cost.get("tap") or once) or \
                set(out) != {"type", "colors"} or "C" in out["colors"] or \
                cost.get("sacrifice_self") and not cost.get("tap"):
            raise NotUnderstood(effect, "a mana ability with this cost")
        out["mana_cost"] = cost["mana"]
    if once:
        if "mana" not in cost or cost.get("tap"):
            raise NotUnderstood(effect, "a once-each-turn mana ability other than a filter")
        out["once_per_turn"] = True
    if not cost.get("tap"):
        out["tap"] = False
    if cost.get("sacrifice_self"):
        out["sacrifice_self"] = True
    return out
