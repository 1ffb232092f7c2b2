"""Mana sources and paying costs with mana abilities (rules 605, 601.2g-h).

A player's available mana is a list of units (one colour mask each) with their sources;
``engine.rules.mana.solve`` matches cost symbols to units. What pays part of a spell's cost
instead of mana (convoke's creatures) adds units of its own (``engine.rules.spell_costs``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import cache
from typing import TYPE_CHECKING

import msgspec

from mtgsim.engine.cards import KW_DEFENDER, KW_HASTE, KW_NO_ACTIVATE, T_CREATURE, ManaAbility
from mtgsim.engine.effects.add_chosen_color_mana import AddChosenColorMana
from mtgsim.engine.effects.add_mana import AddMana
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.enchanted_events import tap_permanent
from mtgsim.engine.rules.layers import ensure, static_amount
from mtgsim.engine.rules.mana import ManaCost, can_pay, parse_cost, solve
from mtgsim.engine.rules.mana_once import mana_once_used, mark_mana_once
from mtgsim.engine.rules.mana_union import one_mana_union, paying_ability, plain_one
from mtgsim.engine.state.derived import permanents
from mtgsim.engine.state.game_state import GRAVEYARD, GameObject, GameState
from mtgsim.engine.state.memo import state_key

if TYPE_CHECKING:
    from mtgsim.engine.state.ask import Asker

# Triggered mana abilities (605.1b) "Whenever [this permanent] is tapped for mana, ... adds
# an additional ...": (state, permanent tapped) -> the extra mana, one colour bit each.
# Registered below: the triggered mana abilities of Auras on lands (aura_mana).
MANA_TRIGGER_HOOKS: list[Callable[[GameState, GameObject], list[int]]] = []


def triggered_mana(state: GameState, obj: GameObject) -> list[int]:
    """The extra mana that tapping ``obj`` for mana adds (605.1b, resolved at once)."""
    out: list[int] = []
    for hook in MANA_TRIGGER_HOOKS:
        out.extend(hook(state, obj))
    return out


def can_tap_for_mana(obj: GameObject) -> bool:
    if obj.tapped:
        return False
    if obj.sick and (obj.card.type_mask | obj.extra_types) & T_CREATURE and \
            not obj.kw & KW_HASTE:
        return False
    return True


def mana_abilities_of(o: GameObject) -> tuple[ManaAbility, ...]:
    """A permanent's mana abilities now: its own (unless it lost all abilities) and those
    other objects' static abilities give it (``granted_mana``, layer 6)."""
    own = () if o.lost_abilities else o.card.mana_abilities
    return own + o.granted_mana if o.granted_mana else own


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
def _color_mask(colors: str) -> int:
    m = 0
    for ch in colors:
        m |= mana_mod.SYMBOL_BIT[ch]
    return m


@cache
def _each_masks(colors: str) -> tuple[int, ...]:
    """The units of an ability that adds one mana of each of ``colors`` ("Add {B}{R}":
    {B} and {R}, 106.1): one colour bit each."""
    return tuple(mana_mod.SYMBOL_BIT[ch] for ch in colors)


# A mana source as ``_mana_units`` reads it: the permanent, and for the common case (one
# mana ability, no condition, a fixed amount: a basic land) that ability, its index, its
# colour mask and amount, and whether it must be untapped (all fixed until the next
# refresh that touches mana sources); ``None`` for the rest, worked out each time; and
# whether it is a creature (its types too change only with a refresh).
_Source = tuple[GameObject, ManaAbility | None, int, int, int, bool, bool]


class ManaSources(msgspec.Struct):
    """Each player's permanents with mana abilities they can activate (``players``, as
    ``_Source``, in battlefield order) and the permanents something is attached to
    (``hosts``), found when the players' ``Mana.refreshes`` were ``refreshes``
    (``Mana.sources``)."""

    refreshes: tuple[int, int]
    players: tuple[list[_Source], list[_Source]]
    hosts: frozenset[int]


def _mana_sources(state: GameState) -> ManaSources:
    """The mana sources now. Leaving, control, ability and attachment changes are all
    followed by a full refresh, which moves both players' ``Mana.refreshes``; a mana
    source entering moves its controller's, and is added to those found before
    (``_sources_entered``)."""
    mana = state.derived.mana
    counts = mana.refreshes
    key = (counts[0], counts[1])
    hit = mana.sources
    if hit is not None:
        if hit.refreshes == key:
            return hit
        if mana.entered:
            found = _sources_entered(state, hit, key)
            if found is not None:
                mana.sources = found
                return found
    found = _find_mana_sources(state)
    mana.sources = found
    return found


