"""Matching objects against card-text qualities ("nonblack creature you control")."""

from __future__ import annotations

from engine.cards import COLOR_BIT, KEYWORD_BITS, TYPE_BIT, Filter
from engine.state import GameObject, GameState

_TYPE_MASKS: dict[tuple[str, ...], int] = {}
_COLOR_MASKS: dict[tuple[str, ...], int] = {}


def type_mask(types: tuple[str, ...]) -> int:
    m = _TYPE_MASKS.get(types)
    if m is None:
        m = 0
        for t in types:
            m |= TYPE_BIT[t]
        _TYPE_MASKS[types] = m
    return m


def color_mask(colors: tuple[str, ...]) -> int:
    m = _COLOR_MASKS.get(colors)
    if m is None:
        m = 0
        for c in colors:
            m |= COLOR_BIT[c]
        _COLOR_MASKS[colors] = m
    return m


def has_subtype(obj: GameObject, subtype: str) -> bool:
    return subtype in obj.card.subtypes or subtype in obj.extra_subtypes


def matches(state: GameState, f: Filter, obj: GameObject, controller: int,
            source: int = -1) -> bool:
    """Does ``obj`` have the qualities ``f`` names, seen from ``controller``'s side?"""
    card = obj.card
    if f.types and not card._type_mask & type_mask(f.types):
        return False
    if f.not_types and card._type_mask & type_mask(f.not_types):
        return False
    if f.subtypes and not any(has_subtype(obj, s) for s in f.subtypes):
        return False
    if f.supertypes and not all(s in card.supertypes for s in f.supertypes):
        return False
    if f.colors and not card._color_mask & color_mask(f.colors):
        return False
    if f.not_colors and card._color_mask & color_mask(f.not_colors):
        return False
    if f.multicolored and bin(card._color_mask & 31).count("1") < 2:
        return False
    if f.controller != "any":
        if (obj.controller == controller) != (f.controller == "you"):
            return False
    if f.other and obj.oid == source:
        return False
    if f.tapped is not None and obj.tapped != f.tapped:
        return False
    if f.max_mana_value is not None and card._mana_value > f.max_mana_value:
        return False
    if f.max_power is not None and obj.power > f.max_power:
        return False
    if f.token is not None and obj.token != f.token:
        return False
    if f.has_keyword:
        for k in f.has_keyword:
            if not obj.kw & KEYWORD_BITS[k]:
                return False
    if f.attacking or f.blocking:
        combat = state.combat
        if combat is None:
            return False
        if f.attacking and obj.oid not in combat.attackers:
            return False
        if f.blocking and obj.oid not in combat.blocking:
            return False
    return True
