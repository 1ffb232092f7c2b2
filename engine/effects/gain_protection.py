"""The ``gain_protection`` effect (GainProtection): its data, how it resolves and what the AI thinks it is worth.

"Target creature gains protection from black until end of turn" (Obsidian Acolyte,
702.16): the named colours' protection (702.16a: from a quality; 702.16b-f: it can't be
the target of that colour's spells and abilities, blocked by that colour's creatures,
enchanted or equipped by that colour's permanents, and that colour's damage to it is
prevented), a continuous effect on the permanent until the turn ends (514.2; a new
object it becomes is unaffected, 400.7).
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards import COLOR_BIT, Effect, EffectT
from mtgsim.engine.players.worth_effects import by_sign
from mtgsim.engine.rules.effect import effect_rules, helps
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import ContinuousEffect, GameState, StackItem


class GainProtection(Effect, tag="gain_protection", frozen=True):
    """``what`` gains protection from ``colors`` until end of turn."""

    colors: tuple[Literal["W", "U", "B", "R", "G"], ...]
    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: GainProtection, asker: Asker,
            queue: list[EffectT]) -> None:
    mask = 0
    for c in eff.colors:
        mask |= COLOR_BIT[c]
    targets = permanents(state, refs_of(state, item, eff.what))
    for o in targets:
        state.clock += 1
        state.effects.append(ContinuousEffect(o.oid, state.clock, protection=mask))
        if state.log is not None:
            log(state, "protection", item.controller, o.card.name, "".join(eff.colors))
    if targets:
        characteristics_changed(state)


RULES = effect_rules(GainProtection, resolve=resolve, estimate=by_sign, sign=helps("what"))