def _sources_entered(state: GameState, hit: ManaSources,
                     key: tuple[int, int]) -> ManaSources | None:
    """The sources after new mana sources entered (Mana.entered) and nothing else
    moved the counts since ``hit``: the old ones followed by the new ones (they entered
    last, so battlefield order holds), or None when only a search gives them. The lists
    of ``hit`` are not changed."""
    at = hit.refreshes
    added: tuple[list[_Source], list[_Source]] = ([], [])
    objects = state.objects
    for before, after, oid in state.derived.mana.entered:
        if before == at:
            o = objects.get(oid)
            if o is None or o.zone != 2:
                return None
            source = _source(o)
            if source is not None:
                added[o.controller].append(source)
            at = after
    if at != key:
        return None
    found = hit.players
    return ManaSources(key, (found[0] + added[0] if added[0] else found[0],
                             found[1] + added[1] if added[1] else found[1]), hit.hosts)


def _find_mana_sources(state: GameState) -> ManaSources:
    found: tuple[list[_Source], list[_Source]] = ([], [])
    hosts = set()
    for o in permanents(state):
        if o.attached_to >= 2:
            hosts.add(o.attached_to)
        card = o.card
        if card.mana_abilities or o.granted_mana:
            source = _source(o)
            if source is not None:
                found[o.controller].append(source)
    counts = state.derived.mana.refreshes
    return ManaSources((counts[0], counts[1]), found, frozenset(hosts))


def _source(o: GameObject) -> _Source | None:
    """``o`` as a mana source (``_Source``), or None if it can't activate mana abilities."""
    if o.kw & KW_NO_ACTIVATE:
        return None  # Arrest: mana abilities are activated abilities (605.1a)
    card = o.card
    creature = bool((card.type_mask | o.extra_types) & T_CREATURE)
    plain = card.mana_plain
    if plain is not None and not o.granted_mana and not o.lost_abilities:
        # its printed ability, worked out once
        return (o, plain.ability, 0, plain.mask, plain.amount, plain.tap, creature)
    abilities = mana_abilities_of(o)
    ab = abilities[0] if len(abilities) == 1 else None
    if ab is not None and ab.condition is None and ab.amount.__class__ is int and \
            not ab.mana_cost and not ab.tap_creature:
        if ab.each:  # mask 0: one mana of each colour (as in Card.mana_plain)
            return (o, ab, 0, 0, len(ab.colors), ab.tap, creature)
        return (o, ab, 0, _color_mask(ab.colors), ab.amount, ab.tap, creature)
    return (o, None, 0, 0, 0, False, creature)


_NO_HOSTS: frozenset[int] = frozenset()
# a mana ability a payment activates: its source, the ability, the units it pays
_Used = tuple[GameObject, ManaAbility, list[int], int]  # (and the ability's index)


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
            mask = 0 if best.each else _color_mask(best.colors)
            tap = best.tap
            # (filters and abilities that tap a creature too are never a source's plain
            # ability, _source: only here)
            if best.mana_cost:  # a filter (engine.cards.pool allows no other mana cost)
                if best.sacrifice_self:
                    late_filters.append((o.oid, idx))
                    late_masks.append(_color_mask(best.colors))
                else:
                    if filters is None:
                        filters = []
                    filters.append((o.oid, idx))
                    masks.append(_color_mask(best.colors))
                continue
            if best.tap_creature:  # it taps another creature too: counted after the rest
                if helped is None:
                    helped = []
                fb = helped_fallback(o)
                fb_mask = _color_mask(mana_abilities_of(o)[fb].colors) if fb >= 0 else 0
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
                dual_masks.append(_color_mask(mana_abilities_of(o)[dual].colors))
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


def _solution(state: GameState, player: int, cost: ManaCost, x: int,
              exclude: Collection[int]) -> tuple[list[int], list[int],
                                                   list[tuple[int, int]]] | None:
    """The mana units that would pay ``cost``, as indices of ``units``, with the units
    and their sources; None if it can't be paid."""
    units, sources = mana_units(state, player)
    filters: list[tuple[int, int]] = []
    if mana_mod.filters_of(units):
        filters = filter_sources(state, player)
    if exclude:
        units, sources, filters = _excluding(state, player, exclude)
    chosen = solve(cost.symbols, cost.generic + cost.x * x, units)
    if chosen is None:
        return None
    n = len(units)
    k = max(chosen, default=-1) + 1 - n
    if k > 0:  # filters used (engine.rules.mana.solve): a unit of each one's colours after
        # the rest, at len(units) + its place among the filters
        units = [*units, *[mana_mod.filter_mask(units, j) for j in range(k)]]
        sources = [*sources, *filters[:k]]
    return chosen, units, sources


