"""Convoke (702.51) beside mana abilities that tap an untapped creature too (Springleaf
Drum: "{T}, Tap an untapped creature you control: Add one mana of any color."; Saruli
Caretaker, a creature with the same ability): whether a cost can be paid, exactly.

601.2g: the mana abilities are activated before the costs are paid (601.2h), and
convoke's creatures are tapped as the total cost is paid (702.51a-b). A creature tapped
to pay such a mana ability's cost (605.1a: a mana ability may have a non-mana cost) is
tapped when convoke comes to be paid, and a creature tapped to convoke was not there to
pay that cost: each untapped creature does one or the other, never both.

``convoke_pool`` counts each untapped creature once as convoke's unit, and the player's
mana units (``payment.mana_units``) count as many such abilities' mana as there are
creatures to tap: the same creatures twice. ``convoke_payable`` answers with the real
choices: which of those abilities are activated (a creature with such an ability that is
not activated may convoke itself) and which creatures they tap, the others convoking.
Creatures of the same colours, and abilities of the same mana from sources alike, are
interchangeable, so only the counts taken from each group are tried; the answer is
whether any choice leaves a pool (``engine.rules.mana.can_pay``) that pays the cost.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterator
from typing import TypeVar

from mtgsim.engine.cards import T_CREATURE
from mtgsim.engine.rules.mana import can_pay, mana_color_mask
from mtgsim.engine.rules.mana_helped import helped_fallback, helpers
from mtgsim.engine.rules.mana_sources import mana_abilities_of
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.state.game_state import GameObject, GameState

# (unit mask, the colours its source convokes with when not activated: -1 for none)
_Drum = tuple[int, int]


def convoke_unit(o: GameObject) -> int:
    """What ``o`` pays by convoking (702.51a): a unit of its colours if it is an untapped
    creature, else -1 (it cannot convoke). ``split_pool``'s ``unit`` for convoke."""
    if o.tapped or not (o.card.type_mask | o.extra_types) & T_CREATURE:
        return -1
    return o.color & 31


def split_pool(state: GameState, player: int, gone: Collection[int],
               unit: Callable[[GameObject], int]) -> tuple[list[int], list[_Drum], list[int]]:
    """``player``'s pool without the permanents in ``gone`` for a cost reduction that taps
    permanents as the cost is paid (convoke, improvise), ``unit`` saying what a permanent
    pays that way (-1: it cannot), in three parts: the units that don't depend on the
    split (other mana, with a mana source's ``unit`` for tapping it that way instead, as
    ``convoke_pool`` has them; permanents that can only be tapped that way); the
    abilities that tap a creature too (``_Drum``: not activated, its source may pay its
    ``unit``, and Holdout Settlement makes its plain {C}); the ``unit`` of each creature
    that can tap for them (``payment.helpers``). One function serves both keywords: the
    choice a creature faces, one cost or the other (601.2g-h, 605.1a), is the same."""
    units, sources = mana_units(state, player)
    objects = state.objects
    base: list[int] = []
    drums: list[_Drum] = []
    seen: set[int] = set()
    for u, (oid, idx) in zip(units, sources, strict=True):
        if oid >= 0:
            if oid in gone:
                continue
            o = objects[oid]
            first = oid not in seen
            seen.add(oid)
            if mana_abilities_of(o)[idx].tap_creature:
                # (one mana per such ability: engine.cards.pool._check_filters)
                own = unit(o)
                fallback = helped_fallback(o)
                if fallback >= 0:  # not activated, it makes its plain ability's mana
                    own = mana_color_mask(mana_abilities_of(o)[fallback].colors)
                drums.append((u, own))
                continue
            if first:
                own = unit(o)
                if own >= 0:
                    u |= own  # it makes its mana or is tapped for the keyword (convoke_pool)
        base.append(u)
    helping = helpers(state, player, gone)
    helper_ids = {o.oid for o in helping}
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller == player and oid not in seen and oid not in gone and \
                oid not in helper_ids:
            own = unit(o)
            if own >= 0:
                base.append(own)  # an untapped permanent that only pays by the keyword
    return base, drums, [unit(o) for o in helping]


def _takes(sizes: list[int], k: int, at: int = 0) -> Iterator[list[int]]:
    """Every way to take ``k`` items from groups of ``sizes`` (from ``at`` on), as the
    count taken from each group."""
    if at == len(sizes):
        if k == 0:
            yield []
        return
    room = sum(sizes[at + 1:])
    for take in range(max(0, k - room), min(k, sizes[at]) + 1):
        for rest in _takes(sizes, k - take, at + 1):
            yield [take, *rest]


_T = TypeVar("_T", int, _Drum)


def _counted(values: list[_T]) -> list[tuple[_T, int]]:
    """(value, count) of ``values``, in value order (determinism: never a set's order)."""
    return sorted(Counter(values).items())


def split_pools(base: list[int], drums: list[_Drum], helping: list[int]) -> Iterator[
        list[int]]:
    """Every pool a split of ``helping`` between convoke and ``drums`` gives (each
    distinct pool once). A helper of value -1 pays nothing when not tapped for a drum
    (improvise's non-artifact creatures, ``improvise.improvise_payable``)."""
    drum_groups = _counted(drums)
    helper_groups = _counted(helping)
    seen: set[tuple[int, ...]] = set()
    for k in range(min(len(drums), len(helping)) + 1):
        for used in _takes([n for _, n in drum_groups], k):
            made: list[int] = []
            for ((mask, own), n), active in zip(drum_groups, used, strict=True):
                made.extend([mask] * active)
                if own >= 0:
                    made.extend([own] * (n - active))  # not activated: it may convoke
            for tapped in _takes([n for _, n in helper_groups], k):
                left = [c for (c, n), t in zip(helper_groups, tapped, strict=True)
                        for _ in range(n - t) if c >= 0]  # (-1: it pays nothing untapped)
                pool = [*base, *made, *left]
                key = tuple(sorted(pool))
                if key not in seen:
                    seen.add(key)
                    yield pool


def helped_payable(state: GameState, player: int, symbols: tuple[int, ...], generic: int,
                   gone: Collection[int], unit: Callable[[GameObject], int]) -> bool:
    """Can ``player`` pay ``symbols`` and ``generic`` with mana and the permanents that
    ``unit`` says a keyword taps (convoke, improvise), none of those in ``gone`` paying,
    each creature either tapped by the keyword or for a mana ability's cost (601.2g-h)?"""
    base, drums, helping = split_pool(state, player, gone, unit)
    if len(base) + len(drums) + len(helping) < generic + len(symbols):
        return False
    for pool in split_pools(base, drums, helping):
        if can_pay(symbols, generic, pool):
            return True
    return False


def convoke_payable(state: GameState, player: int, symbols: tuple[int, ...], generic: int,
                    gone: Collection[int] = ()) -> bool:
    """Can ``player`` pay ``symbols`` and ``generic`` with mana and convoke, none of the
    permanents in ``gone`` paying, each creature either convoking or tapped for a mana
    ability's cost (601.2g-h, 702.51a)?"""
    return helped_payable(state, player, symbols, generic, gone, convoke_unit)
