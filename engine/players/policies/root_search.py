"""The decision skeleton both searches share (``search.SearchPolicy``, ``ismcts.MctsPolicy``):
ask the heuristic, play a scripted choice of the complete action chosen before, else
search the candidates and keep the heuristic's plans only while its answer is played.

What differs between the two is how a candidate is valued (``_search``: rollouts after
one decision, or a tree over the turn) and the seed of a decision's deals (``_base``);
which answers are candidates, how a priority action is made complete, and what happens
after the choice are one code, so the two cannot drift apart (they were two copies)."""

from __future__ import annotations

from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.candidate_answers import candidate_answers
from mtgsim.engine.players.policies.chump_guard import drop_needless_chumps
from mtgsim.engine.players.policies.determinize import determinize, unseen_cards
from mtgsim.engine.players.policies.face_guard import drop_face_switches
from mtgsim.engine.players.policies.hand_inference import HandMemory
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.paired_gain import mix
from mtgsim.engine.players.policies.search_actions import (
    Candidate,
    Follow,
    Step,
    clear_plans,
    expand_priority,
)
from mtgsim.engine.players.policies.spell_inference import SpellMemory
from mtgsim.engine.state.decisions import Answer, Decision, DecisionKind
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.rng import next_u64

_PRIORITY = DecisionKind.PRIORITY  # (a compiled module reads enum members from constants)
_BLOCKERS = DecisionKind.BLOCKERS


class SeatMemory:
    """What one seat a search decides for remembers of the other player's public play over
    a game, from every view of that seat: the land evidence (``hand``, ``infer=1``) and,
    with ``infer=2``, the record of their latest turn beside it (``spells``). One holder
    for both, so that each view feeds them alike and a deal reads them together."""

    __slots__ = ("hand", "spells")

    def __init__(self, records: bool) -> None:
        self.hand = HandMemory()
        self.spells = SpellMemory() if records else None

    def observe(self, view: GameState, me: int) -> None:
        """Remember ``view``, ``me``'s at one of their decisions, in both memories."""
        self.hand.observe(view, me)
        if self.spells is not None:
            self.spells.observe(view, me)


