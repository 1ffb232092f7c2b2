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

from mtgsim.engine.cards import KW_HASTE, KW_NO_ACTIVATE, T_CREATURE, ManaAbility
from mtgsim.engine.effects.add_chosen_color_mana import AddChosenColorMana
from mtgsim.engine.effects.add_mana import AddMana
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.layers import ensure, static_amount
from mtgsim.engine.rules.mana import ManaCost, can_pay, parse_cost, solve
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
    units, sources, dynamic, creature = _mana_units(state, player)
    mana.units[player] = ManaEntry(taps, refreshes, floating, state.turn if creature else -1,
                                   state_key(state) if dynamic else None, (units, sources))
    return units, sources


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
    if ab is not None and ab.condition is None and ab.amount.__class__ is int:
        return (o, ab, 0, _color_mask(ab.colors), ab.amount, ab.tap, creature)
    return (o, None, 0, 0, 0, False, creature)


_NO_HOSTS: frozenset[int] = frozenset()


def _mana_units(state: GameState,
                player: int) -> tuple[mana_mod.Units, list[tuple[int, int]], bool, bool]:
    """Mana a player could make now: one colour mask per unit, and its source; whether
    a condition or computed amount was involved; and whether a source is a creature.

    A source is (-1, pool index) for floating mana or (object id, ability index).
    Floating mana comes first, then lands, creatures, and sacrifice sources last, so
    the solver (which keeps this order among equally flexible units) spends the cheapest.
    """
    units: list[int] = []
    sources: list[tuple[int, int]] = []
    for i, m in enumerate(state.players[player].pool):
        units.append(m)
        sources.append((-1, i))
    late_units: list[int] = []
    late_sources: list[tuple[int, int]] = []
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
            for i, cand in enumerate(mana_abilities_of(o)):
                if cand.tap and not can_tap_for_mana(o):
                    continue
                if cand.condition is not None and not condition_holds(
                        state, cand.condition, o.controller, o):
                    continue  # e.g. a leveler's band it is not in (711.2)
                amount = cand.amount if isinstance(cand.amount, int) else static_amount(
                    state, cand.amount, o)
                if amount > n:
                    best, idx, n = cand, i, amount
            if best is None:
                continue
            mask = _color_mask(best.colors)
            tap = best.tap
        oid = o.oid
        if best.sacrifice_self:
            for _ in range(n):
                late_units.append(mask)
                late_sources.append((oid, idx))
        elif n == 1:  # (most sources)
            units.append(mask)
            sources.append((oid, idx))
        else:
            for _ in range(n):
                units.append(mask)
                sources.append((oid, idx))
        if tap and oid in hosts:  # "whenever it is tapped for mana, add ..."
            for extra in triggered_mana(state, o):
                units.append(extra)
                sources.append((oid, idx))
    units.extend(late_units)
    sources.extend(late_sources)
    return _units_of(state, units), sources, dynamic, creature


def _units_of(state: GameState, units: list[int]) -> mana_mod.Units:
    """The game's one ``Units`` with the content of ``units``: what ``can_pay`` and
    ``solve`` worked out about a player's units depends only on their content, so when the
    same units come back (last turn's lands, untapped again) it is found again (kept in
    ``Mana.seen``, bounded)."""
    content = tuple(units)
    seen = state.derived.mana.seen
    found = seen.get(content)
    if found is None:
        if len(seen) >= 256:
            seen.clear()
        found = seen[content] = mana_mod.units_of(content)
    return found


def _solution(state: GameState, player: int, cost: ManaCost, x: int,
              exclude: Collection[int]) -> tuple[list[int], list[int],
                                                   list[tuple[int, int]]] | None:
    """The mana units that would pay ``cost``, as indices of ``units``, with the units
    and their sources; None if it can't be paid."""
    units, sources = mana_units(state, player)
    if exclude:
        keep = [i for i, s in enumerate(sources) if s[0] not in exclude]
        units = [units[i] for i in keep]
        sources = [sources[i] for i in keep]
    chosen = solve(cost.symbols, cost.generic + cost.x * x, units)
    return None if chosen is None else (chosen, units, sources)


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
    pool = state.players[player].pool
    spent_pool: list[int] = []
    activated: dict[tuple[int, int], list[int]] = {}
    for ui in chosen:
        oid, idx = sources[ui]
        if oid == -1:
            spent_pool.append(idx)
        else:
            activated.setdefault((oid, idx), []).append(units[ui])
    for i in sorted(spent_pool, reverse=True):
        del pool[i]
    # Only permanents something is attached to can have "whenever enchanted land is tapped
    # for mana" triggers (as in _mana_units).
    hosts = _mana_sources(state).hosts if MANA_TRIGGER_HOOKS else _NO_HOSTS
    for (oid, idx), used in activated.items():
        o = state.objects[oid]
        ab = mana_abilities_of(o)[idx]
        produced = ab.amount if isinstance(ab.amount, int) else static_amount(state, ab.amount, o)
        mask = _color_mask(ab.colors)
        made = [mask] * produced
        if ab.tap:
            if oid in hosts:
                made.extend(triggered_mana(state, o))
            state.set_tapped(o, True)
        if ab.sacrifice_self:
            rep.sacrifice(state, o, plan=plans.get(oid) if plans else None)
        for m in used:  # what this source made beyond what was spent stays in the pool
            if m in made:
                made.remove(m)
        if made:
            color = mana_mod.C if ab.colors == "C" else mana_mod.SYMBOL_BIT[ab.colors[0]]
            pool.extend(color if m == mask else m for m in made)
    return True


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


def units_without(state: GameState, player: int, used: Collection[int]) -> list[int]:
    """The player's mana units without those of the permanents in ``used`` (tapped or
    sacrificed for another part of the cost)."""
    units, sources = mana_units(state, player)
    if not used:
        return units
    gone = set(used)
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
