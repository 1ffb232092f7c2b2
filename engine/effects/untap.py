"""The ``untap`` effect (Untap): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import is_creature, value
from mtgsim.engine.players.worth_effects import objs_for, sign_for
from mtgsim.engine.rules.effect import Estimate, effect_rules, helps
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.stun import untap_permanent
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class Untap(Effect, tag="untap", frozen=True):
    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: Untap, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        untap_permanent(state, o)


def estimate(ev: Estimate, e: Untap) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    source = ev.source
    for o in objs_for(e.what, targets, state, source):
        if o.tapped:
            ev.total += sign_for(o, me) * (0.5 + (0.15 * value(o) if is_creature(o)
                                               else 0.3))


RULES = effect_rules(
    Untap, resolve=resolve, estimate=estimate, sign=helps("what"))
