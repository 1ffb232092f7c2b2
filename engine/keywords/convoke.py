"""Convoke (702.51).

702.51a: a static ability that functions while the spell with convoke is on the stack:
for each coloured mana in the spell's total cost you may tap an untapped creature of that
colour you control rather than pay that mana, and for each generic mana an untapped
creature you control. Tapping a creature this way is not a {T} cost, so a creature that
came under your control this turn can convoke.
702.51b: it is neither an additional nor an alternative cost and applies only after the
total cost is known: engine.casting.cast_task totals the cost (mana cost or alternative
cost, X, replicate, kicker) first, then engine.casting.ask_convoke asks "convoke_tap"
questions, one creature at a time, and engine.payment.apply_convoke matches each tapped
creature to one coloured symbol of one of its colours or one generic mana. A creature
that would pay nothing (or leave the rest unpayable) is never offered, so such a cast is
illegal. Legal-action checks count each untapped creature as one more mana unit
(engine.payment.convoke_pool), so X and additional costs can be convoked too.
702.51c: the creatures tapped this way "convoked" the spell; they are counted in the
``convoked_creatures`` statistic.
702.51d: multiple instances are redundant: the spell either has convoke or not
(``spell_has_convoke``), whether printed or granted ("Artifact spells you cast have
convoke": a static ability with applies_to = "spells_you_cast").
"""

from __future__ import annotations

from mtgsim.engine.conditions import condition_holds
from mtgsim.engine.filters import matches
from mtgsim.engine.memo import memo
from mtgsim.engine.state import GameObject, GameState


def _granters(state: GameState) -> list[int]:
    """Permanents with "[quality] spells you cast have [keyword]" static abilities."""
    objects = state.objects
    return [oid for oid in state.battlefield
            if any(st.applies_to == "spells_you_cast" for st in objects[oid].card._statics)]


def spell_granters(state: GameState) -> list[int]:
    if not state.derived.spell_granters:  # counted as permanents enter and leave (zones)
        return []
    return memo(state, "spell_granters", _granters)


def spell_keyword_granted(state: GameState, player: int, obj: GameObject, name: str) -> bool:
    """Does a static ability of a permanent ``player`` controls give this spell (cast by
    ``player``) the keyword ``name``: "[Quality] spells you cast have [keyword]"?"""
    objects = state.objects
    for oid in memo(state, "spell_granters", _granters):
        src = objects[oid]
        if src.controller != player or src.lost_abilities:
            continue
        for st in src.card._statics:
            if st.applies_to != "spells_you_cast" or not any(
                    k.lower() == name for k in st.spell_keywords):
                continue
            if st.condition is not None and not condition_holds(
                    state, st.condition, player, src):
                continue
            if matches(state, st.filter, obj, player, src.oid):
                return True
    return False


def spell_has_convoke(state: GameState, player: int, obj: GameObject) -> bool:
    """The spell ``player`` casts (or is casting) has convoke: printed or granted; any
    number of instances count as one (702.51d)."""
    return obj.card.has_keyword("convoke") or (
        state.derived.spell_granters > 0 and spell_keyword_granted(state, player, obj, "convoke"))
