"""A search policy that never peeks: determinized Monte Carlo over the heuristic, UCB1
over the candidates.

It searches a priority decision with more than one distinct action, the declaration of
attackers and of blockers (the legal declarations from ``combat_sets``: complete while
few, else nearest the heuristic's answer first), and the single choices inside an action
(a target, a mode, X, whether to dredge, a "may", what an Aura enchants, which
replacement effect applies first, 616.1). Each candidate
answer is tried on games dealt from what its player may know (``determinize``: the other
player's hand and both libraries dealt again, the random generator replaced) and played
on with the heuristic in both seats for ``depth`` turns, then the position is scored
(``position_value``: 1 for a win, 0 for a loss, the board's worth in between).

The rollouts go where they tell most (UCB1: each candidate once, then the one with the
best upper confidence bound), and a candidate's ``n``-th rollout is played on the
``n``-th deal with the ``n``-th rollout seed whichever candidate it is (common random
numbers), so candidates are compared on the same luck. The answer is the best mean among
the candidates played at least half as often as the most played, when its gain over the
heuristic's answer clears a small margin (``PRIOR``) and ``z`` standard errors of the
paired differences, so noise alone does not overturn the heuristic (the best of several
noisy means is too often a worse answer). A decided position (the heuristic's answer wins
its first two deals) or a choice that changes nothing there ends the search early.

The budget is ``rollouts`` per candidate (``search_budget``; deterministic) or ``ms`` of
wall clock per decision (at least one rollout each; games then depend on the machine's
speed and are not reproducible). Its randomness comes from its seed, the spec's own
``seed`` setting and the public decision counter only, so it is a pure function of what
its player may know. Every other decision is the heuristic's."""

from __future__ import annotations

import math
import time
from collections.abc import Iterable

from mtgsim.engine.cards.card import Card
from mtgsim.engine.game import step
from mtgsim.engine.players.evaluation import (
    handset_position_logit,
    sigmoid,
    win_probability,
)
from mtgsim.engine.players.policies.combat_sets import attack_sets, block_sets
from mtgsim.engine.players.policies.determinize import determinize
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.search_actions import (
    Candidate,
    Follow,
    choice_sets,
    clear_plans,
    expand_priority,
)
from mtgsim.engine.players.policies.spec import PolicySpec
from mtgsim.engine.players.policies.stops import deck_stops
from mtgsim.engine.rules.turn import answer
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import PASS, Decision, DecisionKind
from mtgsim.engine.state.game_state import HAND, Answer, GameState
from mtgsim.engine.state.rng import next_u64

_PRIORITY = DecisionKind.PRIORITY
_ATTACKERS = DecisionKind.ATTACKERS
_BLOCKERS = DecisionKind.BLOCKERS
# single choices inside an action whose options the search tries too: what a spell or
# ability targets, its mode, X, whether to dredge, a "may", which replacement effect
# applies first (616.1)
_CHOICES = frozenset({DecisionKind.TARGET, DecisionKind.MODE, DecisionKind.X,
                      DecisionKind.DREDGE, DecisionKind.MAY, DecisionKind.ATTACH,
                      DecisionKind.REPLACEMENT, DecisionKind.REPLICATE,
                      DecisionKind.CONVOKE_TAP, DecisionKind.IMPROVISE_TAP, DecisionKind.DELVE, DecisionKind.COST,
                      DecisionKind.RETURN})
# multi-selects whose answers the search tries (``choice_sets``): what to devour, to
# sacrifice, to discard (for an effect, for hand size, as a cost), to tap as a cost
_MULTI = frozenset({DecisionKind.DEVOUR, DecisionKind.SACRIFICE, DecisionKind.DISCARD,
                    DecisionKind.COST_DISCARD, DecisionKind.COST_TAP, DecisionKind.UNTAP})
