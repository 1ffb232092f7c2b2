"""What the other player's public play says of its hidden hand (``search:infer=1``).

A determinization (``determinize``) deals the other player's hidden hand from the cards
its player does not see. Uniformly, it forgets what that player's own play has shown: the
heuristic (the opponent model of the rollouts, ``heuristic.LAND_FIRST``) plays a land at
its first priority of a main phase whenever it holds one it may play (every land scores
over 99 but a karoo land with no land out and the last land kept for retrace), so a turn
of theirs in which no land entered the battlefield under their control (``Player.
land_entered_turn``, public: 305.2, 505.6b) says that the hand they held at that turn's
first main phase held no land. The cards of that hand still hidden now are among the
hidden cards of their hand now less the hidden cards that joined it since, and a hidden
card joins a hand from the library (a draw, 121.1; a card put into a hand from the
library): so the lands among their hidden cards now are at most the cards that left
their library since (its size is public, 402.1 says the hand's is, 401.3 the library's).

``HandMemory`` is the public memory this needs, kept by the policy from the views it is
given (a policy is made for one game and one seat: ``make_policy``), as a player
remembers what they saw (the observation a player accumulates, as OpenSpiel's
information states): for each view, the turn, whose turn it is, the step, the other
player's library size and the last turn a land entered under their control. A turn of
theirs is judged at the first view after it, and already in it at a view past its first
main phase (a block in their combat, their end step): the land drop of the first main
phase is made by then. Nothing of
the game's state changes, so a game without the setting plays exactly as before. It
reads only the view (nothing hidden: ``tests/players/test_view.py``), so what it infers
is what its player may know.

``land_limit`` is the bound the latest such turn gives now (None: no evidence, or the
library grew since, which no draw explains), and ``determinize`` deals the hidden hand
under it: the number of lands dealt follows the deal's hypergeometric law conditioned on
the bound (``limited_deal``), so the deal is the uniform one conditioned on the
evidence, not a guess.

What the bound does not know: a card put from the hand back into the library (Brainstorm,
a hand shuffled into the library) lets more cards join a hand than the library lost; the
bound is then too tight on that deal. A land kept for a later turn by a player who is not
the heuristic (a human, another policy) makes the inference wrong for them: it models the
heuristic, as the rollouts do.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb

from mtgsim.engine.cards import T_LAND
from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.heuristic import land_kept
from mtgsim.engine.state.game_state import DRAW, MAIN1, NONE, UPKEEP, GameState
from mtgsim.engine.state.rng import next_u64

# Lands out "any number": the retrace rule's position with every mana value paid for
ANY_LANDS = 1 << 30


def always_played(card: Card) -> bool:
    """Whether the heuristic plays ``card`` at its first main-phase priority whenever it
    holds it with a land drop left: every land card but a karoo land (a land returning a
    land, which it keeps while it has no land out): the heuristic's own rule
    (``heuristic.land_kept``) in its position with no land out; the other position where
    it keeps a land, the last one kept for retrace, is ``_judge``'s (``retrace_kept``)."""
    return bool(card.type_mask & T_LAND) and not land_kept(card, 0, None, lambda: ())


def retrace_kept(graveyard: Iterable[Card]) -> bool:
    """Whether the heuristic might have kept its last land in hand for retrace
    (``heuristic.land_kept``) with ``graveyard`` and any number of lands out: a turn
    without a land drop then says nothing of the hand."""
    return land_kept(None, ANY_LANDS, None, lambda: graveyard)


