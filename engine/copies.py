"""Copies of spells (rule 707.10).

A copy is put on the stack by an effect; it is not cast (so "whenever you cast" does not
trigger). It copies the original's characteristics and every choice made for it (mode,
X, targets) and may get new targets where the effect allows (707.10c). A copy that
leaves the stack ceases to exist (704.5e); a copy of a permanent spell resolves into a
token (111.1, 608.3f).
"""

from __future__ import annotations

from engine.ask import Asker
from engine.state import STACK, Decision, GameState, StackItem
from engine.targets import is_legal_target, legal_targets
from engine.zones import log, new_object


def choose_new_targets(state: GameState, asker: Asker, original: StackItem,
                       controller: int) -> list[int]:
    """Ask, target by target, whether to change it: the answer is the copy's target."""
    targets: list[int] = []
    for spec, current in zip(original.target_specs, original.targets, strict=False):
        options = legal_targets(state, spec, controller, original.source, targets)
        if current >= 0 and current not in options and is_legal_target(
                state, spec, current, controller, original.source):
            options.append(current)
        if not options:
            targets.append(current)
            continue
        pick = asker.choose(Decision(
            "target", controller, f"target for the copy of {original.card.name}",
            options=options, source=original.sid))
        targets.append(options[pick])
    return targets


def copy_spell(state: GameState, original: StackItem, controller: int,
               targets: list[int] | None = None) -> StackItem:
    """Put a copy of ``original`` on the stack under ``controller``'s control."""
    obj = new_object(state, original.card, controller, STACK, token=True)
    copy = StackItem(
        obj.oid, controller, obj.oid, original.card, original.is_spell, original.effects,
        original.target_specs, list(original.targets if targets is None else targets),
        x=original.x, mode=original.mode, is_copy=True,
        label=f"copy of {original.card.name}",
    )
    state.stack.append(copy)
    if state.log is not None:
        log(state, "copy", controller, original.card.name)
    return copy