DEFAULT_ROLLOUTS = 8
DEFAULT_DEPTH = 2  # turns a rollout plays before the position is scored
MAX_CANDIDATES = 8  # answers tried at one decision (attacks, blocks, choices): the
# default of the spec's ``sets``
DEFAULT_CAST = 4  # complete actions per priority action (the spec's ``cast``): the plain
# action and up to three scripts of the choices after it (search_actions)
FULL = 8  # candidates given the whole per-candidate budget (search_budget)
UCB_C = 0.3  # UCB1's exploration weight (scores are 0 .. 1)
PRIOR = 0.01  # the gain over the heuristic's answer needed to play another, at least
DEFAULT_Z = 1.0  # and the standard errors of the paired differences it must clear
# (``_confident``): noise alone should not overturn the heuristic's answer
DEFAULT_VERIFY = 0  # more deals, at most, for a best candidate whose gain is not clear


def _mix(*values: int) -> int:
    z = 0x5EA2C4
    for v in values:
        z, out = next_u64(z ^ (v & 0xFFFFFFFFFFFFFFFF))
        z ^= out
    return z


def position_value(state: GameState, me: int, fitted: bool = True) -> float:
    """How good the position is for ``me``, 0 .. 1: the result when the game is over,
    else the fitted evaluation's chance that ``me`` wins (``evaluation.win_probability``:
    a logistic regression on self-play positions of life, non-linear, cards in hand,
    lands, creatures and permanents' worth, the monarch's and the initiative's cards to
    come counted as cards), or with ``fitted`` false the hand-set evaluation's
    (``evaluation.handset_position_logit``). Read from the rollout's game, where only the
    same public facts a view shows are read."""
    r = state.result
    if r is not None:
        return 0.5 if r.winner < 0 else (1.0 if r.winner == me else 0.0)
    if state.players[me].life <= 0:
        return 0.0
    if state.players[1 - me].life <= 0:
        return 1.0
    if not fitted:  # the hand-set evaluation (search:cutoff=handset, the default)
        return sigmoid(handset_position_logit(state, me))
    return win_probability(state, me)


