"""Complete actions as search candidates: a cast or an activation together with the
choices that follow it (its targets, mode, X, replicate count, costs, and the targets of
its copies), and the multi-select answers a search tries.

A priority action is not one decision but the first of several (601.2: announce, choose
modes, X and the number of times an additional cost is paid, choose targets, pay costs;
and a replicated spell's copies choose their own targets when the replicate trigger
resolves, 702.56a, 707.10c). A search that tries only the action leaves every later
choice to the heuristic inside its rollouts, so two answers that differ only in their
targets score alike (issue 37: the replicated burn spell whose copies all went to the
opponent's face instead of killing the lethal attacker).

``complete_actions`` follows an action on one deal of the search (a game consistent with
the player's view, ``determinize``) until the action is done: the stack is back to what
it was and the player has priority again, or the turn or game ends. At each choice of
its player on the way (a decision of ``SCRIPTED`` kinds with more than one option) it
branches: the heuristic's answer first, then the other options in the heuristic's order
(``ranked``). Leaves come out nearest the heuristic first (no deviation, then one, then
two), and ``cap`` of them are kept: the first is the plain action (the heuristic's own
continuation), each other a ``Candidate`` whose ``then`` scripts the choices after the
action. The other player's answers on the way are the heuristic's.

A script is followed (``Follow``, in rollouts and in the real game alike) while the
decisions come in its order: each of the player's decisions of a scripted kind takes the
script's next step if it is of that kind and its answer is still among the options (an
option is named by what it is, an object or player id or a number, not by its index), and
a decision that does not fit drops the rest of the script. Priority decisions on the way
are the heuristic's, as they were when the script was made.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

import msgspec

from mtgsim.engine.game import decide
from mtgsim.engine.players.policies.determinize import clone_dealt
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import (
    OBJECT_OPTIONS,
    PASS,
    PLAY,
    Answer,
    Decision,
    DecisionKind,
)
from mtgsim.engine.state.game_state import GameState, Task
from mtgsim.engine.state.view import player_view

_PRIORITY = DecisionKind.PRIORITY
_TARGET = DecisionKind.TARGET
# The choices of an action a script answers: 601.2b-c and 601.2f-h (modes, X, replicate,
# targets, costs: convoke, delve, discards, sacrifices, returns, taps), a kicker's "may"
# (702.33a), and which replacement effect applies first as the spell's permanent enters.
SCRIPTED = frozenset({
    DecisionKind.TARGET, DecisionKind.MODE, DecisionKind.X, DecisionKind.REPLICATE,
    DecisionKind.CONVOKE_TAP, DecisionKind.IMPROVISE_TAP, DecisionKind.DELVE, DecisionKind.COST,
    DecisionKind.COST_DISCARD, DecisionKind.COST_TAP, DecisionKind.COST_COUNTER,
    DecisionKind.MAY, DecisionKind.FLASHBACK_COST, DecisionKind.DEVOUR,
    DecisionKind.SACRIFICE, DecisionKind.REPLACEMENT, DecisionKind.ATTACH,
})
if TYPE_CHECKING:
    def _copy_task(task: Task) -> Task: ...
else:
    _copy_task = msgspec.Struct.__copy__  # a shallow copy, in C

SPAN = 80  # decisions an action's follow-up may take, at most (a loop guard)
WIDTH = 3  # the options besides the heuristic's tried at one choice of a script
MULTI_WIDTH = 3  # the answers besides the heuristic's tried at one multi-select


class Step(msgspec.Struct, frozen=True, array_like=True):
    """One scripted answer: the decision's kind and the options chosen, by what they are
    (ids of objects or players, or numbers), not by their index."""

    kind: DecisionKind
    picks: tuple[int, ...]
    multi: bool = False

    def answer_for(self, d: Decision) -> Answer | None:
        """This step's answer to ``d``, or None when ``d`` does not fit it."""
        if d.kind != self.kind or d.multi != self.multi:
            return None
        index = {o: i for i, o in reversed(list(enumerate(d.options)))}
        try:
            got = [index[p] for p in self.picks]
        except KeyError:
            return None
        if not self.multi:
            return got[0] if len(got) == 1 else None
        if not d.min_count <= len(got) <= d.max_count or len(set(got)) != len(got):
            return None
        return sorted(got)


