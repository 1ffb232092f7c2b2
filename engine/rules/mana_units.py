"""A player's mana units: the mana they could make now, one colour mask a unit, with its
source (605, 106.1), memoised while nothing relevant changes (``ManaEntry``).

``engine.rules.mana.solve`` matches cost symbols to these units; a payment
(``engine.rules.payment``) activates the abilities of the units it chose. Split from
``engine.rules.payment``.
"""

from __future__ import annotations

from functools import cache

import msgspec

from mtgsim.engine.cards import KW_HASTE
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.layers import ensure, static_amount
from mtgsim.engine.rules.mana import mana_color_mask
from mtgsim.engine.rules.mana_helped import helped_fallback, helpers
from mtgsim.engine.rules.mana_once import mana_once_used
from mtgsim.engine.rules.mana_sources import (
    _NO_HOSTS,
    MANA_TRIGGER_HOOKS,
    _mana_sources,
    can_tap_for_mana,
    mana_abilities_of,
    triggered_mana,
)
from mtgsim.engine.rules.mana_union import one_mana_union, plain_one
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.memo import state_key


class ManaEntry(msgspec.Struct):
    """A player's mana as ``mana_units`` found it (``Mana.units``), with what it is keyed
    on besides the permanents that make it: the taps of their mana sources (``Mana.taps``),
    the refreshes that may have touched their mana sources (``Mana.refreshes``), the
    mana pool's size, the turn when a creature is among the sources (summoning sickness
    ends; else -1), and the whole state's key (``memo.state_key``) when a mana ability
    has a condition or a computed amount, which may depend on anything (else None).
    ``answer`` is what ``mana_units`` returns: the units and their sources."""

    taps: int
    refreshes: int
    floating: int
    turn: int
    whole: tuple[int, ...] | None
    answer: tuple[mana_mod.Units, list[tuple[int, int]]]
    # the sources of the filters the units count (``Units.filters``), as (object id,
    # ability index), those that tap only first, then those that also sacrifice
    filters: list[tuple[int, int]] = []
    helped: bool = False  # some units are of abilities that tap a creature too


def mana_units(state: GameState, player: int) -> tuple[list[int], list[tuple[int, int]]]:
    """Mana a player could make now (memoised while nothing relevant changes: ``ManaEntry``,
    its key compared a part at a time, as this runs several times a decision); the lists
    returned are shared: copy them before changing them."""
    d = state.derived
    if d.layers.stale:
        ensure(state)
    mana = d.mana
    taps = mana.taps[player]
    refreshes = mana.refreshes[player]
    floating = len(state.players[player].pool)
    hit = mana.units[player]
    if hit is not None and hit.taps == taps and hit.refreshes == refreshes and \
            hit.floating == floating and (hit.turn < 0 or hit.turn == state.turn) and (
            hit.whole is None or hit.whole == state_key(state)):
        return hit.answer
    units, sources, dynamic, creature, filters, helped = _mana_units(state, player)
    mana.units[player] = ManaEntry(taps, refreshes, floating, state.turn if creature else -1,
                                   state_key(state) if dynamic else None, (units, sources),
                                   filters, helped)
    return units, sources


def any_helped(state: GameState, player: int) -> bool:
    """Whether ``player``'s units (``mana_units`` just asked) include some of abilities
    that tap a creature too."""
    entry = state.derived.mana.units[player]
    return entry is not None and entry.helped


def filter_sources(state: GameState, player: int) -> list[tuple[int, int]]:
    """The sources of the filters ``mana_units`` counts now (``Units.filters``), in the
    order ``solve`` uses them."""
    mana_units(state, player)
    entry = state.derived.mana.units[player]
    assert entry is not None
    return entry.filters


def units_unchanged(state: GameState, player: int, entry: ManaEntry) -> bool:
    """Whether ``entry``, a ``Mana.units`` entry of ``player``'s taken after a call of
    ``mana_units``, is still what ``mana_units`` would answer with (after
    ``layers.ensure``): its key holds and no other entry replaced it. An entry keyed on the
    whole state (``memo.state_key``) is never taken as unchanged."""
    mana = state.derived.mana
    return entry is mana.units[player] and entry.taps == mana.taps[player] and \
        entry.refreshes == mana.refreshes[player] and \
        entry.floating == len(state.players[player].pool) and \
        (entry.turn < 0 or entry.turn == state.turn) and entry.whole is None