def _excluding(state: GameState, player: int, exclude: Collection[int]) -> tuple[
        mana_mod.Units, list[tuple[int, int]], list[tuple[int, int]]]:
    """``player``'s mana units, their sources and the filters' sources without what the
    permanents in ``exclude`` make (those another part of the cost uses): filters and
    dual filters among them gone too, and no more units of abilities that tap a creature
    than there are creatures left to tap."""
    units, sources = mana_units(state, player)
    filters: list[tuple[int, int]] = []
    pure = 0
    duals: tuple[int, ...] = ()
    if isinstance(units, mana_mod.Units) and mana_mod.filters_of(units):
        filters = filter_sources(state, player)
        pure, duals = units.filters, units.duals
    colours = [mana_mod.filter_mask(units, j) for j in range(len(filters))]
    keep = [i for i, s in enumerate(sources) if s[0] not in exclude]
    at = {old: new for new, old in enumerate(keep)}
    kept = [(f, m) for f, m in zip(filters[:pure], colours, strict=False)
            if f[0] not in exclude]
    kept_duals = [(at[u], f, m) for u, f, m in zip(duals, filters[pure:], colours[pure:],
                                                    strict=True)
                  if f[0] not in exclude and u in at]
    plain = [units[i] for i in keep]
    kept_sources = [sources[i] for i in keep]
    if any_helped(state, player):
        # (a dual's own unit comes before any dropped: they are after the others)
        plain, kept_sources = _helped(state, plain, kept_sources, player, exclude)
    return (mana_mod.units_of(tuple(plain), len(kept), tuple([u for u, _, _ in kept_duals]),
                              (*[m for _, m in kept], *[m for _, _, m in kept_duals])),
            kept_sources, [*[f for f, _ in kept], *[f for _, f, _ in kept_duals]])


def plan_mana_sacrifices(state: GameState, player: int, cost: ManaCost, x: int,
                         exclude: Collection[int], asker: Asker) -> dict[int, rep.ZonePlan]:
    """The replacement effects (616.1) of the permanents paying ``cost`` would sacrifice
    to their own mana abilities ("Sacrifice this creature: Add {C}", 605.3b), chosen by
    their controller through ``asker`` before anything is paid, as ``pay_cost`` will pay
    it. Solved only when such a source could have a replacement effect at all (none has,
    in the pool: unearth's applies to unearthed cards, none of which makes mana)."""
    if not _replaceable_sacrifice(state, player, exclude):
        return {}
    objects = state.objects
    found = _solution(state, player, cost, x, exclude)
    if found is None:
        return {}
    chosen, _, used = found
    sacrificed = []
    for ui in chosen:
        oid, idx = used[ui]
        if oid >= 0 and mana_abilities_of(objects[oid])[idx].sacrifice_self \
                and objects[oid] not in sacrificed:
            sacrificed.append(objects[oid])
    return rep.plan_leaving(state, sacrificed, GRAVEYARD, asker)


def _replaceable_sacrifice(state: GameState, player: int, exclude: Collection[int]) -> bool:
    """Has ``player`` a mana source (not in ``exclude``) whose ability sacrifices it and
    to whose leaving a replacement effect could apply? (The sources are remembered.)"""
    for s in _mana_sources(state).players[player]:
        o, ab = s[0], s[1]
        if ab is not None:
            if not ab.sacrifice_self:
                continue
        elif not any([a.sacrifice_self for a in mana_abilities_of(o)]):
            continue
        if o.oid not in exclude and rep.may_be_replaced(state, o, GRAVEYARD):
            return True
    return False


