"""Mana costs and the payment solver (rules 107.4, 202, 601.2f-h).

A cost is compiled once into a small value: a generic amount, one bitmask per coloured
symbol (a hybrid symbol's mask has two colour bits), and the number of X symbols.
Payment is a bipartite matching of symbols to mana units; ``solve`` backtracks over the
(small) candidate set so it finds a payment whenever one exists, and prefers units that
produce fewer colours so flexible sources stay untapped. Whether one exists (``can_pay``)
is decided by Hall's condition, without the search.

A filter ("{1}, {T}: Add one mana of any color.", a mana ability with a mana cost, 605.1a)
adds no mana: it turns one mana into one of any colour. A player's units count only the
mana they can make (``Units.filters`` says how many filters they could also activate), so
every count of units stays the mana there is; with k filters used, a cost is paid with k
more generic mana by the units and k units of any colour (``solve``), and is payable when
the units are enough for the cost and its symbols can be matched with the filters' colours
added (``symbols_payable``). A filter of a permanent that also makes mana of its own
(Conduit Pylons: "{T}: Add {C}." and "{1}, {T}: Add one mana of any color.") is a dual
filter (``Units.duals``, the index of its own unit): both abilities tap it, so using the
filter gives up that unit. Filters are taken in order, those without a unit of their own
first.

A filter's output is the colours its ability names (``Units.masks``): "one mana of any
color" (FIVE_COLORS), or a choice among some ("{1}: Add {R}, {W}, or {B}.", Mardu
Devotee, 106.1a, 605.1a). While every filter makes any colour, the first k stand for any
k; otherwise each set of k filters is tried (``_filter_sets``), so a payment is found
whenever one exists.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import combinations

import msgspec

W, U, B, R, G, C = 1, 2, 4, 8, 16, 32
SYMBOL_BIT = {"W": W, "U": U, "B": B, "R": R, "G": G, "C": C}
ANY_COLOR = W | U | B | R | G | C
FIVE_COLORS = W | U | B | R | G  # "one mana of any color" (105.1: colourless is not one)
_SYMBOL = re.compile(r"\{([^}]+)\}")


class ManaCostError(ValueError):
    pass


class ManaCost(msgspec.Struct, frozen=True, cache_hash=True):
    """A compiled mana cost (its hash kept: ``can_pay_cost`` looks costs up by it)."""

    generic: int = 0
    symbols: tuple[int, ...] = ()  # one colour mask per coloured / colourless symbol
    x: int = 0  # number of {X} symbols
    color_mask: int = 0  # colours of the cost (rule 202.2), without C
    mana_value: int = 0  # with X = 0 (rule 202.3)
    text: str = ""
    # Phyrexian mana symbols (107.4f: each paid with one mana of its colour or 2 life),
    # one colour mask each, apart from ``symbols``: only a card's own mana cost has them
    # (``parse_cost(text, phyrexian=True)``), and casting it chooses how each is paid
    # (engine.rules.phyrexian) before anything reads ``symbols`` for a payment
    phyrexian: tuple[int, ...] = ()

    def total(self, x_value: int = 0) -> int:
        return self.generic + len(self.symbols) + self.x * x_value

    def plus_generic(self, amount: int) -> ManaCost:
        return ManaCost(
            self.generic + amount, self.symbols, self.x, self.color_mask,
            self.mana_value, self.text, self.phyrexian,
        )


@cache
def parse_cost(text: str, phyrexian: bool = False) -> ManaCost:
    """Parse ``{2}{R}{R/G}{X}`` into a ManaCost. Raises ManaCostError on bad symbols;
    Phyrexian symbols (``{R/P}``, 107.4f) only with ``phyrexian`` (a card's own mana
    cost: no other cost the engine pays has a way to pay them with life)."""
    generic = 0
    symbols: list[int] = []
    phy: list[int] = []
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
        elif phyrexian and sym.endswith("/P") and sym[0] in "WUBRG" and len(sym) == 3:
            phy.append(SYMBOL_BIT[sym[0]])  # 107.4f; its colour is the card's (202.2)
            color_mask |= SYMBOL_BIT[sym[0]]
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
    return ManaCost(generic, tuple(symbols), x, color_mask,
                    generic + len(symbols) + len(phy), text, tuple(phy))


@cache
def mana_color_mask(colors: str) -> int:
    """The colour bits (``SYMBOL_BIT``) of the mana symbols ``colors`` ("WU", "C"): what a
    mana ability's ``colors`` make one unit of (106.1), the one place it is worked out."""
    mask = 0
    for ch in colors:
        mask |= SYMBOL_BIT[ch]
    return mask


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