@cache
def _each_masks(colors: str) -> tuple[int, ...]:
    """The units of an ability that adds one mana of each of ``colors`` ("Add {B}{R}":
    {B} and {R}, 106.1): one colour bit each."""
    return tuple(mana_mod.SYMBOL_BIT[ch] for ch in colors)



def _mana_units(state: GameState, player: int) -> tuple[
        mana_mod.Units, list[tuple[int, int]], bool, bool, list[tuple[int, int]], bool]:
    """Mana a player could make now: one colour mask per unit, and its source; whether
    a condition or computed amount was involved; whether a source is a creature; and the
    filters (a mana ability with a mana cost, 605.1a: "{1}, {T}: Add one mana of any
    color."), apart: they make no mana of their own (``engine.rules.mana``).

    A source is (-1, pool index) for floating mana or (object id, ability index).
    Floating mana comes first, then lands, creatures, then the sources that make one mana
    of each of several colours ("Add {B}{R}": a karoo land, whose other mana would float
    unspent if it paid one symbol that a basic land could), and sacrifice sources last, so
    the solver (which keeps this order among equally flexible units) spends the cheapest.
    A mask of 0 stands for such a source's mana (``_each_masks``).
    """
    units: list[int] = []
    sources: list[tuple[int, int]] = []
    for i, m in enumerate(state.players[player].pool):
        units.append(m)
        sources.append((-1, i))
    late_units: list[int] = []
    late_sources: list[tuple[int, int]] = []
    filters: list[tuple[int, int]] | None = None  # (made only when there are filters)
    late_filters: list[tuple[int, int]] = []
    # the filters' colours ("one mana of any color", or a choice: engine.rules.mana)
    masks: list[int] = []
    late_masks: list[int] = []
    # the dual filters (a filter beside the permanent's own mana: Conduit Pylons): the
    # index of its own unit, the filter's source
    duals: list[tuple[int, tuple[int, int]]] | None = None
    dual_masks: list[int] = []
    # the sources that also tap a creature (Springleaf Drum): their unit's mask, source,
    # and the unit of their plain ability when no creature is left (Holdout Settlement)
    helped: list[tuple[int, tuple[int, int], tuple[int, int] | None]] | None = None
    each_units: list[int] | None = None  # (made only when there are such sources)
    each_sources: list[tuple[int, int]]
    dynamic = creature = False
    found = _mana_sources(state)
    # Only permanents something is attached to can have "when enchanted land is tapped
    # for mana" triggers: found once instead of asking the hooks for every land.
    hosts = found.hosts if MANA_TRIGGER_HOOKS else _NO_HOSTS
    for o, best, idx, mask, n, tap, is_creature in found.players[player]:
        # One mana ability per permanent is used (they all tap it): the one making the
        # most mana (a granted "{T}: Add {G}{G}" over a printed "{T}: Add {G}").
        if is_creature:
            creature = True  # summoning sickness: its mana changes with the turn
        if best is not None:  # the common case: a basic land
            if tap and (o.tapped or is_creature and o.sick and not o.kw & KW_HASTE):
                # can_tap_for_mana, written out (tests/state/test_caches.py compares the
                # sources kept here with its answer at every decision)
                continue
        else:
            dynamic = True
            n = -1
            dual = -1
            for i, cand in enumerate(mana_abilities_of(o)):
                if cand.tap and not can_tap_for_mana(o):
                    continue
                if cand.once_per_turn:  # 602.5b: activated this turn already, or not
                    creature = True  # (its turn then is the entry's key: ManaEntry.turn)
                    if mana_once_used(o, i):
                        continue
                if cand.mana_cost and len(mana_abilities_of(o)) > 1:
                    dual = i  # a filter beside its own mana (engine.rules.mana)
                    continue
                if cand.condition is not None and not condition_holds(
                        state, cand.condition, o.controller, o):
                    continue  # e.g. a leveler's band it is not in (711.2)
                amount = cand.amount if isinstance(cand.amount, int) else static_amount(
                    state, cand.amount, o)
                if cand.each:
                    amount = len(cand.colors)
                # the most mana; of as much, the most colours (a Forest enchanted with
                # Abundant Growth: its granted "one mana of any color" over its own {G})
                if amount > n or amount == n and best is not None and \
                        len(cand.colors) > len(best.colors) and not cand.each:
                    best, idx, n = cand, i, amount
            if best is None:
                continue
            mask = 0 if best.each else mana_color_mask(best.colors)
            tap = best.tap
            # (filters and abilities that tap a creature too are never a source's plain
            # ability, _source: only here)
            if best.mana_cost:  # a filter (engine.cards.pool allows no other mana cost)
                if best.sacrifice_self:
                    late_filters.append((o.oid, idx))
                    late_masks.append(mana_color_mask(best.colors))
                else:
                    if filters is None:
                        filters = []
                    filters.append((o.oid, idx))
                    masks.append(mana_color_mask(best.colors))
                continue
            if best.tap_creature:  # it taps another creature too: counted after the rest
                if helped is None:
                    helped = []
                fb = helped_fallback(o)
                fb_mask = mana_color_mask(mana_abilities_of(o)[fb].colors) if fb >= 0 else 0
                # (its unit pays what the plain ability makes too: _activations picks it)
                helped.append((mask | fb_mask, (o.oid, idx), (fb_mask, fb) if fb >= 0 else None))
                continue
            if n == 1 and mask and plain_one(best):
                # several plain one-mana abilities (a Forest that is an Island too, 305.6):
                # one unit of any of their colours (the payment activates the one it needs)
                mask = one_mana_union(state, o, mana_abilities_of(o), idx) or mask
            if dual >= 0 and n == 1 and mask and not best.sacrifice_self:
                if duals is None:
                    duals = []
                duals.append((len(units), (o.oid, dual)))  # (its unit, appended below)
                dual_masks.append(mana_color_mask(mana_abilities_of(o)[dual].colors))
        oid = o.oid
        if best.sacrifice_self:
            for m in _each_masks(best.colors) if mask == 0 else (mask,) * n:
                late_units.append(m)
                late_sources.append((oid, idx))
        elif n == 1:  # (most sources)
            units.append(mask)
            sources.append((oid, idx))
        elif mask == 0:  # one of each colour: after the other sources, before sacrifices
            if each_units is None:
                each_units, each_sources = [], []
            for m in _each_masks(best.colors):
                each_units.append(m)
                each_sources.append((oid, idx))
        else:
            for _ in range(n):
                units.append(mask)
                sources.append((oid, idx))
        if tap and oid in hosts:  # "whenever it is tapped for mana, add ..."
            for extra in triggered_mana(state, o):
                units.append(extra)
                sources.append((oid, idx))
    if each_units is not None:
        units.extend(each_units)
        sources.extend(each_sources)
    if helped is not None:
        # as many as there are creatures to tap (which any tap may change: the whole
        # state is the key)
        dynamic = True
        room = len(helpers(state, player))
        for m, source, fallback in helped:
            if room > 0:
                room -= 1
                units.append(m)
                sources.append(source)
            elif fallback is not None:  # no creature left: its plain ability alone
                units.append(fallback[0])
                sources.append((source[0], fallback[1]))
    units.extend(late_units)
    sources.extend(late_sources)
    if filters is None:
        filters = late_filters
    else:
        filters.extend(late_filters)
    pure = len(filters)
    own: tuple[int, ...] = ()
    if duals is not None:
        own = tuple([at for at, _ in duals])
        filters = [*filters, *[source for _, source in duals]]
    return _units_of(state, units, pure, own, (*masks, *late_masks, *dual_masks)), sources, \
        dynamic, creature, filters, helped is not None


def _units_of(state: GameState, units: list[int], filters: int,
              duals: tuple[int, ...] = (), masks: tuple[int, ...] = ()) -> mana_mod.Units:
    """The game's one ``Units`` with the content of ``units`` (and ``filters``): what
    ``can_pay`` and ``solve`` worked out about a player's units depends only on their
    content, so when the same units come back (last turn's lands, untapped again) it is
    found again (kept in ``Mana.seen``, bounded)."""
    content = tuple(units)
    seen = state.derived.mana.seen
    # (a filter count and dual filters' units after the masks, negative: no mask is)
    # (and the filters' colours, negative below those, when some filter makes fewer than
    # any colour)
    key = (*content, -1 - filters, *[-1 - d for d in duals]) if filters or duals else content
    for m in masks:  # (a loop, not any(): a compiled function holds no generator)
        if m != mana_mod.FIVE_COLORS:
            key = key + tuple([-64 - m for m in masks])
            break
    found = seen.get(key)
    if found is None:
        if len(seen) >= 256:
            seen.clear()
        found = seen[key] = mana_mod.units_of(content, filters, duals, masks)
    return found

