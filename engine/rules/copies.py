"""Copies of spells (rule 707.10).

A copy is put on the stack by an effect; it is not cast (so "whenever you cast" and
"when you cast this spell" do not trigger, and cascade, replicate and rebound don't
apply to it). It copies the original's characteristics and every choice made for it
(mode, X, the number of targets, additional costs paid: 707.10) and may get new targets
where the effect allows (707.10c). A copy that leaves the stack ceases to exist
(704.5e); a copy of a permanent spell resolves into a token (111.1, 608.3f).
"""

from __future__ import annotations

from mtgsim.engine.rules.targets import can_target_object, is_legal_target, legal_targets
from mtgsim.engine.rules.zones import log, new_object
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import DecisionKind, TargetOf
from mtgsim.engine.state.game_state import NONE, STACK, Decision, GameState, StackItem


def choose_new_targets(state: GameState, asker: Asker, original: StackItem,
                       controller: int) -> list[int]:
    """Ask, target by target, whether to change it: the answer is the copy's target.

    The copy keeps the original's number of targets (an unchosen "up to" target stays
    unchosen); the current target is offered while it is still legal, and a changed
    target must be legal for the copy (its colours: protection, 702.16b).
    """
    colors = original.card.color_mask
    targets: list[int] = []
    for spec, current in zip(original.target_specs, original.targets, strict=False):
        if current == NONE:
            targets.append(NONE)
            continue
        options = [t for t in legal_targets(state, spec, controller, original.source, targets)
                   if t < 2 or can_target_object(state, state.objects[t], controller, colors)]
        if current not in options and is_legal_target(
                state, spec, current, controller, original.source) and (
                current < 2 or can_target_object(state, state.objects[current], controller,
                                                 colors)):
            options.append(current)
        if not options:
            targets.append(current)
            continue
        pick = asker.choose(Decision(
            DecisionKind.TARGET, controller, f"target for the copy of {original.card.name}",
            options=options, source=original.sid,
            about=TargetOf("copy", original.card, len(targets), spec)))
        targets.append(options[pick])
    return targets


def copy_spell(state: GameState, original: StackItem, controller: int,
               targets: list[int] | None = None) -> StackItem:
    """Put a copy of ``original`` on the stack under ``controller``'s control."""
    obj = new_object(state, original.card, controller, STACK, token=True)
    copy = StackItem(
        obj.oid, controller, obj.oid, original.card, original.is_spell, original.effects,
        original.target_specs, list(original.targets if targets is None else targets),
        x=original.x, mode=original.mode, is_copy=True, kicked=original.kicked, paid=original.paid,
        replicated=original.replicated, replicate_counts=list(original.replicate_counts),
        label=f"copy of {original.card.name}",
        sacrificed=original.sacrificed,  # a copy copies the costs paid (707.10)
    )
    state.stack.append(copy)
    if state.log is not None:
        log(state, "copy", controller, original.card.name)
    return copy
