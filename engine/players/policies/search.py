"""A search policy that never peeks: determinized Monte Carlo over the heuristic, UCB1
over the candidates.

It searches a priority decision with more than one distinct action, the declaration of
attackers and of blockers (the legal declarations from ``combat_sets``: complete while
few, else nearest the heuristic's answer first), and the single choices inside an action
(a target, a mode, X, whether to dredge, a "may", what an Aura enchants, which
replacement effect applies first, 616.1). Each candidate
answer is tried on games dealt from what its player may know (``determinize``: the other
player's hand and both libraries dealt again, the random generator replaced; with
``infer`` under the land bound their public play sets) and played on with the heuristic
in both seats for ``depth`` turns, then the position is scored (``position_value``: 1 for
a win, 0 for a loss, the board's worth in between by the ``cutoff`` evaluation).

The rollouts go where they tell most (UCB1: each candidate once, then the one with the
best upper confidence bound), and a candidate's ``n``-th rollout is played on the
``n``-th deal with the ``n``-th rollout seed whichever candidate it is (common random
numbers), so candidates are compared on the same luck. The answer is the best mean among
the candidates played at least half as often as the most played, when its gain over the
heuristic's answer clears ``z`` standard errors of the paired differences and a margin
(``margin``: a fraction of their standard deviation, or the fixed ``PRIOR``), so noise
alone does not overturn the heuristic (the best of several noisy means is too often a
worse answer). The defaults of ``infer``, ``cutoff`` and ``margin`` are
``spec.SEARCH_DEFAULTS``, with the evidence for them. A decided position (the heuristic's answer wins
its first two deals) or a choice that changes nothing there ends the search early.

The budget is ``rollouts`` per candidate (``search_budget``; deterministic) or ``ms`` of
wall clock per decision (at least one rollout each; games then depend on the machine's
speed and are not reproducible). Its randomness comes from its seed, the spec's own
``seed`` setting and the public decision counter only, so it is a pure function of what
its player may know. Every other decision is the heuristic's."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from mtgsim.engine.cards.card import Card
from mtgsim.engine.game import step
from mtgsim.engine.players.evaluation import (
    handset_position_logit,
    sigmoid,
    win_probability,
)
from mtgsim.engine.players.policies.candidate_answers import MAX_CANDIDATES, candidate_answers
from mtgsim.engine.players.policies.deepen import Rollout, near
from mtgsim.engine.players.policies.determinize import clone_dealt
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.mulligan_search import (
    MULLIGAN_KIND,
    TO_THE_END,
    mulligan_candidates,
)
from mtgsim.engine.players.policies.paired_gain import (
    LOGIT_EPS,
    LOGIT_MARGIN,
    PRIOR,
    Values,
    best_tried,
    clipped_logit,
    confident,
    early_stop,
    gain,
    logit_values,
    mix,
    noise_margin,
    search_budget,
    ucb_rounds,
)
from mtgsim.engine.players.policies.root_search import RootSearch
from mtgsim.engine.players.policies.search_actions import Candidate, Follow
from mtgsim.engine.players.policies.search_kinds import read_kinds, spec_kinds
from mtgsim.engine.players.policies.spec import (
    CHUMP_OFF,
    DEFAULT_ATTACK,
    DEFAULT_DEPTH,
    DEFAULT_GUARDS,
    DEFAULT_PRIO,
    DEFAULT_TRICKS,
    FACE_OFF,
    FUTILE_OFF,
    MARGIN_PRIOR,
    SEARCH_DEFAULTS,
    PolicySpec,
    search_deepen,
    search_defaults,
    search_scale,
    setting,
)
from mtgsim.engine.players.policies.stops import deck_stops
from mtgsim.engine.rules.turn import answer
from mtgsim.engine.state.decisions import Decision
from mtgsim.engine.state.game_state import Answer, GameState
from mtgsim.engine.state.rng import next_u64

DEFAULT_CAST = 4  # complete actions per priority action (the spec's ``cast``): the plain
# action and up to three scripts of the choices after it (search_actions)
# What the search reads for a shared setting (``read_shared``) its spec does not give:
# ``spec.SEARCH_DEFAULTS`` (its horizon, ``DEFAULT_DEPTH``, among them since search play
# 6), and its complete actions, which its canonical spelling keeps as it always has
SEARCH_READS: Mapping[str, str] = MappingProxyType(
    {"cast": str(DEFAULT_CAST), **SEARCH_DEFAULTS})
DEFAULT_Z = 1.0  # the standard errors of the paired differences a gain must clear
# (``paired_gain.confident``): noise alone should not overturn the heuristic's answer
FAVOURED = 0.75  # the heuristic answer's mean score from which ``fav`` applies
DEFAULT_VERIFY = 0  # more deals, at most, for a best candidate whose gain is not clear


def position_value(state: GameState, me: int, fitted: bool = True) -> float:
    """How good the position is for ``me``, 0 .. 1: the result when the game is over,
    else the fitted evaluation's chance that ``me`` wins (``evaluation.win_probability``:
    a logistic regression on self-play positions of life, non-linear, cards in hand,
    lands, creatures, permanents' worth and the clock (power through blockers, the
    strike of the side about to attack), the monarch's and the initiative's cards to
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
    if not fitted:  # the hand-set evaluation (search:cutoff=handset; mcts)
        return sigmoid(handset_position_logit(state, me))
    return win_probability(state, me)


