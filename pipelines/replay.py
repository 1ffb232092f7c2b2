"""Replay files: a game's inputs and every decision, enough to re-play it exactly.

A replay is JSON::

    {"format": "mtgsim-replay", "version": 1, "engine_version": "0.1.0",
     "card_data_hash": "...", "decks": [{"name": "...", "cards": ["..."]}, {...}],
     "seed": 11, "policies": ["heuristic", "heuristic"], "max_turns": 60,
     "decisions": [0, 0, [3], ...], "result": {"winner": 0, "reason": "life", "turns": 13},
     "log_hash": "<sha256 of the msgpack-encoded event log>"}

Re-playing answers every question from ``decisions`` in order, whichever player asks,
so the policies themselves are not needed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path

import msgspec

from mtgsim import engine
from mtgsim.engine.ask import IllegalAnswer
from mtgsim.engine.card import Card
from mtgsim.engine.game import play
from mtgsim.engine.policies import ScriptedPolicy, ScriptExhausted
from mtgsim.engine.state import Answer, Event, GameState
from mtgsim.engine.turn import new_game

FORMAT = "mtgsim-replay"
VERSION = 1


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
    result: ReplayResult
    log_hash: str


def log_hash(log: Sequence[Event]) -> str:
    """SHA-256 (hex) of the msgpack encoding of an event log."""
    return hashlib.sha256(msgspec.msgpack.encode(list(log))).hexdigest()


def make_replay(state: GameState, decks: Sequence[tuple[str, list[str]]], seed: int,
                policies: Sequence[str], max_turns: int, card_data_hash: str) -> Replay:
    """The replay of a finished game played with ``keep_log=True, record=True``."""
    if state.result is None or state.log is None or state.decisions is None:
        raise ValueError("the game must be finished, with keep_log=True and record=True")
    r = state.result
    return Replay(
        format=FORMAT, version=VERSION, engine_version=engine.__version__,
        card_data_hash=card_data_hash,
        decks=[ReplayDeck(name, list(cards)) for name, cards in decks],
        seed=seed, policies=list(policies), max_turns=max_turns,
        decisions=list(state.decisions),
        result=ReplayResult(r.winner, r.reason, r.turns), log_hash=log_hash(state.log),
    )


def write_replay(path: str | Path, replay: Replay) -> None:
    try:
        Path(path).write_bytes(msgspec.json.encode(replay) + b"\n")
    except OSError as exc:
        raise ReplayError(f"{path}: cannot write replay ({exc.strerror or exc})") from None


def read_replay(path: str | Path) -> Replay:
    """Read and check the shape of a replay file (raises ``ReplayError``)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read replay ({exc.strerror or exc})") from None
    try:
        replay = msgspec.json.decode(data, type=Replay)
    except msgspec.DecodeError as exc:  # ValidationError is a DecodeError
        raise ReplayError(f"{path}: not a valid replay file ({exc})") from None
    if replay.format != FORMAT:
        raise ReplayError(f"{path}: not an mtgsim replay (format {replay.format!r})")
    if replay.version != VERSION:
        raise ReplayError(f"{path}: unsupported replay version {replay.version} "
                          f"(this mtgsim reads version {VERSION})")
    if len(replay.decks) != 2 or len(replay.policies) != 2:
        raise ReplayError(f"{path}: a replay needs exactly two decks and two policies")
    return replay


def rerun(replay: Replay, pool: Mapping[str, Card], *, keep_log: bool = True) -> GameState:
    """Play the replay's game again from its recorded decisions.

    Raises ``ReplayError`` if a deck names a card the pool lacks, and ``ReplayMismatch``
    if the decisions do not fit the game (an illegal answer, too few or too many).
    """
    decks: list[list[Card]] = []
    for i, deck in enumerate(replay.decks):
        missing = sorted({n for n in deck.cards if n not in pool})
        if missing:
            raise ReplayError(f"deck {i + 1} ({deck.name}) has cards missing from the card "
                              f"data: {', '.join(missing)}")
        decks.append([pool[n] for n in deck.cards])
    script = ScriptedPolicy(replay.decisions)
    from mtgsim.engine.game import policy_stops
    from mtgsim.engine.policies import make_policy

    stops = policy_stops([make_policy(name, 0) for name in replay.policies], decks)
    state = new_game(decks, replay.seed, keep_log=keep_log, record=True,
                     max_turns=replay.max_turns, stops=stops)
    total = len(replay.decisions)
    try:
        play(state, [script, script])
    except ScriptExhausted:
        raise ReplayMismatch(f"the game asked for more than the {total} recorded "
                             "decisions") from None
    except IllegalAnswer as exc:
        used = total - len(script.queue)
        raise ReplayMismatch(f"recorded decision #{used} is not legal here: {exc}") from None
    if script.queue:
        raise ReplayMismatch(f"the game ended with {len(script.queue)} of {total} recorded "
                             "decisions unused")
    return state


def mismatches(replay: Replay, state: GameState) -> list[str]:
    """How the re-played ``state`` differs from the recorded result and log hash."""
    problems: list[str] = []
    r = state.result
    want = replay.result
    if r is None or (r.winner, r.reason, r.turns) != (want.winner, want.reason, want.turns):
        got = "none" if r is None else f"winner {r.winner}, {r.reason}, {r.turns} turns"
        problems.append(f"result differs: recorded winner {want.winner}, {want.reason}, "
                        f"{want.turns} turns; re-played {got}")
    if state.log is not None and log_hash(state.log) != replay.log_hash:
        problems.append(f"log hash differs: recorded {replay.log_hash[:16]}..., "
                        f"re-played {log_hash(state.log)[:16]}...")
    return problems