class SearchPolicy:
    """Determinized Monte Carlo with the heuristic as rollout policy (module docstring)."""


    def __init__(self, seed: int, spec: PolicySpec | None = None) -> None:
        spec = spec or PolicySpec("search")
        self.name = str(spec)
        self.rollouts = int(spec.get("rollouts") or DEFAULT_ROLLOUTS)
        ms = spec.get("ms")
        self.ms = float(ms) if ms is not None else None
        self.depth = int(spec.get("depth") or DEFAULT_DEPTH)
        z = spec.get("z")
        self.z = float(z) if z is not None else DEFAULT_Z
        self.verify = int(spec.get("verify") or DEFAULT_VERIFY)
        self.seed = _mix(seed, int(spec.get("seed") or 0))
        self.sets = int(spec.get("sets") or MAX_CANDIDATES)
        cast = spec.get("cast")
        self.cast = int(cast) if cast is not None else DEFAULT_CAST
        # the hand-set price of life in every heuristic decision inside (its own and its
        # rollouts'), unless ``eval=fitted``: the default is the search of before the
        # fitted evaluation, which solves the AI puzzles (with the fitted price its
        # rollouts fail flash_creature_held_for_the_end_step: docs/policies.md)
        self.fitted = spec.get("eval") == "fitted"
        # ``cutoff=fitted``: the fitted evaluation scores a rollout at its horizon; the
        # default is still the hand-set one (with the fitted one the search fails two AI
        # puzzles it solves with the hand-set one: docs/policies.md)
        self.cutoff_fitted = spec.get("cutoff") == "fitted"
        self.inner = HeuristicPolicy(seed, self.fitted)
        self.follow = Follow(self.inner, ())  # the choices after a searched action
        self.searched = 0  # decisions searched (for measurements)
        self.played = 0  # rollouts played
        self.last_counts: list[int] = []  # rollouts per candidate at the last search
        self.last_values: list[list[float]] = []  # their scores, deal by deal
        self.last_stop = ""  # why the last search stopped early: "won", "alike" or not

    @staticmethod
    def stops_for(deck: Iterable[Card]) -> int:
        return deck_stops(deck)

    def decide(self, state: GameState, d: Decision) -> Answer:
        """``state`` is the player's view (engine.state.view): all a decision may read.
        With ``eval=fitted`` the whole decision, rollouts included, reads the fitted
        price of life: every heuristic it plays is made with it (``HeuristicPolicy``'s
        ``fitted``)."""
        own = self.inner.decide(state, d)
        scripted = self.follow.take(state, d)  # a choice of the action searched
        if scripted is not None:
            return scripted
        candidates = self.search_candidates(state, d, own)
        if len(candidates) < 2:
            return own
        best = self._search(state, d, candidates)
        if isinstance(best, Candidate):
            self.follow = Follow(self.inner, best.then, state.turn, len(state.stack))
            best_answer: Answer = best.first
            changed = best.first != own or bool(best.then)
        else:
            best_answer = best
            changed = best != own
        if changed:
            clear_plans(self.inner)  # the heuristic planned the choices of its own answer
        return best_answer

    def search_candidates(self, state: GameState, d: Decision,
                          own: Answer) -> list[Answer | Candidate]:
        """The candidates searched at ``d``: ``candidates``, with each priority action
        made complete (``search_actions.expand_priority``: up to ``cast`` per action,
        the plain action first) when there are two or more."""
        plain = self.candidates(state, d, own, self.sets)
        if d.kind is not _PRIORITY or len(plain) < 2 or self.cast <= 1:
            return list(plain)
        me = d.player
        deal0 = _mix(self._base(state), 0)
        s0, s1 = next_u64(deal0)
        return list(expand_priority(
            state, d, [a for a in plain if isinstance(a, int)], me,
            lambda: determinize(state, me, deal0), (s0, s1), self.cast, self.fitted))

    def _base(self, state: GameState) -> int:
        """The seed of this decision's deals and rollouts."""
        return _mix(self.seed, state.actions_taken, state.turn)

    @staticmethod
    def candidates(state: GameState, d: Decision, own: Answer,
                   sets: int = MAX_CANDIDATES) -> list[Answer]:
        """The answers searched at ``d`` (the heuristic's, ``own``, first), one decision
        deep; fewer than two: the heuristic's answer is played unsearched. ``sets``: the
        declarations or multi-select answers tried at most."""
        kind = d.kind
        if kind is _PRIORITY:
            return _priority_candidates(state, d, own)
        if kind is _ATTACKERS:
            return list(attack_sets(state, d, own, sets))
        if kind is _BLOCKERS:
            return _block_candidates(state, d, own, sets)
        if kind in _CHOICES and not d.multi:
            return _choice_candidates(d, own)
        if kind in _MULTI and d.multi:
            return list(choice_sets(d, own, sets))
        return [own]

    def _search(self, state: GameState, d: Decision,
                candidates: list[Answer | Candidate]) -> Answer | Candidate:
        """UCB1 over the other candidates' paired gain on the heuristic's answer
        (candidates[0]): every candidate is played on the first deal, the heuristic's
        answer on the second, then the one with the best upper bound on its gain is
        played on its next deal, with the heuristic's answer played there too when it
        was not yet, until the budget is spent. The ``n``-th rollout of any candidate is
        on the ``n``-th deal with the ``n``-th rollout seed, so each gain is a mean of
        differences on the same deals (common random numbers).

        The search stops early, keeping the heuristic's answer, when that answer wins on
        both of its first deals (no candidate can gain there: the position is decided)
        or when every candidate scored exactly what the heuristic's answer did on the
        first two deals (the choice does not matter within the rollouts' horizon).

        The answer is the candidate of best gain among those played at least half as
        often as the most played, when that gain clears both ``PRIOR`` and ``z``
        standard errors of the paired differences (``_confident``); else the
        heuristic's."""
        me = d.player
        self.searched += 1
        base = self._base(state)
        k = len(candidates)
        values: list[list[float]] = [[] for _ in range(k)]
        self.last_values = values
        self.last_stop = ""
        deals: list[GameState] = []
        deadline = time.perf_counter() + self.ms / 1000 if self.ms is not None else None
        budget = search_budget(self.rollouts, k) if deadline is None else 1 << 30
        turn_limit = state.turn + self.depth

        def play(i: int) -> bool:
            n = len(values[i])
            if n == len(deals):
                dealt = determinize(state, me, _mix(base, n))
                if dealt is None:  # no deck list to deal from (a scenario)
                    return False
                deals.append(dealt)
            values[i].append(self._rollout(clone(deals[n]), me, candidates[i],
                                           _mix(base, n), turn_limit))
            return True

        for i in range(k):
            if not play(i):
                return candidates[0]
        spent = k
        if spent < budget and (deadline is None or time.perf_counter() < deadline):
            play(0)
            spent += 1
            if values[0][0] == values[0][1] == 1.0:
                self.last_stop = "won"
            elif all(v[0] == values[0][0] for v in values):
                for i in range(1, k):  # the second deal for all: alike there too?
                    if spent >= budget:
                        break
                    play(i)
                    spent += 1
                if all(len(v) == 2 and v == values[0] for v in values):
                    self.last_stop = "alike"
        while not self.last_stop and spent < budget and (
                deadline is None or time.perf_counter() < deadline):
            i = _ucb_pick(values, spent)
            if len(values[0]) <= len(values[i]):  # the heuristic's answer on this deal
                if spent + 2 > budget:
                    break
                play(0)
                spent += 1
            play(i)
            spent += 1
        if self.last_stop:
            self.last_counts = [len(v) for v in values]
            return candidates[0]
        counts = [len(v) for v in values]
        most = max(counts[1:])
        best = max((i for i in range(1, k) if 2 * counts[i] >= most),
                   key=lambda i: (_gain(values, i), -i))
        extra = self.verify  # more deals for a best gain not yet clear of the noise
        while extra > 0 and _gain(values, best) > PRIOR and not _confident(
                values, best, self.z) and (deadline is None or time.perf_counter() < deadline):
            if len(values[0]) <= len(values[best]):
                play(0)
            play(best)
            extra -= 1
        self.last_counts = [len(v) for v in values]
        return candidates[best] if _confident(values, best, self.z) else candidates[0]

    def _rollout(self, game: GameState, me: int, choice: Answer | Candidate, sample: int,
                 turn_limit: int) -> float:
        """Play ``choice`` on ``game`` (a determinization, played on and changed), then
        the heuristic in both seats until ``turn_limit`` (a complete action's choices
        after it from its script, ``Follow``); the position's value."""
        s0, s1 = next_u64(sample)
        policies: list[HeuristicPolicy | Follow] = [HeuristicPolicy(s0, self.fitted),
                                                    HeuristicPolicy(s1, self.fitted)]
        if isinstance(choice, Candidate):
            if choice.then:
                policies[me] = Follow(HeuristicPolicy(s1 if me else s0, self.fitted), choice.then,
                                      game.turn, len(game.stack))
            answer(game, choice.first)
        else:
            answer(game, choice)
        self.played += 1
        while game.result is None and game.turn < turn_limit:
            if step(game, policies) is None:
                break
        return position_value(game, me, self.cutoff_fitted)


