"""The bundled Oracle corpus: 35,033 card faces with MTGJSON's fields (``CORPUS.md``).

``corpus.jsonl.gz`` is a copy of ``shared/oracle/oracle-corpus.jsonl.gz`` (MIT): the
project reads its own copy, never the specification folder. Reading it whole takes a
few tenths of a second, so it is read only when a card is needed that the hand-written
pool lacks (a deck naming one, ``mtgsim cards coverage``) and then kept for the process.
Its digest is part of the compiled-card cache's key (``engine.cards.oracle.cache``).
"""

from __future__ import annotations

import gzip
import hashlib
import re
from functools import cache
from pathlib import Path

import msgspec

CORPUS = Path(__file__).parent / "corpus.jsonl.gz"


class Record(msgspec.Struct, frozen=True):
    """One card face as the corpus gives it (MTGJSON atomic card fields)."""

    name: str
    manaCost: str | None = None  # noqa: N815 - MTGJSON's field names
    type: str = ""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    text: str | None = None
    layout: str = "normal"
    colorIdentity: tuple[str, ...] = ()  # noqa: N815
    # a double-faced card (712): the front face's record names its back face, the back
    # face's record its front face (and ``face`` is "back")
    back: str | None = None
    front: str | None = None


_SPACES = re.compile(r"\s+")


def fold(name: str) -> str:
    """The key card names are matched on, as the deck parser matches them: case-folded,
    curly apostrophes straightened, spaces collapsed."""
    return _SPACES.sub(" ", name.replace("\u2019", "'").strip()).casefold()


@cache
def corpus_bytes(path: str = str(CORPUS)) -> bytes:
    """The corpus file's bytes (compressed), read once."""
    return Path(path).read_bytes()


DIGEST = CORPUS.with_name("corpus.sha256")  # the bundled corpus's, checked by a test


@cache
def corpus_digest(path: str = str(CORPUS)) -> str:
    """A content hash of the corpus file: part of every cache key built on it. The
    bundled corpus's is read from ``corpus.sha256`` (2 MB not hashed at every start)."""
    if path == str(CORPUS) and DIGEST.is_file():
        return DIGEST.read_text().strip()[:16]
    return hashlib.sha256(corpus_bytes(path)).hexdigest()[:16]


@cache
def records(path: str = str(CORPUS)) -> dict[str, Record]:
    """Every record by its exact name, in file order (a name appears once)."""
    decoder = msgspec.json.Decoder(Record)
    out: dict[str, Record] = {}
    for line in gzip.decompress(corpus_bytes(path)).splitlines():
        if line.strip():
            rec = decoder.decode(line)
            out.setdefault(rec.name, rec)
    return out


@cache
def by_folded_name(path: str = str(CORPUS)) -> dict[str, str]:
    """Folded name -> the exact name, for every corpus face. A card of several faces
    is recorded as "Front // Back" and each face by its own name after the first; deck
    lists name it either way ("Delver of Secrets"), so its front face's name finds it
    too (a card's own name, if another card has it, wins)."""
    out: dict[str, str] = {}
    for name in records(path):
        if " // " in name:
            out.setdefault(fold(name.split(" // ", 1)[0]), name)
    out.update({fold(name): name for name in records(path)})
    return out


def lookup(name: str, path: str = str(CORPUS)) -> Record | None:
    """The corpus record a deck list's name means (any case; a split or double-faced
    card written "Front // Back" by its front face), or None."""
    names = by_folded_name(path)
    exact = names.get(fold(name))
    if exact is None and "//" in name:
        exact = names.get(fold(name.split("//", 1)[0]))
    return records(path)[exact] if exact is not None else None
