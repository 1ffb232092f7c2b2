"""Filters in the payment solver (engine.rules.mana): "{1}, {T}: Add one mana of any
color." (605.1a) turns one mana into one of any colour and adds none. ``solve`` and
``can_pay`` against a brute force that converts up to F of the units themselves (a unit
whose mana pays a filter's {1} is, in effect, a unit of any colour), and the shape of
``solve``'s answer when it uses filters."""

from __future__ import annotations

import itertools
import random

from mtgsim.engine.rules.mana import (
    FIVE_COLORS,
    B,
    G,
    R,
    U,
    W,
    can_pay,
    can_pay_cost,
    parse_cost,
    solve,
    units_of,
)


def _plain(symbols: tuple[int, ...], generic: int, units: list[int]) -> bool:
    if len(units) < len(symbols) + generic:
        return False
    for perm in itertools.permutations(range(len(units)), len(symbols)):
        if all(units[i] & s for i, s in zip(perm, symbols, strict=True)):
            return True
    return False


def _brute_force(symbols: tuple[int, ...], generic: int, units: list[int],
                 filters: int) -> bool:
    """Payable with up to ``filters`` of the units sent through a filter each."""
    for k in range(min(filters, len(units)) + 1):
        for converted in itertools.combinations(range(len(units)), k):
            changed = [u | FIVE_COLORS if i in converted else u for i, u in enumerate(units)]
            if _plain(symbols, generic, changed):
                return True
    return False


def _check_answer(symbols: tuple[int, ...], generic: int, units: list[int],
                  chosen: list[int]) -> None:
    """A payment with k filters: the symbols paid by units of their colour or by the
    filters (indices len(units)...), every filter used for a symbol, and generic + k
    units of the player's own for the generic part and the filters' costs."""
    n = len(units)
    k = max(0, max(chosen, default=-1) + 1 - n)
    assert len(set(chosen)) == len(chosen) == len(symbols) + generic + k
    for i, sym in zip(chosen, symbols, strict=False):
        assert (units[i] if i < n else FIVE_COLORS) & sym
    assert sorted(i for i in chosen if i >= n) == list(range(n, n + k))
    assert all(i < n for i in chosen[len(symbols):])


def test_a_filter_pays_a_colour_the_lands_lack_with_their_mana() -> None:
    bolt = parse_cost("{R}")
    assert solve(bolt.symbols, bolt.generic, units_of((U,))) is None
    assert solve(bolt.symbols, bolt.generic, units_of((U,), 1)) == [1, 0]
    assert can_pay_cost(bolt, units_of((U,), 1))
    # no mana to pay the filter's {1} with: nothing
    assert not can_pay_cost(bolt, units_of((), 1))
    assert solve(bolt.symbols, bolt.generic, units_of((), 1)) is None


def test_a_filter_adds_no_mana() -> None:
    spear = parse_cost("{1}{R}")
    assert not can_pay(spear.symbols, spear.generic, units_of((U,), 3))
    assert solve(spear.symbols, spear.generic, units_of((U,), 3)) is None
    assert can_pay(spear.symbols, spear.generic, units_of((U, U), 1))
    # {C} is no colour: a filter's "one mana of any color" never pays it
    assert not can_pay(parse_cost("{C}").symbols, 0, units_of((U,), 1))


def test_the_lands_pay_alone_when_they_can() -> None:
    helix = parse_cost("{R}{W}")
    assert solve(helix.symbols, helix.generic, units_of((W, R, U), 2)) in ([1, 0], [0, 1])
    # one filter: the Island goes through it, the Plains pays {W}
    chosen = solve(helix.symbols, helix.generic, units_of((W, U), 1))
    assert chosen is not None
    _check_answer(helix.symbols, helix.generic, [W, U], chosen)
    assert not can_pay(helix.symbols, helix.generic, units_of((U, U), 1))


def test_solver_with_filters_agrees_with_brute_force_on_random_instances() -> None:
    rng = random.Random(36)
    masks = [W, U, B, R, G, W | U, R | G, B | G, 32]
    sym_masks = [W, U, B, R, G, W | U, R | G, 32]
    used_filters = 0
    for _ in range(1200):
        units = [rng.choice(masks) for _ in range(rng.randint(0, 5))]
        symbols = tuple(sorted((rng.choice(sym_masks) for _ in range(rng.randint(0, 4))),
                               key=lambda m: bin(m).count("1")))
        generic = rng.randint(0, 2)
        filters = rng.randint(0, 3)
        expected = _brute_force(symbols, generic, units, filters)
        mine = units_of(tuple(units), filters)
        assert can_pay(symbols, generic, mine) == expected, (symbols, generic, units, filters)
        chosen = solve(symbols, generic, mine)
        assert (chosen is not None) == expected, (symbols, generic, units, filters)
        if chosen is not None:
            _check_answer(symbols, generic, units, chosen)
            used_filters += max(chosen, default=-1) >= len(units)
    assert used_filters > 50  # filters are needed often enough to be tested


def _brute_force_duals(symbols: tuple[int, ...], generic: int, units: list[int],
                       filters: int, duals: tuple[int, ...]) -> bool:
    """Payable with up to ``filters`` filters and any of the dual filters, each dual one
    giving up its own unit (the index in ``duals``)."""
    for n_duals in range(len(duals) + 1):
        for used in itertools.combinations(duals, n_duals):
            rest = [u for i, u in enumerate(units) if i not in used]
            if _brute_force(symbols, generic, rest, filters + n_duals):
                return True
    return False


