"""The ``skip_combat`` effect (SkipCombat): its data, how it resolves and what the AI
thinks it is worth.

"Target opponent skips their next combat phase." (Stonehorn Dignitary): a replacement
effect (614.10) that waits for that player's next combat phase, in this turn or a later
one, regular or additional (500.8), and replaces it with nothing (614.10a: the game goes
on to the phase after it, the main phase, 505.1a). Two such effects skip two combat
phases, one each. ``engine.rules.turn`` counts them in ``Player.skip_combats``.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.effects.additional_combat import attack_value
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules.effect import Estimate, effect_rules, hurts
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class SkipCombat(Effect, tag="skip_combat", frozen=True):
    """The player ``who`` skips their next combat phase."""

    who: str = "t0"


def resolve(state: GameState, item: StackItem, eff: SkipCombat, asker: Asker,
            queue: list[EffectT]) -> None:
    for p in players_of(state, item, eff.who):
        state.players[p].skip_combats += 1


def estimate(ev: Estimate, e: SkipCombat) -> None:
    """The attack that player would make next turn, with every creature untapped
    (``attack_value``, fresh): what skipping it saves their opponent."""
    for p in players_for(e.who, ev.me, ev.targets, ev.state):
        v = attack_value(ev.state, p, fresh=True, price=ev.price)
        ev.total += -v if p == ev.me else v


RULES = effect_rules(SkipCombat, resolve=resolve, estimate=estimate, sign=hurts("who"))
