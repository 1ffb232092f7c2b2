"""Clause patterns that change creatures until end of turn or put counters on them
(``engine/effects/pump.py``, ``add_counters``, ``protection_from_chosen_color``,
``set_base_power_toughness``, ``becomes``)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.nouns import KEYWORD_WORDS, object_filter
from mtgsim.engine.cards.oracle.refs import objects
from mtgsim.engine.cards.oracle.table import Ability, Data, count, number, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_KW = "(?:" + "|".join(KEYWORD_WORDS) + ")"
KEYWORD_LIST = rf"{_KW}(?:(?:, | and |, and ){_KW})*"
_SUBJECT = (r"(?P<who>~|it|that creature|enchanted creature|equipped creature|"
            r"(?:up to \w+ |another )?target [^,]+?|(?:each |all )?(?:other )?[^,]*?"
            r"creatures?(?: you control| you don't control| your opponents control)?"
            r"(?: with(?:out)? [^,]+?)?|[A-Z]\w+ you control)")


def keyword_list(text: str) -> list[str]:
    """"flying, first strike, and lifelink" -> ["flying", "first strike", "lifelink"]."""
    parts = re.split(r", and |, | and ", text.strip())
    for p in parts:
        if p not in KEYWORD_WORDS:
            raise NotUnderstood(p, "not a keyword the engine has")
    return parts


def power_toughness(pt: str, ab: Ability) -> Data:
    """"+2/+0" -> power 2; "-2/-2" -> power 2, toughness 2, negative; "+1/-1" -> power 1,
    toughness -1 (the pump effect adds the amounts, or subtracts them: ``negative``)."""
    p, t = pt.split("/")
    sp, st = p[0], t[0]
    vp, vt = number(p[1:], ab), number(t[1:], ab)
    if sp == st == "-" or (sp == "-" and vt == 0) or (st == "-" and vp == 0):
        return {"power": vp, "toughness": vt, "negative": True}
    if isinstance(vp, dict) or isinstance(vt, dict):
        if sp == "-" or st == "-":
            raise NotUnderstood(pt, "mixed signs with X")
        return {"power": vp, "toughness": vt}
    return {"power": -vp if sp == "-" else vp, "toughness": -vt if st == "-" else vt}


def subject(text: str, ab: Ability) -> list[Data]:
    """The ``what``/``each`` of effects that change creatures: one per object named."""
    t = text.strip()
    if t in ("enchanted creature",):
        return [{"what": "enchanted"}]
    if t == "equipped creature":
        raise NotUnderstood(t, "equipped creature")
    if t.startswith(("each ", "all ")):
        t = t.split(" ", 1)[1]
        return [{"each": object_filter(t, ab)}]
    if re.match(r"^(?:other |[a-z]+ )*creatures\b|^[A-Z]\w+ you control$", t):
        return [{"each": object_filter(t, ab)}]
    return [{"what": r} for r in objects(t, ab, ("creature", "permanent"))]


def _pump(who: str, ab: Ability, fields: Data) -> list[Data]:
    out = []
    for s in subject(who, ab):
        out.append({"do": "pump", **s, **fields})
    return out


@rule("effect", "pump",
      _SUBJECT + r" (?:gets?|get) (?P<pt>{PT})(?: and (?:gains?|gain) (?P<kw>" + KEYWORD_LIST
      + r"))? until end of turn")
def _pump_pt(m: re.Match[str], ab: Ability) -> list[Data]:
    fields = power_toughness(m.group("pt"), ab)
    if m.group("kw"):
        fields["keywords"] = keyword_list(m.group("kw"))
    return _pump(m.group("who"), ab, fields)


@rule("effect", "gains_keyword",
      r"(?:until end of turn, )?" + _SUBJECT + r" (?:gains?|gain) (?P<kw>" + KEYWORD_LIST
      + r")(?P<eot> until end of turn)?")
def _gains(m: re.Match[str], ab: Ability) -> list[Data]:
    if m.group(0).startswith("until end of turn, ") == bool(m.group("eot")):
        raise NotUnderstood(m.group(0), "until when")
    return _pump(m.group("who"), ab, {"keywords": keyword_list(m.group("kw"))})


_THIS_TURN = {"can't block": "can't block", "can't be blocked": "unblockable"}


@rule("effect", "cant_block_this_turn",
      _SUBJECT + r" (?P<what>can't block|can't be blocked) this turn")
def _cant_block(m: re.Match[str], ab: Ability) -> list[Data]:
    return _pump(m.group("who"), ab, {"keywords": [_THIS_TURN[m.group("what")]]})


@rule("effect", "pump_and_cant_be_blocked",
      _SUBJECT + r" gets (?P<pt>{PT}) until end of turn and (?P<what>can't block|can't be "
      r"blocked) this turn")
def _pump_unblockable(m: re.Match[str], ab: Ability) -> list[Data]:
    fields = power_toughness(m.group("pt"), ab)
    fields["keywords"] = [_THIS_TURN[m.group("what")]]
    return _pump(m.group("who"), ab, fields)


@rule("effect", "protection_from_chosen_color",
      r"(?P<who>target [^,]+?) gains protection from the color of your choice until end of "
      r"turn")
def _protection(m: re.Match[str], ab: Ability) -> list[Data]:
    refs = objects(m.group("who"), ab, ("creature", "permanent"))
    return [{"do": "protection_from_chosen_color", "what": r} for r in refs]


# --- counters --------------------------------------------------------------------------

_COUNTER = r"(?P<n>{N}) (?P<kind>\+1/\+1|-1/-1|level) counters?"


@rule("effect", "put_counters", r"put " + _COUNTER + r" on (?P<what>.+)")
def _put_counters(m: re.Match[str], ab: Ability) -> list[Data]:
    n = number(m.group("n"), ab)
    kind = m.group("kind")
    if (m.group(0).count(" counters ") > 0) != (n != 1):
        raise NotUnderstood(m.group(0), "counter or counters")
    what = m.group("what")
    if what.startswith("each "):
        return [{"do": "add_counters", "counter": kind, "amount": n,
                 "each": object_filter(what[5:], ab)}]
    refs = objects(what, ab, ("creature", "permanent"))
    return [{"do": "add_counters", "what": r, "counter": kind, "amount": n} for r in refs]


_THIRD = re.compile(r"^(?P<n>\w+) (?P<kind>\+1/\+1|-1/-1) counters? on (?P<what>(?:another|a "
                    r"third|a fourth) target creature)$")


@rule("effect", "put_counters_each_target",
      r"put " + _COUNTER + r" on (?P<first>target creature)(?P<rest>(?:, \w+ (?:\+1/\+1|-1/-1)"
      r" counters? on (?:another|a third|a fourth) target creature)*,? and \w+ (?:\+1/\+1|-1/-1)"
      r" counters? on (?:another|a third|a fourth) target creature)")
def _counters_list(m: re.Match[str], ab: Ability) -> list[Data]:
    kind = m.group("kind")
    out = [{"do": "add_counters", "what": ab.target({"kind": "creature"}), "counter": kind,
            "amount": count(m.group("n"))}]
    for part in re.split(r", and |, | and ", m.group("rest").lstrip(", ")):
        if not part:
            continue
        p = _THIRD.match(part.strip())
        if p is None or p.group("kind") != kind:
            raise NotUnderstood(part, "counters on another target")
        ref = ab.target({"kind": "creature", "distinct": True})
        out.append({"do": "add_counters", "what": ref, "counter": kind,
                    "amount": count(p.group("n"))})
    return out


@rule("effect", "base_power_toughness",
      r"each (?P<what>other creature) has base power and toughness (?P<p>\d+)/(?P<t>\d+) until "
      r"end of turn")
def _base_pt(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "set_base_power_toughness", "each": object_filter(m.group("what"), ab),
             "power": int(m.group("p")), "toughness": int(m.group("t"))}]


@rule("effects2", "becomes_creature",
      r"(?P<what>target [A-Z]\w+) becomes a (?P<p>\d+)/(?P<t>\d+) creature\. It's still a "
      r"land\.")
def _becomes(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    refs = objects(m.group("what"), ab, ("permanent",))
    if len(refs) != 1 or ab.targets[-1].get("filter", {}).get("subtypes") is None:
        raise NotUnderstood(m.group(0), "becomes")
    return before + [{"do": "becomes", "what": refs[0], "power": int(m.group("p")),
                      "toughness": int(m.group("t"))}]
