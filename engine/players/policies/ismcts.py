"""Information-set Monte Carlo tree search over the player's own decisions of the turn
(single-observer IS-MCTS, Cowling, Powley & Whitehouse 2012; issue 37, point 3).

The search policy of ``search.py`` tries each answer to one decision and leaves the rest
of the turn to the heuristic inside its rollouts: after the root action, its targets,
the next spell, the attack, the blocks are the heuristic's. This one grows a tree over
the searching player's decisions of the whole current turn:

- each iteration deals a determinization of what the player cannot see
  (``determinize``, from the view the policy receives: nothing hidden is read), plays
  the root candidate it picks, then walks down the tree: at each later decision of the
  player in the same turn with two or more candidates (``SearchPolicy.candidates``:
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

from collections.abc import Callable, Iterable

from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.determinize import determinize
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.ismcts_tree import (
    Node,
    best_line_values,
    select,
)
from mtgsim.engine.players.policies.search import (
    DEFAULT_CAST,
    DEFAULT_DEPTH,
    DEFAULT_Z,
    MAX_CANDIDATES,
    SearchPolicy,
    _confident,
    _gain,
    _mix,
    _ucb_pick,
    position_value,
    search_budget,
)
from mtgsim.engine.players.policies.search_actions import (
    Candidate,
    Follow,
    clear_plans,
    expand_priority,
)
from mtgsim.engine.players.policies.spec import PolicySpec
from mtgsim.engine.players.policies.stops import deck_stops
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import Answer, Decision, DecisionKind
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.rng import next_u64
from mtgsim.engine.state.view import player_view

DEFAULT_ITERATIONS = 3  # iterations per root candidate (search_budget)
PlayFn = Callable[[int], bool]  # one more iteration of root candidate ``i``


class MctsPolicy:
    """IS-MCTS over the turn with heuristic rollouts (the module docstring)."""

    def __init__(self, seed: int, spec: PolicySpec | None = None) -> None:
        spec = spec or PolicySpec("mcts")
        self.name = str(spec)
        self.iterations = int(spec.get("iterations") or DEFAULT_ITERATIONS)
        self.depth = int(spec.get("depth") or DEFAULT_DEPTH)
        z = spec.get("z")
        self.z = float(z) if z is not None else DEFAULT_Z
        self.sets = int(spec.get("sets") or MAX_CANDIDATES)
        cast = spec.get("cast")
        self.cast = int(cast) if cast is not None else DEFAULT_CAST
        self.seed = _mix(seed, int(spec.get("seed") or 0))
        self.inner = HeuristicPolicy(seed)
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

    def decide(self, state: GameState, d: Decision) -> Answer:
        """``state`` is the player's view (engine.state.view): all a decision may read."""
        own = self.inner.decide(state, d)
        scripted = self.follow.take(state, d)  # a choice of the complete action played
        if scripted is not None:
            return scripted
        candidates = self._candidates(state, d, own)
        if len(candidates) < 2:
            return own
        best = self._search(state, d, candidates)
        if isinstance(best, Candidate):
            self.follow = Follow(self.inner, best.then, state.turn, len(state.stack))
            changed = best.first != own or bool(best.then)
            best = best.first
        else:
            changed = best != own
        if changed:
            clear_plans(self.inner)  # the heuristic planned the choices of its own answer
        return best

    def _candidates(self, state: GameState, d: Decision, own: Answer
                    ) -> list[Answer | Candidate]:
        """The root's candidates: ``SearchPolicy.candidates``, each priority action made
        complete (``search_actions.expand_priority``, up to ``cast`` each, scripted on
        the first deal) as the one-decision search makes them: a cast's targets, mode, X
        and costs are found there, where the tree would need several levels for them."""
        plain = SearchPolicy.candidates(state, d, own, self.sets)
        if d.kind is not DecisionKind.PRIORITY or len(plain) < 2 or self.cast <= 1:
            return list(plain)
        me = d.player
        deal0 = _mix(self._base(state), 0)
        return list(expand_priority(
            state, d, [a for a in plain if isinstance(a, int)], me,
            lambda: determinize(state, me, deal0), next_u64(deal0), self.cast))

    def _base(self, state: GameState) -> int:
        """The seed of this decision's deals and iterations."""
        return _mix(self.seed, state.actions_taken, state.turn, 0x15C7)

    def _search(self, state: GameState, d: Decision,
                candidates: list[Answer | Candidate]) -> Answer | Candidate:
        """The root: UCB1 on the paired gains of the candidates over the heuristic's
        answer (``candidates[0]``), each iteration below its root candidate played by
        ``_iterate``; the early stops and the answer as ``SearchPolicy._search``."""
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
                dealt = determinize(state, me, _mix(base, n))
                if dealt is None:  # the cards seen do not fit the deck list
                    return False
                deals.append(dealt)
            value, path = self._iterate(clone(deals[n]), me, candidates[i], roots[i],
                                        _mix(base, n), state.turn)
            values[i].append(value)
            paths[i].append(path)
            return True

        for i in range(k):
            if not play(i):
                return candidates[0]
        spent = k + self._early_stop(values, play, budget - k)
        while not self.last_stop and spent < budget:
            i = _ucb_pick(best_line_values(values, paths), spent)
            if len(values[0]) <= len(values[i]):  # the heuristic's answer on this deal
                if spent + 2 > budget:
                    break
                play(0)
                spent += 1
            play(i)
            spent += 1
        self.last_counts = [len(v) for v in values]
        self.last_deals = len(deals)
        if self.last_stop:
            return candidates[0]
        most = max(self.last_counts[1:])
        lines = best_line_values(values, paths)
        best = max((i for i in range(1, k) if 2 * self.last_counts[i] >= most),
                   key=lambda i: (_gain(lines, i), -i))
        return candidates[best] if _confident(lines, best, self.z) else candidates[0]

    def _early_stop(self, values: list[list[float]], play: PlayFn, left: int) -> int:
        """After one iteration of each candidate: the heuristic's answer on a second
        deal; "won" when it won both, else when every candidate scored what it did on
        the first deal, a second deal for each, "alike" when they all score alike on
        both. The iterations spent (at most ``left``)."""
        if left <= 0:
            return 0
        play(0)
        spent = 1
        if values[0][0] == values[0][1] == 1.0:
            self.last_stop = "won"
        elif all(v[0] == values[0][0] for v in values):
            for i in range(1, len(values)):
                if spent >= left:
                    break
                play(i)
                spent += 1
            if all(len(v) == 2 and v == values[0] for v in values):
                self.last_stop = "alike"
        return spent

    def _iterate(self, game: GameState, me: int, first: Answer | Candidate, root: Node,
                 sample: int, turn: int) -> tuple[float, list[Node]]:
        """One iteration on ``game`` (a determinization, played on and changed): the
        root candidate ``first`` (a complete action's choices from its script), then
        down the tree below ``root`` while the turn lasts, one node added, the
        heuristic's rollout to the horizon; the value, backed up along the path, and
        the path (``root`` first)."""
        s0, s1 = next_u64(sample)
        policies = [HeuristicPolicy(s0), HeuristicPolicy(s1)]
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
            if descending and d.player == me and scripted is None:
                candidates = SearchPolicy.candidates(view, d, own, self.sets)
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
