"""Loading the card pool: card data files read once per process (errors name file, line
and card), each definition compiled into an ``engine.card.Card``.

Compiling is a step of loading: the schema (``engine.carddefs``) is data and calls no
rules; here its keyword abilities are expanded (``engine.keywords``) and its masks and
costs worked out. ``compile_card`` is the one way to do it, for the pool's cards, for a
card built in code (``pool_of``, ``CardPool.with_cards``) and, through
``CardPool.compile``, for a card a game makes as it goes (``engine.derived``).
"""

from __future__ import annotations

import gc
import hashlib
import re
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

import msgspec

import mtgsim.engine.keywords.all  # noqa: F401  (registers every keyword's compiler)
from mtgsim.engine.card import Card, CardCompileError, CardPool
from mtgsim.engine.cards import (
    COLOR_BIT,
    KW_FLASH,
    PROT_COLORED_SPELLS,
    T_INSTANT,
    TYPE_BIT,
    Activated,
    CardDef,
    CardFile,
    Filter,
    ManaAbility,
    Replacement,
    Static,
    Target,
    Triggered,
)
from mtgsim.engine.keywords import compile_keywords
from mtgsim.engine.mana import ManaCostError, parse_cost

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


# Filter qualities that change only when the battlefield or characteristics change
# (events that recompute characteristics anyway).
_STABLE_FILTER_FIELDS = frozenset((
    "types", "not_types", "subtypes", "supertypes", "not_supertypes", "colors",
    "not_colors", "multicolored", "monocolored", "controller", "other", "token",
    "has_keyword", "lacks_keyword", "keyword_abilities"))
_NO_FILTER = Filter()
_ANYTHING = Filter()  # "Enchant permanent"


def _static_dynamic(st: Static) -> bool:
    """Whether a static ability's effect can change while the battlefield and
    characteristics stay the same (611.3a conditions, counted amounts, filters on other
    qualities)."""
    if st.condition is not None or not isinstance(st.power, int) or \
            not isinstance(st.toughness, int):
        return True
    f = st.filter
    return st.applies_to == "filter" and any(
        getattr(f, name) != getattr(_NO_FILTER, name)
        for name in f.__struct_fields__ if name not in _STABLE_FILTER_FIELDS)



def compile_card(defn: CardDef, handle: int = -1, pool: CardPool | None = None) -> Card:
    """``defn`` compiled: its keyword abilities expanded into ordinary abilities (kept out
    of ``abilities`` as written), its type line, colours and cost as masks and flags."""
    card = Card(defn, handle, pool)
    cost = parse_cost(defn.mana_cost)
    card._cost = cost
    mask = 0
    for t in defn.types:
        mask |= TYPE_BIT[t]
    card._type_mask = mask
    if defn.colors is None:
        card._color_mask = cost.color_mask
    else:
        cm = 0
        for c in defn.colors:
            cm |= COLOR_BIT[c]
        card._color_mask = cm
    card._protection_spells = False
    abilities = defn.abilities + compile_keywords(card)
    card._mana_value = cost.mana_value
    card._instant_speed = bool(mask & T_INSTANT) or bool(card._kw & KW_FLASH)
    card._mana_abilities = tuple(a for a in abilities if isinstance(a, ManaAbility))
    card._activated = tuple(a for a in abilities if isinstance(a, Activated))
    card._triggered = tuple(a for a in abilities if isinstance(a, Triggered))
    statics = card._statics = tuple(a for a in abilities if isinstance(a, Static))
    card._layered = bool(statics or defn.levels)
    card._dynamic = bool(defn.levels) or any(_static_dynamic(st) for st in statics)
    card._nonlocal = card._dynamic or any(st.applies_to == "filter" for st in statics)
    prot = 0
    for col in (*defn.protection, *card._protection_extra):
        prot |= COLOR_BIT[col]
    if card._protection_spells:
        prot |= PROT_COLORED_SPELLS
    card._base_protection = prot
    card._is_aura = "Aura" in defn.subtypes
    card._legendary = "legendary" in defn.supertypes
    card._spell_grants = any(st.applies_to == "spells_you_cast" for st in statics)
    card._zone_actions = any(a.zone != "battlefield" for a in card._activated) or \
        "flashback" in card._kwnames or "retrace" in card._kwnames
    card._enters_tapped = any(
        isinstance(a, Replacement) and a.kind == "enters_tapped" for a in abilities)
    card._cant_be_countered = any(s.cant_be_countered for s in statics)
    card._enter_replacements = tuple(
        a for a in abilities if isinstance(a, Replacement) and a.kind != "enters_tapped")
    card._aura_target = None if not card._is_aura else Target("player") \
        if card.enchant_player else Target("permanent", card.enchant or _ANYTHING)
    return card


def pool_of(defs: Iterable[CardDef]) -> CardPool:
    """A pool of these definitions, compiled (a pool built in code)."""
    return CardPool(defs, compile_card)


@cache
def load_pool(data_dir: str = str(DATA_DIR)) -> CardPool:
    """Every card in ``data_dir``, compiled; loaded once per process."""
    defs: list[CardDef] = []
    where: dict[str, str] = {}
    for path in card_files(data_dir):
        for card in load_file(path):
            if card.name in where:
                raise CardDataError(
                    f"{path}:1: card {card.name!r} is defined twice (also in {where[card.name]})"
                )
            defs.append(card)
            where[card.name] = str(path)
    try:
        pool = pool_of(defs)
    except CardCompileError as exc:  # an unknown keyword, an "Enchant" without filter
        raise CardDataError(f"{where[exc.name]}:1: {exc}") from None
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


def known_cards(pool: Mapping[str, Card]) -> dict[str, bool]:
    """Name -> is a basic land, as the deck parser wants it."""
    return {name: "basic" in c.supertypes for name, c in pool.items()}
