"""The ``extra_turn`` effect (ExtraTurn): its data, how it resolves and what the AI thinks it is worth.

"[Player] takes an extra turn after this one" (500.7): extra turns created later
are taken first.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.effects.additional_combat import attack_value
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules.effect import Estimate, effect_rules, helps
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem
from mtgsim.engine.state.stats import count


class ExtraTurn(Effect, tag="extra_turn", frozen=True):
    """"[Player] takes an extra turn after this one" (500.7): extra turns created later
    are taken first."""

    who: str = "you"


def resolve(state: GameState, item: StackItem, eff: ExtraTurn, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who):
        state.extra_turns.append(p)  # the last one created is taken first (500.7)
        count(state, p, "extra_turns")
        if state.log is not None:
            log(state, "extra_turn", p, item.card.name)


def estimate(ev: Estimate, e: ExtraTurn) -> None:
    """A turn: a card drawn (2.8, as ``draw``), a land and mana again (1.0), and an
    attack with every creature untapped and none summoning sick."""
    for p in players_for(e.who, ev.me, ev.targets, ev.state):
        v = 3.8 + attack_value(ev.state, p, fresh=True, price=ev.price)
        ev.total += v if p == ev.me else -v


RULES = effect_rules(
    ExtraTurn, resolve=resolve, estimate=estimate, sign=helps("who"))