def step_of(d: Decision, a: Answer) -> Step:
    """The step that answers ``d`` with ``a``."""
    if isinstance(a, list):
        return Step(d.kind, tuple(d.options[i] for i in sorted(a)), True)
    return Step(d.kind, (d.options[a],), bool(d.multi))


class Candidate(msgspec.Struct, frozen=True):
    """A priority action's index and the scripted answers to the choices that follow."""

    first: int
    then: tuple[Step, ...]


class Follow:
    """A heuristic that answers its player's choices from a script while they fit (the
    module docstring), and as itself otherwise. It is asked at every decision (so its
    own bookkeeping of targets asked stays what it would be), and the script overrides.
    The script is dropped when it does not fit, when the turn ends, and when its player
    has priority with the stack back to its ``depth`` (the action is done)."""

    name = "follow"

    def __init__(self, inner: HeuristicPolicy, script: Sequence[Step], turn: int = 0,
                 depth: int = 0) -> None:
        self.inner = inner
        self.script = list(script)
        self.turn = turn
        self.depth = depth

    def decide(self, view: GameState, d: Decision) -> Answer:
        own = self.inner.decide(view, d)
        got = self.take(view, d)
        return own if got is None else got

    def take(self, view: GameState, d: Decision) -> Answer | None:
        """The script's answer to ``d`` when it fits, else None."""
        if not self.script:
            return None
        if view.turn != self.turn or (d.kind is _PRIORITY and len(view.stack) <= self.depth):
            self.script.clear()
            return None
        if d.kind not in SCRIPTED:
            return None
        got = self.script[0].answer_for(d)
        if got is None:
            self.script.clear()
            return None
        del self.script[0]
        return got


def ranked(view: GameState, d: Decision, own: int) -> list[int]:
    """The options of a single choice other than ``own``, in the heuristic's order: a
    target on the same side as the heuristic's (the other player and their permanents,
    or one's own: the sign of ``TargetChooser._fallback_target_score``), best score
    first for the other side (the other player, then their permanents by worth) and
    least worth first for one's own; a number (X, a replicate count, a mode) nearest the
    heuristic's first; other options in their order."""
    others = [i for i in range(len(d.options)) if i != own]
    if d.kind is _TARGET:
        me = d.player
        score = HeuristicPolicy(0)._fallback_target_score
        scores = {i: score(view, me, d.options[i]) for i in range(len(d.options))}
        side = scores[own] >= 0  # the heuristic aims at the other player's side or mine
        return sorted((i for i in others if (scores[i] >= 0) == side),
                      key=lambda i: (-scores[i] if side else scores[i], i))
    if d.kind not in OBJECT_OPTIONS:
        return sorted(others, key=lambda i: (abs(i - own), i))
    return others


def choice_sets(d: Decision, own: Answer, limit: int) -> list[list[int]]:
    """Up to ``limit`` answers to a multi-select (indices into ``d.options``), the
    heuristic's first, then nearest it first: every answer that adds or removes one
    option, then two, and so on, within ``min_count`` .. ``max_count``."""
    mine = set(own if isinstance(own, list) else [own])
    out: list[list[int]] = [sorted(mine)]
    seen = {tuple(out[0])}
    n = len(d.options)
    for k in range(1, n + 1):
        for flips in combinations(range(n), k):
            s = tuple(sorted(mine.symmetric_difference(flips)))
            if s not in seen and d.min_count <= len(s) <= d.max_count:
                seen.add(s)
                out.append(list(s))
                if len(out) >= limit:
                    return out
    return out


