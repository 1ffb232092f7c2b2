"""A bundled metagame: a folder of real deck lists (``decks/<name>/*.txt``) and the
``metagame.json`` that says where they come from and how much each archetype was played.

``scripts/pauper_decks.py`` writes ``decks/pauper/``: it classifies the training lists
(``pipelines.archetypes``), counts each archetype's share, and bundles, for each of the
most played archetypes, the best-placed list the engine can play. ``mtgsim gauntlet
--metagame pauper`` plays those decks and records the metagame in the job's manifest, so
that ``mtgsim report`` weights the field by the archetypes' shares in the real lists
(rather than equally) and names each deck by its archetype and its source. The file is
data of the package: nothing is read from outside the installed decks at run time.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from mtgsim.decks import DECKS_DIR
from mtgsim.results.manifest import FieldDeck, MetagameInfo

METAGAME_FILE = "metagame.json"


class Entry(msgspec.Struct, frozen=True):
    """One archetype of the metagame: its share of the lists and, when a list of it is
    bundled, that list's deck name and source; else the list that came nearest and the
    cards that stop it (``missing``)."""

    archetype: str
    key: str
    lists: int
    share: float  # of all the lists, "other" included
    deck: str = ""  # the bundled deck's name (file stem), "" when none loads yet
    event: str = ""
    date: str = ""
    rank: int = 0
    missing: tuple[str, ...] = ()  # main-deck cards the engine cannot play yet
    missing_sideboard: tuple[str, ...] = ()


class Metagame(msgspec.Struct, frozen=True):
    """What ``metagame.json`` holds."""

    name: str  # "pauper": the folder and the --metagame value
    title: str  # "Pauper metagame study: ..."
    source: str  # the lists it was measured on, for people
    lists: int
    entries: tuple[Entry, ...]
    other: int = 0  # lists of no archetype

    def bundled(self) -> list[Entry]:
        """The entries with a bundled deck, most played first."""
        return [e for e in self.entries if e.deck]

    def shares(self) -> dict[str, float]:
        """The bundled decks' archetype shares, by deck name (not normalised: the report
        normalises over the decks a job played)."""
        return {e.deck: e.share for e in self.bundled()}


class MetagameError(ValueError):
    """No such bundled metagame, or its file cannot be read (one line for the user)."""


def metagame_dir(name: str) -> Path:
    return DECKS_DIR / name


def available() -> list[str]:
    """The names of the bundled metagames (folders of ``decks/`` with a metagame file)."""
    return sorted(p.parent.name for p in DECKS_DIR.glob(f"*/{METAGAME_FILE}"))


def load(name: str) -> Metagame:
    """The bundled metagame ``name``; raises MetagameError."""
    path = metagame_dir(name) / METAGAME_FILE
    if not name or "/" in name or not path.is_file():
        known = ", ".join(available()) or "none"
        raise MetagameError(f"no bundled metagame '{name}' (bundled: {known})")
    try:
        got = msgspec.json.decode(path.read_bytes(), type=Metagame)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise MetagameError(f"{path}: not a metagame file ({exc})") from None
    if not got.bundled():
        raise MetagameError(f"{path}: no deck of it is bundled yet "
                            "(scripts/pauper_decks.py writes them)")
    return got


def bundled_names(name: str = "pauper") -> list[str]:
    """The deck names of a bundled metagame, most played archetype first."""
    return [e.deck for e in load(name).bundled()]


def deck_paths(meta: Metagame) -> list[Path]:
    """The bundled decks' files, most played archetype first."""
    return [metagame_dir(meta.name) / f"{e.deck}.txt" for e in meta.bundled()]


def job_info(meta: Metagame) -> MetagameInfo:
    """What a job records of the metagame (``results.manifest.MetagameInfo``)."""
    return MetagameInfo(meta.name, meta.title, meta.source, tuple(
        FieldDeck(e.deck, e.archetype, e.share, f"{e.event}, {e.date}, rank {e.rank}")
        for e in meta.bundled()))


def write(meta: Metagame, folder: Path) -> Path:
    path = folder / METAGAME_FILE
    path.write_bytes(msgspec.json.format(msgspec.json.encode(meta), indent=2) + b"\n")
    return path
