"""X in an activated ability's cost (107.3, 602.2b): "{X}{X}{1}: Destroy target
noncreature artifact with mana value X" (Gorilla Shaman), "{X}: This creature deals X
damage to each creature and each player. Spend only black mana on X." (Crypt Rats).

Activating such an ability follows 601.2b-h as 602.2b says: the player announces X
(601.2b) before choosing targets (601.2c), so a target "with mana value X" is chosen
among those of the X announced; the total cost is the cost with X replaced by its value,
each {X} counting X (107.3a, 601.2f: "{X}{X}" pays twice X). The value stays with the
ability on the stack (``StackItem.x``: 107.3e, the ability's X is the announced value as
it resolves), where effects and the targets' second check read it (608.2b).

"Spend only black mana on X" (a restriction on paying, 106.6 / 601.2h) makes each unit of
mana paid for X a black one: the cost to pay is its own symbols plus X {B} symbols for
each {X}, which is what spending only black mana on X means.

An announced X must leave the whole cost payable and, when a target's quality reads X,
a legal target (601.2c: an ability is activated only with every target chosen): the
values offered (``x_options``) are those, no more than there are objects for "X target
lands" (Candelabra of Tawnos: X different targets, 601.2c).
"""

from __future__ import annotations

import msgspec

from mtgsim.engine.cards import COLOR_BIT, Activated, Cost, Filter, Target, X
from mtgsim.engine.rules.costs import source_spent
from mtgsim.engine.rules.mana import POPCOUNT, can_pay, parse_cost
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.targets import legal_targets, targets_available
from mtgsim.engine.state.game_state import GameObject, GameState

# Filter fields whose amount may be X ("with mana value X", "X or less")
_X_FIELDS = ("mana_value_of", "max_mana_value_of", "max_toughness_of")


def has_x(cost: Cost) -> bool:
    """Does the cost's mana part have {X} (107.3)?"""
    return "X" in cost.mana


def mana_with_x(cost: Cost, x: int) -> tuple[tuple[int, ...], int]:
    """The mana to pay, X announced as ``x`` (601.2f): coloured symbols (sorted as
    ``engine.rules.payment.total_cost`` sorts them) and the generic amount; with "Spend
    only [color] mana on X" the X part is that many symbols of the colour."""
    mc = parse_cost(cost.mana)
    symbols = list(mc.symbols)
    generic = mc.generic
    if cost.x_color:
        symbols.extend([COLOR_BIT[cost.x_color]] * (mc.x * x))
    else:
        generic += mc.x * x
    symbols.sort(key=POPCOUNT.__getitem__)
    return tuple(symbols), generic


def x_top(state: GameState, player: int, src: GameObject, cost: Cost) -> int:
    """The largest X the player's mana pays (without the source's own mana when the cost
    taps or sacrifices it)."""
    mc = parse_cost(cost.mana)
    units, sources = mana_units(state, player)
    if source_spent(cost):
        units = [u for u, s in zip(units, sources, strict=True) if s[0] != src.oid]
    if not mc.x:
        return 0
    hi = (len(units) - mc.generic - len(mc.symbols)) // mc.x
    while hi > 0 and not can_pay(*mana_with_x(cost, hi), units):
        hi -= 1
    return max(hi, 0)


def _reads_x(f: Filter) -> bool:
    for name in _X_FIELDS:
        if isinstance(getattr(f, name), X):
            return True
    return False


def bind_x(specs: tuple[Target, ...], x: int) -> tuple[Target, ...]:
    """The targets with X replaced by the announced value in their qualities (601.2c:
    targets are chosen once X is known)."""
    out: list[Target] = []
    changed = False
    for s in specs:
        f = s.filter
        if _reads_x(f):
            fields = {}
            for name in _X_FIELDS:
                if isinstance(getattr(f, name), X):
                    fields[name] = x
            s = msgspec.structs.replace(s, filter=msgspec.structs.replace(f, **fields))
            changed = True
        out.append(s)
    return tuple(out) if changed else specs


def x_options(state: GameState, player: int, src: GameObject, ab: Activated) -> list[int]:
    """The values of X the player may announce: the cost payable with it and, when a
    target reads X, a legal target for it (601.2b-c)."""
    top = x_top(state, player, src, ab.cost)
    specs = ab.targets
    for s in specs:  # "X target lands": X different targets (601.2c), no more than exist
        if s.x_times:
            top = min(top, len(legal_targets(state, s, player, src.oid)))
    for s in specs:
        if _reads_x(s.filter):
            break
    else:
        return list(range(top + 1)) if targets_available(state, specs, player, src.oid) \
            else []
    out: list[int] = []
    for x in range(top + 1):
        if targets_available(state, bind_x(specs, x), player, src.oid):
            out.append(x)
    return out
