"""Replay files: a game's inputs and every decision, enough to re-play it exactly.

A replay is JSON::

    {"format": "mtgsim-replay", "version": 2, "engine_version": "0.1.0",
     "card_data_hash": "...", "decks": [{"name": "...", "cards": ["..."]}, {...}],
     "seed": 11, "policies": ["heuristic", "heuristic"], "max_turns": 60,
     "decisions": [0, 0, [3], ...], "asked": ["mulligan/0/2", "priority/0/3", ...],
     "result": {"winner": 0, "reason": "life", "turns": 13},
     "log_hash": "<sha256 of the msgpack-encoded event log>", "error": ""}

Re-playing answers every question from ``decisions`` in order, whichever player asks,
so the policies themselves are not needed (only their stops). ``asked`` notes each
question as kind/player/number of choices, so a replay that drifts from its game fails
at the first decision that differs, and an answer the engine rejects fails at once:
a replay reproduces its game exactly or names the first illegal or divergent decision.

A game that raised (a job's failed game, a fuzz failure) is written with ``error`` (the
exception, ``Type: message``), the seeds of its policies, no ``result`` and no
``log_hash``. Re-playing it asks the policies themselves and checks each answer against
the recorded one (so a policy that raises is reproduced too), and must raise the same
exception after the same decisions. Version 1 files (no ``asked``, no ``error``) are still
read.
"""

from __future__ import annotations

import hashlib
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from mtgsim import engine
from mtgsim.engine.cards.card import Card
from mtgsim.engine.files import read_regular
from mtgsim.engine.game import Policy, play, policy_stops
from mtgsim.engine.players.policies import PolicySpecError, make_policy, parse_policy
from mtgsim.engine.rules.turn import new_game
from mtgsim.engine.state.ask import IllegalAnswer
from mtgsim.engine.state.game_state import Answer, Decision, Event, GameState
from mtgsim.engine.state.rng import MASK64

FORMAT = "mtgsim-replay"
SEED_MAX = MASK64  # seeds are 0 .. 2**64 - 1 (cluster.seeds.SEED_MAX)
VERSION = 2
READABLE_VERSIONS = (1, 2)


class ReplayError(Exception):
    """A replay file that cannot be read or used."""


class ReplayMismatch(Exception):
    """Re-playing a replay did not reproduce the recorded game."""


class ReplayDeck(msgspec.Struct):
    name: str
    cards: list[str]


class ReplayResult(msgspec.Struct):
    winner: int
    reason: str
    turns: int


class Replay(msgspec.Struct):
    format: str
    version: int
    engine_version: str
    card_data_hash: str
    decks: list[ReplayDeck]
    seed: int
    policies: list[str]
    max_turns: int
    decisions: list[Answer]
    result: ReplayResult | None = None
    log_hash: str = ""
    asked: list[str] = []
    error: str = ""
    policy_seeds: list[int] = []  # failure replays: to re-ask the policies themselves


def log_hash(log: Sequence[Event]) -> str:
    """SHA-256 (hex) of the msgpack encoding of an event log."""
    return hashlib.sha256(msgspec.msgpack.encode(list(log))).hexdigest()


def decision_key(d: Decision) -> str:
    """What a replay notes about a question: kind, who is asked, how many choices."""
    n = len(d.actions) if d.kind == "priority" else len(d.options)
    kind = getattr(d.kind, "value", d.kind)
    return f"{kind}/{d.player}/{n}"


def error_text(exc: BaseException) -> str:
    """An exception as one line: ``Type: message``."""
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class Recorder:
    """Wraps a policy and notes every question it is asked (``decision_key``), in the
    order the engine records the answers (``GameState.decisions``)."""

    def __init__(self, policy: Policy, asked: list[str]) -> None:
        self.policy = policy
        self.asked = asked
        self.name = policy.name

    def decide(self, view: GameState, decision: Decision) -> Answer:
        self.asked.append(decision_key(decision))
        return self.policy.decide(view, decision)

    def __getattr__(self, name: str) -> Any:  # stops, stops_for: the policy's own
        return getattr(self.policy, name)


def make_replay(state: GameState, decks: Sequence[tuple[str, Sequence[str]]], seed: int,
                policies: Sequence[str], max_turns: int, card_data_hash: str,
                asked: Sequence[str] = (), error: str = "",
                policy_seeds: Sequence[int] = ()) -> Replay:
    """The replay of a game played with ``record=True`` (and ``keep_log=True`` when it
    finished): finished, or stopped by the exception ``error``."""
    if state.decisions is None:
        raise ValueError("the game must be played with record=True")
    if not error and (state.result is None or state.log is None):
        raise ValueError("a finished game needs keep_log=True")
    r = state.result
    return Replay(
        format=FORMAT, version=VERSION, engine_version=engine.__version__,
        card_data_hash=card_data_hash,
        decks=[ReplayDeck(name, list(cards)) for name, cards in decks],
        seed=seed, policies=list(policies), max_turns=max_turns,
        decisions=list(state.decisions), asked=list(asked)[:len(state.decisions)],
        result=None if error or r is None else ReplayResult(r.winner, r.reason, r.turns),
        log_hash="" if error or state.log is None else log_hash(state.log), error=error,
        policy_seeds=list(policy_seeds),
    )


