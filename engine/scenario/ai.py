"""AI puzzles: the ``[ai]`` table, a project extension of the scenario format
(``tests/data/shared/conformance/AI.md``). After the scenario's actions, the named
policies answer every decision until the turn ends or the game does; then the puzzle's
expectation ("wins this turn", "alive at end of turn") and the usual ``[expect]`` tables
are checked. A puzzle is a position in which a policy once misplayed: it passes when the
policy finds the play.
"""

from __future__ import annotations

from mtgsim.engine.game import decide
from mtgsim.engine.players.policies import PolicySpecError, make_policy
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.scenario.format import AiSpec
from mtgsim.engine.scenario.setup import PLAYER_NAMES, ScenarioError
from mtgsim.engine.state.game_state import GameState

MAX_DECISIONS = 5000


def play_ai(state: GameState, ai: AiSpec) -> None:
    """Let the puzzle's policies finish the turn (raises ``ScenarioError`` when the
    expectation fails, naming what happened)."""
    me = PLAYER_NAMES[ai.player]
    try:
        policies = [make_policy(ai.policy, ai.seed), make_policy(ai.opponent, ai.seed + 1)]
    except PolicySpecError as exc:
        raise ScenarioError(f"[ai]: {exc}") from None
    if me == 1:
        policies.reverse()
    # the deck lists a search deals hidden cards from: each player's cards of the
    # position, unless the puzzle says they are unknown
    state.derived.decklists = None if ai.deck_lists == "unknown" else tuple(
        tuple(state.objects[oid].card for oid in sorted(state.objects)
              if state.objects[oid].owner == p and not state.objects[oid].token)
        for p in (0, 1))
    turn = state.turn
    for _ in range(MAX_DECISIONS):
        d = advance(state)
        if d is None or state.turn != turn:
            break
        answer(state, decide(policies[d.player], state, d))  # from the player's view
    else:
        raise ScenarioError(f"[ai]: the turn did not end within {MAX_DECISIONS} decisions")
    r = state.result
    lost = r is not None and r.winner != me
    if ai.expect == "wins this turn":
        if r is None or r.winner != me or state.turn != turn:
            what = "the turn ended" if r is None else (
                "a draw" if r.winner < 0 else f"{'AB'[r.winner]} won")
            raise ScenarioError(f"[ai] {ai.policy} as {ai.player}: expected {ai.player} "
                                f"to win this turn (turn {turn}); {what}")
    elif lost:
        assert r is not None
        raise ScenarioError(f"[ai] {ai.policy} as {ai.player}: expected {ai.player} alive "
                            f"at end of turn {turn}; lost ({r.reason}, turn {r.turns})")


__all__ = ["play_ai"]
