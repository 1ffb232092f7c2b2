"""The ``cant_gain_life`` effect (CantGainLife): its data, how it resolves and what the AI thinks it is worth.

"[Player] can't gain life for the rest of the game" (119.7).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_LIFELINK,
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import creatures_of
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class CantGainLife(Effect, tag="cant_gain_life", frozen=True):
    """"[Player] can't gain life for the rest of the game" (119.7)."""

    who: str = "it"


def resolve(state: GameState, item: StackItem, eff: CantGainLife, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who):
        state.players[p].cant_gain_life = True
        if state.log is not None:
            log(state, "cant_gain_life", p)


def estimate(ev: Estimate, e: CantGainLife) -> None:
    """Against a player who may gain life: 1.0 for the rest of the game, 1.5 more for
    each lifelink creature of theirs (no longer a life swing); nothing if it is already
    so."""
    state = ev.state
    # "it": the player the trigger's source dealt damage to, seen before the damage: the
    # other player (Stigma Lasher)
    who = players_for(e.who, ev.me, ev.targets, state) if e.who != "it" else [1 - ev.me]
    for p in who:
        if state.players[p].cant_gain_life:
            continue
        v = 1.0 + 1.5 * sum(1 for o in creatures_of(state, p) if o.kw & KW_LIFELINK)
        ev.total += -v if p == ev.me else v


RULES = effect_rules(
    CantGainLife, resolve=resolve, estimate=estimate, sign=unaffected)
