"""Loading card data files once per process, with errors that name file, line and card."""

from __future__ import annotations

import gc
import hashlib
import re
import tomllib
from functools import cache
from pathlib import Path

import msgspec

from mtgsim.engine.cards import CardDef, CardFile
from mtgsim.engine.mana import ManaCostError

DATA_DIR = Path(__file__).parent / "carddata"
_MANY = re.compile(r"^\[\[card\]\]", re.MULTILINE)


class CardDataError(Exception):
    """A card file that does not match the schema. str() is 'FILE:LINE: card X: problem'."""


def _line_of_card(text: str, index: int) -> int:
    count = -1
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.strip() == "[[card]]":
            count += 1
            if count == index:
                return lineno
    return 1


def card_files(data_dir: str | Path) -> list[Path]:
    """The card files under ``data_dir`` (``<initial>/<card_name>.toml``, any depth), sorted."""
    return sorted(Path(data_dir).rglob("*.toml"))


def load_file(path: Path) -> list[CardDef]:
    """The cards of one file: a card's fields at the top level (one card per file, as the
    bundled pool keeps them), or a ``[[card]]`` table per card (several in one file)."""
    text = path.read_text(encoding="utf-8")
    try:
        if _MANY.search(text):
            return msgspec.toml.decode(text.encode(), type=CardFile).card
        return [msgspec.toml.decode(text.encode(), type=CardDef)]
    except msgspec.ValidationError as exc:
        msg = str(exc)
        m = re.search(r"\$\.card\[(\d+)\]", msg)
        index = int(m.group(1)) if m else 0
        name = "?"
        try:
            raw = tomllib.loads(text)
            name = (raw["card"][index] if _MANY.search(text) else raw).get("name", "?")
        except (tomllib.TOMLDecodeError, KeyError, IndexError, AttributeError):
            pass
        line = _line_of_card(text, index) if _MANY.search(text) else 1
        raise CardDataError(f"{path}:{line}: card {name!r}: {msg}") from None
    except (msgspec.DecodeError, ManaCostError) as exc:
        raise CardDataError(f"{path}:1: {exc}") from None


@cache
def load_pool(data_dir: str = str(DATA_DIR)) -> dict[str, CardDef]:
    """Every card in ``data_dir``, by name; compiled once per process."""
    pool: dict[str, CardDef] = {}
    where: dict[str, str] = {}
    for path in card_files(data_dir):
        for card in load_file(path):
            if card.name in pool:
                raise CardDataError(
                    f"{path}:1: card {card.name!r} is defined twice (also in {where[card.name]})"
                )
            pool[card.name] = card
            where[card.name] = str(path)
    # Card data lives as long as the process: moved out of the cyclic collector's view,
    # it is not traversed again in every collection while games run (about 3% of a
    # game's time otherwise).
    gc.collect()
    gc.freeze()
    return pool


def pool_hash(data_dir: str = str(DATA_DIR)) -> str:
    h = hashlib.sha256()
    for path in card_files(data_dir):
        h.update(path.relative_to(data_dir).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def known_cards(pool: dict[str, CardDef]) -> dict[str, bool]:
    """Name -> is a basic land, as the deck parser wants it."""
    return {name: "basic" in c.supertypes for name, c in pool.items()}
