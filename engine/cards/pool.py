"""Loading the card pool once per process: card files read (errors name file, line and
card) and each definition compiled into an ``engine.cards.card.Card``.

Compiling is a step of loading: the schema (``engine.cards.schema``) is data and calls no
rules; here its keyword abilities are expanded (``engine.keywords``) and its masks and
costs worked out. ``compile_card`` is the one way to do it, for the pool's cards, for a
card built in code (``pool_of``, ``CardPool.with_cards``) and, through
``CardPool.compile``, for a card a game makes as it goes (``engine.state.derived``).

A pool is the bundled cards (``engine/cards/data``), or another directory that replaces
them, plus the user's own card files added to it. A user's card whose name is already in
the pool is an error unless ``override`` is given, so a typo cannot silently shadow a
bundled card. Where the cards come from is a :class:`CardSource`: plain data (the extra
files travel as their text), so a worker on another machine builds the same pool.
"""

from __future__ import annotations

import gc
import hashlib
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

import msgspec

import mtgsim.engine.effects.all  # noqa: F401  (every effect module registers its effect)
import mtgsim.engine.keywords.all  # noqa: F401  (registers every keyword's compiler)
from mtgsim.engine.cards import (
    COLOR_BIT,
    KW_FLASH,
    PROT_COLORED_SPELLS,
    T_INSTANT,
    TYPE_BIT,
    AbilityT,
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
from mtgsim.engine.cards.card import Card, CardPool, HandCheck, PlainMana
from mtgsim.engine.cards.limits import (
    INT_MAX,
    INT_MIN,
    MAX_NESTING,
    nesting_line,
    number_out_of_range,
)
from mtgsim.engine.cards.tomlines import locate
from mtgsim.engine.files import read_regular
from mtgsim.engine.keywords import compile_keywords
from mtgsim.engine.rules.effect import link_effects
from mtgsim.engine.rules.mana import ManaCostError, mana_color_mask, parse_cost
from mtgsim.engine.rules.mechanics import card_mechanics
from mtgsim.engine.rules.spell_costs import (
    ALT_ALTERNATIVE,
    ALT_NORMAL,
    ALT_OTHER_ADDITIONAL,
    PERMISSIONS,
    REDUCTIONS,
)
from mtgsim.engine.state.game_state import HAND

# Every effect and keyword module is loaded (above): the effect union can be assembled
# before any card file is decoded.
link_effects()

DATA_DIR = Path(__file__).parent / "data"
# In a card data directory: the names of the cards it takes from the Oracle compiler (the
# bundled pool's cards whose compiled definitions are their hand-written ones were; their
# files are gone: engine/cards/oracle/HANDWRITTEN.md lists the cards that stay written)
COMPILED_LIST = "compiled.txt"
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

    ``base``: a directory of card files ("" for the bundled ``engine/cards/data``);
    ``extra``: the user's card files (name, text), added to the base; ``override``: an
    extra card may replace a base card of the same name; ``corpus``: names of cards
    compiled from the bundled Oracle corpus (``engine.cards.oracle``) for the cards a
    deck names that the files do not define.
    """

    base: str = ""
    extra: ExtraFiles = ()
    override: bool = False
    corpus: tuple[str, ...] = ()

    @property
    def base_dir(self) -> str:
        return self.base or str(DATA_DIR)

    def load(self) -> CardPool:
        """The pool (cached per process); raises ``CardDataError``."""
        if not self.base and not self.extra and not self.corpus:
            return load_pool()
        return load_pool(self.base_dir, self.extra, self.override, self.corpus)

    def hash(self) -> str:
        """A content hash of every card file of the pool and of the compiled cards it
        adds (replays and job manifests)."""
        return pool_hash(self.base_dir, self.extra, self.corpus)

    def with_corpus(self, names: Iterable[str]) -> CardSource:
        """This source with these corpus cards added (sorted, each once)."""
        return msgspec.structs.replace(self, corpus=tuple(sorted({*self.corpus, *names})))

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
    as the bundled pool keeps them), or a ``[[card]]`` table per card (several in one).
    Each is compiled once as a check, so that what only compiling finds (a bad mana
    cost, an unknown keyword) is an error naming this file and line too."""
    many = bool(_MANY.search(text))
    deep = nesting_line(text)  # before the parser recurses into it
    if deep:
        raise CardDataError(f"{file}:{deep}: arrays or tables nested more than "
                            f"{MAX_NESTING} deep")
    try:
        if many:
            cards = msgspec.toml.decode(text.encode(), type=CardFile).card
        else:
            cards = [msgspec.toml.decode(text.encode(), type=CardDef)]
    except msgspec.ValidationError as exc:
        line, index = _error_line(text, str(exc), many)
        name = _card_name(text, index if many else -1)
        who = f"card {name!r}: " if name else ""
        raise CardDataError(f"{file}:{line}: {who}{exc}") from None
    except msgspec.DecodeError as exc:  # TOML syntax
        line, _ = _error_line(text, str(exc), many)
        message = _AT_LINE.sub("", str(exc)).strip()
        raise CardDataError(f"{file}:{line}: TOML syntax error: {message}") from None
    huge = number_out_of_range(text, msgspec.to_builtins(cards))
    if huge is not None:
        line, key, value = huge
        digits = str(value)
        shown = digits if len(digits) <= 24 else f"{digits[:12]}... ({len(digits)} digits)"
        raise CardDataError(f"{file}:{line}: {key} = {shown}: a number on a card must be "
                            f"{INT_MIN} .. {INT_MAX}")
    for i, card in enumerate(cards):
        try:
            compile_card(card)
        except ManaCostError as exc:
            line = locate(text, ["card", i, "mana_cost"] if many else ["mana_cost"])
            raise CardDataError(f"{file}:{line}: card {card.name!r}: {exc}") from None
        except ValueError as exc:  # an unknown keyword, an Aura's enchant quality, ...
            line = _line_quoting(text, str(exc)) or locate(
                text, ["card", i, "name"] if many else ["name"])
            raise CardDataError(f"{file}:{line}: card {card.name!r}: {exc}") from None
    return cards


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
        return read_regular(path).decode("utf-8")  # a FIFO would block: refused
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


# Filter qualities that change only when the battlefield or characteristics change
# (events that recompute characteristics anyway).
_STABLE_FILTER_FIELDS = frozenset((
    "types", "not_types", "subtypes", "supertypes", "not_supertypes", "colors",
    "not_colors", "multicolored", "monocolored", "controller", "other", "token",
    "has_keyword", "lacks_keyword", "keyword_abilities"))
_NO_FILTER = Filter()
# replacement abilities that are not about entering: "enters tapped" (``enters_tapped``,
# applied by the rules themselves) and "exile it instead" (``exiles_itself``)
_NOT_ENTERING = ("enters_tapped", "exile_instead_of_graveyard")
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



def _plain_beside(abilities: tuple[ManaAbility, ...], ab: ManaAbility) -> bool:
    """Is the other of the two abilities a plain "{T}: Add {C}." (one mana, no other
    cost or condition): the one ``engine.rules.payment`` falls back on when no creature
    is left to tap (``helped_fallback``)?"""
    other = abilities[0] if abilities[1] is ab else abilities[1]
    return other.tap and not other.tap_creature and not other.mana_cost and \
        not other.each and other.amount == 1 and not other.sacrifice_self and \
        other.condition is None and not other.once_per_turn


def _check_filters(abilities: tuple[ManaAbility, ...], name: str) -> None:
    """A mana ability with a mana cost is a filter ("{1}, {T}: Add one mana of any
    color.", 605.1a; or of one of some colours, and without {T} only once each turn,
    602.5b): the only kind the payment planner activates (``engine.rules.payment``), on
    a permanent with no other mana ability or one that
    taps for one mana of its own (Conduit Pylons: ``engine.rules.mana``'s dual filters);
    any other is refused here."""
    for ab in abilities:
        if ab.tap_creature and (len(abilities) > 2 or ab.mana_cost or not ab.tap or
                                ab.each or ab.amount != 1 or ab.sacrifice_self or
                                len(abilities) == 2 and not _plain_beside(abilities, ab)):
            raise ValueError(f"{name}: a mana ability that taps a creature is paid only as "
                             "the permanent's one mana ability, tapping it, for one mana "
                             "(or beside one plain one-mana ability: Holdout Settlement)")
        if ab.once_per_turn and (not ab.mana_cost or ab.tap or len(abilities) > 1):
            raise ValueError(f"{name}: a once-each-turn mana ability is paid only as a "
                             "filter that doesn't tap, the permanent's one mana ability")
        if not ab.mana_cost:
            continue
        if ab.mana_cost != "{1}" or "C" in ab.colors or ab.each or \
                ab.amount != 1 or ab.condition is not None or \
                not (ab.tap or ab.once_per_turn):
            # (one that neither taps nor is once each turn could be activated any number
            # of times: the planner counts each filter once)
            raise ValueError(f"{name}: a mana ability with mana cost {ab.mana_cost!r}: only "
                             "\"{1}, {T}: Add one mana of any color.\" (or of one of some "
                             "colours; without {T}, once each turn) is paid")
        for other in abilities:
            if other is not ab and (len(abilities) > 2 or other.mana_cost or not other.tap or
                                    other.each or other.amount != 1 or other.sacrifice_self
                                    or other.condition is not None):
                raise ValueError(f"{name}: a filter mana ability beside a mana ability "
                                 "other than one mana of its own")


def compile_card(defn: CardDef, handle: int = -1, pool: CardPool | None = None) -> Card:
    """``defn`` compiled: its keyword abilities expanded into ordinary abilities (kept out
    of ``abilities`` as written), its type line, colours and cost as masks and flags. In
    the order each part needs the one before: the characteristics (``_compile_face``),
    the keywords, the abilities by kind (``_compile_abilities``), then how the card is
    cast (``_compile_casting``)."""
    card = Card(defn, handle, pool)
    _compile_face(card, defn)
    card.protection_spells = False
    abilities = defn.abilities + compile_keywords(card)
    # a back face's mana value is its front face's (712.8e)
    card.mana_value = parse_cost(defn.front_mana_cost).mana_value if defn.front_mana_cost \
        else card.cost.mana_value
    # some way to cast it from a hand has instant speed: an instant, flash, or an instant
    # Adventure (715.3; the creature itself is cast at its own speed, engine.rules.casting)
    card.instant_speed = bool(card.type_mask & T_INSTANT) or \
        bool(card.keyword_mask & KW_FLASH) or \
        defn.adventure is not None and "instant" in defn.adventure.types or \
        any(p.instant and p.keyword in card.keyword_names for p in PERMISSIONS)
    _compile_abilities(card, defn, abilities)
    prot = 0
    for col in (*defn.protection, *card.protection_extra):
        prot |= COLOR_BIT[col]
    if card.protection_spells:
        prot |= PROT_COLORED_SPELLS
    card.base_protection = prot
    card.is_aura = "Aura" in defn.subtypes
    card.legendary = "legendary" in defn.supertypes
    _compile_casting(card, defn)
    card.mechanics = card_mechanics(card)
    return card


def _compile_face(card: Card, defn: CardDef) -> None:
    """The printed characteristics as masks: the mana cost (202.1; Phyrexian symbols,
    107.4f: engine.rules.phyrexian), the types (205) and the colours (105.2: the cost's,
    unless the card says otherwise, 204)."""
    cost = parse_cost(defn.mana_cost, phyrexian=True)
    card.cost = cost
    mask = 0
    for t in defn.types:
        mask |= TYPE_BIT[t]
    card.type_mask = mask
    if defn.colors is None:
        card.color_mask = cost.color_mask
    else:
        cm = 0
        for c in defn.colors:
            cm |= COLOR_BIT[c]
        card.color_mask = cm


def _compile_abilities(card: Card, defn: CardDef, abilities: tuple[AbilityT, ...]) -> None:
    """The abilities sorted by kind (113.3: mana, activated, triggered, static), with
    what the rules ask of them at every turn worked out once: a single plain mana
    ability (``PlainMana``), whether the card's statics need the layers (613) or change
    with the game, and its replacement effects as it enters (614.1c-d)."""
    card.mana_abilities = tuple(a for a in abilities if isinstance(a, ManaAbility))
    _check_filters(card.mana_abilities, defn.name)
    one = card.mana_abilities[0] if len(card.mana_abilities) == 1 else None
    card.mana_plain = None
    if one is not None and one.condition is None and type(one.amount) is int and \
            not one.mana_cost and not one.tap_creature:
        # "Add {B}{R}" (each): mask 0 says one mana of each colour (engine.rules.payment)
        card.mana_plain = PlainMana(one, 0, len(one.colors), one.tap) if one.each else \
            PlainMana(one, mana_color_mask(one.colors), one.amount, one.tap)
    card.activated = tuple(a for a in abilities if isinstance(a, Activated))
    card.triggered = tuple(a for a in abilities if isinstance(a, Triggered))
    statics = card.statics = tuple(a for a in abilities if isinstance(a, Static))
    card.layered = bool(statics or defn.levels)
    card.dynamic = bool(defn.levels) or any(_static_dynamic(st) for st in statics)
    card.affects_others = card.dynamic or any(st.applies_to == "filter" for st in statics)
    card.spell_grants = any(st.applies_to == "spells_you_cast" for st in statics)
    card.enters_tapped = any(
        isinstance(a, Replacement) and a.kind == "enters_tapped" for a in abilities)
    card.cant_be_countered = any(s.cant_be_countered for s in statics)
    card.enter_replacements = tuple(
        a for a in abilities if isinstance(a, Replacement) and a.kind not in _NOT_ENTERING)
    card.exiles_itself = any(isinstance(a, Replacement) and
                             a.kind == "exile_instead_of_graveyard" for a in abilities)


def _compile_casting(card: Card, defn: CardDef) -> None:
    """How the card can be cast and used from a zone, worked out once: the casts from a
    hand (its own, each permission's: ``spell_costs.PERMISSIONS``, an alternative cost,
    "[A] or [B]" 601.2b), whether it has abilities or permissions outside the battlefield,
    what an Aura spell targets (303.4a), and the quick castability check of a plain cast
    (``HandCheck``: no cost reduction, 601.2f, and no other way to pay)."""
    card.zone_actions = any(a.zone != "battlefield" for a in card.activated) or \
        any(p.zone != HAND and p.keyword in card.keyword_names for p in PERMISSIONS)
    card.hand_casts = (ALT_NORMAL, *(p.code for p in PERMISSIONS if p.zone == HAND and (
        p.keyword in card.keyword_names or p.printed is not None and p.printed(card))))
    if defn.alternative_cost is not None:
        card.hand_casts = (*card.hand_casts, ALT_ALTERNATIVE)
    if defn.spell is not None and defn.spell.additional_cost_or is not None:
        card.hand_casts = (*card.hand_casts, ALT_OTHER_ADDITIONAL)  # "[A] or [B]" (601.2b)
    card.aura_target = None if not card.is_aura else Target("player") \
        if card.enchant_player else Target("permanent", card.enchant or _ANYTHING)
    # a cost reduction of its own (601.2f) or another way to pay: no quick check
    quick = card.cost.mana_value if len(card.hand_casts) == 1 and card.cost is not None \
        and not card.reductions and not card.cost.phyrexian \
        and not any(r.keyword in card.keyword_names for r in REDUCTIONS) else -1
    spell = card.spell
    plain = quick >= 0 and (spell is None or spell.additional_cost is None and not spell.modes)
    targets: tuple[Target, ...] = ()  # spell_targets(card, -1), for a plain cast
    if plain and card.aura_target is not None:
        targets = (card.aura_target,)
    elif plain and spell is not None:
        targets = spell.targets
    card.hand_check = HandCheck(card.hand_casts, quick, card.cost if plain else None, targets)


def pool_of(defs: Iterable[CardDef]) -> CardPool:
    """A pool of these definitions, compiled (a pool built in code)."""
    return CardPool(defs, compile_card)


@cache
def load_pool(data_dir: str = str(DATA_DIR), extra: ExtraFiles = (),
              override: bool = False, corpus: tuple[str, ...] = ()) -> CardPool:
    """Every card of ``data_dir`` and then of the ``extra`` files, compiled (by name and
    by handle, ``engine.cards.card.CardPool``); loaded once per process. An extra card named like a card of ``data_dir`` replaces it only with
    ``override``; any other second definition of a name is an error. Then each card of
    ``corpus`` the files do not define, compiled from the Oracle corpus."""
    files = card_files(data_dir)
    if not files:
        raise CardDataError(f"{data_dir}: no card data files (*.toml) found")
    defined = _Defined()
    for path in files:
        defined.add_file(str(path), read_card_file(path))
    listed = compiled_names(data_dir)
    twice = sorted(n for n in listed if n in defined.pool)
    if twice:
        raise CardDataError(f"{Path(data_dir) / COMPILED_LIST}: card {twice[0]!r} is also in "
                            f"a card file ({defined.where[twice[0]]})")
    _add_corpus_cards(defined, listed)
    defined.freeze_base(override)
    for file, text in extra:
        defined.add_file(file, text)
    _add_corpus_cards(defined, corpus)
    pool = pool_of(defined.pool.values())
    # Card data lives as long as the process: moved out of the cyclic collector's view,
    # it is not traversed again in every collection while games run (about 3% of a
    # game's time otherwise).
    gc.collect()
    gc.freeze()
    young_collections_for_games()
    return pool


def compiled_names(data_dir: str | Path) -> tuple[str, ...]:
    """The cards a card data directory takes from the Oracle compiler (its
    ``compiled.txt``: one exact card name a line, ``#`` comments); none without one."""
    path = Path(data_dir) / COMPILED_LIST
    if not path.is_file():
        return ()
    lines = read_card_file(path).splitlines()
    return tuple(s for line in lines if (s := line.strip()) and not s.startswith("#"))


def _add_corpus_cards(defined: _Defined, names: tuple[str, ...]) -> None:
    """Add the corpus cards ``names`` that the card files do not define (a hand-written
    card is the card: it overrides the compiled one)."""
    wanted = [n for n in names if n not in defined.pool]
    if not wanted:
        return
    # imported here: a pool of card files only never loads the compiler (start-up time)
    from mtgsim.engine.cards.oracle.library import Missing, resolve

    found = resolve(wanted, compile_card)
    for name in wanted:
        got = found[name]
        if isinstance(got, Missing):
            raise CardDataError(f"corpus card {name!r}: {got.reason}")
        defined.pool[got.name] = got.defn
        defined.where[got.name] = "the Oracle corpus"


# How many container allocations (net of deallocations) start a collection of the youngest
# generation while games run. A game makes hundreds of thousands of lists, tuples, dicts
# and Structs, nearly all freed by reference counting within a decision; at CPython's
# default of 700 a collection runs every few decisions and traverses what is alive at that
# moment. At 10,000 it runs 14 times less often: 2.1% fewer instructions a heuristic game,
# 2.0% a random one (scripts/instructions.py); reference cycles are still collected.
GAME_YOUNG_THRESHOLD = 10_000


def young_collections_for_games() -> None:
    """Raise the youngest generation's collection threshold to ``GAME_YOUNG_THRESHOLD``
    for this process (never lower it, and leave a threshold of 0, the collector turned
    off, alone). When the collector runs never changes a game: nothing in the engine
    has a finaliser or a weak reference whose timing a game could see."""
    young, *older = gc.get_threshold()
    if 0 < young < GAME_YOUNG_THRESHOLD:
        gc.set_threshold(GAME_YOUNG_THRESHOLD, *older)


def pool_hash(data_dir: str = str(DATA_DIR), extra: ExtraFiles = (),
              corpus: tuple[str, ...] = ()) -> str:
    """A content hash of the card files of a pool (their paths below ``data_dir``, their
    bytes, then each extra file's name and text), and of its compiled corpus cards (the
    corpus and compiler they come from, and their names)."""
    h = hashlib.sha256()
    for path in card_files(data_dir):
        h.update(path.relative_to(data_dir).as_posix().encode())
        h.update(path.read_bytes())
    listed = Path(data_dir) / COMPILED_LIST
    if listed.is_file():
        h.update(b"\0compiled\0" + listed.read_bytes())
    for name, text in extra:
        h.update(b"\0extra\0" + Path(name).name.encode() + b"\0" + text.encode())
    if corpus or listed.is_file():
        from mtgsim.engine.cards.oracle.cache import cache_key

        h.update(b"\0corpus\0" + cache_key().encode())
        for name in corpus:
            h.update(b"\0" + name.encode())
    return h.hexdigest()[:16]


def known_cards(pool: Mapping[str, Card]) -> dict[str, bool]:
    """Name -> is a basic land, as the deck parser wants it."""
    return {name: "basic" in c.supertypes for name, c in pool.items()}
