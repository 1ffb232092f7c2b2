"""The tree of ``ismcts``: nodes keyed by the searching player's own answers, and the
selection rule of single-observer IS-MCTS (Cowling, Powley & Whitehouse 2012).

A node stands for a sequence of the player's answers since the root; its children are
keyed by what an answer *is* (``answer_key``: a priority action by its kind, the card's
name, the ability's index and whether it is an alternative cost, and the object when it
is not in hand; any other answer by its decision's kind and the options chosen, by value
as ``search_actions.Step`` names them), never by an index or a hidden id, so the same
answer in two determinizations is the same child. In a determinization only some
children can be chosen (a card drawn in one deal is not in another); each child counts
the iterations in which it was available (``avail``), and its UCB1 exploration term uses
that count instead of the parent's visits, so a child that is rarely possible is not
over-explored (the "availability" of SO-ISMCTS).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

from mtgsim.engine.players.policies.search_actions import step_of
from mtgsim.engine.state.decisions import PASS, Answer, Decision, DecisionKind
from mtgsim.engine.state.game_state import HAND, GameState

TREE_C = 0.5  # UCB1's exploration weight below the root (values are 0 .. 1)
# (module constants: see DecisionKind)
_KIND_PRIORITY = DecisionKind.PRIORITY
_KINDS_PAIRED = (DecisionKind.ATTACKERS, DecisionKind.BLOCKERS)


class Node:
    """A node: its children by answer key (filled in the order first seen), the
    iterations through it, their values' sum, and the iterations it was available in."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def answer_key(view: GameState, d: Decision, a: Answer) -> Hashable:
    """What answer ``a`` to ``d`` is, the same in every determinization (module
    docstring)."""
    if d.kind is _KIND_PRIORITY:
        assert isinstance(a, int)
        act = d.actions[a]
        o = view.objects.get(act.oid) if act.kind != PASS else None
        return ("priority", act.kind, o.card.name if o is not None else "", act.index,
                act.alt, act.oid if o is not None and o.zone != HAND else -1)
    step = step_of(d, a)
    if d.kind in _KINDS_PAIRED and d.pairs:
        picks = a if isinstance(a, list) else [a]
        return (str(d.kind), tuple(sorted(tuple(d.pairs[i]) for i in picks)))
    return (str(d.kind), step.picks, step.multi)


def select(node: Node, view: GameState, d: Decision,
           candidates: Sequence[Answer]) -> tuple[Answer, Node, bool]:
    """The candidate to play at ``node``, its child, and whether the child was added
    now: the first candidate (the heuristic's answer first) never tried, else the best
    UCB1 among the available children (ties: the earlier candidate). Every available
    child's availability is counted."""
    keys: list[Hashable] = []
    picks: list[int] = []
    for i, a in enumerate(candidates):
        key = answer_key(view, d, a)
        if key in keys:
            continue  # two candidates that are the same answer (a copy of a card)
        keys.append(key)
        picks.append(i)
    children = []
    for key in keys:
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
        child.avail += 1
        children.append(child)
    for i, child in zip(picks, children, strict=True):
        if child.visits == 0:
            return candidates[i], child, True
    best = max(range(len(children)), key=lambda j: (_ucb(children[j]), -j))
    return candidates[picks[best]], children[best], False


def _ucb(child: Node) -> float:
    return child.total / child.visits + TREE_C * math.sqrt(
        math.log(child.avail) / child.visits)


def best_line_values(values: Sequence[Sequence[float]],
                     paths: Sequence[Sequence[Sequence[Node]]]) -> list[list[float]]:
    """Each iteration's value as if the tree's best known answers had been played below
    the root: the value plus, at each node of its path, how far the best mean among the
    visited children of its parent is above the mean of the child taken (0 when the
    best was taken). A root candidate's plain mean counts the tree's exploration below
    it (the tries of worse targets, blocks, spells), so a candidate whose turn has many
    choices would look worse than one with few; the correction values a candidate by
    the line the search would play after it, on the same deals (the gains stay paired:
    ``paired_gain.gain``). Read when the root compares its candidates, from the tree as it
    is then."""
    out: list[list[float]] = []
    for vals, its in zip(values, paths, strict=True):
        out.append([v + sum(_gap(p[j - 1], p[j]) for j in range(1, len(p)))
                    for v, p in zip(vals, its, strict=True)])
    return out


SHRINK = 1.0  # the parent's mean counts as this many visits of each child (_gap)


def _gap(parent: Node, child: Node) -> float:
    """How far the best mean among ``parent``'s visited children is above ``child``'s,
    each mean shrunk toward the parent's by ``SHRINK`` visits: a child tried once is
    not taken at its one value (the best of several one-visit means is mostly luck)."""
    prior = parent.total / parent.visits if parent.visits else 0.0

    def shrunk(c: Node) -> float:
        return (c.total + SHRINK * prior) / (c.visits + SHRINK)

    mine = shrunk(child)
    best = max((shrunk(c) for c in parent.children.values() if c.visits), default=mine)
    return max(0.0, best - mine)


__all__ = ["Node", "TREE_C", "answer_key", "best_line_values", "select"]