def pay_cost(state: GameState, player: int, cost: ManaCost, x: int,
             exclude: Collection[int] = (),
             plans: dict[int, rep.ZonePlan] | None = None) -> bool:
    """Pay ``cost`` (with X = ``x``) by activating mana abilities (601.2g-h), none of the
    permanents in ``exclude`` (those another part of the cost taps, sacrifices or puts
    counters on: a source whose mana ability would sacrifice it can't do both); the
    replacement effects of the sources it sacrifices are ``plans``' when chosen already
    (``plan_mana_sacrifices``)."""
    found = _solution(state, player, cost, x, exclude)
    if found is None:
        return False
    chosen, units, sources = found
    spent_pool, used_abilities, lost = _activations(state, chosen, units, sources,
                                                    cost.symbols)
    if lost and not any([ab.mana_cost for _, ab, _, _ in used_abilities]):
        # (not with filters: solving again without them would not pay their costs)
        # a source of one mana of each of several colours paying only part of the cost
        # leaves the rest floating: solved again with its mana first, kept if less is lost
        first = sorted(range(len(units)), key=lambda i: sources[i][0] != -1 and not (
            mana_abilities_of(state.objects[sources[i][0]])[sources[i][1]].each))
        units2 = [units[i] for i in first]
        sources2 = [sources[i] for i in first]
        chosen2 = solve(cost.symbols, cost.generic + cost.x * x, units2)
        if chosen2 is not None:
            spent2, used2, lost2 = _activations(state, chosen2, units2, sources2,
                                                cost.symbols)
            if lost2 < lost:
                spent_pool, used_abilities = spent2, used2
    # the creatures "Tap an untapped creature you control" taps (found when one is needed:
    # the units count no more such abilities than there are creatures to tap)
    tapped_too: list[GameObject] | None = None
    pool = state.players[player].pool
    for i in sorted(spent_pool, reverse=True):
        del pool[i]
    # Only permanents something is attached to can have "whenever enchanted land is tapped
    # for mana" triggers (as in _mana_units).
    hosts = _mana_sources(state).hosts if MANA_TRIGGER_HOOKS else _NO_HOSTS
    for o, ab, used, index in used_abilities:
        oid = o.oid
        if ab.once_per_turn:  # 602.5b (engine.rules.mana_once)
            mark_mana_once(state, o, index)
        produced = ab.amount if isinstance(ab.amount, int) else static_amount(state, ab.amount, o)
        mask = _color_mask(ab.colors)
        made = list(_each_masks(ab.colors)) if ab.each else [mask] * produced
        if ab.tap:
            if oid in hosts:
                made.extend(triggered_mana(state, o))
            tap_permanent(state, o)
        if ab.tap_creature:
            if tapped_too is None:
                tapped_too = helpers(state, player, exclude)
            tap_permanent(state, tapped_too.pop(0))
        if ab.sacrifice_self:
            rep.sacrifice(state, o, plan=plans.get(oid) if plans else None)
        for m in used:  # what this source made beyond what was spent stays in the pool
            if m in made:
                made.remove(m)
        if made:  # (one of each colour: each unit is already one colour's bit)
            color = mana_mod.C if ab.colors == "C" else mana_mod.SYMBOL_BIT[ab.colors[0]]
            pool.extend(color if m == mask and not ab.each else m for m in made)
    return True


def _activations(state: GameState, chosen: list[int], units: list[int],
                 sources: list[tuple[int, int]],
                 symbols: tuple[int, ...]) -> tuple[list[int], list[_Used], int]:
    """What paying with the chosen units does: the pool's units it spends (their indices
    in the pool); each mana ability it activates as (source, ability, the units it pays);
    and the mana those make beyond what they pay among the abilities that make one mana of
    each of several colours ("Add {B}{R}": paying only {R} with it floats the {B}). A
    unit of several plain one-mana abilities of a permanent (``one_mana_union``)
    activates the first of them that makes a colour of the symbol it pays (``chosen``
    lists the units paying ``symbols`` first, in order), any for generic mana."""
    spent_pool: list[int] = []
    activated: dict[tuple[int, int], list[int]] = {}
    objects = state.objects
    for k, ui in enumerate(chosen):
        oid, idx = sources[ui]
        if oid == -1:
            spent_pool.append(idx)
            continue
        unit = units[ui]
        fb = helped_fallback(objects[oid]) if unit & mana_mod.C else -1
        if fb >= 0 and idx != fb:
            # Holdout Settlement's unit paying generic mana or {C}: its plain "{T}: Add
            # {C}." pays it, no creature tapped
            fb_mask = _color_mask(mana_abilities_of(objects[oid])[fb].colors)
            if k >= len(symbols) or symbols[k] & fb_mask:
                idx, unit = fb, fb_mask
        if mana_mod.POPCOUNT[unit & 63] > 1:
            o = objects[oid]
            abilities = mana_abilities_of(o)
            own = _color_mask(abilities[idx].colors)
            if unit & ~own and plain_one(abilities[idx]) and \
                    one_mana_union(state, o, mana_abilities_of(o), idx) == unit:
                found = paying_ability(abilities, symbols[k] if k < len(symbols) else own)
                if found >= 0:
                    idx, unit = found, _color_mask(abilities[found].colors)
        activated.setdefault((oid, idx), []).append(unit)
    out: list[_Used] = []
    lost = 0
    for (oid, idx), used in activated.items():
        o = objects[oid]
        ab = mana_abilities_of(o)[idx]
        out.append((o, ab, used, idx))
        if ab.each and len(used) < len(ab.colors):
            lost += len(ab.colors) - len(used)
    return spent_pool, out, lost