def _focus(path: Sequence[Step], d: Decision, own: Answer) -> int:
    """At a target choice, the option the action's previous target choice picked, when
    it is offered and is not the heuristic's answer (a copy aimed where the spell aims:
    its damage adds up, 707.10c): a branch that does not count as a deviation. -1 when
    there is none."""
    if d.kind is not _TARGET or d.multi or not path or path[-1].kind is not _TARGET:
        return -1
    pick = path[-1].picks[0]
    if pick not in d.options:
        return -1
    i = d.options.index(pick)
    return -1 if i == own else i


def _alternatives(view: GameState, d: Decision, own: Answer) -> list[Answer]:
    """The answers besides the heuristic's tried at one choice of a script."""
    out: list[Answer] = []
    if d.multi:
        out.extend(choice_sets(d, own, 1 + MULTI_WIDTH)[1:])
    else:
        assert isinstance(own, int)
        out.extend(ranked(view, d, own)[:WIDTH])
    return out


def fork(policy: HeuristicPolicy) -> HeuristicPolicy:
    """A copy of ``policy`` for a branch of ``_explore``, which plays on as
    ``copy.deepcopy`` of it would (what the branches were copied with before; a deep
    copy walked the Task the policy remembers its last target question by, with its
    objects, through Python's generic copier: most of a branch's cost after its clone).

    Every slot is copied (``tests/players/test_search_actions.py`` checks the list
    against the class's slots): the settings and the random state as they are (values),
    the plans and the copies' damage as new containers (the heuristic changes them in
    place: a planned target is popped). The two questions keep their source and count,
    but their Task is a fresh copy, as a deep copy's is: a branch's game is a clone whose
    tasks are other objects, so the question never matches it by identity (``is``) and
    the count restarts at the next target question, as it did."""
    new: HeuristicPolicy = HeuristicPolicy.__new__(HeuristicPolicy)
    new.price = policy.price
    new.race = policy.race
    new.land_weight = policy.land_weight
    new.body_ties = policy.body_ties
    new.turn_plan = policy.turn_plan
    new.combat_tricks = policy.combat_tricks
    new.cover = policy.cover
    new.rng = policy.rng
    new.target_question = _fresh(policy.target_question)
    new.targets_asked = policy.targets_asked
    new.copy_question = _fresh(policy.copy_question)
    new.copy_damage = policy.copy_damage.copy()
    new.plan = {k: v.copy() for k, v in policy.plan.items()}
    new.plan_mode = policy.plan_mode.copy()
    new.plan_x = policy.plan_x.copy()
    new.plan_rep = policy.plan_rep.copy()
    return new


# the slots ``fork`` copies (a test holds them to HeuristicPolicy's)
FORKED = ("price", "race", "land_weight", "body_ties", "turn_plan", "combat_tricks", "cover",
          "rng", "target_question", "targets_asked", "copy_question", "copy_damage", "plan",
          "plan_mode", "plan_x", "plan_rep")


def _fresh(question: tuple[Task | None, int]) -> tuple[Task | None, int]:
    """A remembered question with its Task replaced by a shallow copy: an object no
    game holds, as the deep copy's was."""
    task = question[0]
    return question if task is None else (_copy_task(task), question[1])


class _Node(msgspec.Struct):
    game: GameState
    policies: list[HeuristicPolicy]
    path: list[Step]


def complete_actions(deal: GameState, me: int, first: int, seeds: tuple[int, int],
                     cap: int, fitted: bool = False,
                     paths: dict[int, tuple[Step, ...]] | None = None) -> list[Candidate]:
    """Up to ``cap`` complete actions beginning with priority action ``first`` on
    ``deal`` (a determinization, not changed): the plain action first (no script: the
    heuristic's continuation), then scripts nearest the heuristic's first (module
    docstring). ``seeds``: the seeds of the heuristics playing both seats; ``fitted``:
    they read the fitted price of life (the search's ``eval=fitted``). ``paths``, when
    given, gets the plain action's own choices on this deal (the heuristic's
    continuation, which the plain candidate does not script) under ``first``: what a
    guard reads to tell where the plain action aims (``face_guard``)."""
    d = deal.pending
    assert d is not None and d.kind is _PRIORITY
    if cap <= 1 or d.actions[first].kind in (PASS, PLAY):
        return [Candidate(first, ())]
    depth = len(deal.stack)
    found: list[tuple[Step, ...]] = []
    seen: set[tuple[Step, ...]] = set()
    for target in range(3):  # deviations from the heuristic's answers: 0, 1, 2
        had = len(found)
        start = clone_dealt(deal)  # (the deal is a determinization, never played on)
        answer(start, first)
        root = _Node(start, [HeuristicPolicy(seeds[0], fitted),
                             HeuristicPolicy(seeds[1], fitted)], [])
        _explore(root, (me, depth, deal.turn, target, cap), 0, found, seen)
        if len(found) >= cap or len(found) == had or not found[0]:
            break  # full; or no choice to change (then none with more changes either)
    if paths is not None and found:
        paths[first] = found[0]
    return [Candidate(first, ())] + [Candidate(first, p) for p in found[1:]]


