"""Loading card data once per process, with errors that name file, line and card.

A pool is the bundled cards (``engine/carddata``), or another directory that replaces
them, plus the user's own card files added to it. A user's card whose name is already in
the pool is an error unless ``override`` is given, so a typo cannot silently shadow a
bundled card. Where the cards come from is a :class:`CardSource`: plain data (the extra
files travel as their text), so a worker on another machine builds the same pool.
"""

from __future__ import annotations

import gc
import hashlib
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import msgspec

from mtgsim.engine.cards import CardDef, CardFile
from mtgsim.engine.mana import ManaCostError
from mtgsim.engine.tomlines import locate

DATA_DIR = Path(__file__).parent / "carddata"
_MANY = re.compile(r"^\[\[card\]\]", re.MULTILINE)
_AT_LINE = re.compile(r"\(at line (\d+), column \d+\)")
_AT_PATH = re.compile(r"`\$((?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*)`")
_UNKNOWN_FIELD = re.compile(r"unknown field `([^`]+)`")
_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")

ExtraFiles = tuple[tuple[str, str], ...]  # (file name for messages, TOML text)


class CardDataError(Exception):
    """A card file that cannot be used. str() is "FILE:LINE: problem" (or "FILE: problem")."""


class CardSource(msgspec.Struct, frozen=True):
    """Where a pool's cards come from.

    ``base``: a directory of card files ("" for the bundled ``engine/carddata``);
    ``extra``: the user's card files (name, text), added to the base; ``override``: an
    extra card may replace a base card of the same name.
    """

    base: str = ""
    extra: ExtraFiles = ()
    override: bool = False

    @property
    def base_dir(self) -> str:
        return self.base or str(DATA_DIR)

    def load(self) -> dict[str, CardDef]:
        """The pool (cached per process); raises ``CardDataError``."""
        if not self.base and not self.extra:
            return load_pool()
        return load_pool(self.base_dir, self.extra, self.override)

    def hash(self) -> str:
        """A content hash of every card file of the pool (replays and job manifests)."""
        return pool_hash(self.base_dir, self.extra)

    def extra_names(self) -> list[str]:
        """The names of the cards the extra files define, in file order."""
        return [c.name for name, text in self.extra for c in parse_cards(text, name)]


def _path_steps(path: str) -> list[str | int]:
    return [int(i) if i else k for k, i in _STEP.findall(path)]


def _error_line(text: str, message: str, many: bool) -> tuple[int, int]:
    """(line, card index) of a decoding error, from its ``$.path`` or its own line."""
    m = _AT_LINE.search(message)
    if m:
        return int(m.group(1)), -1
    steps: list[str | int] = []
    p = _AT_PATH.search(message)
    if p:
        steps = _path_steps(p.group(1))
    f = _UNKNOWN_FIELD.search(message)
    if f:
        steps.append(f.group(1))
    if not steps:  # a check of the card's own (a mana cost, a keyword): find its value
        line = _line_quoting(text, message)
        if line:
            return line, -1
    if not many:
        return locate(text, steps), -1
    index = steps[1] if len(steps) > 1 and isinstance(steps[1], int) else 0
    return locate(text, steps if steps else ["card", 0]), index


_QUOTED = re.compile(r"'([^'\n]{2,})'")


def _line_quoting(text: str, message: str) -> int:
    """The first line of ``text`` holding a value the message quotes (last quoted first)."""
    lines = text.splitlines()
    for value in reversed(_QUOTED.findall(message)):
        for lineno, line in enumerate(lines, 1):
            if value in line:
                return lineno
    return 0


def parse_cards(text: str, file: str) -> list[CardDef]:
    """The cards of one file's text: a card's fields at the top level (one card per file,
    as the bundled pool keeps them), or a ``[[card]]`` table per card (several in one)."""
    many = bool(_MANY.search(text))
    try:
        if many:
            return msgspec.toml.decode(text.encode(), type=CardFile).card
        return [msgspec.toml.decode(text.encode(), type=CardDef)]
    except msgspec.ValidationError as exc:
        line, index = _error_line(text, str(exc), many)
        name = _card_name(text, index if many else -1)
        who = f"card {name!r}: " if name else ""
        raise CardDataError(f"{file}:{line}: {who}{exc}") from None
    except msgspec.DecodeError as exc:  # TOML syntax
        line, _ = _error_line(text, str(exc), many)
        message = _AT_LINE.sub("", str(exc)).strip()
        raise CardDataError(f"{file}:{line}: TOML syntax error: {message}") from None
    except ManaCostError as exc:
        line = locate(text, ["mana_cost"]) if not many else 1
        raise CardDataError(f"{file}:{line}: {exc}") from None


