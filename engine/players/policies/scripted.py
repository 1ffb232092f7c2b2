"""Answers from a queue, for tests and replays."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from mtgsim.engine.state.game_state import Answer, Decision, GameState


class ScriptExhausted(LookupError):
    """A question arrived and the script had no answer left for it."""


class ScriptedPolicy:
    name = "scripted"

    def __init__(self, answers: Iterable[Answer] = (),
                 fallback: Callable[[GameState, Decision], Answer] | None = None) -> None:
        self.queue: deque[Answer] = deque(answers)
        self.fallback = fallback

    def push(self, *answers: Answer) -> None:
        self.queue.extend(answers)

    def decide(self, view: GameState, decision: Decision) -> Answer:
        """The next scripted answer, else the fallback's answer from the same view."""
        if self.queue:
            return self.queue.popleft()
        if self.fallback is not None:
            return self.fallback(view, decision)
        raise ScriptExhausted(f"no scripted answer for {decision.kind}: {decision.prompt}")
