"""The ``delayed_at`` effect (DelayedAt): its data, how it resolves and what the AI thinks it is worth.

Create a delayed triggered ability (603.7) "at end of combat" (511.2) about the
object "it" refers to: "destroy that creature at end of combat".
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards import (
    Effect,
    EffectT,
    Triggered,
)
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import DelayedTrigger, GameState, StackItem


class DelayedAt(Effect, tag="delayed_at", frozen=True):
    """Create a delayed triggered ability (603.7) "at end of combat" (511.2) about the
    object "it" refers to: "destroy that creature at end of combat"."""

    when: Literal["end_combat"] = "end_combat"
    effects: tuple[EffectT, ...] = ()


def resolve(state: GameState, item: StackItem, eff: DelayedAt, asker: Asker,
            queue: list[EffectT]) -> None:
    """603.7: a delayed triggered ability, controlled by this ability's controller
    (603.7d), about what "it" refers to now ("that creature")."""
    state.clock += 1
    state.delayed.append(DelayedTrigger(
        eff.when, item.controller, item.source, item.card,
        Triggered(when=eff.when, effects=eff.effects), state.clock, any_player=True,
        subject=item.subject, subject_lki=item.subject_lki))


RULES = effect_rules(
    DelayedAt, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=("not estimated: what the delayed trigger does happens later, with the trigger's own effects; valued 0"))
