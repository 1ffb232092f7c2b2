"""Play versions in jobs: which versions of play a job's policies have, what its id
hashes of them, and the one line that refuses a ``--resume`` under another play.

The engine version moves only with the default pilot's play (plain ``heuristic``); a
canonical spec of another policy can play differently from one commit to the next (the
tree search following the default pilot, new fitted weights under ``cutoff=fitted``).
Each policy family therefore has a play version (``engine.players.policies.spec.
PLAY_VERSIONS``), bumped in the commit that deliberately changes what some spec of it
plays. A job's id hashes the versions above 1 of the families it uses, so a job whose
policies are all at version 1 keeps the id it had before versions existed (its folder
still resumes), and a job of a policy whose play changed has another id. The manifest
records every used family's version (``Manifest.play_versions``): a resume refused
because of them names the folder and the play that changed instead of saying "a
different job", and a dataset never mixes two plays of one spec.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import msgspec

from mtgsim.engine.players.policies.spec import PLAY_VERSIONS, parse_policy
from mtgsim.results.manifest import Manifest

# What a job id hashes besides the play versions, given the versions: ``job_id`` with
# everything else of the job fixed (the caller's closure)
Rekey = Callable[[Mapping[str, int]], str]


def used_play_versions(policies: Sequence[str], deck_policies: Sequence[str] = ()
                       ) -> dict[str, int]:
    """``{family: play version}`` of every spec the job uses (the sides' and each deck's
    own, "" skipped), sorted by family. Raises ``PolicySpecError`` for a bad spec."""
    names = sorted({parse_policy(p).name for p in (*policies, *deck_policies) if p})
    return {name: PLAY_VERSIONS[name] for name in names}


def hashed_play_versions(versions: Mapping[str, int]) -> dict[str, int]:
    """What a job id hashes of ``versions``: those above 1, sorted by family (empty for a
    job of version-1 policies, whose id then stays what it was before play versions)."""
    return {name: v for name, v in sorted(versions.items()) if v > 1}


def recorded_play_versions(old: Manifest, families: Sequence[str]) -> dict[str, int]:
    """The versions ``old``'s folder was played with, for ``families``: as its manifest
    records them, or 1 where it records none (a folder written before play versions were
    recorded: version 1 is the play every family had then)."""
    return {name: old.play_versions.get(name, 1) for name in families}


def play_moved(out: Path | str, old: Manifest, new: Manifest, rekey: Rekey) -> str | None:
    """Why ``new`` may not resume the folder ``out`` of ``old`` when only the play
    versions tell the two jobs apart (one line, naming the folder and each policy whose
    play changed), else None (another job altogether: the caller's generic message).
    Only the id recomputed with the old versions is trusted: equal decks, seed and
    policies with another id are some other difference."""
    then = recorded_play_versions(old, tuple(new.play_versions))
    moved = [name for name in new.play_versions if then[name] != new.play_versions[name]]
    if not moved or rekey(then) != old.job:
        return None
    if not old.same_job(msgspec.structs.replace(new, job=old.job)):
        return None
    was = " and ".join(f"{name} play {then[name]}" for name in moved)
    now = " and ".join(f"{name} play {new.play_versions[name]}" for name in moved)
    unrecorded = "" if old.play_versions else \
        " (its mtgsim recorded no play versions: version 1 of each)"
    return (f"{out} was played with {was}{unrecorded}; this mtgsim plays {now}: start a "
            "new folder (one dataset holds one play of each policy)")


__all__ = ["Rekey", "hashed_play_versions", "play_moved", "recorded_play_versions",
           "used_play_versions"]
