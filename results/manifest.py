"""The job manifest: what a job is (decks with content hashes, card data hash, engine
version, policies, seeds, game counts) and how far it got. Written atomically.

``games_completed`` (games played and committed, failed ones included) and
``games_failed`` (games that raised: the rows of ``failures.parquet``) are kept current
while the job runs: the manifest is rewritten at every commit. ``status`` is ``running``,
``complete``, ``interrupted`` (Ctrl-C, a lost cluster, a full disk: ``--resume``
finishes it) or ``stopped`` (more failed games than ``--max-failures``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec

from mtgsim.cluster.work import DeckSpec

# /3: games rows name each deck's policy (policy_a/_b, think_us_a/_b) and the manifest
# its per-deck policies; /4: ``matchup`` is a column of the files instead of a partition
# folder (pandas read it back as a categorical ordered as text), and the events and hands
# datasets. /2 and /3 folders are read (results.dataset.read_games), not resumed
FORMAT = "mtgsim-job/4"
MANIFEST = "manifest.json"
TMP_SUFFIX = ".tmp"


class MatchupSpec(msgspec.Struct, frozen=True):
    id: int
    deck_a: str
    deck_b: str
    games: int


class FieldDeck(msgspec.Struct, frozen=True):
    """A deck of a bundled metagame as the job played it: its archetype, that archetype's
    share of the real lists the metagame was measured on, and where the list comes from."""

    deck: str
    archetype: str
    share: float
    source: str  # "Pauper Challenge 32, 2026-04-12, rank 1"


class MetagameInfo(msgspec.Struct, frozen=True):
    """The bundled metagame a job played (``--metagame``): the report's title, its field
    weights and the source of each list. Not part of the job id: it decides no game."""

    name: str
    title: str
    source: str
    decks: tuple[FieldDeck, ...]


class Manifest(msgspec.Struct):
    format: str
    job: str
    kind: str  # gauntlet, versus, swiss, ablation, ablation-base, bench
    engine_version: str
    card_data_hash: str
    seed: int
    policies: tuple[str, str]  # the sides' policy specs (canonical): a matchup's 1st, 2nd
    max_turns: int
    unit_size: int
    decks: tuple[DeckSpec, ...]
    matchups: tuple[MatchupSpec, ...]
    games_total: int
    status: str = "running"  # running, complete, interrupted, stopped
    games_completed: int = 0
    games_failed: int = 0
    created: str = ""
    finished: str = ""
    extra: dict[str, str] = {}
    # per deck (aligned with ``decks``): the spec piloting it wherever it plays, "" for
    # the side's; empty when no deck has its own
    deck_policies: tuple[str, ...] = ()
    record_events: bool = False  # --record-events: events/ and hands/ beside games/
    metagame: MetagameInfo | None = None  # --metagame: what the report weights and names
    # the play version of each policy family the job uses (engine.players.policies.spec.
    # PLAY_VERSIONS; pipelines.playversions); empty in a folder of an mtgsim before them
    play_versions: dict[str, int] = {}

    def same_job(self, other: Manifest) -> bool:
        """Whether ``other`` describes the same games (for --resume)."""
        # ``extra`` is left out: the job id hashes the options, and a finished
        # ablation records its deck and keyword there
        keys = ("format", "job", "kind", "engine_version", "card_data_hash", "seed",
                "policies", "max_turns", "unit_size", "decks", "matchups", "games_total",
                "deck_policies", "record_events")
        if self.kind == "swiss":  # what a tournament played, filled in at its end
            keys = tuple(k for k in keys if k not in ("matchups", "games_total"))
        return all(getattr(self, k) == getattr(other, k) for k in keys)


class ManifestError(Exception):
    """A manifest that cannot be read."""


def write_manifest(out: Path, manifest: Manifest) -> None:
    """Write ``manifest.json`` atomically: a temporary file, flushed to disk, renamed.
    A failed write (a full disk) removes the temporary file and raises ``OSError``."""
    out.mkdir(parents=True, exist_ok=True)
    tmp = out / (MANIFEST + TMP_SUFFIX)
    data = msgspec.json.format(msgspec.json.encode(manifest), indent=2)
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, out / MANIFEST)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


class RawManifestError(ManifestError):
    """A job folder's ``manifest.json`` missing, unreadable, not JSON or not a JSON object.
    ``problem`` says which in a few words (``no manifest.json``, ``manifest.json is not
    JSON``, ...) for the caller to put in its own one-line error (``mtgsim: error: FOLDER:
    not a ladder output (PROBLEM)``); ``missing`` tells the one case a caller may take for
    an empty manifest (``compare`` on a job folder of an mtgsim that wrote none)."""

    def __init__(self, folder: Path, problem: str, missing: bool = False) -> None:
        super().__init__(f"{folder}: {problem}")
        self.problem = problem
        self.missing = missing


def read_raw_manifest(out: Path) -> dict[str, Any]:
    """A job folder's manifest as plain data, without the schema of ``Manifest``: the
    comparisons read manifests of any mtgsim, earlier or later, and compare whatever fields
    they hold (``results.compare.manifest_differences``), so they cannot decode into this
    one's struct. The one reader of the raw file (``compare``, ``ladder_compare``, the
    report's ``Job``, ``dataset.read_games`` for an old-format dataset's policies), so a
    bad manifest is the same one-line error in each command; raises ``RawManifestError``
    for a manifest it cannot return."""
    try:
        data = (out / MANIFEST).read_bytes()
    except FileNotFoundError:
        raise RawManifestError(out, f"no {MANIFEST}", missing=True) from None
    except OSError as exc:
        raise RawManifestError(out, f"{MANIFEST} cannot be read ({exc.strerror or exc})"
                               ) from None
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError:
        raise RawManifestError(out, f"{MANIFEST} is not JSON") from None
    if not isinstance(raw, dict):
        raise RawManifestError(out, f"{MANIFEST} is not a JSON object")
    return raw


# a job folder's raw manifest, or why there is none: read once by ``mtgsim compare``,
# which takes the kind from it and hands it to the comparison (whose errors it words)
RawRead = dict[str, Any] | RawManifestError


def try_raw_manifest(out: Path) -> RawRead:
    """``read_raw_manifest``'s answer, its error returned rather than raised: the caller
    that reads a manifest once for two uses (its kind, then the comparison) keeps the
    error for the use that reports it."""
    try:
        return read_raw_manifest(out)
    except RawManifestError as exc:
        return exc


def manifest_kind(raw: dict[str, Any]) -> str | None:
    """The kind a raw manifest names (``ladder``, ``gauntlet``, ...), None when it names
    none (a manifest older than the field, or a value that is not a name)."""
    kind = raw.get("kind")
    return kind if isinstance(kind, str) else None


def read_manifest(out: Path) -> Manifest:
    path = out / MANIFEST
    try:
        return msgspec.json.decode(path.read_bytes(), type=Manifest)
    except OSError as exc:
        raise ManifestError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except msgspec.DecodeError as exc:
        raise ManifestError(f"{path}: not a job manifest of this mtgsim ({exc})") from None