def search_budget(rollouts: int, candidates: int) -> int:
    """Rollouts at one decision, at most: ``rollouts`` for each of the first ``FULL``
    candidates, one more for each further candidate (every one is played at least
    once; UCB decides where the rest go; one may be left when the last pick needed the
    heuristic's answer played too)."""
    return rollouts * min(candidates, FULL) + max(0, candidates - FULL)


def _gain(values: list[list[float]], i: int) -> float:
    """Candidate ``i``'s mean score less the heuristic answer's on the same deals."""
    mine = values[i]
    return sum(mine) / len(mine) - sum(values[0][:len(mine)]) / len(mine)


def _confident(values: list[list[float]], i: int, z: float) -> bool:
    """Whether candidate ``i``'s paired gain on the heuristic's answer is more than
    ``PRIOR`` and more than ``z`` standard errors. The variance of a paired difference
    is pooled over every candidate at this decision (each one's squared deviations from
    its own mean gain; a candidate played once counts its difference's square, as if
    its mean were zero), so two rollouts, or one, still give an estimate; switching on
    the best of several noisy means is how the search used to lose to the heuristic
    when the heuristic's answer was right."""
    g = _gain(values, i)
    if g <= PRIOR:
        return False
    if z == 0:
        return True
    base = values[0]
    squares = 0.0
    df = 0
    for v in values[1:]:
        diffs = [x - y for x, y in zip(v, base, strict=False)]
        if len(diffs) == 1:
            squares += diffs[0] * diffs[0]
            df += 1
        elif diffs:
            mean = sum(diffs) / len(diffs)
            squares += sum((x - mean) ** 2 for x in diffs)
            df += len(diffs) - 1
    return g * g * len(values[i]) * df > z * z * squares