def timed_value(state: GameState, me: int, start: int, fitted: bool = True) -> float:
    """``position_value``, with a game decided within the horizon scored by when: a win
    in the searched decision's turn ``start`` scores ``1 - LOGIT_EPS``, one a turn later
    ``1 - 2 LOGIT_EPS`` and so on, a loss in turn ``start`` ``LOGIT_EPS``, a turn later
    ``2 LOGIT_EPS`` (``search:sooner=1``). Every win scoring 1 (the clip of
    ``paired_gain.clipped_logit`` reads them all as 9.21 logits) makes a win this turn
    and a win two turns later alike, and a death this turn and one next turn alike: with
    a three-turn horizon the heuristic's slower win or quicker loss then ties the right
    answer, the early stops ("won", "alike") keep it, and the search misses a lethal
    attack or the blocks that keep its player alive (docs/search-record.md, "Three turns
    deep"). Inside the clip the steps are log(2) logits and more apart, over any margin;
    on the probability scale UCB reads they are 1e-4, so the rollouts go where they did.
    A draw and an undecided position score as ``position_value`` says."""
    v = position_value(state, me, fitted)
    if v == 0.5 or not decided(state):
        return v
    r = state.result
    later = max(0, (r.turns if r is not None else state.turn) - start)
    step = LOGIT_EPS * (1 + later)
    return 1.0 - step if v >= 1.0 else step


def decided(state: GameState) -> bool:
    """Is the game over, or as good as (a player at 0 life or less before the
    state-based actions end it, 704.5a)? Such a rollout scores its result, by when with
    ``sooner`` (``timed_value``), and is not blended (``blended_value``)."""
    players = state.players
    return state.result is not None or players[0].life <= 0 or players[1].life <= 0


def blended_value(before: float, last: float) -> float:
    """The mean, on the logit scale (``paired_gain.clipped_logit``), of a rollout's scores
    at the start of the horizon's last two turns (``search:blend=1``), as a probability.
    A horizon ends at the start of a turn, so the player whose turn ended it had the last
    word: with an odd ``depth`` (three turns from the searched decision) a decision on the
    player's own turn is scored after its own next turn, the other player's reply unseen
    (a 1/1 levelled up, the 2/2 kept in hand, reads as the two creatures cast: the
    2/2's earlier attack falls past the horizon), and one on the other player's turn
    after their next attack, the player's answer unseen (an unearthed attacker's second
    hit counted, the Bolt kept for it unspent): docs/search-record.md, "Three turns deep".
    The mean of the two gives each side the last word once, the odd-even effect of a
    fixed search horizon smoothed as a game-tree search does by averaging consecutive
    depths. On logits, so a position near a won or lost end is not pulled to the middle
    by a probability mean."""
    return sigmoid((clipped_logit(before) + clipped_logit(last)) / 2)