POPCOUNT = [bin(i).count("1") for i in range(64)]


class Units(list[int]):
    """A player's mana units (one colour mask each) as ``engine.rules.payment.mana_units``
    found them. Never changed once made, so what ``solve`` and ``can_pay`` work out about
    them (the order units are tried in, which costs are payable) is kept with them, and
    goes when they go: a game's facts stay that game's. Made by ``units_of`` (slots, not
    an instance dict: they are read at every ``can_pay``)."""

    __slots__ = ("order", "payable", "payable_costs", "content", "filters", "duals", "masks")
    # (set on first use)
    order: list[int] | None
    payable: dict[tuple[tuple[int, ...], int], bool] | None
    payable_costs: dict[ManaCost, bool] | None  # can_pay_cost's, by the cost itself
    # the units as a tuple (engine.rules.payment keeps one Units per content in a game): solve's
    # key
    content: tuple[int, ...]
    # how many filters (one mana in, one of any colour out: FIVE_COLORS) the player could
    # also activate: not units, as they add no mana
    filters: int
    # the dual filters, after those: the index of each one's own unit in the units
    duals: tuple[int, ...]
    # each filter's colours (those of ``filters``, then the duals'), when some filter
    # makes fewer than any colour ("Add {R}, {W}, or {B}."); () when all make any colour
    masks: tuple[int, ...]


def units_of(content: tuple[int, ...], filters: int = 0,
             duals: tuple[int, ...] = (), masks: tuple[int, ...] = ()) -> Units:
    """New ``Units`` with these units (list's own constructor, no Python ``__init__``)."""
    units = Units(content)
    units.order = None
    units.payable = None
    units.payable_costs = None
    units.content = content
    units.filters = filters
    units.duals = duals
    # (all of any colour: kept as (), the planner's usual case and its memo keys)
    # (a count, not all(): units_of may be declared cpdef, which holds no generator)
    units.masks = () if masks.count(FIVE_COLORS) == len(masks) else masks
    return units


def filter_mask(units: list[int], j: int) -> int:
    """The colours the ``j``-th filter of ``units`` makes (``Units.masks``)."""
    masks = units.masks if isinstance(units, Units) else ()
    return masks[j] if masks else FIVE_COLORS


def filters_of(units: list[int]) -> int:
    """How many filters go with ``units``, dual ones included (none with a plain list: a
    part of the units)."""
    return units.filters + len(units.duals) if isinstance(units, Units) else 0


