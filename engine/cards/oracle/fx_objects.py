"""Clause patterns that act on permanents and spells: destroy, exile, return to hand,
tap and untap, counter, sacrifice, gain control, regenerate, copy
(``engine/effects/destroy.py``, ``exile``, ``bounce``, ``tap``, ``untap``,
``untap_each``, ``choose_one``, ``counter``, ``sacrifice``, ``gain_control``,
``regenerate``, ``copy_spell``, ``extra_turn``...)."""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.effects import sub_clause
from mtgsim.engine.cards.oracle.nouns import object_filter, read_noun
from mtgsim.engine.cards.oracle.refs import PLAYER, objects, one_object, player
from mtgsim.engine.cards.oracle.table import Ability, Data, count, number, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood

_PERMANENT_KINDS = ("creature", "permanent")


def _each(verb: str, what: str, ab: Ability) -> list[Data]:
    return [{"do": verb, "each": object_filter(what, ab)}]


@rule("effect", "destroy", r"destroy (?P<what>.+)")
def _destroy(m: re.Match[str], ab: Ability) -> list[Data]:
    what = m.group("what")
    if what.startswith(("all ", "each ")):
        return _each("destroy", what.split(" ", 1)[1], ab)
    return [{"do": "destroy", "what": r} for r in objects(what, ab, _PERMANENT_KINDS)]


