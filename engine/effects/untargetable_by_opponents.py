"""The ``untargetable_by_opponents`` effect (UntargetableByOpponents): its data, how it
resolves and what the AI thinks it is worth.

"Target creature can't be the target of spells or abilities your opponents control this
turn." (Vines of Vastwood): until the turn ends (514.2) no spell or ability controlled by
an opponent of this effect's controller may target the permanent (115.1, 601.2c, 602.2b);
a spell or ability that targets it already has an illegal target as it resolves
(608.2b). "Your" is this effect's controller, not the permanent's: on a creature of the
opponent's it keeps the opponent's own spells off it. Kept on the state
(``GameState.untargetable``) and read by ``engine.rules.targets``.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.rules.effect import Estimate, effect_rules, effects_value, helps
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class UntargetableByOpponents(Effect, tag="untargetable_by_opponents", frozen=True):
    """What ``what`` names can't be the target of spells or abilities this effect's
    controller's opponents control this turn."""

    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: UntargetableByOpponents, asker: Asker,
            queue: list[EffectT]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        state.untargetable = [u for u in state.untargetable if u[1] == state.turn]
        state.untargetable.append((o.oid, state.turn, item.controller))


def estimate(ev: Estimate, e: UntargetableByOpponents) -> None:
    """The spells and abilities of the opponent on the stack that target it lose that
    target: what they would have been worth to the opponent (a removal spell on my
    creature, a pump on theirs) is what this gains. With nothing on the stack, nothing
    yet (it is cast in answer)."""
    state = ev.state
    opp = 1 - ev.me
    if ev.depth >= 3:
        return
    for i, t in enumerate(ev.targets):
        if f"t{i}" != e.what or t < 2:
            continue
        for item in state.stack:
            if item.controller == opp and t in item.targets and item.sid != ev.source:
                ev.total += max(0.0, effects_value(state, opp, item.effects, item.targets,
                                                   item.source, item.x, ev.depth + 1,
                                                   ev.price))


RULES = effect_rules(UntargetableByOpponents, resolve=resolve, estimate=estimate,
                     sign=helps("what"))