def with_filters(units: list[int], k: int | tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The units paying with ``k`` filters (the first k, ``Units.filters`` then the
    duals; or the filters of a tuple, by their place among them): the units without the
    dual filters' own, then a unit of each filter's colours; and for each, its index in
    ``units`` (a filter's: ``len(units)`` + its place among the filters)."""
    n = len(units)
    picked = tuple(range(k)) if isinstance(k, int) else k
    gone: tuple[int, ...] = ()
    if isinstance(units, Units) and units.duals:
        pure = units.filters
        gone = tuple([units.duals[j - pure] for j in picked if j >= pure])
    keep = [i for i in range(n) if i not in gone]
    return [*[units[i] for i in keep], *[filter_mask(units, j) for j in picked]], \
        [*keep, *[n + j for j in picked]]


def _filter_sets(units: list[int], k: int) -> list[tuple[int, ...]]:
    """The sets of k filters worth trying: the first k while all make any colour (any k
    of them do as well, pure ones before duals), else every set of k, in order."""
    if not isinstance(units, Units) or not units.masks:
        return [tuple(range(k))]
    return list(combinations(range(filters_of(units)), k))


# solve's answers by units content, symbols and generic: the same lands and costs come
# back turn after turn and game after game (bounded; cleared when full). A memo of a
# function of values only (no game object is a key or a value): it never changes what
# solve returns.
# (with the filters and dual filters' units after them, when there are filters)
_SOLVED: dict[tuple[object, ...], tuple[int, ...] | None] = {}
_UNSOLVED = object()  # what _SOLVED.get gives for a question not asked yet


def solve(
    symbols: tuple[int, ...], generic: int, units: list[int]
) -> list[int] | None:
    """Choose units (indices into ``units``, each a mask of colours it can make) to pay.

    Returns the chosen unit indices (coloured symbols first, in symbol order, then generic
    units) or None if no payment exists. Without a payment from the units alone, the
    fewest filters that make one (``Units.filters``): k of them are the indices
    ``len(units)`` .. ``len(units) + k - 1``, units of any colour, and the cost is paid with
    k more generic mana, their costs. With the fewest, each filter pays a coloured symbol
    (one paying generic mana, or another filter's cost, could be left out with the unit
    paying its cost), so the generic part is k units more than the cost's: any k of them
    pay the filters.
    """
    found = _solved(symbols, generic, units)
    return None if found is None else list(found)


def _solved(symbols: tuple[int, ...], generic: int,
            units: list[int]) -> tuple[int, ...] | None:
    """``solve``'s answer as kept in ``_SOLVED`` (found there, or worked out and kept)."""
    filters = filters_of(units)
    held = units.content if isinstance(units, Units) else tuple(units)
    # (one tuple built whole: Cython 3.3.1's type inference never ends on a tuple
    # extended from itself, ``key = (*key, ...)``)
    key: tuple[object, ...]
    if filters:
        assert isinstance(units, Units)
        key = (held, symbols, generic, units.filters, units.duals, units.masks)
    else:
        key = (held, symbols, generic)
    found = _SOLVED.get(key, _UNSOLVED)
    if found is not _UNSOLVED:
        return found  # type: ignore[return-value]
    chosen = _solve(symbols, generic, units)
    if chosen is None and filters and symbols:
        for k in range(1, min(filters, len(symbols)) + 1):
            for picked in _filter_sets(units, k):
                content, index = with_filters(units, picked)
                found = _solve(symbols, generic + k, content)
                if found is not None:
                    chosen = [index[i] for i in found]
                    break
            if chosen is not None:
                break
    if len(_SOLVED) >= 65536:
        _SOLVED.clear()
    found = _SOLVED[key] = None if chosen is None else tuple(chosen)
    return found


def _solve(
    symbols: tuple[int, ...], generic: int, units: list[int]
) -> list[int] | None:
    n = len(units)
    if n < generic + len(symbols):
        return None
    order = units.order if isinstance(units, Units) else None
    if order is None:
        order = sorted(range(n), key=[POPCOUNT[u] for u in units].__getitem__)
        if isinstance(units, Units):
            units.order = order
    if len(symbols) <= 1:  # (most costs) the search's first answer, without the search
        if not symbols:
            return order[:generic]
        need = symbols[0]
        for first in order:
            if units[first] & need:
                break
        else:
            return None
        return [first, *[i for i in order if i != first][:generic]]
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


def can_pay(symbols: tuple[int, ...], generic: int, units: list[int]) -> bool:
    """Whether ``solve`` finds a payment (without choosing one)."""
    if len(units) < generic + len(symbols):
        return False
    if not symbols:
        return True
    if not isinstance(units, Units):
        return symbols_payable(symbols, units)
    answers = units.payable  # kept with a player's units (engine.rules.payment.mana_units)
    if answers is None:
        answers = units.payable = {}
    key = (symbols, generic)
    ok = answers.get(key)
    if ok is None:
        ok = answers[key] = symbols_payable(symbols, units, generic)
    return ok


@cache
def _hall_conditions(symbols: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Hall's condition for paying ``symbols``, one pair (colours, symbols) per set of
    the symbols' distinct masks: at least that many units must make one of those colours.
    Symbols with one mask have the same units to choose from, so the sets of distinct
    masks stand for every set of symbols (the largest with those masks)."""
    distinct = sorted(set(symbols))
    need_by_cover: dict[int, int] = {}
    for subset in range(1, 1 << len(distinct)):
        cover = need = 0
        for j, mask in enumerate(distinct):
            if subset >> j & 1:
                cover |= mask
                need += symbols.count(mask)
        if need > need_by_cover.get(cover, 0):
            need_by_cover[cover] = need
    return tuple(sorted(need_by_cover.items()))


def symbols_payable(symbols: tuple[int, ...], units: list[int], generic: int = 0) -> bool:
    """Whether each of ``symbols`` can have a unit of its own (a matching in the graph
    ``solve`` searches, found or refuted by Hall's theorem without the search): every set
    of the symbols needs at least as many units making one of their colours. With the
    units' count checked first (the generic part takes any unit), exactly when ``solve``
    finds a payment; ``generic``, the cost's generic mana, counts only when dual filters
    (``Units.duals``) would give up units of their own."""
    content = units.content if isinstance(units, Units) else units  # (a tuple: read fast)
    if len(symbols) == 1:  # (most costs)
        need = symbols[0]
        for unit in content:
            if unit & need:
                return True
        if not filters_of(units):
            return False
        assert isinstance(units, Units)
        if not units.masks:
            if not need & FIVE_COLORS:
                return False
            return bool(units.filters) or len(units) - 1 >= generic + 1
    if _matched(symbols, content):
        return True
    if not isinstance(units, Units) or not filters_of(units):
        return False
    if not units.duals:  # (more filters never hurt)
        return _matched(symbols, (*content, *[filter_mask(units, j)
                                              for j in range(units.filters)]))
    for k in range(1, min(filters_of(units), len(symbols)) + 1):
        for picked in _filter_sets(units, k):
            with_k = with_filters(units, picked)[0]
            if len(with_k) - k >= len(symbols) + generic and _matched(symbols, with_k):
                return True
    return False


def _matched(symbols: tuple[int, ...], content: tuple[int, ...] | list[int]) -> bool:
    """Whether each of ``symbols`` can have a unit of ``content`` of its own (Hall)."""
    for cover, need in _hall_conditions(symbols):
        for unit in content:
            if unit & cover:
                need -= 1
                if not need:
                    break
        else:
            return False
    return True


def can_pay_cost(cost: ManaCost, units: list[int]) -> bool:
    """``can_pay`` for a cost without X (a card's own cost, made once when the card is
    compiled): kept with the units by the cost itself, whose hash is kept, instead of by a
    tuple of its symbols and generic amount made and hashed at every call."""
    if len(units) < cost.generic + len(cost.symbols):
        return False
    if not cost.symbols:
        return True
    if not isinstance(units, Units):
        return can_pay(cost.symbols, cost.generic, units)
    answers = units.payable_costs
    if answers is None:
        answers = units.payable_costs = {}
    ok = answers.get(cost)
    if ok is None:
        ok = answers[cost] = symbols_payable(cost.symbols, units, cost.generic)
    return ok


def pick_color(unit_mask: int, need: int) -> int:
    """The colour bit a unit should produce to pay a symbol of mask ``need``."""
    both = unit_mask & need
    return both & -both if both else unit_mask & -unit_mask
