"""The ``doesnt_untap_next`` effect (DoesntUntapNext): its data, how it resolves and what the AI thinks it is worth.

"[It] doesn't untap during its controller's next untap step" (502.3).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import is_creature, is_land, value
from mtgsim.engine.players.worth_effects import objs_for, sign_for
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
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    for o in objs_for(e.what, targets, state, source):
        if is_creature(o):
            w = 0.2 * value(o) if True \
                else 0.0
            ev.total -= sign_for(o, me) * w
        elif is_land(o) and not o.tapped:  # its types now (layer 4)
            ev.total -= sign_for(o, me) * (0.5 if state.active != o.controller
                                        else 0.1)


RULES = effect_rules(
    DoesntUntapNext, role=Role.TAP_DOWN, resolve=resolve, estimate=estimate, sign=hurts("what"))