class RootSearch:
    """A policy that searches the candidates of one decision (the subclass's ``_search``)
    and follows the complete action it chose. Subclasses set ``inner`` (the heuristic
    that answers first and plays what is not searched), ``follow``, ``sets``, ``cast``
    ``fitted`` (the price of life the complete actions' heuristic reads) and ``kinds``
    (the decision kinds searched: the spec's ``kinds``, ``search_kinds``); with them the
    settings both read alike (``search.read_shared``): ``depth``, ``z``, ``futile`` and
    ``seed``."""

    inner: HeuristicPolicy
    follow: Follow
    sets: int
    cast: int
    fitted: bool
    kinds: frozenset[DecisionKind]
    depth: int
    z: float
    futile: float | None
    seed: int
    chump: int | None = None  # ``search:chump=L``: block declarations that add a chump
    # block to the heuristic's are not tried unless the attack unblocked leaves the
    # defender at L life or less (chump_guard; None: every declaration is tried)
    face: int | None = None  # ``search:face=F``: priority actions that aim damage at the
    # other player's face, where the heuristic's answer does not, are not tried unless
    # their life less the player's reach is F or less (face_guard; None: all are tried)
    memory: dict[int, SeatMemory] | None = None  # ``infer=1``: what each seat it
    # decides for saw of the other player's public play (one seat in a game; a judge
    # asked for both seats keeps them apart)
    records: bool = False  # ``infer=2``: each seat's memory keeps the record of the
    # other player's latest turn too (spell_inference)
    _dealt: tuple[GameState, int, int, GameState | None] | None = None
    # the last deal made (``deal``): the view, the seat and the seed it was dealt from,
    # and the deal
    _unseen: tuple[GameState, int, list[Card] | None] | None = None
    # the cards of the other player's list the last view dealt from does not show
    # (``determinize.unseen_cards``: the same for every deal of a decision), for its seat

    def decide(self, state: GameState, d: Decision) -> Answer:
        """``state`` is the player's view (engine.state.view): all a decision may read."""
        memory = self.memory
        if memory is not None:  # every view, searched or not, is remembered
            seat = memory.get(d.player)
            if seat is None:
                seat = memory[d.player] = SeatMemory(self.records)
            seat.observe(state, d.player)
        own = self.inner.decide(state, d)
        scripted = self.follow.take(state, d)  # a choice of the action searched
        if scripted is not None:
            return scripted
        if d.kind not in self.kinds:  # a kind the spec leaves to the heuristic
            return own
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
        """The candidates searched at ``d``: ``candidate_answers``, with each priority
        action made complete (``search_actions.expand_priority``: up to ``cast`` per
        action, the plain action first, scripted on this decision's first deal) when
        there are two or more; without the block declarations ``chump`` drops
        (``chump_guard``) and the face hits ``face`` drops (``face_guard``, which reads
        where each plain action aims from the heuristic's choices on that deal, so it
        needs the complete actions: ``cast`` 2 or more)."""
        plain = candidate_answers(state, d, own, self.sets)
        if d.kind is _BLOCKERS and self.chump is not None:
            plain = drop_needless_chumps(state, d, plain, self.chump)
        if d.kind is not _PRIORITY or len(plain) < 2 or self.cast <= 1:
            return list(plain)
        me = d.player
        deal0 = mix(self._base(state), 0)
        paths: dict[int, tuple[Step, ...]] | None = None if self.face is None else {}
        complete: list[Answer | Candidate] = list(expand_priority(
            state, d, [a for a in plain if isinstance(a, int)], me,
            lambda: self.deal(state, me, deal0), next_u64(deal0), self.cast,
            self.fitted, paths))
        if paths is None or self.face is None:
            return complete
        return drop_face_switches(state, d, complete, paths, self.face)

    def deal(self, state: GameState, me: int, seed: int) -> GameState | None:
        """A determinization of ``state`` for ``me`` (``determinize``), the other player's
        hidden hand dealt under what their public play says with ``infer=1``
        (``hand_inference``), else uniformly; with ``infer=2`` dealt again while the
        heuristic would have played a card of it in their last turn (``spell_inference``).

        The last deal is kept and given again when asked for the same view, seat and
        seed: a decision's first deal is asked for twice, by the complete actions
        (``search_candidates``) and by the first rollout, and is a pure function of
        these (the memories it reads change only between views). Every caller only
        clones a deal (``determinize.clone_dealt``), so the one game serves both."""
        last = self._dealt
        if last is not None and last[0] is state and last[1] == me and last[2] == seed:
            return last[3]
        game = self._deal(state, me, seed)
        self._dealt = (state, me, seed, game)
        return game

    def _unseen_cards(self, state: GameState, me: int) -> list[Card] | None:
        """``determinize.unseen_cards(state, me)``, found once for a view and seat."""
        known = self._unseen
        if known is None or known[0] is not state or known[1] != me:
            known = self._unseen = (state, me, unseen_cards(state, me))
        return known[2]

    def _deal(self, state: GameState, me: int, seed: int) -> GameState | None:
        """``deal``'s determinization, made afresh."""
        seat = self.memory.get(me) if self.memory is not None else None
        limit = seat.hand.land_limit(state, me) if seat is not None else None
        spells = seat.spells if seat is not None else None
        unseen = self._unseen_cards(state, me)
        if spells is None:
            return determinize(state, me, seed, limit, unseen)
        return spells.deal(state, me, seed,
                           lambda s: determinize(state, me, s, limit, unseen))

    def _base(self, state: GameState) -> int:
        """The seed of this decision's deals and rollouts."""
        raise NotImplementedError

    def _search(self, state: GameState, d: Decision,
                candidates: list[Answer | Candidate]) -> Answer | Candidate:
        """The candidate to play (``candidates[0]`` is the heuristic's answer)."""
        raise NotImplementedError


__all__ = ["RootSearch", "SeatMemory"]
