"""Wither (702.80).

702.80a Damage dealt to a creature by a source with wither isn't marked on that creature;
it causes that source's controller to put that many -1/-1 counters on it (120.3d).
Damage to players is dealt as usual (this hook sees only damage to creatures); it is
still damage dealt (lifelink, deathtouch 704.5h, "whenever ... deals damage").
702.80b If the source changed zones before the effect makes it deal damage, its last
known information says whether it had wither: ``source_keywords`` reads the keywords
the left-behind object had (including wither granted by Equipment).
702.80c Wither works whatever zone the source deals damage from (an instant on the
stack: its printed keywords).
702.80d Multiple instances are redundant: wither is a keyword bit.
-1/-1 and +1/+1 counters on one permanent annihilate as a state-based action (704.5q,
engine/rules/sba.py).
"""

from __future__ import annotations

from mtgsim.engine.cards import KW_WITHER
from mtgsim.engine.rules.replacement import DAMAGE_TO_CREATURE_HOOKS, source_keywords
from mtgsim.engine.state.game_state import GameObject, GameState
from mtgsim.engine.state.stats import count


def wither_damage(state: GameState, source: GameObject, target: GameObject, amount: int,
                  combat: bool) -> int:
    if amount <= 0 or not source_keywords(source) & KW_WITHER:
        return amount
    from mtgsim.engine.effects.add_counters import add_counters

    add_counters(state, target, "-1/-1", amount)
    count(state, source.controller, "wither_counters", amount)
    return 0


DAMAGE_TO_CREATURE_HOOKS.append(wither_damage)
