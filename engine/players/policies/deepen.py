"""Progressive deepening (``search:deepen=C``): the search's rollouts play one turn short
of the spec's ``depth`` first, and only a switch near the switch's threshold has its two
answers played on to the full horizon.

Three quarters of a search game's cost is the rollouts' own play, and a third turn makes
each rollout about half as long again, so the three-turn search costs 70.7x the
heuristic where issue 37 allows 50x. Where the three-turn search answers otherwise than
the two-turn search, it is most often by not making a two-turn switch (docs/search-record.md
"The third turn within the budget"), so the switches the first pass would make by less
than ``C`` over the threshold are checked at the full depth, for the two answers the
switch compares there: the heuristic's answer and the best candidate
(``paired_gain.best_tried``). Keeps, and switches clear by more, pay nothing more.

A rollout is kept alive at the first horizon (``Rollout``: its game and its two seats'
policies), and the deepened score plays it on from there: the same game, the same seeds,
the same policies' state, so a deepened rollout is exactly the rollout a search of the
full ``depth`` plays on that deal (with ``blend``, its position at the first horizon is
the blend's earlier position). The deals are the ones the first pass played; nothing is
dealt again."""

from __future__ import annotations

import math

from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.paired_gain import Values, gain, pooled_squares
from mtgsim.engine.players.policies.search_actions import Follow
from mtgsim.engine.state.game_state import GameState


class Rollout:
    """A rollout's game with its seats' policies, kept to be played on (``deepen``):
    ``start`` is the searched decision's turn (``search.timed_value``), ``ended`` whether
    the engine had no more decisions for it (the game is over)."""

    __slots__ = ("ended", "game", "policies", "start")

    def __init__(self, game: GameState, policies: list[HeuristicPolicy | Follow],
                 start: int) -> None:
        self.game = game
        self.policies = policies
        self.start = start
        self.ended = False


def standard_error(values: Values, i: int) -> float:
    """The standard error of candidate ``i``'s paired gain on the heuristic's answer, the
    variance pooled over the decision's candidates as the switch pools it
    (``paired_gain.confident``); 0 before any spread (a puzzle deals one game)."""
    squares, df = pooled_squares(values)
    if df == 0:
        return 0.0
    return math.sqrt(squares / df / len(values[i]))


def near(values: Values, best: int, z: float, prior: float, room: float) -> bool:
    """Whether candidate ``best``'s gain, on the switch's scale, clears the switch's
    threshold (the larger of ``prior`` and ``z`` standard errors: ``confident``) by
    less than ``room``: a switch the first pass would make that a deeper look may undo.

    Only switches are looked at again. On 32 archetype games (the three-turn search
    playing, the two-turn search and this one answering the same views) the three-turn
    search answered 79 of its 963 searched decisions otherwise than the two-turn search,
    and most of those were two-turn switches it did not make: switches by a gain the
    same on every deal (0.17 logits on three deals, standard error 0), a board
    difference at the two-turn horizon that the third turn undoes. A keep is left alone:
    the third turn seldom finds a switch there that the two-turn pass ranked best, and
    every keep looked at again costs what a switch does (measured, docs/search-record.md
    "The third turn within the budget")."""
    se = standard_error(values, best)
    threshold = max(prior, z * se)
    return gain(values, best) < threshold + room


__all__ = ["Rollout", "near", "standard_error"]
