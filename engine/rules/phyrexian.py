"""Phyrexian mana in a spell's mana cost (107.4f, 601.2f, 118.3).

107.4f: a Phyrexian mana symbol ({R/P}) can be paid with one mana of its colour or by
paying 2 life; it is one coloured symbol for the card's colour (202.2) and counts 1 in
its mana value (202.3). The player chooses how each is paid as the total cost is
determined (601.2f), so the total is then an ordinary mana cost plus an amount of life;
118.3: life can't be paid beyond what the player has (paying 0 life is always possible,
118.3b).

Only a card's own mana cost holds Phyrexian symbols (``engine.rules.mana.parse_cost`` reads
them only when asked: Gut Shot, Mutagenic Growth); an activated ability's, a keyword's
or an effect's cost with one is refused by the compiler. Legal-action checks look at
every way to pay (``payable_ways``); casting asks, one symbol at a time, "pay 2 life
for {R/P}?" (a MAY with ``MayPay(why="phyrexian")``) when both ways still leave the
whole cost payable, and settles it alone when only one does.
"""

from __future__ import annotations

from mtgsim.engine.rules.mana import POPCOUNT, SYMBOL_BIT, ManaCost
from mtgsim.engine.rules.spell_costs import SpellPlan, plan_fits
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayPay
from mtgsim.engine.state.game_state import Decision, DecisionKind, GameObject, GameState

LIFE = 2  # 107.4f
_KIND_MAY = DecisionKind.MAY
_LETTER = {bit: sym for sym, bit in SYMBOL_BIT.items() if sym in "WUBRG"}


def with_mana(cost: ManaCost, paid: tuple[int, ...]) -> ManaCost:
    """``cost`` with these Phyrexian symbols (colour masks) paid with mana, the others
    with life: an ordinary mana cost (no Phyrexian symbols left)."""
    symbols = tuple(sorted(cost.symbols + paid, key=POPCOUNT.__getitem__))
    return ManaCost(cost.generic, symbols, cost.x, cost.color_mask, cost.mana_value,
                    cost.text)


def ways(cost: ManaCost) -> list[tuple[ManaCost, int]]:
    """Every way to pay the Phyrexian symbols: (the mana cost then, the life paid),
    those paying more with mana first, each once."""
    n = len(cost.phyrexian)
    out: list[tuple[ManaCost, int]] = []
    seen: set[tuple[tuple[int, ...], int]] = set()
    for mask in range((1 << n) - 1, -1, -1):  # a set bit: that symbol paid with mana
        paid = tuple(cost.phyrexian[i] for i in range(n) if mask >> i & 1)
        life = LIFE * (n - len(paid))
        c = with_mana(cost, paid)
        if (c.symbols, life) not in seen:
            seen.add((c.symbols, life))
            out.append((c, life))
    return out


def payable_ways(state: GameState, player: int, cost: ManaCost) -> list[ManaCost]:
    """The mana costs ``cost`` can become with the life ``player`` can pay (118.3)."""
    life = state.players[player].life
    return [c for c, paid in ways(cost) if paid == 0 or paid <= life]


def _fits(state: GameState, player: int, plan: SpellPlan, cost: ManaCost, x: int,
          units: list[int], life: int, paid: tuple[int, ...], lost: int,
          rest: list[int]) -> bool:
    """With these symbols paid with mana and ``lost`` life so far, can the symbols
    ``rest`` still be paid some way, and the whole cost with them (``plan_fits``: with a
    real split of convoke's creatures beside Springleaf Drum's)?"""
    for way, more in ways(ManaCost(phyrexian=tuple(rest))):
        total = lost + more
        if total and total > life:  # 119.4
            continue
        c = with_mana(cost, (*paid, *way.symbols))
        if plan_fits(state, player, plan, c.symbols, c.generic + c.x * x, units):
            return True
    return False


def choose_phyrexian(state: GameState, asker: Asker, player: int, obj: GameObject,
                     cost: ManaCost, x: int, units: list[int],
                     plan: SpellPlan) -> tuple[ManaCost, int]:
    """601.2f: how each Phyrexian symbol of ``cost`` is paid: the mana cost left and the
    life to pay. A symbol is asked about only while both ways leave the whole cost
    (with X = ``x``) payable with ``units`` (as ``plan_fits`` tells: ``plan.exact``) and
    the player's life."""
    life = state.players[player].life
    paid: list[int] = []
    lost = 0
    rest = list(cost.phyrexian)
    while rest:
        sym = rest.pop(0)
        by_mana = _fits(state, player, plan, cost, x, units, life, (*paid, sym), lost, rest)
        by_life = _fits(state, player, plan, cost, x, units, life, tuple(paid), lost + LIFE,
                        rest)
        if by_mana and by_life:
            text = "{" + "".join(_LETTER[b] for b in _LETTER if b & sym) + "/P}"
            pay_life = asker.choose(Decision(
                _KIND_MAY, player, f"pay 2 life for {text} of {obj.card.name}",
                options=[0, 1], source=obj.oid,
                about=MayPay(text, "phyrexian", obj.card))) == 0
        else:
            pay_life = by_life
        if pay_life:
            lost += LIFE
        else:
            paid.append(sym)
    return with_mana(cost, tuple(paid)), lost
