"""Paying costs with mana abilities (rules 605, 601.2g-h).

A player's available mana is a list of units (one colour mask each) with their sources
(``engine.rules.mana_units``, from the permanents of ``engine.rules.mana_sources``);
``engine.rules.mana.solve`` matches cost symbols to units and ``pay_cost`` activates the
abilities of the units it chose. What pays part of a spell's cost instead of mana
(convoke's creatures) adds units of its own (``engine.rules.spell_costs``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from mtgsim.engine.cards import ManaAbility
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.enchanted_events import tap_permanent
from mtgsim.engine.rules.layers import static_amount
from mtgsim.engine.rules.mana import ManaCost, can_pay, mana_color_mask, solve
from mtgsim.engine.rules.mana_helped import _helped, helped_fallback, helpers
from mtgsim.engine.rules.mana_once import mark_mana_once
from mtgsim.engine.rules.mana_sources import (
    _NO_HOSTS,
    MANA_TRIGGER_HOOKS,
    _mana_sources,
    mana_abilities_of,
    triggered_mana,
)
from mtgsim.engine.rules.mana_union import one_mana_union, paying_ability, plain_one
from mtgsim.engine.rules.mana_units import _each_masks, any_helped, filter_sources, mana_units
from mtgsim.engine.state.game_state import GRAVEYARD, GameObject, GameState

if TYPE_CHECKING:
    from mtgsim.engine.state.ask import Asker

# a mana ability a payment activates: its source, the ability, the units it pays
_Used = tuple[GameObject, ManaAbility, list[int], int]  # (and the ability's index)


def _solution(state: GameState, player: int, cost: ManaCost, x: int,
              exclude: Collection[int]) -> tuple[list[int], list[int],
                                                   tuple[tuple[int, int], ...]] | None:
    """The mana units that would pay ``cost``, as indices of ``units``, with the units
    and their sources; None if it can't be paid."""
    units, sources = mana_units(state, player)
    filters: tuple[tuple[int, int], ...] = ()
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
        sources = (*sources, *filters[:k])
    return chosen, units, sources


def _excluding(state: GameState, player: int, exclude: Collection[int]) -> tuple[
        mana_mod.Units, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """``player``'s mana units, their sources and the filters' sources without what the
    permanents in ``exclude`` make (those another part of the cost uses): filters and
    dual filters among them gone too, and no more units of abilities that tap a creature
    than there are creatures left to tap."""
    units, sources = mana_units(state, player)
    filters: tuple[tuple[int, int], ...] = ()
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
            tuple(kept_sources), (*[f for f, _ in kept], *[f for _, f, _ in kept_duals]))


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
        mask = mana_color_mask(ab.colors)
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
                 sources: Sequence[tuple[int, int]],
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
            fb_mask = mana_color_mask(mana_abilities_of(objects[oid])[fb].colors)
            if k >= len(symbols) or symbols[k] & fb_mask:
                idx, unit = fb, fb_mask
        if mana_mod.POPCOUNT[unit & 63] > 1:
            o = objects[oid]
            abilities = mana_abilities_of(o)
            own = mana_color_mask(abilities[idx].colors)
            if unit & ~own and plain_one(abilities[idx]) and \
                    one_mana_union(state, o, mana_abilities_of(o), idx) == unit:
                found = paying_ability(abilities, symbols[k] if k < len(symbols) else own)
                if found >= 0:
                    idx, unit = found, mana_color_mask(abilities[found].colors)
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
