"""A player's mana units: the mana they could make now, one colour mask a unit, with its
source (605, 106.1), memoised while nothing relevant changes (``ManaEntry``).

``engine.rules.mana.solve`` matches cost symbols to these units; a payment
(``engine.rules.payment``) activates the abilities of the units it chose. Split from
``engine.rules.payment``.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

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
from mtgsim.engine.state.game_state import GameObject, GameState
from mtgsim.engine.state.memo import state_key

if TYPE_CHECKING:
    from mtgsim.engine.cards import ManaAbility


class ManaEntry(msgspec.Struct, frozen=True):
    """A player's mana as ``mana_units`` found it (``Mana.units``), with what it is keyed
    on besides the permanents that make it: the taps of their mana sources (``Mana.taps``),
    the refreshes that may have touched their mana sources (``Mana.refreshes``), the
    mana pool's content (its units in order: a pool spent and refilled to the same size
    with other colours is another pool), the turn when a creature is among the sources
    (summoning sickness ends; else -1), and the whole state's key (``memo.state_key``) when a mana ability
    has a condition or a computed amount, which may depend on anything (else None).

    An immutable value (frozen, tuples): ``mana_units`` replaces a player's entry with a
    new one and never changes one, so a clone and a player's view hold the state's by
    reference (``Mana.copy``, ``Mana.for_view``) where it is public: an entry keyed
    without the whole state (``whole`` None) was found from plain mana abilities alone
    (``_mana_units`` marks any other dynamic), fixed abilities of the permanents on the
    battlefield (public, 400.2: the objects a view shows are the state's), the triggered
    mana of Auras attached to them (605.1b, their chosen colour public), the player's
    mana pool (every view shows it) and the turn. Nothing of it depends on a hidden
    card, and its key holds in a view or clone as in the state (the counts it keys on
    are copied with them). An entry keyed on the whole state may depend on anything, a
    hand's size or its cards included (a condition, an amount "for each ..."): each
    state finds its own, never shared.

    What ``mana_units`` answers is made from it by each state that holds it
    (``Mana.answers``): the ``Units`` of ``content`` (with ``pure`` filters, the dual
    filters' units ``duals`` and the filters' colours ``masks``: ``units_of``'s
    arguments), which memoise what ``can_pay`` works out and so belong to one state, and
    ``sources``, each unit's source."""

    taps: int
    refreshes: int
    floating: tuple[int, ...]
    turn: int
    whole: tuple[int, ...] | None
    content: tuple[int, ...]
    pure: int
    duals: tuple[int, ...]
    masks: tuple[int, ...]
    sources: tuple[tuple[int, int], ...]
    # the sources of the filters the units count (``Units.filters``), as (object id,
    # ability index), those that tap only first, then those that also sacrifice
    filters: tuple[tuple[int, int], ...] = ()
    helped: bool = False  # some units are of abilities that tap a creature too


def mana_units(state: GameState, player: int) -> tuple[list[int], tuple[tuple[int, int], ...]]:
    """Mana a player could make now (memoised while nothing relevant changes: ``ManaEntry``,
    its key compared a part at a time, as this runs several times a decision): the
    units (this state's own ``Units``: do not change them) and their sources."""
    d = state.derived
    if d.layers.stale:
        ensure(state)
    mana = d.mana
    hit = mana.units[player]
    if hit is not None and hit.taps == mana.taps[player] and \
            hit.refreshes == mana.refreshes[player] and \
            hit.floating == tuple(state.players[player].pool) and \
            (hit.turn < 0 or hit.turn == state.turn) and (
            hit.whole is None or hit.whole == state_key(state)):
        answer = mana.answers[player]
        if answer is None:  # an entry held from another state: its Units made here
            answer = (_units_of(state, hit.content, hit.pure, hit.duals, hit.masks),
                      hit.sources)
            mana.answers[player] = answer
        return answer
    units, sources, dynamic, creature, filters, helped = _mana_units(state, player)
    mana.keep(player, ManaEntry(
        mana.taps[player], mana.refreshes[player], tuple(state.players[player].pool),
        state.turn if creature else -1, state_key(state) if dynamic else None,
        units.content, units.filters, units.duals, units.masks, sources, filters, helped))
    answer = mana.answers[player] = (units, sources)
    return answer


def any_helped(state: GameState, player: int) -> bool:
    """Whether ``player``'s units (``mana_units`` just asked) include some of abilities
    that tap a creature too."""
    entry = state.derived.mana.units[player]
    return entry is not None and entry.helped


def filter_sources(state: GameState, player: int) -> tuple[tuple[int, int], ...]:
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
        entry.floating == tuple(state.players[player].pool) and \
        (entry.turn < 0 or entry.turn == state.turn) and entry.whole is None


@cache
def _each_masks(colors: str) -> tuple[int, ...]:
    """The units of an ability that adds one mana of each of ``colors`` ("Add {B}{R}":
    {B} and {R}, 106.1): one colour bit each."""
    return tuple(mana_mod.SYMBOL_BIT[ch] for ch in colors)



class _Apart:
    """The sources ``_mana_units`` counts apart from the plain units, found among the
    sources whose mana ability is chosen as the units are counted (``_dynamic_source``):
    made once per count that has such a source, so a count of plain sources (basic lands,
    the common case) makes none of these lists."""

    __slots__ = ("filters", "late_filters", "masks", "late_masks", "duals", "dual_masks",
                 "helped", "once")

    def __init__(self) -> None:
        # the filters (605.1a: a mana ability with a mana cost), those that sacrifice
        # their permanent last: their sources and their colours ("one mana of any color",
        # or a choice: engine.rules.mana)
        self.filters: list[tuple[int, int]] | None = None
        self.late_filters: list[tuple[int, int]] = []
        self.masks: list[int] = []
        self.late_masks: list[int] = []
        # the dual filters (a filter beside the permanent's own mana: Conduit Pylons): the
        # index of its own unit, the filter's source
        self.duals: list[tuple[int, tuple[int, int]]] | None = None
        self.dual_masks: list[int] = []
        # the sources that also tap a creature (Springleaf Drum): their unit's mask,
        # source, and the unit of their plain ability when no creature is left (Holdout
        # Settlement)
        self.helped: list[tuple[int, tuple[int, int], tuple[int, int] | None]] | None = None
        self.once = False  # a once-each-turn mana ability was looked at (602.5b)


def _mana_units(state: GameState, player: int) -> tuple[
        mana_mod.Units, tuple[tuple[int, int], ...], bool, bool, tuple[tuple[int, int], ...],
        bool]:
    """Mana a player could make now: one colour mask per unit, and its source; whether
    a condition or computed amount was involved; whether a source is a creature; and the
    filters (a mana ability with a mana cost, 605.1a: "{1}, {T}: Add one mana of any
    color."), apart: they make no mana of their own (``engine.rules.mana``).

    A source is (-1, pool index) for floating mana or (object id, ability index).
    Floating mana comes first, then lands, creatures, then the sources that make one mana
    of each of several colours ("Add {B}{R}": a karoo land, whose other mana would float
    unspent if it paid one symbol that a basic land could), and sacrifice sources last, so
    the solver (which keeps this order among equally flexible units) spends the cheapest.
    A mask of 0 stands for such a source's mana (``_each_masks``). A source whose ability
    is chosen now (``_dynamic_source``) may be set ``_Apart``: its units after the rest
    (``_add_helped``), or filters (``_units_apart``)."""
    units: list[int] = []
    sources: list[tuple[int, int]] = []
    for i, m in enumerate(state.players[player].pool):
        units.append(m)
        sources.append((-1, i))
    late_units: list[int] = []
    late_sources: list[tuple[int, int]] = []
    apart: _Apart | None = None  # (made only when a source's ability is chosen here)
    each_units: list[int] | None = None  # (made only when there are such sources)
    each_sources: list[tuple[int, int]]
    dynamic = creature = False
    found = _mana_sources(state)
    # Only permanents something is attached to can have "when enchanted land is tapped
    # for mana" triggers: found once instead of asking the hooks for every land.
    hosts = found.hosts if MANA_TRIGGER_HOOKS else _NO_HOSTS
    for o, best, idx, mask, n, tap, is_creature in found.players[player]:
        if is_creature:
            creature = True  # summoning sickness: its mana changes with the turn
        if best is not None:  # the common case: a basic land
            if tap and (o.tapped or is_creature and o.sick and not o.kw & KW_HASTE):
                continue  # can_tap_for_mana, written out (tests/state/test_caches.py
                # compares the sources kept here with its answer at every decision)
        else:
            dynamic = True
            if apart is None:
                apart = _Apart()
            chosen = _dynamic_source(state, o, apart, len(units))
            if chosen is None:
                continue
            best, idx, mask, n = chosen
            tap = best.tap
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
    if apart is not None and apart.helped is not None:
        dynamic = True  # (their units depend on the creatures to tap: any tap changes it)
        _add_helped(state, player, apart.helped, units, sources)
    units.extend(late_units)
    sources.extend(late_sources)
    # (tuples: the entry that keeps them is an immutable value, ManaEntry)
    if apart is None:
        return _units_of(state, tuple(units), 0), tuple(sources), dynamic, creature, (), \
            False
    found_units, filters = _units_apart(state, units, apart)
    # (a once-each-turn ability's turn is the entry's key too: ManaEntry.turn)
    return found_units, tuple(sources), dynamic, creature or apart.once, filters, \
        apart.helped is not None


def _dynamic_source(state: GameState, o: GameObject, apart: _Apart,
                    at: int) -> tuple[ManaAbility, int, int, int] | None:
    """The mana ability of ``o`` its units come from, chosen now (a permanent with
    several mana abilities, a condition or a computed amount): one per permanent, since
    they all tap it, the one making the most mana (a granted "{T}: Add {G}{G}" over a
    printed "{T}: Add {G}"), and of as much the most colours (a Forest enchanted with
    Abundant Growth: its granted "one mana of any color" over its own {G}). As (ability,
    index, mask, units), or None when it makes none now or is set ``apart``: a filter
    (605.1a), or an ability that taps a creature too. ``at``: the index its unit would
    have (a dual filter beside it refers to it)."""
    best: ManaAbility | None = None
    idx = n = dual = -1
    abilities = mana_abilities_of(o)
    for i, cand in enumerate(abilities):
        if cand.tap and not can_tap_for_mana(o):
            continue
        if cand.once_per_turn:  # 602.5b: activated this turn already, or not
            apart.once = True
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
        if amount > n or amount == n and best is not None and \
                len(cand.colors) > len(best.colors) and not cand.each:
            best, idx, n = cand, i, amount
    if best is None:
        return None
    mask = 0 if best.each else mana_color_mask(best.colors)
    # (filters and abilities that tap a creature too are never a source's plain
    # ability, _source: only here)
    if best.mana_cost:  # a filter (engine.cards.pool allows no other mana cost)
        if best.sacrifice_self:
            apart.late_filters.append((o.oid, idx))
            apart.late_masks.append(mana_color_mask(best.colors))
        else:
            if apart.filters is None:
                apart.filters = []
            apart.filters.append((o.oid, idx))
            apart.masks.append(mana_color_mask(best.colors))
        return None
    if best.tap_creature:  # it taps another creature too: counted after the rest
        if apart.helped is None:
            apart.helped = []
        fb = helped_fallback(o)
        fb_mask = mana_color_mask(mana_abilities_of(o)[fb].colors) if fb >= 0 else 0
        # (its unit pays what the plain ability makes too: _activations picks it)
        apart.helped.append((mask | fb_mask, (o.oid, idx), (fb_mask, fb) if fb >= 0 else None))
        return None
    if n == 1 and mask and plain_one(best):
        # several plain one-mana abilities (a Forest that is an Island too, 305.6):
        # one unit of any of their colours (the payment activates the one it needs)
        mask = one_mana_union(state, o, mana_abilities_of(o), idx) or mask
    if dual >= 0 and n == 1 and mask and not best.sacrifice_self:
        if apart.duals is None:
            apart.duals = []
        apart.duals.append((at, (o.oid, dual)))  # (its unit, appended by _mana_units)
        apart.dual_masks.append(mana_color_mask(abilities[dual].colors))
    return best, idx, mask, n


def _add_helped(state: GameState, player: int,
                helped: list[tuple[int, tuple[int, int], tuple[int, int] | None]],
                units: list[int], sources: list[tuple[int, int]]) -> None:
    """The units of the abilities that tap a creature too (Springleaf Drum), as many as
    there are creatures to tap (605.1a: the cost must be payable); beyond them, the unit
    of such a source's plain ability (Holdout Settlement's {C})."""
    room = len(helpers(state, player))
    for m, source, fallback in helped:
        if room > 0:
            room -= 1
            units.append(m)
            sources.append(source)
        elif fallback is not None:  # no creature left: its plain ability alone
            units.append(fallback[0])
            sources.append((source[0], fallback[1]))


def _units_apart(state: GameState, units: list[int],
                 apart: _Apart) -> tuple[mana_mod.Units, tuple[tuple[int, int], ...]]:
    """The game's ``Units`` of ``units`` with the filters set apart (those that sacrifice
    their permanent last, then the dual filters, each beside its own unit), and the
    filters' sources in that order (``Units.filters``, ``ManaEntry.filters``)."""
    filters = apart.filters
    if filters is None:
        filters = apart.late_filters
    else:
        filters.extend(apart.late_filters)
    pure = len(filters)
    own: tuple[int, ...] = ()
    duals = apart.duals
    if duals is not None:
        own = tuple([at for at, _ in duals])
        filters = [*filters, *[source for _, source in duals]]
    return _units_of(state, tuple(units), pure, own,
                     (*apart.masks, *apart.late_masks, *apart.dual_masks)), tuple(filters)


def _units_of(state: GameState, content: tuple[int, ...], filters: int,
              duals: tuple[int, ...] = (), masks: tuple[int, ...] = ()) -> mana_mod.Units:
    """The game's one ``Units`` of this shape (``content``, ``filters``, the dual filters'
    units ``duals``, the filters' colours ``masks``: ``units_of``'s arguments): what
    ``can_pay`` and ``solve`` worked out about a player's units depends only on those,
    so when the same units come back (last turn's lands, untapped again) it is
    found again (kept in ``Mana.seen``, bounded; a state's own, as the Units are: each
    holds what its reader's ``can_pay`` memoised)."""
    seen = state.derived.mana.seen
    # The content alone without filters (the common case); else the whole shape, each
    # part in its own place (the filters' colours as ``units_of`` keeps them: () when all
    # make any colour). Laid out flat, negative after the content, a dual filter's unit
    # index 64 and a filter's colour {W} were the same number: one key for two shapes.
    key: tuple[object, ...] = content
    if filters or duals:
        key = (content, filters, duals,
               () if masks.count(mana_mod.FIVE_COLORS) == len(masks) else masks)
    found = seen.get(key)
    if found is None:
        if len(seen) >= 256:
            seen.clear()
        found = seen[key] = mana_mod.units_of(content, filters, duals, masks)
    return found

