"""The compiled-card cache on disk: what the compiler made of each name a deck list asked
for (its definition, or why there is none), so that loading a deck of corpus cards does
not read and compile the corpus again.

One file per corpus and compiler: its name holds the corpus digest, ``COMPILER_VERSION``
and a digest of the compiler's own source, so a cache of another corpus or compiler is
never read. It lives in ``$MTGSIM_CACHE_DIR``, else ``$XDG_CACHE_HOME/mtgsim``, else
``~/.cache/mtgsim``. It is never required: a folder that cannot be written means no cache,
and a file that cannot be decoded (truncated, another format) is ignored and rewritten.
Writes go through a temporary file and a rename, so a reader never sees half a file.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path

import msgspec

from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.schema.carddef import CardDef

# Bumped whenever what the compiler produces for some record changes (with the digest of
# the compiler's source, part of the cache's key: a cache of another compiler is never
# read). Kept here, not with the compiler: a warm cache is read without importing it.
COMPILER_VERSION = 7


class Entry(msgspec.Struct, frozen=True):
    """One name's result: the exact card name ("" when not in the corpus), its
    definition, or the reason there is none and a suggestion."""

    name: str = ""
    defn: CardDef | None = None
    reason: str = ""
    suggestion: str = ""


class CacheFile(msgspec.Struct):
    key: str
    entries: dict[str, Entry] = {}


@cache
def source_digest() -> str:
    """A digest of the compiler's source files, of the adventurer cards' second halves
    (``adventures.jsonl``, read with the corpus), of the spelling rule whose "did you
    mean" the cache keeps for a missing name, and of what the compiler builds with: the
    card schema and the keyword modules (a keyword's reader, such as buyback's or craft's,
    makes part of a card's data): a changed pattern, rule or keyword is a new cache."""
    h = hashlib.sha256()
    here = Path(__file__).parent
    engine = here.parent.parent
    for path in [*sorted(here.glob("*.py")), here / "adventures.jsonl",
                 here.parent / "spelling.py",
                 *sorted((here.parent / "schema").glob("*.py")),
                 *sorted((engine / "keywords").glob("*.py"))]:
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:12]


def cache_dir() -> Path:
    """Where the cache lives (see the module's docstring)."""
    env = os.environ.get("MTGSIM_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "mtgsim"


def cache_key(path: str = str(corpus.CORPUS)) -> str:
    return f"{corpus.corpus_digest(path)}-v{COMPILER_VERSION}-{source_digest()}"


class Store:
    """The cache file of one corpus, read once; ``put`` then ``save`` to add entries."""

    def __init__(self, file: Path | None, key: str) -> None:
        self.file = file
        self.data = CacheFile(key)
        self.dirty = False
        if file is not None and file.is_file():
            try:
                got = msgspec.msgpack.decode(file.read_bytes(), type=CacheFile)
            except (msgspec.DecodeError, msgspec.ValidationError, OSError, ValueError):
                got = None  # corrupt or foreign: ignored, rewritten on save
            if got is not None and got.key == key:
                self.data = got

    def get(self, folded: str) -> Entry | None:
        return self.data.entries.get(folded)

    def put(self, folded: str, name: str, defn: CardDef | None, reason: str,
            suggestion: str) -> None:
        self.data.entries[folded] = Entry(name, defn, reason, suggestion)
        self.dirty = True

    def save(self) -> None:
        """Write the file (atomically); a folder that cannot be written is no error."""
        if self.file is None or not self.dirty:
            return
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.file.parent, prefix=".oracle-")
            with os.fdopen(fd, "wb") as f:
                f.write(msgspec.msgpack.encode(self.data))
            os.replace(tmp, self.file)
        except OSError:
            return
        self.dirty = False


def open_cache(path: str = str(corpus.CORPUS)) -> Store:
    """The cache of the corpus at ``path`` (an empty one if there is none yet)."""
    key = cache_key(path)
    return Store(cache_dir() / f"oracle-{key}.msgpack", key)