def test_a_dual_filter_gives_up_its_own_mana() -> None:
    # Conduit Pylons ({C}, or {1} from another land through it) and an Island
    bolt, spear = parse_cost("{R}"), parse_cost("{1}{R}")
    pylons_island = units_of((32, U), 0, (0,))
    assert can_pay_cost(bolt, pylons_island)
    assert solve(bolt.symbols, bolt.generic, pylons_island) == [2, 1]
    # its own {C} can't also pay: two lands make one {R}, nothing more
    assert not can_pay_cost(spear, pylons_island)
    assert solve(spear.symbols, spear.generic, pylons_island) is None
    assert can_pay_cost(parse_cost("{1}"), pylons_island)  # ... or {C} and {U}: two mana
    assert can_pay_cost(parse_cost("{2}"), pylons_island)


def test_solver_with_dual_filters_agrees_with_brute_force() -> None:
    rng = random.Random(3636)
    masks = [W, U, B, R, G, W | U, R | G, 32]
    sym_masks = [W, U, B, R, G, W | U, 32]
    used_duals = 0
    for _ in range(800):
        own = rng.randint(0, 2)  # the dual filters' units ({C}: Conduit Pylons) come first
        units = [32] * own + [rng.choice(masks) for _ in range(rng.randint(0, 4))]
        duals = tuple(range(own))
        symbols = tuple(sorted((rng.choice(sym_masks) for _ in range(rng.randint(0, 3))),
                               key=lambda m: bin(m).count("1")))
        generic = rng.randint(0, 2)
        filters = rng.randint(0, 1)
        expected = _brute_force_duals(symbols, generic, units, filters, duals)
        mine = units_of(tuple(units), filters, duals)
        assert can_pay(symbols, generic, mine) == expected, (symbols, generic, units, filters)
        chosen = solve(symbols, generic, mine)
        assert (chosen is not None) == expected, (symbols, generic, units, filters)
        if chosen is not None:
            k = max(0, max(chosen, default=-1) + 1 - len(units))
            gone = duals[:max(0, k - filters)]
            assert not set(gone) & set(chosen)  # a dual filter used: its own unit is not
            _check_answer(symbols, generic, units, chosen)
            used_duals += bool(gone)
    assert used_duals > 30


def _brute_force_masks(symbols: tuple[int, ...], generic: int, units: list[int],
                       masks: tuple[int, ...], duals: tuple[int, ...] = ()) -> bool:
    """Payable with any of the filters (the j-th making one of ``masks[j]``; the last
    ``len(duals)`` dual ones, each giving up its own unit) each sending one unit through
    it: that unit becomes one of the filter's colours."""
    pure = len(masks) - len(duals)
    for k in range(len(masks) + 1):
        for used in itertools.combinations(range(len(masks)), k):
            gone = {duals[j - pure] for j in used if j >= pure}
            rest = [u for i, u in enumerate(units) if i not in gone]
            for through in itertools.permutations(range(len(rest)), k):
                changed = list(rest)
                for j, i in zip(used, through, strict=True):
                    changed[i] = masks[j]
                if _plain(symbols, generic, changed):
                    return True
    return False


def test_a_filter_of_some_colours_makes_only_those() -> None:
    # Mardu Devotee: "{1}: Add {R}, {W}, or {B}."
    rwb = R | W | B
    bolt, brainstorm = parse_cost("{R}"), parse_cost("{U}")
    assert can_pay_cost(bolt, units_of((U,), 1, (), (rwb,)))
    assert solve(bolt.symbols, bolt.generic, units_of((U,), 1, (), (rwb,))) == [1, 0]
    assert not can_pay_cost(brainstorm, units_of((R,), 1, (), (rwb,)))
    assert solve(brainstorm.symbols, 0, units_of((R,), 1, (), (rwb,))) is None
    # two filters, the Devotee's first: a {U} needs the Prism (any colour), the second
    both = units_of((R, G), 2, (), (rwb, FIVE_COLORS))
    chosen = solve(brainstorm.symbols, 0, both)
    assert chosen is not None and chosen[0] == 3  # the Prism's unit (2 + its place, 1)
    assert can_pay_cost(brainstorm, both)


def test_solver_with_filters_of_some_colours_agrees_with_brute_force() -> None:
    rng = random.Random(3637)
    masks = [W, U, B, R, G, W | U, R | G, 32]
    sym_masks = [W, U, B, R, G, W | U, 32]
    filter_masks = [FIVE_COLORS, R | W | B, U | G, R]
    used = 0
    for _ in range(800):
        own = rng.randint(0, 1)  # a dual filter's own unit ({C}) first
        units = [32] * own + [rng.choice(masks) for _ in range(rng.randint(0, 4))]
        duals = tuple(range(own))
        pure = rng.randint(0, 2)
        fmasks = tuple(rng.choice(filter_masks) for _ in range(pure + own))
        symbols = tuple(sorted((rng.choice(sym_masks) for _ in range(rng.randint(0, 3))),
                               key=lambda m: bin(m).count("1")))
        generic = rng.randint(0, 2)
        expected = _brute_force_masks(symbols, generic, units, fmasks, duals)
        mine = units_of(tuple(units), pure, duals, fmasks)
        case = (symbols, generic, units, pure, duals, fmasks)
        assert can_pay(symbols, generic, mine) == expected, case
        chosen = solve(symbols, generic, mine)
        assert (chosen is not None) == expected, case
        if chosen is not None:
            n = len(units)
            through = sorted(i - n for i in chosen if i >= n)
            gone = {duals[j - pure] for j in through if j >= pure}
            assert not gone & set(chosen), case  # a dual filter used: its own unit is not
            assert len(set(chosen)) == len(chosen) == len(symbols) + generic + len(through)
            for i, sym in zip(chosen, symbols, strict=False):
                assert (units[i] if i < n else fmasks[i - n]) & sym, case
            used += bool(through)
    assert used > 50
