"""The search at the mulligan decision (103.5, the London mulligan): keep or mulligan,
each answer played on to the end of the game (issue 37: "does the search search
mulligans?").

The search's other decisions are scored after a horizon of ``depth`` turns, but a
mulligan's price (a card less) and its gain (a hand that plays) show over the whole
game, and there is one such decision per player and game (a few with repeated
mulligans), so full-game rollouts are affordable there: the spec's ``mulligan=N`` gives
each of the two answers N rollouts (``search_budget``: UCB1 over the paired gain, the
early stops and the switch rule as at every searched decision; the deals are the same
determinizations, the other player's hand dealt from their deck list). Without the
setting the mulligan is the heuristic's (``HeuristicPolicy.mulligan``), as before."""

from __future__ import annotations

from mtgsim.engine.state.decisions import Answer, Decision, DecisionKind

MULLIGAN_KIND = DecisionKind.MULLIGAN
TO_THE_END = 1 << 30  # the turn limit of a mulligan's rollouts: the game's own end (its
# result, or the game's turn cap, 104.4a's draw by the engine's max_turns)


def mulligan_candidates(d: Decision, own: Answer) -> list[Answer]:
    """Keep and mulligan (``options``: 0 keep, 1 mulligan; ``turn.mulligan_task``), the
    heuristic's answer first."""
    return [own, *(o for o in range(len(d.options)) if o != own)]


__all__ = ["MULLIGAN_KIND", "TO_THE_END", "mulligan_candidates"]