def _ucb_pick(values: list[list[float]], spent: int) -> int:
    """The candidate other than the heuristic's with the best upper confidence bound on
    its gain (UCB1; ties: the first)."""
    log_n = math.log(spent)
    return max(range(1, len(values)), key=lambda i: (
        _gain(values, i) + UCB_C * math.sqrt(log_n / len(values[i])), -i))


def _priority_candidates(state: GameState, d: Decision, own: Answer) -> list[Answer]:
    """Each distinct action (two copies of a card in hand are one), the heuristic's
    first, passing among them."""
    seen: set[tuple[int, str, int, int, int]] = set()
    out: list[Answer] = [own]
    objects = state.objects
    for i, a in enumerate(d.actions):
        o = objects.get(a.oid) if a.kind != PASS else None
        key = (a.kind, o.card.name if o is not None else "", a.index, a.alt,
               a.oid if o is not None and o.zone != HAND else -1)  # in hand: by name
        if key in seen:
            continue
        seen.add(key)
        if i != own:
            out.append(i)
    return out


WIDE = 4  # block declarations enumerated per one tried, to rank (_block_candidates)


def _block_candidates(state: GameState, d: Decision, own: Answer, sets: int) -> list[Answer]:
    """Up to ``sets`` block declarations: the heuristic's first, then, of the ``WIDE``
    times as many nearest it (``block_sets``), those that leave less unblocked power
    than the blocking player's life before those that do not, nearest first within
    each (a declaration that lets lethal damage through is tried only when nothing
    better is left: issue 37's block beyond the first eight candidates)."""
    wide = block_sets(state, d, own, sets * WIDE)
    if len(wide) <= sets:
        return list(wide)
    combat = state.combat
    attackers = combat.attackers if combat is not None else []
    objects = state.objects
    life = state.players[d.player].life

    def lethal(picks: list[int]) -> bool:
        blocked = {d.pairs[i][1] for i in picks}
        through = sum(max(0, objects[a].power) for a in attackers
                      if a in objects and a not in blocked)
        return through >= life

    rest = sorted(wide[1:], key=lethal)  # stable: nearest first within each
    return [wide[0], *rest[:sets - 1]]


def _choice_candidates(d: Decision, own: Answer) -> list[Answer]:
    """A single choice's options, the heuristic's first, at most ``MAX_CANDIDATES``."""
    out: list[Answer] = [own]
    for i in range(len(d.options)):
        if len(out) >= MAX_CANDIDATES:
            break
        if i != own:
            out.append(i)
    return out


__all__ = ["SearchPolicy", "position_value", "search_budget"]
