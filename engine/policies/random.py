"""Uniformly random legal choices, for fuzzing: it can reach every decision the game has."""

from __future__ import annotations

from mtgsim.engine.combat import blockers_needed
from mtgsim.engine.decisions import DecisionKind
from mtgsim.engine.rng import next_u64, randbelow, seed_state
from mtgsim.engine.state import Answer, Decision, GameState

# (module constants: see DecisionKind)
_BLOCKERS = DecisionKind.BLOCKERS
_DAMAGE_ORDER = DecisionKind.DAMAGE_ORDER
_PRIORITY = DecisionKind.PRIORITY

class RandomPolicy:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed ^ 0x5EED)

    def _below(self, n: int) -> int:
        self.rng, v = randbelow(self.rng, n)
        return v

    def decide(self, state: GameState, decision: Decision) -> Answer:
        d = decision
        n = len(d.actions) if d.kind is _PRIORITY else len(d.options)
        if not d.multi:
            return self._below(n)
        if d.kind is _DAMAGE_ORDER:
            order = list(range(n))
            for i in range(n - 1, 0, -1):
                j = self._below(i + 1)
                order[i], order[j] = order[j], order[i]
            return order
        k = d.min_count + self._below(d.max_count - d.min_count + 1)
        picks = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self._below(i + 1)
            picks[i], picks[j] = picks[j], picks[i]
        chosen = sorted(picks[:k])
        if d.kind is _BLOCKERS:
            chosen = _legal_blocks(state, d, chosen)
        return chosen

    def coin(self) -> bool:
        self.rng, v = next_u64(self.rng)
        return bool(v & 1)


def _legal_blocks(state: GameState, d: Decision, chosen: list[int]) -> list[int]:
    """Drop choices that would make the block illegal (a blocker twice, lone menace)."""
    used: set[int] = set()
    kept = []
    for i in chosen:
        b, _ = d.pairs[i]
        if b not in used:
            used.add(b)
            kept.append(i)
    count: dict[int, int] = {}
    for i in kept:
        count[d.pairs[i][1]] = count.get(d.pairs[i][1], 0) + 1
    return [i for i in kept
            if count[d.pairs[i][1]] >= blockers_needed(state.objects[d.pairs[i][1]])]
