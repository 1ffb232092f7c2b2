"""The ``become_chosen_colors`` effect (BecomeChosenColors): its data, how it resolves and what the AI thinks it is worth.

"[Target] becomes the color or colors of your choice [until end of turn]" (105.3,
layer 5, 613.1e); the colors are chosen as the effect happens (608.2d).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    COLOR_BIT,
    Effect,
    EffectT,
)
from mtgsim.engine.rules.effect import COLOR_CHOICES, effect_rules, unaffected
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import (
    ContinuousEffect,
    Decision,
    DecisionKind,
    GameState,
    StackItem,
)


class BecomeChosenColors(Effect, tag="become_chosen_colors", frozen=True):
    """"[Target] becomes the color or colors of your choice [until end of turn]" (105.3,
    layer 5, 613.1e); the colors are chosen as the effect happens (608.2d)."""

    what: str = "t0"
    until_end_of_turn: bool = True


def resolve(state: GameState, item: StackItem, eff: BecomeChosenColors, asker: Asker,
            queue: list[EffectT]) -> None:
    targets = permanents(state, refs_of(state, item, eff.what))
    if not targets:
        return
    picks = asker.choose_many(Decision(
        DecisionKind.COLORS, item.controller, f"{item.label}: which color or colors?",
        options=list(COLOR_CHOICES), multi=True, min_count=1, max_count=len(COLOR_CHOICES),
        source=item.source))
    mask = 0
    for i in picks:
        mask |= COLOR_CHOICES[i]
    for o in targets:
        state.clock += 1
        state.effects.append(ContinuousEffect(o.oid, state.clock, color=mask,
                                              until_eot=eff.until_end_of_turn))
        if state.log is not None:
            log(state, "color", item.controller, o.card.name,
                "".join(c for c in "WUBRG" if mask & COLOR_BIT[c]))
    characteristics_changed(state)


RULES = effect_rules(
    BecomeChosenColors, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: a colour change matters only with colour-dependent cards, which the heuristic does not model; valued 0'))
