"""Clause patterns of optional additional costs and the conditions that read them.

- "As an additional cost to cast this spell, you may collect evidence N." (701.59a paid
  as an optional additional cost, 601.2b): the card's keyword "Collect evidence N"
  (``engine/keywords/collect_evidence.py``); "If evidence was collected" reads it.
- Bargain (702.166a) is a keyword line (``engine/keywords/bargain.py``); "if this spell
  was bargained" (702.166b) and "if it was bargained" (702.166c) read it.
- "if it was kicked" (702.33d) of a permanent's own "enters" trigger: the permanent a
  kicked spell became (``engine.keywords.kicker``, ``GameObject.cast_paid``).
- "If [condition], instead [effects]." after one effect: a self-replacement (614.15)
  checked as the spell resolves (608.2c), the effect replaced by the new ones when the
  condition holds, on the same targets (601.2c).
- "[player] sacrifices a creature with the greatest power among creatures they control"
  (701.21a): ``sacrifice``'s ``greatest_power``.

Imported before ``fx_objects`` by the compiler, whose general "sacrifices" pattern would
otherwise take the greatest-power clause and refuse it.
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.effects import sub_clause
from mtgsim.engine.cards.oracle.nouns import COLOR_WORDS, read_noun
from mtgsim.engine.cards.oracle.refs import PLAYER, player
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
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("static", "collect_evidence_cost",
      r"As an additional cost to cast ~, you may collect evidence (?P<n>[1-9]\d*)\.")
def _collect_evidence(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    """701.59a as an optional additional cost (601.2b): the card's "Collect evidence N"."""
    return {"keywords": [f"Collect evidence {int(m.group('n'))}"]}


def _has_keyword(ab: Ability, name: str, clause: str) -> None:
    """The card has the keyword the condition reads, on a line of its own: a condition
    about a cost the card can't pay would never hold."""
    assert ab.ctx is not None
    lines = [line.lower() for line in ab.ctx.lines]
    if not any(line == name or line.startswith(name + " ") for line in lines):
        raise NotUnderstood(clause, f"a {name} condition without {name}")


@rule("condition", "if_evidence_collected", r"(?:if )?evidence was collected")
def _evidence(m: re.Match[str], ab: Ability) -> Data:
    _has_keyword(ab, "as an additional cost to cast ~, you may collect evidence", m.group(0))
    return {"if": "optional_cost_paid", "keyword": "collect evidence"}


@rule("condition", "if_bargained", r"(?:if )?(?P<who>~|this spell|it) was bargained")
def _bargained(m: re.Match[str], ab: Ability) -> Data:
    """702.166b (the spell) and 702.166c (the permanent it became: "it" in its own
    trigger)."""
    if m.group("who") == "it" and ab.it != "self":
        raise NotUnderstood(m.group(0), "what was bargained")
    _has_keyword(ab, "bargain", m.group(0))
    return {"if": "optional_cost_paid", "keyword": "bargain"}


@rule("condition", "if_it_was_kicked", r"(?:if )?it was kicked")
def _it_kicked(m: re.Match[str], ab: Ability) -> Data:
    """702.33d of the permanent itself ("When this creature enters, if it was kicked")."""
    if ab.it != "self" or ab.kind == "spell":
        raise NotUnderstood(m.group(0), "what was kicked")
    return {"if": "kicked"}


@rule("amend", "damage_instead_if_paid",
      r"if (?P<cond>[^,]+), instead it deals (?P<n>{N}) damage to that (?:permanent|creature)"
      r"(?: and (?:you )?(?P<rest>[^.]+))?\.")
