"""The strength ladder: policies against each other on paired deals over many decks.

Every two policies ``p`` and ``q`` of the ladder meet on every pair of distinct decks
``x``, ``y`` twice: ``p`` piloting ``x`` against ``q`` piloting ``y``, and ``q`` piloting
``x`` against ``p`` piloting ``y``. Game ``i`` of both is the same deal (its seed
depends on the job seed, the two decks and ``i`` only, never on the pilots,
``cluster.seeds``), with the same deck on the play: a *duplicate*, in which the luck of
the draw and of the deck matchup cancels, so the paired score of ``q`` against ``p``
measures the pilots alone.

It is an ordinary job (kind ``ladder``, ``pipelines.jobs.run_job``: Ray or serial,
resumable, failures recorded): its "decks" are entrants, each deck once per policy with
that policy as its own (``JobSpec.deck_policies``), and its matchups are the entrant
pairs above. ``results.ladder`` turns the games into ratings, costs and step gains.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mtgsim.engine.players.policies.spec import PolicySpecError, canonical
from mtgsim.pipelines.jobs import JobError, JobResult, run_job
from mtgsim.pipelines.runner import DECKS_DIR, LoadedDeck

BENCHMARK = ("gruul_stompy", "azorius_skies")  # the bench matchup, not archetypes
BASE_POLICIES = ("goldfish", "random", "heuristic")


def default_policies() -> tuple[str, ...]:
    """The ladder's rungs, weakest first: goldfish, random, heuristic and, when the
    search policies are there, search and the tree search over the turn (mcts), each at
    the two budgets measured in docs/search-record.md "With the noise-scaled switch and
    the early stops" and "Its ladder rungs"."""
    from mtgsim.engine.players.policies.spec import SETTINGS

    out = BASE_POLICIES
    if "search" in SETTINGS:
        # its default settings (since December 6 the fitted cut-off, margin 0 and the
        # land bound: docs/search-record.md "The search's default") at two budgets
        out = (*out, "search:rollouts=2", "search:rollouts=4")
    if "mcts" in SETTINGS:
        out = (*out, "mcts:iterations=2", "mcts:iterations=4")  # measured
    return out


def archetypes() -> list[str]:
    """The bundled decks but the bench matchup: the sixteen archetypes of the gauntlet."""
    return sorted(p.stem for p in DECKS_DIR.glob("*.txt") if p.stem not in BENCHMARK)


def ladder_plan(decks: Sequence[LoadedDeck], policies: Sequence[str]
                ) -> tuple[list[LoadedDeck], list[str], list[tuple[int, int]]]:
    """Entrants (deck ``j`` under policy ``k`` is entrant ``k * len(decks) + j``), their
    policies, and the entrant pairs: for policies ``p < q`` and decks ``x < y``,
    ``(p:x, q:y)`` then ``(q:x, p:y)``, the two halves of each duplicate."""
    if len(decks) < 2:
        raise JobError("a ladder needs at least two decks")
    try:
        specs = [canonical(p) for p in policies]
    except PolicySpecError as exc:
        raise JobError(f"--policies: {exc}") from None
    if len(specs) < 2:
        raise JobError("a ladder needs at least two policies")
    if len(set(specs)) != len(specs):
        raise JobError(f"--policies: a policy is named twice: {', '.join(specs)}")
    names = [d.name for d in decks]
    if len(set(names)) != len(names):
        raise JobError(f"a deck is named twice: {', '.join(names)}")
    n = len(decks)
    entrants = [d for _ in specs for d in decks]
    own = [s for s in specs for _ in decks]
    pairs = []
    for p in range(len(specs)):
        for q in range(p + 1, len(specs)):
            for x in range(n):
                for y in range(x + 1, n):
                    pairs.append((p * n + x, q * n + y))
                    pairs.append((q * n + x, p * n + y))
    return entrants, own, pairs


def run_ladder(decks: Sequence[LoadedDeck], policies: Sequence[str], games: int, out: Path,
               **job: Any) -> JobResult:
    """Play the ladder (``games`` deals per pair of decks and pair of policies, each
    dealt twice) and commit it to ``out`` as a job of kind ``ladder``."""
    entrants, own, pairs = ladder_plan(decks, policies)
    return run_job("ladder", entrants, pairs, games, out, deck_policies=own, **job)


__all__ = ["archetypes", "default_policies", "ladder_plan", "run_ladder"]
