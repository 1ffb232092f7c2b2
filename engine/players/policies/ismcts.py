"""Information-set Monte Carlo tree search over the player's own decisions of the turn
(single-observer IS-MCTS, Cowling, Powley & Whitehouse 2012; issue 37, point 3).

The search policy of ``search.py`` tries each answer to one decision and leaves the rest
of the turn to the heuristic inside its rollouts: after the root action, its targets,
the next spell, the attack, the blocks are the heuristic's. This one grows a tree over
the searching player's decisions of the whole current turn:

- each iteration deals a determinization of what the player cannot see
  (``determinize``, from the view the policy receives: nothing hidden is read), plays
  the root candidate it picks, then walks down the tree: at each later decision of the
  player in the same turn with two or more candidates (``candidate_answers``:
  the distinct priority actions, attack and block declarations, a target, a mode, X,
  multi-select answers) it picks a child by UCB1 over the children *available* in this
  determinization (``ismcts_tree``: a child's exploration term counts the iterations in
  which it could have been chosen, not the parent's visits: SO-ISMCTS), until it reaches
  a child never tried: that node is added (expansion), and the rest of the game is
  played by the heuristic in both seats (the rollout) for ``depth`` turns, cut off by
  the board evaluation (``search.position_value``, the hand-set one); the value is
  backed up along the path;
- the other player's decisions inside an iteration are the heuristic's: a tree of
  their own would have to be keyed by what they see, which differs between
  determinizations (each deal is a different hand for them), so their node statistics
  would mix information sets the searching player cannot tell apart; the heuristic is
  the model of the opponent the whole project measures against;
- at the root, the candidates are compared as the one-decision search compares them
  (UCB1 on the paired gain over the heuristic's answer; a candidate's ``n``-th iteration
  is on the ``n``-th deal with the ``n``-th rollout seed, so the gains are paired on the
  same luck; the early stops when the position is decided or the choice does not
  matter; the answer is the best gain among the well-tried candidates when it clears
  ``z`` standard errors, else the heuristic's), on each iteration's value corrected
  for the tree's exploration below the root (``ismcts_tree.best_line_values``: the
  value as if the best answers known had been played), so the tree changes what each
  root candidate is worth (the best continuation found for it, not the heuristic's),
  not how noise is guarded against.

The budget is ``iterations`` per root candidate (``search.search_budget``: the first
eight candidates get ``iterations`` each, every further one one), spent exactly unless
an early stop ends the search. The randomness comes from the seat's seed, the spec's
``seed`` and the public decision counter only, so the policy is a pure function of the
view it receives. Every decision with fewer than two candidates is the heuristic's.
"""

from __future__ import annotations

from collections.abc import Iterable

from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.candidate_answers import candidate_answers
from mtgsim.engine.players.policies.determinize import clone_dealt
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.ismcts_tree import (
    Node,
    best_line_values,
    select,
)
from mtgsim.engine.players.policies.paired_gain import (
    best_tried,
    confident,
    early_stop,
    mix,
    search_budget,
    ucb_rounds,
)
from mtgsim.engine.players.policies.root_search import RootSearch
from mtgsim.engine.players.policies.search import position_value, read_shared
from mtgsim.engine.players.policies.search_actions import (
    Candidate,
    Follow,
    clear_plans,
)
from mtgsim.engine.players.policies.spec import MCTS_DEFAULTS, PolicySpec, setting
from mtgsim.engine.players.policies.stops import deck_stops
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.state.decisions import Answer, Decision
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.rng import next_u64
from mtgsim.engine.state.view import player_view

DEFAULT_ITERATIONS = int(MCTS_DEFAULTS["iterations"])  # iterations per root candidate
# (search_budget)


def tree_heuristic(seed: int) -> HeuristicPolicy:
    """The heuristic of the tree search's own answers and of both seats of its rollouts:
    the default pilot (``heuristic``), the one the real opponent plays, so the rollouts
    model the opponent as it is. Until December 6 (evening) this was pinned to the old
    play (``heuristic:attack=trades,prio=plain``) because ``mcts:iterations=2`` then
    failed the puzzle ``cascade_spell_cast_for_its_cascade``; that puzzle is a coin flip
    at this budget whichever pilot the rollouts play (the old play fails it at
    ``iterations=3`` and ``4``, the default solves it at 4, 6 and 8: docs/search-record.md,
    "The tree search follows the default pilot")."""
    return HeuristicPolicy(seed)


