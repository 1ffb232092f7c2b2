"""The ``protection_from_chosen_color`` effect (ProtectionFromChosenColor): its data, how it resolves and what the AI thinks it is worth.

"[Target] gains protection from the color of your choice until end of turn"
(702.16); the color is chosen as the effect happens (608.2d).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth_effects import by_sign
from mtgsim.engine.rules.effect import COLOR_CHOICES, choose_color, effect_rules, helps
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import ColorFor
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import (
    ContinuousEffect,
    GameState,
    StackItem,
)


class ProtectionFromChosenColor(Effect, tag="protection_from_chosen_color", frozen=True):
    """"[Target] gains protection from the color of your choice until end of turn"
    (702.16); the color is chosen as the effect happens (608.2d)."""

    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: ProtectionFromChosenColor, asker: Asker,
            queue: list[EffectT]) -> None:
    targets = permanents(state, refs_of(state, item, eff.what))
    if not targets:
        return
    pick = choose_color(asker, item, "protection from which color?", ColorFor("protection"))
    color = COLOR_CHOICES[pick]
    for o in targets:
        state.clock += 1
        state.effects.append(ContinuousEffect(o.oid, state.clock, protection=color))
        if state.log is not None:
            log(state, "protection", item.controller, o.card.name, "WUBRG"[pick])
    characteristics_changed(state)


RULES = effect_rules(
    ProtectionFromChosenColor, resolve=resolve, estimate=by_sign, sign=helps("what"))
