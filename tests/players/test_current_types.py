"""The AI reads a permanent's types as they are now (layer 4), not as printed: a
lignified Faerie is a Treefolk only (205.1a), so Spellstutter Sprite's pilot doesn't
count it among the Faeries that decide what the Sprite can counter."""

from __future__ import annotations

import pytest
from gamesetup import Setup, cast, decision_of, pass_until

from mtgsim.engine.game import decide
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.state.game_state import CAST, MAIN1


@pytest.mark.parametrize("lignified", [False, True])
def test_a_lignified_faerie_is_not_counted_for_spellstutter(lignified: bool) -> None:
    """Player 1 casts Anathemancer (mana value 3); player 0 holds Spellstutter Sprite
    with two Sprites on the battlefield. With both Faeries, the new Sprite counts three
    and counters it; with one lignified, it counts two, can't, and isn't cast for it."""
    s = Setup(active=1, step=MAIN1)
    s.bf("Spellstutter Sprite", 0)
    other = s.bf("Spellstutter Sprite", 0)
    if lignified:
        s.bf("Lignify", 1, attached_to=other)
    sprite = s.hand("Spellstutter Sprite", 0)
    s.lands("Island", 0, 2)
    caster = s.hand("Anathemancer", 1)
    s.lands("Swamp", 1, 2)
    s.lands("Mountain", 1, 1)
    state = s.go()
    cast(state, caster)
    d = pass_until(state, decision_of("priority", 0))
    assert d is not None and state.stack
    pick = d.actions[decide(make_policy("heuristic", 1), state, d)]
    casts_sprite = pick.kind == CAST and pick.oid == sprite
    assert casts_sprite is not lignified