class MctsPolicy(RootSearch):
    """IS-MCTS over the turn with heuristic rollouts (the module docstring)."""

    def __init__(self, seed: int, spec: PolicySpec | None = None) -> None:
        spec = spec or PolicySpec("mcts")
        self.name = str(spec)
        read_shared(self, seed, spec, MCTS_DEFAULTS)  # depth, z, ..., infer
        self.iterations = int(setting(spec, "iterations", MCTS_DEFAULTS))
        self.fitted = False  # the hand-set price of life in every heuristic inside
        self.inner = tree_heuristic(seed)
        self.follow = Follow(self.inner, ())  # the choices of a complete action played
        self.searched = 0  # decisions searched (for measurements)
        self.played = 0  # iterations played
        self.tree_choices = 0  # decisions inside iterations answered by the tree
        self.last_counts: list[int] = []  # iterations per root candidate, last search
        self.last_stop = ""  # why the last search stopped early: "won", "alike" or not
        self.last_deals = 0  # determinizations dealt at the last search

    @staticmethod
    def stops_for(deck: Iterable[Card]) -> int:
        return deck_stops(deck)

    def _base(self, state: GameState) -> int:
        """The seed of this decision's deals and iterations."""
        return mix(self.seed, state.actions_taken, state.turn, 0x15C7)

    def _search(self, state: GameState, d: Decision,
                candidates: list[Answer | Candidate]) -> Answer | Candidate:
        """The root: UCB1 on the paired gains of the candidates over the heuristic's
        answer (``candidates[0]``), each iteration below its root candidate played by
        ``_iterate``; the early stops and the answer as ``SearchPolicy._search`` (``paired_gain``)."""
        me = d.player
        self.searched += 1
        base = self._base(state)
        k = len(candidates)
        values: list[list[float]] = [[] for _ in range(k)]
        roots = [Node() for _ in range(k)]
        paths: list[list[list[Node]]] = [[] for _ in range(k)]  # each iteration's nodes
        deals: list[GameState] = []
        self.last_stop = ""
        budget = search_budget(self.iterations, k)

        def play(i: int) -> bool:
            n = len(values[i])
            if n == len(deals):
                dealt = self.deal(state, me, mix(base, n))
                if dealt is None:  # the cards seen do not fit the deck list
                    return False
                deals.append(dealt)
            value, path = self._iterate(clone_dealt(deals[n]), me, candidates[i], roots[i],
                                        mix(base, n), state.turn)
            values[i].append(value)
            paths[i].append(path)
            return True

        for i in range(k):
            if not play(i):
                return candidates[0]
        spent, self.last_stop = early_stop(values, play, budget - k)
        if not self.last_stop:
            _, stopped = ucb_rounds(values, play, k + spent, budget,
                                    lambda: best_line_values(values, paths), lambda: True,
                                    self.futile)
            if stopped:
                self.last_stop = "futile"
        self.last_counts = [len(v) for v in values]
        self.last_deals = len(deals)
        if self.last_stop:
            return candidates[0]
        lines = best_line_values(values, paths)
        best = best_tried(lines)
        return candidates[best] if confident(lines, best, self.z) else candidates[0]

    def _iterate(self, game: GameState, me: int, first: Answer | Candidate, root: Node,
                 sample: int, turn: int) -> tuple[float, list[Node]]:
        """One iteration on ``game`` (a determinization, played on and changed): the
        root candidate ``first`` (a complete action's choices from its script), then
        down the tree below ``root`` while the turn lasts, one node added, the
        heuristic's rollout to the horizon; the value, backed up along the path, and
        the path (``root`` first)."""
        s0, s1 = next_u64(sample)
        policies = [tree_heuristic(s0), tree_heuristic(s1)]
        mine = policies[me]
        follow = Follow(mine, (), turn)
        if isinstance(first, Candidate):
            follow = Follow(mine, first.then, game.turn, len(game.stack))
            first = first.first
        answer(game, first)
        self.played += 1
        path = [root]
        descending = True  # in the tree: no node added yet this iteration
        turn_limit = turn + self.depth
        while game.result is None and game.turn < turn_limit:
            d = advance(game)
            if d is None:
                break
            view = player_view(game, d.player)
            own = policies[d.player].decide(view, d)
            scripted = follow.take(view, d) if d.player == me else None
            a = own if scripted is None else scripted
            if descending and game.turn != turn:
                descending = False  # the turn is over: the rest is the rollout
            if descending and d.player == me and scripted is None and d.kind in self.kinds:
                candidates = candidate_answers(view, d, own, self.sets)
                if len(candidates) >= 2:
                    a, child, added = select(path[-1], view, d, candidates)
                    path.append(child)
                    descending = not added
                    self.tree_choices += 1
                    if a != own:
                        clear_plans(mine)
            answer(game, a)
        value = position_value(game, me, False)
        for node in path:
            node.visits += 1
            node.total += value
        return value, path


__all__ = ["DEFAULT_ITERATIONS", "MctsPolicy"]
