"""Mana costs and the payment solver (rules 107.4, 202, 601.2f-h).

A cost is compiled once into a small value: a generic amount, one bitmask per coloured
symbol (a hybrid symbol's mask has two colour bits), and the number of X symbols.
Payment is a bipartite matching of symbols to mana units; ``solve`` backtracks over the
(small) candidate set so it finds a payment whenever one exists, and prefers units that
produce fewer colours so flexible sources stay untapped.
"""

from __future__ import annotations

import re

import msgspec

W, U, B, R, G, C = 1, 2, 4, 8, 16, 32
SYMBOL_BIT = {"W": W, "U": U, "B": B, "R": R, "G": G, "C": C}
ANY_COLOR = W | U | B | R | G | C
_SYMBOL = re.compile(r"\{([^}]+)\}")


class ManaCostError(ValueError):
    pass


class ManaCost(msgspec.Struct, frozen=True):
    """A compiled mana cost."""

    generic: int = 0
    symbols: tuple[int, ...] = ()  # one colour mask per coloured / colourless symbol
    x: int = 0  # number of {X} symbols
    color_mask: int = 0  # colours of the cost (rule 202.2), without C
    mana_value: int = 0  # with X = 0 (rule 202.3)
    text: str = ""

    def total(self, x_value: int = 0) -> int:
        return self.generic + len(self.symbols) + self.x * x_value

    def plus_generic(self, amount: int) -> ManaCost:
        return ManaCost(
            self.generic + amount, self.symbols, self.x, self.color_mask,
            self.mana_value, self.text,
        )


_COST_CACHE: dict[str, ManaCost] = {}


def parse_cost(text: str) -> ManaCost:
    """Parse ``{2}{R}{R/G}{X}`` into a ManaCost. Raises ManaCostError on bad symbols."""
    cached = _COST_CACHE.get(text)
    if cached is not None:
        return cached
    generic = 0
    symbols: list[int] = []
    x = 0
    color_mask = 0
    rest = _SYMBOL.sub("", text).strip()
    if rest:
        raise ManaCostError(f"bad mana cost {text!r}: unexpected {rest!r}")
    for sym in _SYMBOL.findall(text):
        if sym.isdigit():
            generic += int(sym)
        elif sym == "X":
            x += 1
        elif sym in SYMBOL_BIT:
            symbols.append(SYMBOL_BIT[sym])
            if sym != "C":
                color_mask |= SYMBOL_BIT[sym]
        elif "/" in sym:
            a, b = sym.split("/", 1)
            if a not in SYMBOL_BIT or b not in SYMBOL_BIT:
                raise ManaCostError(f"bad hybrid symbol {{{sym}}} in {text!r}")
            mask = SYMBOL_BIT[a] | SYMBOL_BIT[b]
            symbols.append(mask)
            color_mask |= mask
        else:
            raise ManaCostError(f"bad mana symbol {{{sym}}} in {text!r}")
    symbols.sort(key=_popcount)
    cost = ManaCost(generic, tuple(symbols), x, color_mask, generic + len(symbols), text)
    _COST_CACHE[text] = cost
    return cost


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


POPCOUNT = [bin(i).count("1") for i in range(64)]


# The unit order solve computed for the units list it last saw (units lists are never
# changed once made; holding it keeps its id from being reused).
_ORDER_FOR: list[list[int]] = [[], []]


# solve's answers by units content, symbols and generic: the same lands and costs come
# back turn after turn and game after game (bounded; cleared when full).
_SOLVED: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, ...] | None] = {}


def solve(
    symbols: tuple[int, ...], generic: int, units: list[int]
) -> list[int] | None:
    """Choose units (indices into ``units``, each a mask of colours it can make) to pay.

    Returns the chosen unit indices (coloured symbols first, in symbol order, then generic
    units) or None if no payment exists.
    """
    key = (tuple(units), symbols, generic)
    if key in _SOLVED:
        found = _SOLVED[key]
        return None if found is None else list(found)
    chosen = _solve(symbols, generic, units)
    if len(_SOLVED) >= 65536:
        _SOLVED.clear()
    _SOLVED[key] = None if chosen is None else tuple(chosen)
    return chosen


def _solve(
    symbols: tuple[int, ...], generic: int, units: list[int]
) -> list[int] | None:
    n = len(units)
    if n < generic + len(symbols):
        return None
    if units is _ORDER_FOR[0]:
        order = _ORDER_FOR[1]
    else:
        order = sorted(range(n), key=[POPCOUNT[u] for u in units].__getitem__)
        _ORDER_FOR[0], _ORDER_FOR[1] = units, order
    used = [False] * n
    chosen: list[int] = []

    def assign(k: int) -> bool:
        if k == len(symbols):
            return True
        need = symbols[k]
        tried = 0
        for i in order:
            if used[i]:
                continue
            m = units[i]
            if m & need:
                # Units with an identical mask are interchangeable: try one of each.
                if tried & (1 << m):
                    continue
                tried |= 1 << m
                used[i] = True
                chosen.append(i)
                if assign(k + 1):
                    return True
                chosen.pop()
                used[i] = False
        return False

    if not assign(0):
        return None
    remaining = generic
    for i in order:
        if remaining == 0:
            break
        if not used[i]:
            used[i] = True
            chosen.append(i)
            remaining -= 1
    if remaining:
        return None
    return chosen


# can_pay's answers for the units lists it last saw (both players' alternate), by list
# identity. Units lists are never changed once made (engine.payment memoises and shares
# them), so while the same list object comes back its answers hold; holding the list
# keeps its id from being reused.
_PAYABLE: dict[int, tuple[list[int], dict[tuple[tuple[int, ...], int], bool]]] = {}


def can_pay(symbols: tuple[int, ...], generic: int, units: list[int]) -> bool:
    """Whether ``solve`` finds a payment (without choosing one)."""
    if len(units) < generic + len(symbols):
        return False
    if not symbols:
        return True
    entry = _PAYABLE.get(id(units))
    if entry is None or entry[0] is not units:
        if len(_PAYABLE) >= 8:
            _PAYABLE.clear()
        entry = _PAYABLE[id(units)] = (units, {})
    answers = entry[1]
    key = (symbols, generic)
    ok = answers.get(key)
    if ok is None:
        # (solve keeps its answers by units content: the same lands come back in other
        # states and games)
        ok = answers[key] = solve(symbols, generic, units) is not None
    return ok


def pick_color(unit_mask: int, need: int) -> int:
    """The colour bit a unit should produce to pay a symbol of mask ``need``."""
    both = unit_mask & need
    return both & -both if both else unit_mask & -unit_mask
