"""Uniformly random legal choices, for fuzzing: it can reach every decision the game has."""

from __future__ import annotations

from mtgsim.engine.rules.combat import (
    attack_requirements,
    block_requirements,
    blockers_needed,
    can_declare_blocks,
    obeying_blocks,
)
from mtgsim.engine.state.decisions import DecisionKind
from mtgsim.engine.state.game_state import Answer, Decision, GameState
from mtgsim.engine.state.rng import next_u64, randbelow, seed_state

# (module constants: see DecisionKind)
_ATTACKERS = DecisionKind.ATTACKERS
_BLOCKERS = DecisionKind.BLOCKERS
_DAMAGE_ORDER = DecisionKind.DAMAGE_ORDER
_PRIORITY = DecisionKind.PRIORITY


class RandomPolicy:
    __slots__ = ("rng",)  # (a slot: read and written at every choice)
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed ^ 0x5EED)

    def _below(self, n: int) -> int:
        self.rng, v = randbelow(self.rng, n)
        return v

    def decide(self, view: GameState, decision: Decision) -> Answer:
        state, d = view, decision  # (its player's view, engine.state.view)
        n = len(d.actions) if d.kind is _PRIORITY else len(d.options)
        if not d.multi:
            return self._below(n)
        if d.kind is _DAMAGE_ORDER:
            order = list(range(n))
            for i in range(n - 1, 0, -1):
                j = self._below(i + 1)
                order[i], order[j] = order[j], order[i]
            return order
        if d.kind is _ATTACKERS:
            return self._attackers(state, d)
        chosen = self._subset(n, d.min_count, d.max_count)
        if d.kind is _BLOCKERS:
            chosen = _legal_blocks(state, d, chosen)
            if not can_declare_blocks(state, d.pairs, chosen):
                chosen = self._blocks_obeying_requirements(state, d)
        return chosen

    def _subset(self, n: int, low: int, high: int) -> list[int]:
        """A random number of choices between ``low`` and ``high``, then which (sorted
        indices of ``n``)."""
        k = low + self._below(high - low + 1)
        picks = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self._below(i + 1)
            picks[i], picks[j] = picks[j], picks[i]
        return sorted(picks[:k])

    def _attackers(self, state: GameState, d: Decision) -> list[int]:
        """Every creature that must attack (508.1d) and a random subset of the others."""
        required = set(attack_requirements(state, d.options))
        optional = [i for i, oid in enumerate(d.options) if oid not in required]
        picks = self._subset(len(optional), 0, len(optional))
        return sorted([optional[i] for i in picks]
                      + [i for i, oid in enumerate(d.options) if oid in required])

    def _blocks_obeying_requirements(self, state: GameState, d: Decision) -> list[int]:
        """A random legal declaration when creatures have requirements to block (lure,
        509.1c): each such creature blocks one of the attackers it must block (or, one
        time in four, is left to block at random), each other creature blocks or not,
        and attackers left with too few blockers (menace) lose them; drawn again until
        legal, else the blocks that obey the most requirements (``obeying_blocks``),
        which always are."""
        required = block_requirements(state, d.pairs)
        by_blocker: dict[int, list[int]] = {}
        for i, (b, _) in enumerate(d.pairs):
            by_blocker.setdefault(b, []).append(i)
        for _ in range(50):
            chosen = []
            for b, options in by_blocker.items():
                must = [i for i in options if d.pairs[i][1] in required.get(b, ())]
                if must and self._below(4):
                    chosen.append(must[self._below(len(must))])
                elif self._below(2):
                    chosen.append(options[self._below(len(options))])
            chosen = sorted(_legal_blocks(state, d, chosen))
            if can_declare_blocks(state, d.pairs, chosen):
                return chosen
        index = {p: i for i, p in enumerate(d.pairs)}
        return sorted(index[p] for p in obeying_blocks(state, d.pairs, required))

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
