"""Mana abilities that may be activated only once each turn (602.5b, 605.3a): "{1}: Add
{R}, {W}, or {B}. Activate only once each turn." (Mardu Devotee).

A mana ability is an activated ability (605.1a), so its "Activate only once each turn"
restriction (602.5b) holds as an activated ability's does: the permanent's bitmask of
such abilities used this turn (``GameObject.used_once``, cleared as each turn's untap
step begins, ``engine.rules.turn``) remembers it. Activated abilities take the low bits
by their index (``engine.rules.activation``); mana abilities take the bits from
``MANA_ONCE_SHIFT`` up by theirs, so the two never share a bit. The payment planner
(``engine.rules.payment``) counts such a filter among the player's mana only while its
bit is clear, and sets it when a payment activates it (605.3a: activated while paying a
cost, 601.2g).
"""

from __future__ import annotations

from mtgsim.engine.state.game_state import GameObject, GameState

# (activated abilities' indices stay far below: a card has a handful)
MANA_ONCE_SHIFT = 32


def mana_once_used(obj: GameObject, index: int) -> bool:
    """Whether ``obj``'s mana ability ``index`` (of ``mana_abilities_of``), an "Activate
    only once each turn" one, was activated this turn."""
    return bool(obj.used_once >> (MANA_ONCE_SHIFT + index) & 1)


def mark_mana_once(state: GameState, obj: GameObject, index: int) -> None:
    """Remember that ``obj``'s once-each-turn mana ability ``index`` was activated, and
    tell its controller's kept mana (``Mana.taps``, a key of ``payment.mana_units``) that
    it changed: the ability is no longer there to activate this turn."""
    obj.used_once |= 1 << (MANA_ONCE_SHIFT + index)
    state.derived.mana.taps[obj.controller & 1] += 1
