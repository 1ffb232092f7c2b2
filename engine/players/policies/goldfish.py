"""A "goldfish" opponent for tests: it plays a land each turn and does nothing else.

It keeps every opening hand, plays the first land it may whenever it has priority and a
land play is legal, and otherwise passes. It attacks and blocks only with the creatures
a requirement makes attack or block (508.1d, 509.1c: "attacks each combat if able", lure),
answers "no" to every optional effect, and for any other forced question gives the
smallest legal answer (the first option, or the first ``min_count`` options; an ordering
is left as offered).
Measuring how fast a deck kills a goldfish is the classic way to gauge its speed.
"""

from __future__ import annotations

from mtgsim.engine.rules.combat import (
    attack_requirements,
    block_requirements,
    can_declare_blocks,
    obeying_blocks,
)
from mtgsim.engine.state.decisions import DecisionKind
from mtgsim.engine.state.game_state import (
    MAIN1,
    MAIN2,
    PASS,
    PLAY,
    Answer,
    Decision,
    GameState,
    stop_bit,
)

_KEEP = 0  # engine.rules.game_start.KEEP: the mulligan decision's first option keeps the hand
_NO = 0  # engine.effects.NO: the option value of "no" in a "may" decision


# (module constants: see DecisionKind)
_ATTACKERS = DecisionKind.ATTACKERS
_BLOCKERS = DecisionKind.BLOCKERS
_DAMAGE_ORDER = DecisionKind.DAMAGE_ORDER
_LIBRARY_ORDER = DecisionKind.LIBRARY_ORDER
_MAY = DecisionKind.MAY
_MULLIGAN = DecisionKind.MULLIGAN
_PRIORITY = DecisionKind.PRIORITY


class GoldfishPolicy:
    """Plays a land a turn and nothing else: it stops only in its own main phases."""

    name = "goldfish"
    stops = stop_bit(MAIN1, True) | stop_bit(MAIN2, True)

    def __init__(self, seed: int) -> None:
        self.seed = seed  # unused: the goldfish is deterministic without randomness

    def decide(self, view: GameState, decision: Decision) -> Answer:
        d = decision
        if d.kind is _PRIORITY:
            return _priority(d)
        if d.kind is _MULLIGAN:
            return _KEEP
        if d.kind is _MAY and _NO in d.options:
            return d.options.index(_NO)
        if d.kind is _ATTACKERS:  # only the creatures that must attack
            required = attack_requirements(view, d.options)
            return [i for i, oid in enumerate(d.options) if oid in required]
        if d.kind is _BLOCKERS and not can_declare_blocks(view, d.pairs, []):
            index = {p: i for i, p in enumerate(d.pairs)}  # only the required blocks
            blocks = obeying_blocks(view, d.pairs, block_requirements(view, d.pairs))
            return sorted(index[p] for p in blocks)
        if d.multi:
            if d.kind in (_DAMAGE_ORDER, _LIBRARY_ORDER):
                return list(range(len(d.options)))
            return list(range(d.min_count))  # no attackers, no blockers, least of the rest
        return 0


def _priority(d: Decision) -> int:
    """Play a land if one may be played; otherwise pass."""
    pass_index = 0
    for i, action in enumerate(d.actions):
        if action.kind == PLAY:
            return i
        if action.kind == PASS:
            pass_index = i
    return pass_index