@rule("amend", "cant_be_regenerated", r"(?:it|they) can't be regenerated\.")
def _no_regen(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    last = before[-1]
    if last.get("do") != "destroy" or last.get("no_regenerate"):
        raise NotUnderstood(m.group(0), "nothing destroyed before")
    if m.group(0).startswith("they") != ("each" in last or len(before) > 1 and
                                          before[-2].get("do") == "destroy"):
        raise NotUnderstood(m.group(0), "it or they")
    out = [dict(e, no_regenerate=True) if e.get("do") == "destroy" else e for e in before]
    return out


@rule("effect", "exile", r"exile (?P<what>(?:up to \w+ |another )?target .+|~)")
def _exile(m: re.Match[str], ab: Ability) -> list[Data]:
    what = m.group("what")
    if " until " in what or " face down" in what:
        raise NotUnderstood(what, "exile until")
    refs = objects(what, ab, (*_PERMANENT_KINDS, "card_in_graveyard", "any"))
    return [{"do": "exile", "what": r} for r in refs]


@rule("effect", "bounce", r"return (?P<what>.+?) to (?:its|their) owners?'s? hands?")
def _bounce(m: re.Match[str], ab: Ability) -> list[Data]:
    what = m.group("what")
    if "graveyard" in what:
        raise NotUnderstood(what, "from a graveyard")
    if what in ("~", "it") and ab.when in ("dies", "leaves_to_graveyard",
                                           "put_into_graveyard"):
        raise NotUnderstood(what, "it is in a graveyard by then")
    refs = objects(what, ab, _PERMANENT_KINDS)
    return [{"do": "bounce", "what": r} for r in refs]


@rule("effects2", "bounce_then_controller_loses_life",
      r"return (?P<what>target [^.]+?) to its owner's hand\. Its controller loses "
      r"(?P<n>{N}) life\.")
def _bounce_life(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """"Its controller" is the permanent's controller as the spell resolves: the life
    loss is done first, so the controller is still known (608.2c: nothing happens in
    between, so the order does not change the result)."""
    ref = one_object(m.group("what"), ab, _PERMANENT_KINDS)
    return before + [{"do": "lose_life", "amount": number(m.group("n"), ab),
                      "who": f"controller_of:{ref}"}, {"do": "bounce", "what": ref}]


@rule("effect", "tap", r"(?P<verb>tap|untap) (?P<what>.+)")
def _tap(m: re.Match[str], ab: Ability) -> list[Data]:
    verb, what = m.group("verb"), m.group("what")
    if what.startswith("all "):
        if verb != "untap":
            raise NotUnderstood(what, "tap all")
        return [{"do": "untap_each", "filter": object_filter(what[4:], ab)}]
    return [{"do": verb, "what": r} for r in objects(what, ab, _PERMANENT_KINDS)]


@rule("effect", "tap_or_untap", r"tap or untap (?P<what>.+)")
def _tap_or_untap(m: re.Match[str], ab: Ability) -> list[Data]:
    ref = one_object(m.group("what"), ab, _PERMANENT_KINDS)
    tail = {} if ref == "t0" else {"what": ref}
    return [{"do": "choose_one", "labels": ["tap", "untap"],
             "options": [[{"do": "tap", **tail}], [{"do": "untap", **tail}]]}]


@rule("effect", "doesnt_untap_next",
      r"(?P<what>it|that creature|those creatures|target creature) (?:doesn't|don't) untap "
      r"during (?:its|their) controllers?'s? next untap steps?")
def _doesnt_untap(m: re.Match[str], ab: Ability) -> list[Data]:
    if m.group("what") == "those creatures":
        tapped = [t for t in range(len(ab.targets))]
        if len(tapped) < 2:
            raise NotUnderstood(m.group(0), "those creatures")
        return [{"do": "doesnt_untap_next", "what": f"t{i}"} for i in tapped]
    return [{"do": "doesnt_untap_next", "what": one_object(m.group("what"), ab)}]


@rule("effect", "counter", r"counter (?P<what>target .+?)(?: unless its controller pays "
                           r"(?P<pay>{MANA}))?")
def _counter(m: re.Match[str], ab: Ability) -> list[Data]:
    ref = one_object(m.group("what"), ab, ("spell",))
    out: Data = {"do": "counter", "what": ref}
    if m.group("pay"):
        out["unless_pay"] = m.group("pay")
    return [out]


@rule("effect", "counter_unless_discard_hand",
      r"counter (?P<what>target .+?) unless its controller discards their hand")
def _counter_discard(m: re.Match[str], ab: Ability) -> list[Data]:
    ref = one_object(m.group("what"), ab, ("spell",))
    return [{"do": "counter_unless_discard_hand", "what": ref}]


@rule("effect", "sacrifice_self", r"sacrifice ~")
def _sacrifice_self(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "sacrifice", "what": "self"}]


@rule("effect", "sacrifices",
      rf"(?P<who>{PLAYER}) sacrifices? (?P<n>{{N}}) (?P<what>[^.]+?)(?: of their choice)?")
def _sacrifices(m: re.Match[str], ab: Ability) -> list[Data]:
    who = player(m.group("who"), ab)
    n = count(m.group("n"))
    noun = read_noun(m.group("what"), ab)
    if noun.noun != "permanent" or noun.plural != (n > 1):
        raise NotUnderstood(m.group("what"), "what is sacrificed")
    out: Data = {"do": "sacrifice", "who": who, "filter": noun.filter}
    if n != 1:
        out["amount"] = n
    return [out]


@rule("effect", "gain_control",
      r"gain control of (?P<what>target .+?)(?P<until> until end of turn| for as long as ~ "
      r"remains on the battlefield)?")
def _gain_control(m: re.Match[str], ab: Ability) -> list[Data]:
    ref = one_object(m.group("what"), ab, _PERMANENT_KINDS)
    out: Data = {"do": "gain_control", "what": ref}
    until = m.group("until") or ""
    if "end of turn" in until:
        out["until_end_of_turn"] = True
    elif until:
        out["while_source_on_battlefield"] = True
    return [out]


@rule("effect", "regenerate", r"regenerate (?P<what>~|target .+|enchanted creature)")
def _regenerate(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "regenerate", "what": one_object(m.group("what"), ab, ("creature",))}]


@rule("effect", "extra_turn", r"take an extra turn after this one")
def _extra_turn(m: re.Match[str], ab: Ability) -> list[Data]:
    return [{"do": "extra_turn"}]


@rule("effects2", "copy_spell",
      r"copy (?P<what>target .+? spell)(?P<twice> twice)?\. You may choose new targets for "
      r"the (?:copy|copies)\.")
def _copy(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    ref = one_object(m.group("what"), ab, ("spell",))
    n = 2 if m.group("twice") else 1
    return before + [{"do": "copy_spell", "what": ref}] * n


@rule("effect", "you_may", r"you may (?P<rest>.+)")
def _you_may(m: re.Match[str], ab: Ability) -> list[Data]:
    """"You may [effect]" (a triggered ability's leading "you may" is its optional,
    read with its trigger)."""
    return [{"do": "may", "effects": sub_clause(m, "rest", ab)}]
