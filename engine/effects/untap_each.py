"""The ``untap_each`` effect (UntapEach): its data, how it resolves and what the AI thinks it is worth.

"Untap all [filter]".
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    T_CREATURE,
    T_LAND,
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.players.worth_effects import each_of, sign_for
from mtgsim.engine.rules.effect import Estimate, Role, each_matching, effect_rules, unaffected
from mtgsim.engine.rules.stun import untap_permanent
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class UntapEach(Effect, tag="untap_each", frozen=True):
    """"Untap all [filter]"."""

    filter: Filter = Filter()


def resolve(state: GameState, item: StackItem, eff: UntapEach, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in each_matching(state, item, eff.filter):
        untap_permanent(state, o)


def estimate(ev: Estimate, e: UntapEach) -> None:
    """Each tapped permanent it untaps, for its controller: a creature can block (or
    attack again, counted by the extra combat that comes with it) 1.0, a land's mana
    again 0.5, anything else 0.3."""
    for o in each_of(ev.state, e.filter, ev.me, ev.source):
        if not o.tapped:
            continue
        mask = o.card.type_mask | o.extra_types
        v = 1.0 if mask & T_CREATURE else 0.5 if mask & T_LAND else 0.3
        ev.total += sign_for(o, ev.me) * v


RULES = effect_rules(
    UntapEach, role=Role.UNTAP_ALL, resolve=resolve, estimate=estimate, sign=unaffected)
