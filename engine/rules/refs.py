"""What the references of card text name as a spell or ability resolves: "t0" (its first
target), "self", "you", "it", "each_opponent", "controller_of:t0", ... (608.2).

Read by every effect (``engine/effects/``) and by the amount evaluator; the list of
references is in ``engine.cards.schema.effects``.
"""

from __future__ import annotations

from mtgsim.engine.state.game_state import BATTLEFIELD, NONE, GameObject, GameState, StackItem


def source_object(state: GameState, item: StackItem) -> GameObject:
    obj = state.objects.get(item.source)
    if obj is not None:
        return obj
    if item.source_lki is not None:
        return item.source_lki
    raise KeyError(f"source of {item.label} is gone without last known information")


def refs_of(state: GameState, item: StackItem, ref: str) -> list[int]:
    """Resolve a symbolic reference of card text to player ids / object ids."""
    if ref[0] == "t" and ref[1:].isdigit():
        i = int(ref[1:])
        if i < len(item.targets):
            t = item.targets[i]
            if t != NONE:
                return [t]
        return []
    if ref == "targets":  # every (still legal) target: "X target creature cards"
        return [t for t in item.targets if t != NONE]
    if ref == "0" or ref == "1":
        return [int(ref)]
    if ref == "self":
        return [item.source] if item.source in state.objects else []
    if ref == "you":
        return [item.controller]
    if ref == "each_opponent":
        return [1 - item.controller]
    if ref == "each_player":
        return [state.active, 1 - state.active]
    if ref == "defending_player":
        combat = state.combat
        return [combat.defender if combat is not None else 1 - item.controller]
    if ref == "it":
        if 0 <= item.subject < 2:  # a player ("that player": deals damage to a player)
            return [item.subject]
        return [item.subject] if item.subject in state.objects else []
    if ref == "chosen":  # "the creature you chose" (a cost's choice; it or its LKI)
        return [item.chosen] if item.chosen in state.objects else []
    if ref == "created":  # the tokens this ability created so far as it resolves
        return [oid for oid in item.created if oid in state.objects]
    if ref == "it_card" or ref == "self_card":
        lki = item.subject_lki if ref == "it_card" else item.source_lki
        if lki is not None and lki.moved_to in state.objects:
            return [lki.moved_to]
        return []
    if ref == "enchanted":
        src = source_object(state, item)
        return [src.attached_to] if src.attached_to != NONE else []
    if ref.startswith("controller_of:"):
        inner = refs_of(state, item, ref.split(":", 1)[1])
        if inner:
            if inner[0] < 2:
                return [inner[0]]
            o = state.objects.get(inner[0])
            if o is not None:
                return [o.controller]
            target = ref.split(":", 1)[1]  # a target gone since the item began to resolve
            if target[0] == "t" and target[1:].isdigit():
                i = int(target[1:])
                if i < len(item.target_controllers) and item.target_controllers[i] != NONE:
                    return [item.target_controllers[i]]
        elif item.subject_lki is not None and ref.endswith("it"):
            return [item.subject_lki.controller]
        return []
    raise ValueError(f"unknown reference {ref!r} in {item.label}")


def players_of(state: GameState, item: StackItem, ref: str) -> list[int]:
    out = []
    for r in refs_of(state, item, ref):
        if r < 2:
            out.append(r)
        else:
            o = state.objects.get(r)
            if o is not None:
                out.append(o.controller)
    return out


def permanents(state: GameState, refs: list[int]) -> list[GameObject]:
    out = []
    for r in refs:
        if r >= 2:
            o = state.objects.get(r)
            if o is not None and o.zone == BATTLEFIELD:
                out.append(o)
    return out