def read_shared(policy: RootSearch, seed: int, spec: PolicySpec,
                defaults: Mapping[str, str]) -> None:
    """The settings both searches read alike (``spec.MCTS_SETTINGS`` takes them from
    ``SEARCH_SETTINGS``), read once for both: the rollouts' ``depth``, the switch's ``z``,
    the ``futile`` stop's standard errors (``off``: none), the ``sets`` tried at one
    decision, the ``kinds`` searched (``search_kinds``), the complete actions per priority
    action (``cast``), the search's own ``seed``, mixed with the game's, and ``infer``.

    A setting the spec does not give is ``defaults``' (read by ``spec.setting``, as the
    search's own settings are against ``SEARCH_DEFAULTS``; ``z``: ``DEFAULT_Z``, ``seed``: 0,
    ``kinds``: every kind, alike for both), each policy's own: the search passes
    ``SEARCH_READS`` (``spec.SEARCH_DEFAULTS``, since search play 5 the futile stop at 0
    standard errors and ``sets=6``, with its horizon and complete actions), the tree
    search ``spec.MCTS_DEFAULTS`` (no futile stop, 8 sets, the uniform deal): one
    policy's new default must not move the other's play."""
    policy.depth = int(setting(spec, "depth", defaults))
    z = spec.get("z")
    policy.z = float(z) if z is not None else DEFAULT_Z
    futile_h = setting(spec, "futile", defaults)
    policy.futile = None if futile_h == FUTILE_OFF else float(futile_h)
    policy.sets = int(setting(spec, "sets", defaults))
    policy.kinds = spec_kinds(spec)
    policy.cast = int(setting(spec, "cast", defaults))
    policy.seed = mix(seed, int(spec.get("seed") or 0))
    # ``infer=1``: the other player's hidden hand dealt under what their public play says
    # (hand_inference: a turn of theirs with no land drop held no land)
    infer = int(setting(spec, "infer", defaults))
    policy.memory = {} if infer else None
    # ``infer=2``: besides, a deal the heuristic would have played a card of in their last
    # turn is dealt again (spell_inference)
    policy.records = infer >= 2


