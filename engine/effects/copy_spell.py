"""The ``copy_spell`` effect (CopySpell): its data, how it resolves and what the AI thinks it is worth.

Copy a spell on the stack (707.10); ``new_targets``: "you may choose new targets".
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.rules.copies import choose_new_targets, copy_spell
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class CopySpell(Effect, tag="copy_spell", frozen=True):
    """Copy a spell on the stack (707.10); ``new_targets``: "you may choose new targets"."""

    what: str = "t0"
    new_targets: bool = True


def resolve(state: GameState, item: StackItem, eff: CopySpell, asker: Asker,
            queue: list[EffectT]) -> None:
    for r in refs_of(state, item, eff.what):
        original = next((i for i in state.stack if i.sid == r), None)
        if original is None:
            continue
        new_targets = choose_new_targets(state, asker, original, item.controller) \
            if eff.new_targets and original.target_specs else None
        copy_spell(state, original, item.controller, new_targets)


RULES = effect_rules(
    CopySpell, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: the copy is worth what the copied spell does, which the targeting of the copy decides (engine.players.worth_effects.spell_threat values the original)'))