def _card_name(text: str, index: int) -> str:
    """The ``name`` of the card (``index`` -1: the top-level card), if the file parses."""
    import tomllib

    try:
        raw = tomllib.loads(text)
        card = raw["card"][index] if index >= 0 else raw
        name = card.get("name", "")
    except (tomllib.TOMLDecodeError, KeyError, IndexError, TypeError, AttributeError):
        return ""
    return name if isinstance(name, str) else ""


def read_card_file(path: Path) -> str:
    """A card file's text; a file that is no UTF-8 text or cannot be read is an error."""
    if path.is_dir():
        raise CardDataError(f"{path}: a directory, not a card file (card files are "
                            "*.toml files)")
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardDataError(f"{path}: not UTF-8 text ({exc.reason} at byte "
                            f"{exc.start})") from None
    except OSError as exc:
        raise CardDataError(f"{path}: cannot read ({exc.strerror or exc})") from None


def card_files(data_dir: str | Path) -> list[Path]:
    """The card files under ``data_dir`` (``<initial>/<card_name>.toml``, any depth), sorted."""
    return sorted(Path(data_dir).rglob("*.toml"))


def load_file(path: Path) -> list[CardDef]:
    """The cards of one card file."""
    return parse_cards(read_card_file(path), str(path))


def read_extra(paths: Iterable[str | Path]) -> ExtraFiles:
    """The user's card files, given as files or directories (searched for ``*.toml``), as
    (name, text) pairs in argument order; raises ``CardDataError``."""
    out: list[tuple[str, str]] = []
    for arg in paths:
        p = Path(arg)
        if p.is_dir():
            files = card_files(p)
            if not files:
                raise CardDataError(f"{p}: no card files (*.toml) in this directory")
        elif p.exists():
            files = [p]
        else:
            raise CardDataError(f"{p}: no such file or directory")
        out.extend((str(f), read_card_file(f)) for f in files)
    return tuple(out)


class _Defined:
    """The pool being built, and where each card was defined (for duplicate errors)."""

    def __init__(self) -> None:
        self.pool: dict[str, CardDef] = {}
        self.where: dict[str, str] = {}
        self.base: frozenset[str] = frozenset()  # names an extra file may replace ...
        self.base_files: frozenset[str] = frozenset()  # ... while defined there ...
        self.override = False  # ... with override

    def add_file(self, file: str, text: str) -> None:
        """Add a file's cards; a second definition of a name is an error at the line of
        the card's ``name``, unless it replaces a base card with ``override``."""
        many = bool(_MANY.search(text))
        for i, card in enumerate(parse_cards(text, file)):
            name = card.name
            if name in self.pool:
                line = locate(text, ["card", i, "name"] if many else ["name"])
                if name not in self.base or self.where[name] not in self.base_files:
                    raise CardDataError(f"{file}:{line}: card {name!r} is defined twice "
                                        f"(also in {self.where[name]})")
                if not self.override:
                    raise CardDataError(f"{file}:{line}: card {name!r} is already in the "
                                        f"pool ({self.where[name]}); give --override to "
                                        "replace it")
            self.pool[name] = card
            self.where[name] = file

    def freeze_base(self, override: bool) -> None:
        """What is defined so far is the base, which extra files add to."""
        self.base = frozenset(self.pool)
        self.base_files = frozenset(self.where.values())
        self.override = override


@cache
def load_pool(data_dir: str = str(DATA_DIR), extra: ExtraFiles = (),
              override: bool = False) -> dict[str, CardDef]:
    """Every card of ``data_dir`` and then of the ``extra`` files, by name; compiled once
    per process. An extra card named like a card of ``data_dir`` replaces it only with
    ``override``; any other second definition of a name is an error."""
    files = card_files(data_dir)
    if not files:
        raise CardDataError(f"{data_dir}: no card data files (*.toml) found")
    defined = _Defined()
    for path in files:
        defined.add_file(str(path), read_card_file(path))
    defined.freeze_base(override)
    for file, text in extra:
        defined.add_file(file, text)
    # Card data lives as long as the process: moved out of the cyclic collector's view,
    # it is not traversed again in every collection while games run (about 3% of a
    # game's time otherwise).
    gc.collect()
    gc.freeze()
    return defined.pool


def pool_hash(data_dir: str = str(DATA_DIR), extra: ExtraFiles = ()) -> str:
    """A content hash of the card files of a pool (their paths below ``data_dir``, their
    bytes, then each extra file's name and text)."""
    h = hashlib.sha256()
    for path in card_files(data_dir):
        h.update(path.relative_to(data_dir).as_posix().encode())
        h.update(path.read_bytes())
    for name, text in extra:
        h.update(b"\0extra\0" + Path(name).name.encode() + b"\0" + text.encode())
    return h.hexdigest()[:16]


def known_cards(pool: dict[str, CardDef]) -> dict[str, bool]:
    """Name -> is a basic land, as the deck parser wants it."""
    return {name: "basic" in c.supertypes for name, c in pool.items()}