def _explore(node: _Node, limits: tuple[int, int, int, int, int], used: int,
             found: list[tuple[Step, ...]], seen: set[tuple[Step, ...]]) -> None:
    """Play ``node`` on to the end of the action (``limits``: the player, the stack's
    depth before the action, the turn, the deviations wanted, the cap), branching at
    each choice of the player while fewer than the deviations wanted were made (the
    heuristic's answer followed first, so deviations at later choices come first: the
    copies' targets before the spell's); a leaf with exactly that many is appended to
    ``found`` (once)."""
    me, depth, turn, target, cap = limits
    game, policies = node.game, node.policies
    for _ in range(SPAN):
        if len(found) >= cap:
            return
        d = advance(game)
        if d is None or game.turn != turn or (len(game.stack) <= depth and not (
                d.player == me and d.kind in SCRIPTED)):
            break  # the action is done (resolved, countered, or never on the stack)
        own = decide(policies[d.player], game, d)
        if d.player == me and d.kind in SCRIPTED:
            focus = _focus(node.path, d, own)
            alternatives = [a for a in (_alternatives(player_view(game, me), d, own)
                                        if used < target else []) if a != focus]
            branches = [(a, 1) for a in alternatives] + ([(focus, 0)] if focus >= 0 else [])
            before = list(node.path)
            later = [_Node(clone(game), [fork(p) for p in policies], [*before, step_of(d, a)])
                     for a, _ in branches]
            node.path.append(step_of(d, own))
            answer(game, own)
            _explore(node, limits, used, found, seen)  # the later deviations first
            for (a, cost), child in zip(branches, later, strict=True):
                if len(found) >= cap:
                    return
                answer(child.game, a)
                _explore(child, limits, used + cost, found, seen)
            return
        answer(game, own)
    key = tuple(node.path)
    if used == target and key not in seen:
        seen.add(key)
        found.append(key)


def expand_priority(view: GameState, d: Decision, actions: Sequence[int], me: int,
                    deal: Callable[[], GameState | None], seeds: tuple[int, int],
                    cap: int, fitted: bool = False,
                    paths: dict[int, tuple[Step, ...]] | None = None) -> list[Candidate]:
    """The complete actions of each of ``actions`` (priority action indices; the
    heuristic's first), up to ``cap`` each, on the deal ``deal`` gives (None: the plain
    actions only); ``paths`` gets each plain action's own choices (``complete_actions``)."""
    plain = [Candidate(i, ()) for i in actions]
    if cap <= 1:
        return plain
    game = deal()
    if game is None:
        return plain
    out: list[Candidate] = []
    for i in actions:
        out += complete_actions(game, me, i, seeds, cap, fitted, paths)
    return out


def clear_plans(policy: HeuristicPolicy) -> None:
    """Forget the choices ``policy`` planned for its own answer (targets, mode, X, the
    replicate count), after another answer was played in its stead."""
    policy.plan.clear()
    policy.plan_mode.clear()
    policy.plan_x.clear()
    policy.plan_rep.clear()


__all__ = ["Candidate", "Follow", "Step", "choice_sets", "clear_plans", "complete_actions",
           "expand_priority", "ranked", "step_of"]

