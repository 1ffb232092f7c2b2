"""The job manifest: what a job is (decks with content hashes, card data hash, engine
version, policies, seeds, game counts) and how far it got. Written atomically."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from mtgsim.cluster.work import DeckSpec


class MatchupSpec(msgspec.Struct, frozen=True):
    id: int
    deck_a: str
    deck_b: str
    games: int


class Manifest(msgspec.Struct):
    format: str
    job: str
    kind: str  # gauntlet, versus, swiss, ablation
    engine_version: str
    card_data_hash: str
    seed: int
    policies: tuple[str, str]
    max_turns: int
    unit_size: int
    decks: tuple[DeckSpec, ...]
    matchups: tuple[MatchupSpec, ...]
    games_total: int
    status: str = "running"  # running, complete
    games_completed: int = 0
    created: str = ""
    finished: str = ""
    extra: dict[str, str] = {}

    def same_job(self, other: Manifest) -> bool:
        """Whether ``other`` describes the same games (for --resume)."""
        keys = ("job", "kind", "card_data_hash", "seed", "policies", "max_turns",
                "unit_size", "decks", "matchups", "games_total")
        return all(getattr(self, k) == getattr(other, k) for k in keys)


FORMAT = "mtgsim-job/1"


def write_manifest(out: Path, manifest: Manifest) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = out / "manifest.json.tmp"
    tmp.write_bytes(msgspec.json.format(msgspec.json.encode(manifest), indent=2))
    os.replace(tmp, out / "manifest.json")


def read_manifest(out: Path) -> Manifest:
    return msgspec.json.decode((out / "manifest.json").read_bytes(), type=Manifest)
