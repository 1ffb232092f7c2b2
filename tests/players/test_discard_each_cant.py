"""The AI's estimate of "each opponent discards a card. For each opponent who can't,
you draw a card." (Refurbished Familiar, ``engine/effects/discard_each_cant.py``): the
discard while the opponent has cards, the draw once their hand is empty."""

from __future__ import annotations

from gamesetup import Setup

from mtgsim.engine.effects.discard import Discard
from mtgsim.engine.effects.discard_each_cant import DiscardEachCant
from mtgsim.engine.effects.draw import Draw
from mtgsim.engine.rules.effect import effects_value


def test_the_draw_is_counted_only_for_an_empty_hand() -> None:
    s = Setup()
    bolt = s.hand("Lightning Bolt", 1)
    state = s.go()
    eff = DiscardEachCant((Draw(1),))
    with_card = effects_value(state, 0, (eff,), [], -1)
    assert with_card == effects_value(state, 0, (Discard(1, "each_opponent"),), [], -1)
    assert with_card > 0.0
    state.players[1].hand.remove(bolt)
    empty = effects_value(state, 0, (eff,), [], -1)
    assert empty == effects_value(state, 0, (Draw(1),), [], -1) > 0.0
