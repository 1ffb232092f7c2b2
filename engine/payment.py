"""Mana sources and paying costs with mana abilities (rules 605, 601.2g-h) and convoke.

A player's available mana is a list of units (one colour mask each) with their sources;
``engine.mana.solve`` matches cost symbols to units. Convoke (702.51) adds the player's
untapped creatures as units that can pay generic mana or one mana of their colours.
"""

from __future__ import annotations

from engine import mana as mana_mod
from engine import replacement as rep
from engine.cards import KW_HASTE, KW_NO_ACTIVATE, T_CREATURE
from engine.layers import static_amount
from engine.mana import ManaCost, solve
from engine.state import GameObject, GameState


def can_tap_for_mana(obj: GameObject) -> bool:
    if obj.tapped:
        return False
    if obj.sick and obj.card._type_mask & T_CREATURE and not obj.kw & KW_HASTE:
        return False
    return True


def mana_units(state: GameState, player: int) -> tuple[list[int], list[tuple[int, int]]]:
    """Mana a player could make now: one colour mask per unit, and its source.

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
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.controller != player or not o.card._mana_abilities or o.lost_abilities:
            continue
        if o.kw & KW_NO_ACTIVATE:  # Arrest: mana abilities are activated abilities (605.1a)
            continue
        for idx, ab in enumerate(o.card._mana_abilities):
            if ab.tap and not can_tap_for_mana(o):
                continue
            mask = 0
            for ch in ab.colors:
                mask |= mana_mod.SYMBOL_BIT[ch]
            n = ab.amount if isinstance(ab.amount, int) else static_amount(state, ab.amount, o)
            if ab.sacrifice_self:
                for _ in range(n):
                    late_units.append(mask)
                    late_sources.append((oid, idx))
            else:
                for _ in range(n):
                    units.append(mask)
                    sources.append((oid, idx))
            break  # one mana ability per permanent is used (they all tap it)
    units.extend(late_units)
    sources.extend(late_sources)
    return units, sources


def pay_cost(state: GameState, player: int, cost: ManaCost, x: int,
             exclude: int = -1) -> bool:
    """Pay ``cost`` (with X = ``x``) by activating mana abilities (601.2g-h)."""
    units, sources = mana_units(state, player)
    if exclude >= 0:
        keep = [i for i, s in enumerate(sources) if s[0] != exclude]
        units = [units[i] for i in keep]
        sources = [sources[i] for i in keep]
    chosen = solve(cost.symbols, cost.generic + cost.x * x, units)
    if chosen is None:
        return False
    pool = state.players[player].pool
    spent_pool: list[int] = []
    activated: dict[tuple[int, int], int] = {}
    for ui in chosen:
        oid, idx = sources[ui]
        if oid == -1:
            spent_pool.append(idx)
        else:
            activated[(oid, idx)] = activated.get((oid, idx), 0) + 1
    for i in sorted(spent_pool, reverse=True):
        del pool[i]
    for (oid, idx), used in activated.items():
        o = state.objects[oid]
        ab = o.card._mana_abilities[idx]
        produced = ab.amount if isinstance(ab.amount, int) else static_amount(state, ab.amount, o)
        if ab.tap:
            o.tapped = True
        if ab.sacrifice_self:
            rep.sacrifice(state, o)
        color = mana_mod.C if ab.colors == "C" else mana_mod.SYMBOL_BIT[ab.colors[0]]
        pool.extend([color] * max(0, produced - used))
    return True


def affordable(cost: ManaCost, units: list[int], x: int = 0) -> bool:
    return solve(cost.symbols, cost.generic + cost.x * x, units) is not None


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


def convoke_candidates(state: GameState, player: int) -> list[int]:
    """Untapped creatures the player controls (702.51a)."""
    objects = state.objects
    return [oid for oid in state.battlefield
            if objects[oid].controller == player and not objects[oid].tapped
            and objects[oid].card._type_mask & T_CREATURE]


def convoke_units(state: GameState, player: int, sources: list[tuple[int, int]]) -> list[int]:
    """Extra units convoke offers: creatures that are not already counted as mana."""
    used = {s[0] for s in sources}
    return [state.objects[oid].card._color_mask & 31 for oid in convoke_candidates(state, player)
            if oid not in used]


def apply_convoke(state: GameState, symbols: tuple[int, ...], generic: int,
                  convokers: list[int]) -> tuple[tuple[int, ...], int] | None:
    """Let each convoking creature pay one coloured symbol of its colour, else one generic.

    Returns the cost left to pay with mana, or None if some creature pays nothing.
    """
    left = list(symbols)
    for oid in convokers:
        colors = state.objects[oid].card._color_mask & 31
        for i, need in enumerate(left):
            if need & colors:
                del left[i]
                break
        else:
            if generic <= 0:
                return None
            generic -= 1
    return tuple(left), generic


def pay_symbols(state: GameState, player: int, symbols: tuple[int, ...], generic: int,
                exclude: int = -1) -> bool:
    """Pay an already-totalled cost with mana abilities."""
    return pay_cost(state, player, ManaCost(generic, symbols), 0, exclude)