def _damage_instead(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """Torch the Tower's "If this spell was bargained, instead it deals 3 damage to that
    permanent and you scry 1.": the one damage effect before it, to its one target, dealt
    the new amount, and what follows "and"."""
    last = before[-1] if len(before) == 1 else {}
    to = last.get("to", "t0")
    if last.get("do") != "damage" or "each" in last or ab.kind != "spell" or \
            len(ab.targets) != 1 or to != "t0":
        raise NotUnderstood(m.group(0), "instead of what")
    cond = condition_of(m, "cond", ab)
    amended = [dict(last, amount=number(m.group("n"), ab))]
    if m.group("rest"):
        amended += sub_clause(m, "rest", ab)
    return [{"do": "if", "condition": cond, "effects": amended, "otherwise": before}]


@rule("amend", "instead_if_paid",
      r"if (?P<cond>[^,]+), instead (?P<eff>[^.]+)\.")
def _instead(m: re.Match[str], ab: Ability, before: list[Data]) -> list[Data]:
    """"If [condition], instead [effects]." (614.15): replaces the one effect before it,
    whose targets the new effects share (an ability whose sentence before made several
    effects is refused: which of them "instead" replaces is not read)."""
    if len(before) != 1:
        raise NotUnderstood(m.group(0), "instead of what")
    cond = condition_of(m, "cond", ab)
    amended = sub_clause(m, "eff", ab)
    return [{"do": "if", "condition": cond, "effects": amended, "otherwise": before}]


@rule("effect", "sacrifices_greatest_power",
      rf"(?P<who>{PLAYER}) sacrifices? a creature with the greatest power among creatures "
      r"(?:they|you) control")
def _greatest(m: re.Match[str], ab: Ability) -> list[Data]:
    who = player(m.group("who"), ab)
    return [{"do": "sacrifice", "who": who, "filter": {"types": ["creature"]},
             "greatest_power": True}]


@rule("condition", "if_no_cards_of_type_in_hand",
      r"(?:if )?you have no (?P<type>land|creature|artifact) cards in hand")
def _none_in_hand(m: re.Match[str], ab: Ability) -> Data:
    """Land Grant's "If you have no land cards in hand" (its alternative cost, 118.9):
    not one card of that type in your hand."""
    return {"if": "not", "condition": {"if": "cards_at_least", "amount": 1, "zone": "hand",
                                       "filter": {"types": [m.group("type")]}}}


@rule("static", "alternative_cost_exile_graveyard_top",
      r"You may exile the top (?P<n>{N}) (?P<color>white|blue|black|red|green) cards of "
      r"your graveyard rather than pay ~'s mana cost\.")
def _exile_top(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    """Spinning Darkness (118.9): an alternative cost of graveyard cards, the top N of
    that colour (``engine.rules.cost_parts_cards``)."""
    n = count(m.group("n"))
    return {"card": {"alternative_cost": {
        "exile_graveyard_top": n,
        "exile_graveyard_filter": {"colors": [COLOR_WORDS[m.group("color")]]}}}}


@rule("effect", "gain_times_x_life", r"you gain (?P<n>two|three|four) times X life")
def _times_x(m: re.Match[str], ab: Ability) -> list[Data]:
    """Martyr of Sands' "You gain three times X life", X defined by its cost (107.3)."""
    if not ab.x:
        raise NotUnderstood(m.group(0), "X is not defined")
    return [{"do": "gain_life", "amount": {"of": "x", "times": count(m.group("n"))}}]


@rule("static", "additional_cost_choose_or_reveal",
      r"As an additional cost to cast ~, choose an? (?P<a>[^.]+?) you control or reveal an? "
      r"(?P<b>[^.]+?) card from your hand\.")
def _choose_or_reveal(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    """Monstrous Emergence (601.2b): "choose a creature you control or reveal a creature
    card from your hand", two ways to cast it (``additional_cost_or``); the spell
    remembers the one chosen (``"chosen"``)."""
    a = read_noun(m.group("a") + " you control", ab)
    b = read_noun(m.group("b") + " card", ab)
    if a.noun != "permanent" or a.plural or b.noun != "card" or b.plural:
        raise NotUnderstood(m.group(0), "choose or reveal what")
    f = dict(a.filter)
    f.pop("controller", None)
    return {"card": {"additional_cost": {"choose": f},
                     "additional_cost_or": {"reveal_card": b.filter}}}


@rule("effect", "damage_equal_to_chosen_power",
      r"~ deals damage equal to the power of the (?:creature|permanent) you chose or the "
      r"card you revealed to target creature")
def _chosen_power(m: re.Match[str], ab: Ability) -> list[Data]:
    """The power of what the additional cost chose or revealed, as the spell resolves
    (a creature's current power, the revealed card's printed one; 608.2h if it left)."""
    assert ab.ctx is not None
    if ab.kind != "spell" or not any(line.startswith("As an additional cost to cast ~, choose")
                                     for line in ab.ctx.lines):
        raise NotUnderstood(m.group(0), "which creature was chosen")
    to = ab.target({"kind": "creature"})
    out: Data = {"do": "damage", "amount": {"of": "power_of", "what": "chosen"}}
    if to != "t0":
        out["to"] = to
    return [out]


@rule("static", "kicked_enters_with_counters",
      r"If ~ was kicked, it enters(?: the battlefield)? with (?P<n>{N}) (?P<kind>[+-]1/[+-]1) "
      r"counters? on it\.")
def _kicked_counters(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    """"If this creature was kicked, it enters with two +1/+1 counters on it." (614.1c
    with 702.33d): a replacement of its entering that applies only to a kicked spell."""
    if "creature" not in ctx.types or not any(line.lower().startswith("kicker")
                                              for line in ctx.lines):
        raise NotUnderstood(m.group(0), "kicked what")
    out: Data = {"type": "replacement", "kind": "enters_with_counters",
                 "amount": count(m.group("n")), "condition": {"if": "kicked"}}
    if m.group("kind") != "+1/+1":
        out["counter"] = m.group("kind")
    return {"abilities": [out]}