def affordable(cost: ManaCost, units: list[int], x: int = 0) -> bool:
    return can_pay(cost.symbols, cost.generic + cost.x * x, units)


def max_x(cost: ManaCost, units: list[int]) -> int:
    if not cost.x:
        return 0
    hi = (len(units) - cost.generic - len(cost.symbols)) // cost.x
    while hi > 0 and not affordable(cost, units, hi):
        hi -= 1
    return max(hi, 0)


def total_cost(costs: list[ManaCost], x: int) -> tuple[tuple[int, ...], int]:
    """Add up mana costs (601.2f): their coloured symbols and generic amount, X included."""
    symbols: list[int] = []
    generic = 0
    for c in costs:
        symbols.extend(c.symbols)
        generic += c.generic + c.x * x
    symbols.sort(key=mana_mod.POPCOUNT.__getitem__)
    return tuple(symbols), generic


def pay_symbols(state: GameState, player: int, symbols: tuple[int, ...], generic: int,
                exclude: Collection[int] = (),
                plans: dict[int, rep.ZonePlan] | None = None) -> bool:
    """Pay an already-totalled cost with mana abilities."""
    return pay_cost(state, player, ManaCost(generic, symbols), 0, exclude, plans)


def sacrificed_for_mana(state: GameState, player: int, kept: Collection[int]) -> set[int]:
    """Of the permanents ``kept``, which another part of the cost needs on the
    battlefield when it is paid (a creature returned to its owner's hand for ninjutsu,
    702.49a), those whose mana ``mana_units`` counts comes from an ability that sacrifices
    them (Eldrazi Spawn's "Sacrifice this creature: Add {C}", 605.3b): mana abilities are
    activated before the costs are paid (601.2g-h), so such a permanent pays no mana for
    the cost; one that taps for mana still may (it is returned tapped)."""
    if not kept:
        return set()
    units, sources = mana_units(state, player)
    objects = state.objects
    found = [*sources, *(filter_sources(state, player) if mana_mod.filters_of(units) else ())]
    return {oid for oid, idx in found if oid >= 0 and oid in kept
            and mana_abilities_of(objects[oid])[idx].sacrifice_self}


def units_without(state: GameState, player: int, used: Collection[int]) -> list[int]:
    """The player's mana units without those of the permanents in ``used`` (tapped or
    sacrificed for another part of the cost)."""
    units, sources = mana_units(state, player)
    if not used:
        return units
    gone = set(used)
    if mana_mod.filters_of(units) or any_helped(state, player):
        # (its filters, as the payment will use them: _solution)
        return _excluding(state, player, gone)[0]
    return [u for u, s in zip(units, sources, strict=True) if s[0] not in gone]


# --- triggered mana abilities of Auras (605.1b) ------------------------------------------


def aura_mana(state: GameState, land: GameObject) -> list[int]:
    """The extra mana (colour bits) the Auras attached to ``land`` add when it is tapped
    for mana: "Whenever enchanted land is tapped for mana, its controller adds an
    additional ..." (a triggered mana ability: it resolves at once, 605.1b, 605.4a)."""
    out: list[int] = []
    for aura in permanents(state):
        if aura.attached_to != land.oid or aura.lost_abilities:
            continue
        for ab in aura.card.triggered:
            if ab.when != "enchanted_tapped_for_mana":
                continue
            for eff in ab.effects:
                if isinstance(eff, AddMana):
                    cost = parse_cost(eff.mana)
                    out.extend(cost.symbols)
                    out.extend([32] * cost.generic)  # {C}: colourless
                elif isinstance(eff, AddChosenColorMana) and aura.chosen_color:
                    out.extend([aura.chosen_color] * eff.amount)
    return out


MANA_TRIGGER_HOOKS.append(aura_mana)


# --- mana abilities that tap a creature too ("Tap an untapped creature you control") ----


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
                    out_units.append(_color_mask(mana_abilities_of(objects[oid])[fb].colors))
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
