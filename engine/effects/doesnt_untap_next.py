"""The ``doesnt_untap_next`` effect (DoesntUntapNext): its data, how it resolves and what the AI thinks it is worth.

"[It] doesn't untap during its controller's next untap step" (502.3).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.effects.tap import keep_down_estimate
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, hurts
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class DoesntUntapNext(Effect, tag="doesnt_untap_next", frozen=True):
    """"[It] doesn't untap during its controller's next untap step" (502.3)."""

    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: DoesntUntapNext, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        o.skip_untap = True


def estimate(ev: Estimate, e: DoesntUntapNext) -> None:
    keep_down_estimate(ev, e.what, tapped_creatures=True)


RULES = effect_rules(
    DoesntUntapNext, role=Role.TAP_DOWN, resolve=resolve, estimate=estimate, sign=hurts("what"))