class Failure(msgspec.Struct):
    """A game that raised: the exception, its traceback, and the replay that repeats it."""

    error: str
    traceback: str
    replay: Replay
    reproduced: bool  # the recorded re-play raised the same exception


def record_failure(decks: Sequence[tuple[str, Sequence[str]]],
                   cards: Sequence[Sequence[Card]], policy_names: Sequence[str],
                   policy_seeds: Sequence[int], seed: int, max_turns: int,
                   card_data_hash: str, exc: BaseException) -> Failure:
    """Play a game that raised ``exc`` again, recording its decisions, and return the
    failure with its replay (seat ``i`` played by ``make_policy(policy_names[i],
    policy_seeds[i])``). A game is a pure function of its inputs, so it fails the same
    way again; ``Failure.reproduced`` says whether it did."""
    first = error_text(exc)
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    asked: list[str] = []
    policies = [make_policy(n, s) for n, s in zip(policy_names, policy_seeds, strict=True)]
    recorders = [Recorder(p, asked) for p in policies]
    try:
        state = new_game([list(c) for c in cards], seed, record=True, max_turns=max_turns,
                         stops=policy_stops(policies, cards))
    except Exception as exc2:  # noqa: BLE001 - failed before its first decision
        again = error_text(exc2)
        replay = Replay(format=FORMAT, version=VERSION, engine_version=engine.__version__,
                        card_data_hash=card_data_hash,
                        decks=[ReplayDeck(name, list(names)) for name, names in decks],
                        seed=seed, policies=list(policy_names), max_turns=max_turns,
                        decisions=[], error=again, policy_seeds=list(policy_seeds))
        return Failure(first, tb, replay, again == first)
    again = ""
    try:
        play(state, recorders)
    except Exception as exc2:  # noqa: BLE001 - the game's own failure, recorded
        again = error_text(exc2)
    replay = make_replay(state, decks, seed, policy_names, max_turns, card_data_hash,
                         asked, error=again or first, policy_seeds=policy_seeds)
    return Failure(first, tb, replay, again == first)


def write_replay(path: str | Path, replay: Replay) -> None:
    try:
        Path(path).write_bytes(msgspec.json.encode(replay) + b"\n")
    except OSError as exc:
        raise ReplayError(f"{path}: cannot write replay ({exc.strerror or exc})") from None


def read_replay(path: str | Path) -> Replay:
    """Read and check the shape of a replay file (raises ``ReplayError``)."""
    try:
        data = read_regular(path)  # a FIFO would block: refused
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read replay ({exc.strerror or exc})") from None
    try:
        replay = msgspec.json.decode(data, type=Replay)
    except msgspec.DecodeError as exc:  # ValidationError is a DecodeError
        raise ReplayError(f"{path}: not a valid replay file ({exc})") from None
    if replay.format != FORMAT:
        raise ReplayError(f"{path}: not an mtgsim replay (format {replay.format!r})")
    if replay.version not in READABLE_VERSIONS:
        raise ReplayError(f"{path}: unsupported replay version {replay.version} "
                          f"(this mtgsim reads versions "
                          f"{', '.join(map(str, READABLE_VERSIONS))})")
    if len(replay.decks) != 2 or len(replay.policies) != 2:
        raise ReplayError(f"{path}: a replay needs exactly two decks and two policies")
    for name in replay.policies:
        try:
            parse_policy(name)
        except PolicySpecError as exc:
            raise ReplayError(f"{path}: {exc}") from None
    if not replay.error and replay.result is None:
        raise ReplayError(f"{path}: a replay needs a result or an error")
    if replay.policy_seeds and len(replay.policy_seeds) != 2:
        raise ReplayError(f"{path}: a replay needs two policy seeds or none")
    # numbers the engine would silently wrap or take as "no game at all"
    if not 0 <= replay.seed <= SEED_MAX:
        raise ReplayError(f"{path}: seed {replay.seed} is outside 0 .. 2**64 - 1")
    if any(not 0 <= s <= SEED_MAX for s in replay.policy_seeds):
        raise ReplayError(f"{path}: a policy seed is outside 0 .. 2**64 - 1 "
                          f"({replay.policy_seeds})")
    if replay.max_turns < 1:
        raise ReplayError(f"{path}: max_turns must be at least 1, got {replay.max_turns}")
    return replay