class SearchPolicy(RootSearch):
    """Determinized Monte Carlo with the heuristic as rollout policy (module docstring)."""

    def __init__(self, seed: int, spec: PolicySpec | None = None) -> None:
        """The settings of ``spec`` (plain ``search`` without one), read by concern (the
        budget, the rollouts' scores, the switch, the pilot of its own seat), then the
        parts built from them: one place per concern, each under the size a reader takes
        in at once, and the parts made only once every setting they read is known."""
        spec = spec or PolicySpec("search")
        self.name = str(spec)
        read_shared(self, seed, spec, SEARCH_READS)  # depth, z, ..., infer
        self._read_budget(spec)
        self._read_scores(spec)
        self._read_switch(spec)
        self._read_pilot(spec)
        self.inner = self._own_heuristic(seed)
        self.follow = Follow(self.inner, ())  # the choices after a searched action
        self.searched = 0  # decisions searched (for measurements)
        self.played = 0  # rollouts played
        self.deepened = 0  # decisions played on to the full horizon (``deepen``)
        self.deep_played = 0  # rollouts played on
        self.last_counts: list[int] = []  # rollouts per candidate at the last search
        self.last_values: list[list[float]] = []  # their scores, deal by deal
        self.last_stop = ""  # why the last search stopped early: "won", "lost", "alike",
        # "futile" or not

    def _read_budget(self, spec: PolicySpec) -> None:
        """What the search may spend: rollouts per candidate or milliseconds per
        decision, the verify deals, the bank, the focused kinds' own rollouts and the
        mulligan's full-game rollouts (which adds the mulligan to the kinds searched, so
        it comes after ``read_shared``'s ``kinds``) and the horizon's last turn spent
        only on close switches (``deepen``)."""
        self.rollouts = int(setting(spec, "rollouts", SEARCH_DEFAULTS))
        ms = spec.get("ms")
        self.ms = float(ms) if ms is not None else None
        self.verify = int(spec.get("verify") or DEFAULT_VERIFY)
        # ``bank=1``: what the early and futile stops leave of a decision's budget is
        # kept (for the rest of the game), and a close decision (the best gain over
        # ``PRIOR`` but not clear of the noise) may spend up to its own budget again
        # from it (``_search``): the budget goes where the switch is in doubt
        self.banking = bool(int(spec.get("bank") or 0))
        self.bank = 0  # rollouts saved, not yet spent
        # ``focus=KINDS,frollouts=N``: N rollouts per candidate at those kinds, ``rollouts``
        # at the others (the budget where the search pays: docs/search-record.md "Which
        # decisions to search")
        focus = spec.get("focus")
        self.focus = read_kinds(focus) if focus is not None else frozenset()
        self.focus_rollouts = int(spec.get("frollouts") or self.rollouts)
        # ``mulligan=N``: N full-game rollouts per answer at keep-or-mulligan (103.5;
        # mulligan_search), else the heuristic's mulligans
        self.mulligan = int(spec.get("mulligan") or 0)
        if self.mulligan:
            self.kinds = self.kinds | {MULLIGAN_KIND}
        # ``deepen=C``: the rollouts play ``depth - 1`` turns, and a switch whose gain
        # clears the switch's threshold by less than C (on the switch's scale) has the
        # heuristic's answer and the switch played on to ``depth``, kept only if it
        # clears the switch there too (``deepen``; default SEARCH_DEFAULTS' 20 since
        # search play 6, none under two turns: ``spec.search_deepen``; ``off``: every
        # rollout plays ``depth`` turns)
        self.deepen = search_deepen(spec)
        # ``full=N``: a decision's budget is ``rollouts`` for each of N candidates and one
        # more for each further one (``search_budget``; default SEARCH_DEFAULTS' 5 since
        # search play 6, ``FULL``, 8, before). The wide
        # decisions (a priority decision's complete actions, nine to thirteen candidates
        # in a stalled board) are where a search game's rollouts go, and their long
        # rollouts are the cost of the deepened search's dearest games
        # (docs/search-record.md "The third turn within the budget")
        self.full = int(setting(spec, "full", SEARCH_DEFAULTS))

    def _read_scores(self, spec: PolicySpec) -> None:
        """How a rollout is scored and when the early stops fire: by when a decided game
        was decided (``sooner``), blended over the horizon's last two turns (``blend``),
        on the fitted or the hand-set evaluation (``cutoff``), and the "won" and "lost"
        stops' scores (``decided``, whose default depends on ``sooner``; ``lost``)."""
        # ``sooner=1``: a decided rollout scores by when (``timed_value``); a win this
        # turn then scores 1 - LOGIT_EPS, where the "won" stop fires unless ``decided``
        # says otherwise (a later win no longer stops the search)
        self.sooner = setting(spec, "sooner", SEARCH_DEFAULTS) == "1"
        # ``blend=1``: a rollout undecided at the horizon scores the mean logit of its
        # positions at the start of the horizon's last two turns (``blended_value``)
        self.blend = setting(spec, "blend", SEARCH_DEFAULTS) == "1"
        # ``decided=X``: the "won" stop once the heuristic's answer scores at least X on
        # its first two deals (default ``spec.search_defaults``': 1, won both; with
        # ``sooner=1`` 1 - LOGIT_EPS, won both this turn)
        self.won_at = float(setting(spec, "decided", search_defaults(spec)))
        # ``lost=X``: the "lost" stop once the heuristic's answer scores at most X on its
        # first two deals and no candidate more than X on the first (default: never)
        lost = spec.get("lost")
        self.lost_at = float(lost) if lost is not None else -1.0
        # ``cutoff``: the evaluation that scores a rollout at its horizon, the fitted one
        # or the hand-set one (``position_value``)
        self.cutoff_fitted = setting(spec, "cutoff", SEARCH_DEFAULTS) == "fitted"

    def _read_switch(self, spec: PolicySpec) -> None:
        """What a gain must clear to overturn the heuristic's answer: ``fav``'s standard
        errors for a favourite, the margin (``margin``, ``lmargin``) and the scale the
        gains are read on (``scale``)."""
        # ``fav=Z``: the standard errors a switch needs when the heuristic's answer
        # scores ``FAVOURED`` or more on average (the winner's curse costs a favourite
        # most: docs/search-record.md "What it is worth: paired gains over the
        # heuristic"); default ``z``
        fav = spec.get("fav")
        self.fav_z = float(fav) if fav is not None else None
        # ``margin=F``: the switch's margin is F pooled standard deviations of the
        # decision's paired differences (``paired_gain.noise_margin``; 0: ``z`` alone
        # guards the switch); ``margin=prior`` the fixed ``PRIOR`` (None here)
        margin = setting(spec, "margin", SEARCH_DEFAULTS)
        self.margin = None if margin == MARGIN_PRIOR else float(margin)
        # ``scale=logit``: the switch, its margin, the futile stop and ``_close`` read the
        # paired differences of the scores' logits (``paired_gain.logit_values``), with a
        # fixed margin of ``lmargin`` logits besides ``margin``'s share of their noise
        # (``_prior``); UCB still ranks the scores as they are
        self.logit = search_scale(spec) == "logit"
        lmargin = spec.get("lmargin")
        self.logit_margin = float(lmargin) if lmargin is not None else LOGIT_MARGIN

    def _read_pilot(self, spec: PolicySpec) -> None:
        """The heuristic of the search's own seat and of the rollouts' other seat (the
        price of life, ``prio``, ``attack``, ``tricks``: read before ``_own_heuristic``
        is built from them) and the guards that drop candidates (``chump``, ``face``)."""
        # the hand-set price of life in every heuristic decision inside (its own and its
        # rollouts'), unless ``eval=fitted``: the default is the search of before the
        # fitted evaluation, which solves the AI puzzles (with the fitted price its
        # rollouts fail flash_creature_held_for_the_end_step: docs/search-record.md "The
        # fitted evaluation (issue 37)")
        self.fitted = spec.get("eval") == "fitted"
        # ``opponent``: the price of life of the rollouts' other seat (the opponent
        # model), default ``eval``'s: ``eval=fitted,opponent=handset`` plays the fitted
        # heuristic in its own seat against the plain one
        opponent = spec.get("opponent")
        self.opponent_fitted = self.fitted if opponent is None else opponent == "fitted"
        # ``prio`` and ``attack``: the heuristic settings of its own heuristic (its
        # fallback answers and its rollouts' own seat), default the heuristic's; the other
        # seat is the default heuristic
        self.prio = spec.get("prio") or DEFAULT_PRIO
        self.race = (spec.get("attack") or DEFAULT_ATTACK) == "race"
        self.tricks = spec.get("tricks") or DEFAULT_TRICKS  # (``heuristic:tricks``)
        self.guards = spec.get("guards") or DEFAULT_GUARDS  # (``heuristic:guards``)
        # ``chump=L``: no switch to a block declaration that adds a chump block while the
        # attack unblocked leaves more than L life (chump_guard; default 5, SEARCH_DEFAULTS;
        # ``chump=off``: none dropped, the play before search play 4)
        chump = setting(spec, "chump", SEARCH_DEFAULTS)
        self.chump = None if chump == CHUMP_OFF else int(chump)
        # ``face=F``: no switch to a priority action that aims damage at the other
        # player's face while their life less the player's reach is more than F
        # (face_guard; default SEARCH_DEFAULTS' 6 since search play 6; ``face=off``: every
        # one searched, the play before)
        face = setting(spec, "face", SEARCH_DEFAULTS)
        self.face = None if face == FACE_OFF else int(face)

    @staticmethod
    def stops_for(deck: Iterable[Card]) -> int:
        return deck_stops(deck)

    def _own_heuristic(self, seed: int) -> HeuristicPolicy:
        """The heuristic of the search's own seat: its price of life, ``prio``, ``attack``,
        ``tricks``, ``guards``."""
        return HeuristicPolicy(seed, self.fitted, self.race, self.prio, self.tricks,
                               self.guards)

    candidates = staticmethod(candidate_answers)  # the answers tried at a decision

    def search_candidates(self, state: GameState, d: Decision,
                          own: Answer) -> list[Answer | Candidate]:
        """``RootSearch``'s candidates, and keep or mulligan at a mulligan decision
        (searched only with ``mulligan=N``: ``kinds`` holds it then)."""
        if d.kind is MULLIGAN_KIND:
            return list(mulligan_candidates(d, own))
        return super().search_candidates(state, d, own)

    def _base(self, state: GameState) -> int:
        """The seed of this decision's deals and rollouts."""
        return mix(self.seed, state.actions_taken, state.turn)

    def _search(self, state: GameState, d: Decision,
                candidates: list[Answer | Candidate]) -> Answer | Candidate:
        """UCB1 over the other candidates' paired gain on the heuristic's answer
        (candidates[0]): every candidate is played on the first deal, the heuristic's
        answer on the second, then the one with the best upper bound on its gain is
        played on its next deal, with the heuristic's answer played there too when it
        was not yet, until the budget is spent (``paired_gain.ucb_rounds``). The
        ``n``-th rollout of any candidate is on the ``n``-th deal with the ``n``-th
        rollout seed, so each gain is a mean of differences on the same deals (common
        random numbers).

        The search stops early, keeping the heuristic's answer, when that answer wins on
        both of its first deals (no candidate can gain there: the position is decided)
        or when every candidate scored exactly what the heuristic's answer did on the
        first two deals (the choice does not matter within the rollouts' horizon):
        ``paired_gain.early_stop``.

        The answer is the candidate of best gain among those played at least half as
        often as the most played, when that gain clears both ``PRIOR`` and ``z``
        standard errors of the paired differences (``paired_gain.confident``); else the
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
        rollouts = self.focus_rollouts if d.kind in self.focus else self.rollouts
        # with ``deepen``, the first pass's rollouts stop a turn short and are kept
        kept: dict[tuple[int, int], Rollout] | None = (
            {} if self.deepen is not None and d.kind is not MULLIGAN_KIND else None)
        turn_limit = state.turn + self.depth - (0 if kept is None else 1)
        if d.kind is MULLIGAN_KIND:  # to the game's end (mulligan_search)
            rollouts, turn_limit = self.mulligan, TO_THE_END
        budget = search_budget(rollouts, k, self.full) if deadline is None else 1 << 30

        def going() -> bool:
            return deadline is None or time.perf_counter() < deadline

        def play(i: int) -> bool:
            n = len(values[i])
            if n == len(deals):
                dealt = self.deal(state, me, mix(base, n))
                if dealt is None:  # no deck list to deal from (a scenario)
                    return False
                deals.append(dealt)
            if kept is None:
                values[i].append(self._rollout(clone_dealt(deals[n]), me, candidates[i],
                                               mix(base, n), turn_limit))
            else:
                r = kept[i, n] = self._begin(clone_dealt(deals[n]), me, candidates[i],
                                             mix(base, n))
                values[i].append(self._play_to(r, me, turn_limit, False))
            return True

        for i in range(k):
            if not play(i):
                return candidates[0]
        more, self.last_stop = early_stop(values, play, budget - k if going() else 0,
                                          self.won_at, self.lost_at)
        spent = k + more
        if not self.last_stop:
            spent, stopped = ucb_rounds(values, play, spent, budget, lambda: values, going,
                                        self.futile, self._prior, self._scaled)
            if stopped:
                self.last_stop = "futile"
            elif self.banking and self.bank > 0 and self._close(values):
                spent, stopped = ucb_rounds(values, play, spent,
                                            budget + min(self.bank, budget),
                                            lambda: values, going, self.futile,
                                            self._prior, self._scaled)
        if self.banking and deadline is None and d.kind is not MULLIGAN_KIND:  # (a
            # mulligan's rollouts are whole games: not the currency of the others)
            self.bank += budget - spent  # spent is at most budget + min(bank, budget)
        if self.last_stop:
            self.last_counts = [len(v) for v in values]
            return candidates[0]
        best = best_tried(self._scaled(values))
        extra = self.verify  # more deals for a best gain not yet clear of the noise
        while extra > 0 and self._unclear(values, best) and going():
            if len(values[0]) <= len(values[best]):
                play(0)
            play(best)
            extra -= 1
        self.last_counts = [len(v) for v in values]
        scaled = self._scaled(values)
        z, prior = self._z(values), self._prior(scaled)
        sure = confident(scaled, best, z, prior)
        if (sure and kept is not None and self.deepen is not None
                and near(scaled, best, z, prior, self.deepen)):
            sure = self._deeper(values, kept, best, me, turn_limit + 1)
        return candidates[best] if sure else candidates[0]

    def _deeper(self, values: list[list[float]], kept: dict[tuple[int, int], Rollout],
                best: int, me: int, turn_limit: int) -> bool:
        """``deepen``'s second pass: the heuristic's answer and candidate ``best``, on
        every deal both were played on, played on from the first horizon to
        ``turn_limit`` (each exactly the rollout a search of the full ``depth`` plays
        there, blended with ``blend``); whether ``best``'s gain on these scores clears the
        switch (``confident``, its ``z``, ``fav`` and margin read from them). The other
        candidates were further from the threshold (``best_tried`` ranks them lower), and
        paying the third turn for them too is the cost this setting saves."""
        n = min(len(values[0]), len(values[best]))
        deep: list[list[float]] = [
            [self._play_to(kept[i, m], me, turn_limit, self.blend) for m in range(n)]
            for i in (0, best)]
        self.deepened += 1
        self.deep_played += 2 * n
        scaled = self._scaled(deep)
        return confident(scaled, 1, self._z(deep), self._prior(scaled))

    def _close(self, values: list[list[float]]) -> bool:
        """Whether the best well-tried candidate's gain is over ``PRIOR`` but not yet
        clear of ``z`` standard errors: the decisions more rollouts can still turn."""
        return self._unclear(values, best_tried(self._scaled(values)))

    def _unclear(self, values: list[list[float]], best: int) -> bool:
        """Whether candidate ``best``'s gain is over the switch's margin (``_prior``, read
        once: with ``margin`` it sums the decision's squared deviations) but not yet clear
        of the noise, both on the switch's scale (``_scaled``): ``_close``'s test, and the
        verify loop's at each deal it adds."""
        scaled = self._scaled(values)
        prior = self._prior(scaled)
        return gain(scaled, best) > prior and not confident(scaled, best, self._z(values),
                                                             prior)

    def _scaled(self, values: Values) -> Values:
        """The scores as the switch reads them: as they are, or with ``scale=logit``
        their clipped logits (``paired_gain.logit_values``). On probabilities a gain near
        a won or lost end of the curve is small however sure (a win against 0.997,
        +0.003), and the same size as a mid-curve difference the evaluation makes between
        two near-equal positions on every deal alike (docs/search-record.md, "The switch on
        the logit scale"); on logits the first is large and the second stays small."""
        return logit_values(values) if self.logit else values

    def _prior(self, values: Values) -> float:
        """The margin a switch's gain must clear, ``values`` on the switch's scale
        (``_scaled``): ``PRIOR``, or with ``margin`` that fraction of the decision's
        pooled standard deviation (``noise_margin``), plus with ``scale=logit`` the fixed
        ``lmargin`` logits (the guard that remains when every deal is the same game and
        the standard deviation is 0)."""
        if self.margin is None:
            return PRIOR
        fixed = self.logit_margin if self.logit else 0.0
        return fixed + noise_margin(values, self.margin)

    def _z(self, values: list[list[float]]) -> float:
        """The standard errors a switch needs: ``fav`` when the heuristic's answer is a
        favourite here (its mean score at least ``FAVOURED``), else ``z``."""
        base = values[0]
        if self.fav_z is not None and sum(base) >= FAVOURED * len(base):
            return self.fav_z
        return self.z

    def _rollout(self, game: GameState, me: int, choice: Answer | Candidate, sample: int,
                 turn_limit: int) -> float:
        """Play ``choice`` on ``game`` (a determinization, played on and changed), then
        the heuristic in both seats until ``turn_limit`` (the other seat's with the
        ``opponent`` price) (a complete action's choices
        after it from its script, ``Follow``); the position's value."""
        return self._play_to(self._begin(game, me, choice, sample), me, turn_limit,
                             self.blend)

    def _begin(self, game: GameState, me: int, choice: Answer | Candidate,
               sample: int) -> Rollout:
        """``_rollout``'s start: its seats' policies from ``sample``, ``choice`` played
        on ``game``; the rollout, to be played on (``_play_to``)."""
        start = game.turn  # the searched decision's turn (``timed_value``)
        s0, s1 = next_u64(sample)
        policies: list[HeuristicPolicy | Follow] = [
            self._own_heuristic(s) if seat == me else HeuristicPolicy(s, self.opponent_fitted)
            for seat, s in enumerate((s0, s1))]
        if isinstance(choice, Candidate):
            if choice.then:
                policies[me] = Follow(self._own_heuristic(s1 if me else s0), choice.then,
                                      game.turn, len(game.stack))
            answer(game, choice.first)
        else:
            answer(game, choice)
        self.played += 1
        return Rollout(game, policies, start)

    def _play_to(self, rollout: Rollout, me: int, turn_limit: int, blend: bool) -> float:
        """Play ``rollout`` on with the heuristic in both seats until ``turn_limit``;
        its score then (``_value``; with ``blend`` the blend of its positions at the start
        of the horizon's last two turns, ``blended_value``). Played on again to a later
        limit it goes on from where it stopped, as if it had been played there at once:
        the position where it stopped is the one the blend reads first (``deepen``)."""
        game, policies, start = rollout.game, rollout.policies, rollout.start
        before: float | None = None  # with ``blend``: the score a turn before the horizon
        while not rollout.ended and game.result is None and game.turn < turn_limit:
            if blend and before is None and game.turn >= turn_limit - 1:
                before = self._value(game, me, start)
            if step(game, policies) is None:
                rollout.ended = True
                break
        last = self._value(game, me, start)
        if before is None or decided(game):
            return last  # a decided game scores its result: no horizon to smooth
        return blended_value(before, last)

    def _value(self, game: GameState, me: int, start: int) -> float:
        """The rollout's score of ``game`` now: ``timed_value`` with ``sooner``, else
        ``position_value``, on the ``cutoff`` evaluation."""
        if self.sooner:
            return timed_value(game, me, start, self.cutoff_fitted)
        return position_value(game, me, self.cutoff_fitted)


__all__ = ["DEFAULT_CAST", "DEFAULT_DEPTH", "DEFAULT_Z", "MAX_CANDIDATES", "SearchPolicy",
           "blended_value",
           "position_value", "read_shared", "search_budget", "timed_value"]
