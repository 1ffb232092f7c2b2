"""Mana abilities that tap a creature too: "{T}, Tap an untapped creature you control:
Add one mana of any color." (Springleaf Drum, 605.1a; summoning sickness doesn't matter for
the creature, 302.6), and the plain ability beside one (Holdout Settlement's "{T}: Add
{C}.").

Split from ``engine.rules.payment``: the mana units (``engine.rules.mana_units``) count no
more such abilities than there are creatures to tap; a payment taps them.
"""

from __future__ import annotations

from collections.abc import Collection

from mtgsim.engine.cards import KW_DEFENDER, T_CREATURE
from mtgsim.engine.rules.mana import mana_color_mask
from mtgsim.engine.rules.mana_sources import _mana_sources, mana_abilities_of
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import GameObject, GameState


def helpers(state: GameState, player: int, exclude: Collection[int] = ()) -> list[GameObject]:
    """The creatures ``player`` could tap for a mana ability's "Tap an untapped creature
    you control" (Springleaf Drum; summoning sickness doesn't matter, 302.6): untapped,
    not mana sources themselves (whose own mana tapping them would give up), not in
    ``exclude``; those that can't attack this turn first (summoning sick or with defender),
    then in battlefield order."""
    sources = {s[0].oid for s in _mana_sources(state).players[player]}
    idle: list[GameObject] = []
    rest: list[GameObject] = []
    for o in permanents(state):
        if o.controller != player or o.tapped or o.oid in sources or o.oid in exclude or \
                not (o.card.type_mask | o.extra_types) & T_CREATURE:
            continue
        if o.sick or o.kw & KW_DEFENDER:
            idle.append(o)
        else:
            rest.append(o)
    return idle + rest


def _helped(state: GameState, units: list[int], sources: list[tuple[int, int]],
            player: int, exclude: Collection[int]) -> tuple[list[int], list[tuple[int, int]]]:
    """``units`` and ``sources`` with no more units of abilities that tap a creature than
    there are creatures to tap outside ``exclude`` (the last ones dropped)."""
    objects = state.objects
    room = -1
    out_units: list[int] = []
    out_sources: list[tuple[int, int]] = []
    changed = False
    for u, (oid, idx) in zip(units, sources, strict=True):
        if oid >= 0 and mana_abilities_of(objects[oid])[idx].tap_creature:
            if room < 0:
                room = len(helpers(state, player, exclude))
            if room == 0:
                changed = True
                fb = helped_fallback(objects[oid])
                if fb >= 0:  # its plain ability alone (Holdout Settlement's {C})
                    out_units.append(mana_color_mask(mana_abilities_of(objects[oid])[fb].colors))
                    out_sources.append((oid, fb))
                continue
            room -= 1
        out_units.append(u)
        out_sources.append((oid, idx))
    if not changed:
        return units, sources
    return out_units, out_sources


def helped_fallback(o: GameObject) -> int:
    """The index of the plain one-mana ability beside an ability that taps a creature too
    (Holdout Settlement's "{T}: Add {C}." beside "{T}, Tap an untapped creature you
    control: Add one mana of any color.", which engine.cards.pool alone allows), or -1.
    Both tap the land: it is one unit, made by the plain ability when no creature is left
    to tap or when what it pays ({C}, generic mana) needs no creature tapped (605.1a)."""
    abilities = mana_abilities_of(o)
    if len(abilities) != 2 or not (abilities[0].tap_creature or abilities[1].tap_creature):
        return -1
    return 1 if abilities[0].tap_creature else 0
