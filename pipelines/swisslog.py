"""What a Swiss job has played, kept so that ``--resume`` finishes it with the same games.

A tournament's pairings depend on every result before them, so a resumed tournament is
the same tournament only if it is run again from its start with the same results. The
games rows hold the games, but not the matches they made up; so after each round the
round's match results are appended to ``swiss/played.jsonl`` (one JSON array of results
a line, written and flushed to disk before the round's rows are committed). A resumed
job runs the tournament from the start: a match whose result is in this log and whose
games rows are committed (its work unit, the match id, is in the dataset) is taken from
the log, not played; any other is played again, the same match (its games are functions
of their seeds), its rows added only if they were not committed. A line cut short by a
crash is cut off when the log is opened again, so its matches are played again. The log is removed
when the job completes.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from mtgsim.cluster.work import MatchResult

LOG = Path("swiss") / "played.jsonl"

_decode = msgspec.json.Decoder(list[MatchResult])


def read_played(out: Path) -> dict[int, MatchResult]:
    """The match results the log holds, by match id ({} when there is none)."""
    path = out / LOG
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    played: dict[int, MatchResult] = {}
    for line in data.split(b"\n"):
        if not line.strip():
            continue
        try:
            results = _decode.decode(line)
        except msgspec.DecodeError:
            continue  # cut short by a crash: its matches are played again
        played.update((r.mid, r) for r in results)
    return played


class PlayedLog:
    """Appends each round's results to the log (rows and failures left out: they are in
    the dataset and the failures table)."""

    def __init__(self, out: Path) -> None:
        self.path = out / LOG
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists():  # a line cut short by a crash would swallow the next one
            data = self.path.read_bytes()
            if data and not data.endswith(b"\n"):
                with open(self.path, "r+b") as fh:
                    fh.truncate(data.rfind(b"\n") + 1)

    def append(self, results: list[MatchResult]) -> None:
        if not results:
            return
        light = [msgspec.structs.replace(r, rows=None, failures=()) for r in results]
        with open(self.path, "ab") as fh:
            fh.write(msgspec.json.encode(light) + b"\n")
            fh.flush()
            os.fsync(fh.fileno())

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)
