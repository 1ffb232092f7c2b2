"""The legal attack and block declarations of a decision, for search (rules 508.1, 509.1).

A declaration is a set of the decision's choices: attackers (``Decision.options``) or
(blocker, attacker) pairs (``Decision.pairs``). The enumerator is complete while the
space is small and otherwise takes the declarations nearest the heuristic's answer first:
it walks outward from that answer by the number of creatures whose role changes (an
attacker added or held back, a blocker moved to another attacker or kept home), so the
first ``limit`` declarations are the heuristic's, then every one-creature change of it,
then every two-creature change, and so on.

Only legal declarations are offered, by the engine's own tests: an attack includes
every creature that must attack (``combat.attack_requirements``, 508.1d: the most
requirements obeyed; the others may attack or not), and a block declaration must pass
``combat.can_declare_blocks`` (one attacker per blocker, menace and "except by N or
more", and as many of lure's requirements obeyed as any declaration can without breaking
those, 509.1c). Holding everything back is offered when it is legal. Nothing here
changes the state.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from mtgsim.engine.rules.combat import attack_requirements, can_declare_blocks
from mtgsim.engine.state.decisions import Answer, Decision
from mtgsim.engine.state.game_state import GameState

HOME = -1  # a blocker's role when it blocks nothing
TRIES = 16  # declarations tested per one offered, at most (illegal ones are skipped)


def _picked(own: Answer) -> list[int]:
    return sorted(own) if isinstance(own, list) else [own]


def attack_sets(state: GameState, d: Decision, own: Answer, limit: int) -> list[list[int]]:
    """Up to ``limit`` legal attack declarations (indices into ``d.options``): the
    heuristic's first, the least attack second (only the creatures that must attack),
    then nearest first (module docstring)."""
    n = len(d.options)
    required = set(attack_requirements(state, d.options))
    must = {i for i, oid in enumerate(d.options) if oid in required}
    mine = set(_picked(own))
    out: list[list[int]] = [sorted(mine)]
    seen = {tuple(out[0])}

    def offer(s: set[int]) -> bool:
        key = tuple(sorted(s))
        if key not in seen and must <= s and d.min_count <= len(key) <= d.max_count:
            seen.add(key)
            out.append(list(key))
        return len(out) >= limit

    if offer(set(must)):
        return out
    for k in range(1, n + 1):  # change the role of k creatures
        for flips in combinations(range(n), k):
            if offer(mine.symmetric_difference(flips)):
                return out
    return out


def block_sets(state: GameState, d: Decision, own: Answer, limit: int) -> list[list[int]]:
    """Up to ``limit`` legal block declarations (indices into ``d.pairs``): the
    heuristic's first, no blocks second (when legal), then nearest first (module
    docstring)."""
    pairs = d.pairs
    index = {p: i for i, p in enumerate(pairs)}
    blockers: list[int] = []
    targets: dict[int, list[int]] = {}
    for b, a in pairs:
        if b not in targets:
            blockers.append(b)
            targets[b] = []
        targets[b].append(a)
    mine = {pairs[i][0]: pairs[i][1] for i in _picked(own)}
    base = [mine.get(b, HOME) for b in blockers]
    out: list[list[int]] = [_picked(own)]  # the heuristic's, legal by construction
    seen: set[tuple[int, ...]] = {tuple(out[0])}
    budget = [limit * TRIES]

    def offer(roles: list[int]) -> bool:
        picks = sorted(index[(b, a)] for b, a in zip(blockers, roles, strict=True)
                       if a != HOME)
        key = tuple(picks)
        if key not in seen:
            seen.add(key)
            budget[0] -= 1
            if can_declare_blocks(state, pairs, picks):
                out.append(picks)
        return len(out) >= limit or budget[0] <= 0

    if offer([HOME] * len(blockers)):
        return out
    for k in range(1, len(blockers) + 1):
        for moved in combinations(range(len(blockers)), k):
            if _changes(blockers, targets, base, list(moved), offer):
                return out
    return out


def _changes(blockers: list[int], targets: dict[int, list[int]], base: list[int],
             moved: list[int], offer: Callable[[list[int]], bool]) -> bool:
    """Offer every declaration that gives each blocker in ``moved`` a role other than
    its role in ``base``; True once the limit is reached."""
    roles = list(base)

    def fill(j: int) -> bool:
        if j == len(moved):
            return offer(roles)
        i = moved[j]
        for a in [HOME, *targets[blockers[i]]]:
            if a != base[i]:
                roles[i] = a
                if fill(j + 1):
                    return True
        roles[i] = base[i]
        return False

    return fill(0)


__all__ = ["attack_sets", "block_sets"]
