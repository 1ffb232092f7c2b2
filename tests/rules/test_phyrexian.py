"""Phyrexian mana (107.4f): read only in a card's own mana cost, counted in its mana value
and colour, each symbol paid with its colour or 2 life (engine.rules.phyrexian)."""

from __future__ import annotations

import pytest

from mtgsim.engine.rules.mana import SYMBOL_BIT, ManaCostError, parse_cost
from mtgsim.engine.rules.phyrexian import ways


def test_only_a_cards_own_cost_reads_phyrexian_symbols() -> None:
    with pytest.raises(ManaCostError):
        parse_cost("{1}{R/P}")  # a keyword's, an ability's or an effect's cost: refused
    cost = parse_cost("{1}{R/P}", phyrexian=True)
    assert cost.symbols == () and cost.phyrexian == (SYMBOL_BIT["R"],)
    assert cost.mana_value == 2  # 202.3
    assert cost.color_mask == SYMBOL_BIT["R"]  # 202.2


def test_every_way_to_pay_them_once() -> None:
    two = parse_cost("{G/P}{G/P}", phyrexian=True)
    assert [(len(c.symbols), life) for c, life in ways(two)] == [(2, 0), (1, 2), (0, 4)]
    mixed = parse_cost("{W/P}{B/P}", phyrexian=True)
    got = sorted((c.symbols, life) for c, life in ways(mixed))
    w, b = SYMBOL_BIT["W"], SYMBOL_BIT["B"]
    assert got == sorted([((), 4), ((w,), 2), ((b,), 2), (tuple(sorted((w, b))), 0)])
    assert all(not c.phyrexian for c, _ in ways(mixed))
