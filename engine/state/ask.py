"""Asking players questions without generators: tasks replay their recorded answers.

A handler calls ``Asker.ask`` for each question in a fixed order. Answers the task already
holds are returned in that order; the first unanswered question is stored in
``state.pending`` and ``Suspend`` unwinds to the game loop, which returns the decision to
the caller. When the answer arrives it is appended to the task and the handler runs again
from its start. A question with exactly one legal answer is answered by the engine.
"""

from __future__ import annotations

from mtgsim.engine.state.game_state import Answer, Decision, DecisionKind, GameState, Task


class Suspend(Exception):  # noqa: N818 - control flow, not an error
    """Unwind to the game loop: a decision is pending."""


class IllegalAnswer(ValueError):
    """An answer that does not fit the pending decision."""


class Asker:
    __slots__ = ("state", "task", "i")

    def __init__(self, state: GameState, task: Task) -> None:
        self.state = state
        self.task = task
        self.i = 0

    def ask(self, decision: Decision) -> Answer:
        forced = forced_answer(decision)
        if forced is not None:
            return forced
        answers = self.task.answers
        if self.i < len(answers):
            a = answers[self.i]
            self.i += 1
            return a
        self.state.pending = decision
        raise Suspend

    def choose(self, decision: Decision) -> int:
        a = self.ask(decision)
        assert isinstance(a, int)
        return a

    def choose_many(self, decision: Decision) -> list[int]:
        a = self.ask(decision)
        assert isinstance(a, list)
        return a


# Multiple choices whose answer is an order of all the options: asked even then.
ORDERINGS = (DecisionKind.DAMAGE_ORDER, DecisionKind.LIBRARY_ORDER)
_PRIORITY = DecisionKind.PRIORITY  # (a module constant: see DecisionKind)


def forced_answer(d: Decision) -> Answer | None:
    """The answer when only one is legal (the engine then does not ask)."""
    n = len(d.actions) if d.kind is _PRIORITY else len(d.options)
    if d.multi:
        if d.max_count == 0 or n == 0:
            return []
        if d.min_count >= n and (d.kind not in ORDERINGS or n == 1):
            return list(range(n))
        return None
    if n == 1:
        return 0
    return None


def validate(d: Decision, answer: Answer) -> None:
    n = len(d.actions) if d.kind is _PRIORITY else len(d.options)
    if d.multi:
        if not isinstance(answer, list):
            raise IllegalAnswer(f"{d.kind}: expected a list of choices, got {answer!r}")
        if len(set(answer)) != len(answer):
            raise IllegalAnswer(f"{d.kind}: the same choice twice in {answer!r}")
        if not d.min_count <= len(answer) <= d.max_count:
            raise IllegalAnswer(
                f"{d.kind}: choose between {d.min_count} and {d.max_count}, got {len(answer)}"
            )
        for a in answer:
            if not 0 <= a < n:
                raise IllegalAnswer(f"{d.kind}: choice {a} out of range 0..{n - 1}")
    else:
        if not isinstance(answer, int) or isinstance(answer, bool):
            raise IllegalAnswer(f"{d.kind}: expected one choice, got {answer!r}")
        if not 0 <= answer < n:
            raise IllegalAnswer(f"{d.kind}: choice {answer} out of range 0..{n - 1}")
