"""Clause patterns of a spell's own cost reductions (601.2f, 118.7a;
``engine/rules/cost_changes.py``): "~ costs {1} less to cast for each instant and sorcery
card in your graveyard." (Tolarian Terror) and "~ costs {2} less to cast if you control a
Human creature." (Of One Mind). Affinity (702.41a) is a keyword
(``engine/keywords/affinity.py``), read on a keyword line.

Only a reduction of generic mana by a number is read ("costs {U} less" and "costs {X}
less" are refused with the clause); of those that depend on the spell's targets, only
"if it targets a [permanent]" (Ride's End: ``if_targets``, which 601.2f counts once the
targets are chosen; casting offers only the targets that leave the cost payable).
"""

from __future__ import annotations

import re

from mtgsim.engine.cards.oracle.amounts import counted
from mtgsim.engine.cards.oracle.costs import mana_cost, parse_cost_text
from mtgsim.engine.cards.oracle.nouns import read_noun
from mtgsim.engine.cards.oracle.table import Ability, Ctx, Data, Out, condition_of, rule
from mtgsim.engine.cards.oracle.text import NotUnderstood


@rule("static", "costs_less_for_each",
      r"~ costs \{(?P<n>[1-9])\} less to cast for each (?P<each>[^.]+)\.")
def _less_for_each(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    """"~ costs {1} less to cast for each [thing]": {N} times the count (601.2f)."""
    per = counted(m.group("each"), ab)
    if isinstance(per, int):
        raise NotUnderstood(m.group("each"), "for each what")
    return {"card": {"cost_reductions": [{"generic": int(m.group("n")), "per": per}]}}


@rule("static", "costs_less_if",
      r"~ costs \{(?P<n>[1-9])\} less to cast if (?P<cond>[^.]+)\.")
def _less_if(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    """"~ costs {2} less to cast if [condition]": checked as the total cost is
    determined (601.2f). A condition on the spell's targets is not one the engine has."""
    targets = re.fullmatch(r"it targets an? (?P<what>.+)", m.group("cond"))
    if targets is not None:
        return {"card": {"cost_reductions": [{"generic": int(m.group("n")),
                                              "if_targets": _target_filter(targets, m, ab)}]}}
    if re.search(r"\bit targets\b", m.group("cond")):
        raise NotUnderstood(m.group("cond"), "a reduction that depends on the targets")
    cond = condition_of(m, "cond", ab)
    return {"card": {"cost_reductions": [{"generic": int(m.group("n")), "condition": cond}]}}


def _target_filter(t: re.Match[str], m: re.Match[str], ab: Ability) -> Data:
    """"if it targets a tapped permanent" (Ride's End, 601.2f after 601.2c): the filter
    one of its targets must match. Not on a spell with {X} (its X is chosen before the
    targets, counting on the reduction) nor on a permanent spell (no targets)."""
    ctx = ab.ctx
    assert ctx is not None
    if ab.x or not ("instant" in ctx.types or "sorcery" in ctx.types):
        raise NotUnderstood(m.group(0), "a reduction that depends on the targets")
    n = read_noun(t.group("what"), ab)
    if n.noun != "permanent" or n.plural:
        raise NotUnderstood(t.group("what"), "targets what")
    return n.filter


# The parts of an alternative cost the engine pays for a spell (engine.rules.cost_parts)
_ALT_PARTS = {"mana", "pay_life", "sacrifice", "sacrifice_n", "discard", "tap_untapped",
              "tap_untapped_count", "reveal_hand"}


@rule("static", "alternative_cost_if",
      r"If (?P<cond>[^,]+), you may (?P<cost>[^.]+?) rather than pay ~'s mana cost\.")
def _alternative_if(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    """"If you control a Swamp, you may pay 4 life rather than pay this spell's mana
    cost." (Snuff Out; 118.9): an alternative cost offered only while the condition
    holds, checked as the spell is cast (601.2b)."""
    text = m.group("cost")
    paid = re.fullmatch(r"pay (?P<mana>(?:\{[^}]+\})+)", text)  # "you may pay {R}" (Traps)
    cost = {"mana": mana_cost(paid.group("mana"))} if paid is not None else \
        parse_cost_text(text[0].upper() + text[1:], ab)
    if not cost or set(cost) - _ALT_PARTS:
        raise NotUnderstood(text, "an alternative cost of this kind")
    cond = condition_of(m, "cond", ab)
    return {"card": {"alternative_cost": cost, "alternative_if": cond}}


# The parts of an additional cost the engine pays for a spell (as "additional_cost")
_EXTRA_PARTS = {"sacrifice", "sacrifice_n", "discard", "pay_life", "tap_untapped",
                "tap_untapped_count"}
_VERB = r"(?:sacrifice|discard|pay|tap|exile|return|put|remove) "


def _one_cost(text: str, ab: Ability, mana_ok: bool) -> Data:
    paid = re.fullmatch(r"pay (?P<mana>(?:\{[^}]+\})+)", text)
    if paid is not None:
        if not mana_ok:
            raise NotUnderstood(text, "mana as the first of two additional costs")
        return {"mana": mana_cost(paid.group("mana"))}
    cost = parse_cost_text(text[0].upper() + text[1:], ab)
    if not cost or set(cost) - _EXTRA_PARTS:
        raise NotUnderstood(text, "an additional cost of this kind")
    return cost


@rule("static", "additional_cost_or",
      rf"As an additional cost to cast ~, (?P<a>{_VERB}[^.]+?) or (?P<b>{_VERB}[^.]+)\.")
def _additional_or(m: re.Match[str], ab: Ability, ctx: Ctx) -> Out:
    """"As an additional cost to cast this spell, sacrifice a creature or discard a
    card." (Bone Shards; 601.2b): the caster pays one of the two, chosen as the spell is
    cast (two ways to cast it: engine.rules.spell_costs.ALT_OTHER_ADDITIONAL pays the
    second). Only the second may be mana ("discard a card or pay {5}", Lightning Axe)."""
    first = _one_cost(m.group("a"), ab, mana_ok=False)
    second = _one_cost(m.group("b"), ab, mana_ok=True)
    return {"card": {"additional_cost": first, "additional_cost_or": second}}


@rule("condition", "if_your_turn", r"(?:if )?it's your turn")
def _your_turn(m: re.Match[str], ab: Ability) -> Data:
    """"If it's your turn" (Mine Collapse's alternative cost): not "not your turn"."""
    return {"if": "not", "condition": {"if": "not_your_turn"}}
