"""The ``choose_one`` effect (ForEachTarget): its data, how it resolves and what the AI thinks it is worth.

A mode chosen as the effect happens ("tap or untap target permanent").
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, unaffected
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import Modes
from mtgsim.engine.state.game_state import Decision, DecisionKind, GameState, StackItem

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_MODE = DecisionKind.MODE


class ForEachTarget(Effect, tag="choose_one", frozen=True):
    """A mode chosen as the effect happens ("tap or untap target permanent")."""

    options: tuple[tuple[EffectT, ...], ...]
    labels: tuple[str, ...] = ()


def resolve(state: GameState, item: StackItem, eff: ForEachTarget, asker: Asker,
            queue: list[EffectT]) -> None:
    labels = list(eff.labels) or [str(i) for i in range(len(eff.options))]
    pick = asker.choose(Decision(
        _KIND_MODE, item.controller, f"{item.label}: " + " or ".join(labels),
        options=list(range(len(eff.options))), source=item.source,
        about=Modes(tuple(labels))))
    queue[0:0] = eff.options[pick]


def estimate(ev: Estimate, e: ForEachTarget) -> None:
    """The best mode's worth (the controller chooses)."""
    if ev.depth < 3:
        ev.total += max(ev.nested(opt) for opt in e.options)


RULES = effect_rules(
    ForEachTarget, role=Role.EACH_TARGET, resolve=resolve, estimate=estimate, sign=unaffected,
    either_side=lambda e, ref: True)