class HandMemory:
    """One seat's public memory of the other player, over one game (module docstring).

    ``libraries`` holds (turn, step, the other player's library size) at each view seen
    in a turn from the upkeep on; ``actives`` the turns whose active player a view showed;
    ``evidence`` the latest turn of theirs in which no land entered under their control
    (0: none yet) and the upper bound of their library size at its first main phase."""

    def __init__(self) -> None:
        self.libraries: list[tuple[int, int, int]] = []
        self.actives: dict[int, int] = {}
        self.evidence: tuple[int, int] | None = None
        self.checked = 0  # the last turn whose land drop was judged

    def observe(self, view: GameState, me: int) -> None:
        """Remember what ``view`` (``me``'s, at one of their decisions) shows of the other
        player, and judge their turns that ended since the last view."""
        if view.step < UPKEEP and view.turn == 1:
            return  # the mulligans: libraries change as hands go to their bottoms (103.5)
        other = 1 - me
        turn = view.turn
        self.actives[turn] = view.active
        size = len(view.players[other].library)
        if not self.libraries or self.libraries[-1] != (turn, view.step, size):
            self.libraries.append((turn, view.step, size))
        for t in range(max(self.checked + 1, 1), turn):
            self._judge(view, other, t)
        self.checked = max(self.checked, turn - 1)
        if view.active == other and view.step > MAIN1:
            self._judge(view, other, turn)  # their first main phase is over: its land drop

    def _judge(self, view: GameState, other: int, t: int) -> None:
        """Evidence from ``other``'s turn ``t`` (ended, or theirs now and past its first
        main phase): no land entered under their control in it so far (the last such turn
        is before ``t``), and a library size seen before its first main phase bounds the
        library's size then."""
        if self._active(t) != other:
            return
        theirs = view.players[other]
        if theirs.land_entered_turn >= t:
            return  # a land entered in turn t or later: no evidence about turn t
        objects = view.objects
        if retrace_kept(objects[g].card for g in theirs.graveyard if g in objects):
            return  # the heuristic may keep its last land to retrace (KEEP_FOR_RETRACE)
        bound = self._library_before_main(t)
        if bound is not None:
            self.evidence = (t, bound)

    def _active(self, t: int) -> int | None:
        """The active player of turn ``t``: seen in a view of it, else the other player of
        the next turn seen (turns alternate, 500.1, but for extra turns), else unknown."""
        if t in self.actives:
            return self.actives[t]
        nxt = self.actives.get(t + 1)
        return None if nxt is None else 1 - nxt

    def _library_before_main(self, t: int) -> int | None:
        """An upper bound of the other player's library size at turn ``t``'s first main
        phase: the last size seen before it, less the draw of their draw step (504.1;
        none in the first turn of the game, 103.8a) when seen before that step."""
        for turn, step, size in reversed(self.libraries):
            if turn < t or (turn == t and step < MAIN1):
                before_draw = turn < t or step < DRAW
                return size - 1 if before_draw and t > 1 and size > 0 else size
        return None

    def land_limit(self, view: GameState, me: int) -> int | None:
        """The most lands the other player's hidden hand may hold now, by the latest turn
        of theirs that played none (None: no such turn, or no bound below the number of
        hidden cards)."""
        if self.evidence is None:
            return None
        _, before = self.evidence
        theirs = view.players[1 - me]
        joined = before - len(theirs.library)
        if joined < 0:
            return None  # the library grew: cards went back into it, the count says nothing
        hidden = sum(1 for oid in theirs.hand if oid == NONE or oid not in view.objects)
        return joined if joined < hidden else None


def limited_deal(rng: int, cards: list[Card], hand: int, limit: int) -> int:
    """Reorder ``cards`` (shuffled) so that its first ``hand`` cards hold at most ``limit``
    of the cards the heuristic always plays (``always_played``), drawn from the uniform
    deal conditioned on that: the number of lands ``k`` with weight
    C(lands, k) * C(others, hand - k), then the first ``k`` lands and the first
    ``hand - k`` others of the shuffled order, the rest after them in the shuffled order
    (the library's holes are dealt from them). The
    cards stay as they are when no ``k`` fits (then the uniform deal stands)."""
    played = [always_played(c) for c in cards]
    lands = [i for i, p in enumerate(played) if p]
    others = [i for i, p in enumerate(played) if not p]
    lo = max(0, hand - len(others))
    hi = min(limit, len(lands), hand)
    if lo > hi:
        return rng
    weights = [comb(len(lands), k) * comb(len(others), hand - k) for k in range(lo, hi + 1)]
    total = sum(weights)
    rng, z = next_u64(rng)
    pick = z * total >> 64  # uniform in [0, total), exact integers
    k = lo
    for w in weights:
        if pick < w:
            break
        pick -= w
        k += 1
    chosen = lands[:k] + others[:hand - k]
    taken = set(chosen)
    order = chosen + [i for i in range(len(cards)) if i not in taken]
    cards[:] = [cards[i] for i in order]
    return rng


__all__ = ["HandMemory", "always_played", "limited_deal", "retrace_kept"]