class _Script:
    """Answers from the replay, in order, checking each question against ``asked``. With
    ``policies`` (a failure replay), each recorded answer must also be the policy's own,
    and questions past the record go to the policy (where a policy's failure happens)."""

    name = "replay"

    def __init__(self, decisions: Sequence[Answer], asked: Sequence[str],
                 policies: Sequence[Policy] | None = None) -> None:
        self.decisions = decisions
        self.asked = asked
        self.policies = policies
        self.used = 0

    def seat(self, name: str) -> _Seat:
        return _Seat(self, name)

    def decide(self, view: GameState, decision: Decision) -> Answer:
        i = self.used
        if i >= len(self.decisions):
            if self.policies is not None:
                return self.policies[decision.player].decide(view, decision)
            raise ReplayMismatch(f"the game asked for more than the {len(self.decisions)} "
                                 f"recorded decisions (decision #{i + 1}: "
                                 f"{decision_key(decision)})")
        if i < len(self.asked) and self.asked[i] != decision_key(decision):
            raise ReplayMismatch(f"decision #{i + 1} diverges: recorded "
                                 f"{self.asked[i]}, the game asks {decision_key(decision)}")
        recorded = self.decisions[i]
        if self.policies is not None:
            own = self.policies[decision.player].decide(view, decision)
            if own != recorded:
                raise ReplayMismatch(f"decision #{i + 1} diverges: recorded answer "
                                     f"{recorded!r}, the policy answers {own!r}")
        self.used += 1
        return recorded


class _Seat:
    """One player's side of a ``_Script``, named as the recorded policy (so the error of a
    rejected answer reads as it did when the game was played)."""

    def __init__(self, script: _Script, name: str) -> None:
        self.script = script
        self.name = name

    def decide(self, view: GameState, decision: Decision) -> Answer:
        return self.script.decide(view, decision)


def rerun(replay: Replay, pool: Mapping[str, Card], *, keep_log: bool = True) -> GameState:
    """Play the replay's game again from its recorded decisions.

    Raises ``ReplayError`` if a deck names a card the pool lacks, and ``ReplayMismatch``
    at the first decision that does not fit the game (illegal, of another kind, or one
    too many) or when decisions are left over. A failure replay (``replay.error``) must
    raise its exception: any other exception, or none, is a mismatch; the exception is
    raised (for its traceback) when it is the recorded one.
    """
    decks: list[list[Card]] = []
    for i, deck in enumerate(replay.decks):
        missing = sorted({n for n in deck.cards if n not in pool})
        if missing:
            raise ReplayError(f"deck {i + 1} ({deck.name}) has cards missing from the card "
                              f"data: {', '.join(missing)}")
        decks.append([pool[n] for n in deck.cards])
    policies = [make_policy(n, s) for n, s in zip(replay.policies, replay.policy_seeds,
                                                   strict=True)] \
        if replay.error and replay.policy_seeds else None
    script = _Script(replay.decisions, replay.asked, policies)
    total = len(replay.decisions)
    try:
        stops = policy_stops([make_policy(name, 0) for name in replay.policies], decks)
        state = new_game(decks, replay.seed, keep_log=keep_log, record=True,
                         max_turns=replay.max_turns, stops=stops)
    except Exception as exc:
        # The game could not even be set up: the recorded failure only if that is what
        # was recorded, before any decision; anything else is not the recorded game.
        if replay.error and error_text(exc) == replay.error and total == 0:
            raise
        raise ReplayMismatch(f"the game cannot be set up: {error_text(exc)}"
                             + (f" (recorded: {replay.error})" if replay.error else
                                " (recorded: a finished game)")) from exc
    try:
        play(state, [script.seat(name) for name in replay.policies])
    except ReplayMismatch:
        raise
    except IllegalAnswer as exc:
        if replay.error and error_text(exc) == replay.error:
            raise
        raise ReplayMismatch(f"recorded decision #{script.used} is not legal here: "
                             f"{exc}") from None
    except Exception as exc:
        if replay.error and error_text(exc) == replay.error:
            if script.used != total:
                raise ReplayMismatch(f"the recorded failure ({replay.error}) came after "
                                     f"decision #{script.used} of {total}") from None
            raise
        raise ReplayMismatch(f"after decision #{script.used}: {error_text(exc)}"
                             + (f" (recorded: {replay.error})" if replay.error else "")
                             ) from exc
    if replay.error:
        raise ReplayMismatch(f"the game ended without the recorded failure "
                             f"({replay.error})")
    if script.used < total:
        raise ReplayMismatch(f"the game ended with {total - script.used} of {total} "
                             "recorded decisions unused")
    return state


def mismatches(replay: Replay, state: GameState) -> list[str]:
    """How the re-played ``state`` differs from the recorded result and log hash."""
    problems: list[str] = []
    r = state.result
    want = replay.result
    assert want is not None
    if r is None or (r.winner, r.reason, r.turns) != (want.winner, want.reason, want.turns):
        got = "none" if r is None else f"winner {r.winner}, {r.reason}, {r.turns} turns"
        problems.append(f"result differs: recorded winner {want.winner}, {want.reason}, "
                        f"{want.turns} turns; re-played {got}")
    if state.log is not None and log_hash(state.log) != replay.log_hash:
        problems.append(f"log hash differs: recorded {replay.log_hash[:16]}..., "
                        f"re-played {log_hash(state.log)[:16]}...")
    return problems
