"""The public face of the engine: build a game from decks, drive it with policies.

Static definition (card pool, decks) is separate from the mutable GameState; policies
see the deciding player's view of the state (engine.state.view) and the pending Decision, and
answer with an index (or list of indices).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.ask import IllegalAnswer
from mtgsim.engine.state.game_state import ALL_STOPS, Answer, Decision, GameState
from mtgsim.engine.state.view import player_view


class Policy(Protocol):
    """Anything that answers decisions. Must be deterministic given its own seed.

    ``view`` is what the deciding player may know (``engine.state.view.player_view``): a
    state built for that player at each decision, without the other player's hand, any
    library's order, the random state or the log, with derived data of its own and no
    way to reach a hidden object of the game. A policy decides from it alone
    (``tests/players/test_view.py`` holds every shipped policy to that). It may keep a
    view; it must not change one (the lists and objects a view shows are the game's)."""

    name: str

    def decide(self, view: GameState, decision: Decision) -> Answer: ...


def decide(policy: Policy, state: GameState, decision: Decision) -> Answer:
    """``policy``'s answer to ``decision``, asked with its player's view of ``state``:
    how every driver of a game asks a policy."""
    return policy.decide(player_view(state, decision.player), decision)


def deck_cards(pool: Mapping[str, Card], names: Sequence[str]) -> list[Card]:
    return [pool[n] for n in names]


def play(state: GameState, policies: Sequence[Policy]) -> GameState:
    """Run ``state`` to the end, asking ``policies[player]`` every question (``step``)."""
    while step(state, policies) is not None:
        pass
    return state


def step(state: GameState, policies: Sequence[Policy]) -> Answer | None:
    """Run ``state`` to its next decision and give the deciding policy's answer to it;
    the answer, or None when the game is over.

    Every shipped policy answers only with legal choices (the engine offers only options
    that can be completed), so an answer the engine rejects is a bug of the policy or of
    the rules: it raises ``IllegalAnswer`` naming the decision and the answer, and the
    state is left as it was before the answer.
    """
    d = advance(state)
    if d is None:
        return None
    policy = policies[d.player]
    a = decide(policy, state, d)
    try:
        answer(state, a)
    except IllegalAnswer as exc:
        raise IllegalAnswer(
            f"policy {policy.name!r} of player {d.player} answered {a!r} to decision "
            f"#{state.actions_taken + 1} ({d.kind}"
            + (f": {d.prompt}" if d.prompt else "") + f"): {exc}") from None
    return a


def policy_stops(policies: Sequence[object],
                 decks: Sequence[Sequence[Card]] | None = None) -> list[int]:
    """Each policy's stops: ``stops_for(deck)`` when it has it and the deck is known, else
    its ``stops`` attribute, else every step."""
    out = []
    for i, p in enumerate(policies):
        fn = getattr(p, "stops_for", None)
        if fn is not None and decks is not None:
            out.append(int(fn(decks[i])))
        else:
            out.append(int(getattr(p, "stops", ALL_STOPS)))
    return out


def play_game(deck_a: list[Card], deck_b: list[Card], policies: Sequence[Policy],
              seed: int, *, keep_log: bool = False, record: bool = False,
              max_turns: int = 60) -> GameState:
    """One game; player 0 (deck_a) is on the play. A pure function of its arguments."""
    state = new_game([deck_a, deck_b], seed, keep_log=keep_log, record=record,
                     max_turns=max_turns, stops=policy_stops(policies, [deck_a, deck_b]))
    return play(state, policies)
