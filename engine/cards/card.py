"""``Card``: a card as the rules read it, its definition (``engine.cards.schema.CardDef``)
compiled once, and ``CardPool``, the loaded cards a game's objects refer to.

A ``CardDef`` is data: what a card file says. Compiling it (``engine.cards.pool``) expands
its keyword abilities into ordinary abilities and turns type lines, costs and colours
into the flags and bitmasks the hot loop reads; a ``Card`` holds the definition's fields
and those compiled ones (public names: the rules read them everywhere). A game object
refers to its card directly in
memory; serialized, it refers to it by ``handle``: its index in the pool the game was
started with, or (for a card made during the game: a text-changed copy, a spell with a
gained keyword, a token not in the pool) past the pool's end, into the game's own table
``GameState.extra_cards`` (``engine.state.derived``).

This module holds no rules and imports none: it is what the game state's types name.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

import msgspec

from mtgsim.engine.cards.schema.bits import T_CREATURE, T_INSTANT, T_LAND, T_SORCERY
from mtgsim.engine.cards.schema.carddef import CardDef, KeywordInstance, LevelBand
from mtgsim.engine.rules.mana import ManaCost

if TYPE_CHECKING:
    from mtgsim.engine.cards.schema.abilities import (
        AbilityT,
        Activated,
        Cost,
        ManaAbility,
        Replacement,
        SpellAbility,
        SpellCostReduction,
        Static,
        Triggered,
    )
    from mtgsim.engine.cards.schema.filters import Filter, Target
    from mtgsim.engine.cards.schema.unions import Condition

_DEF_FIELDS = CardDef.__struct_fields__


class HandCheck(msgspec.Struct, frozen=True):
    """What casting a card from a hand needs checked (``Card.hand_check``, read by
    engine.rules.casting's legal actions): ``casts``, the ways to cast it from a hand
    (``Card.hand_casts``); ``quick``, the mana value under which no mana found casts it
    (-1: a permission or a cost reduction may pay otherwise); for a spell with no mode,
    no additional cost and no other way to pay, ``cost``, its mana cost, and
    ``targets``, its targets (paying it and finding them is all it needs), else None
    and ()."""

    casts: tuple[int, ...]
    quick: int
    cost: ManaCost | None
    targets: tuple[Target, ...]


class PlainMana(msgspec.Struct, frozen=True):
    """A card's one mana ability when it has no condition and a fixed amount (a basic
    land's: ``Card.mana_plain``, read by engine.rules.payment): the ability, the colour
    mask of its mana (0 for one mana of each of its colours, "Add {B}{R}"), its amount
    and whether it taps."""

    ability: ManaAbility
    mask: int
    amount: int
    tap: bool


class Card:
    """One card, compiled: the definition's fields, then what the rules derive from them.

    Made only by ``engine.cards.pool.compile_card`` (so a card built in code, a token or a
    copy gets the same compiled data as one loaded from a file). Immutable once compiled;
    shared by every game (and every clone of a game) that uses it.
    """

    __slots__ = (
        *_DEF_FIELDS, "defn", "handle", "pool", "cost", "type_mask", "color_mask", "keyword_mask",
        "mana_value", "instant_speed", "mana_abilities", "activated", "triggered",
        "statics", "layered", "dynamic", "affects_others", "enters_tapped", "keyword_instances",
        "keyword_names", "protection_extra", "protection_types", "protection_spells",
        "zone_actions", "spell_grants", "base_protection", "is_aura", "legendary",
        "cant_be_countered", "enter_replacements", "aura_target", "hand_casts",
        "hand_check", "mana_plain", "reductions", "exiles_itself", "mechanics",
    )

    # the definition's fields (engine.cards.schema.CardDef; enchant and enchant_player as the
    # keyword abilities complete them: "Enchant creature" gives the enchant filter)
    name: str
    types: tuple[str, ...]
    mana_cost: str
    supertypes: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: tuple[str, ...] | None
    power: int | None
    toughness: int | None
    keywords: tuple[str, ...]
    protection: tuple[str, ...]
    printed_power: str | None
    printed_toughness: str | None
    levels: tuple[LevelBand, ...]
    spell: SpellAbility | None
    enchant: Filter | None
    enchant_player: bool
    abilities: tuple[AbilityT, ...]
    text: str
    alternative_cost: Cost | None
    alternative_if: Condition | None
    cost_reductions: tuple[SpellCostReduction, ...]
    back: CardDef | None  # a transforming double-faced card's back face (712.2)
    front_mana_cost: str  # a back face's front face's mana cost (712.8e)
    adventure: CardDef | None  # an adventurer (or Omen) card's second half (715.2)
    overloaded: CardDef | None  # the spell cast for its overload cost (702.96b)
    bestowed: CardDef | None  # the bestowed Aura a card with bestow is (702.103b)

    defn: CardDef  # the definition as written (what a copy or a text change starts from)
    handle: int  # index in the game's card table: the pool's cards, then the game's own
    pool: CardPool | None  # the pool this card was loaded into (None: made during a game)

    # compiled
    cost: ManaCost
    type_mask: int
    color_mask: int
    keyword_mask: int
    mana_value: int
    instant_speed: bool
    mana_abilities: tuple[ManaAbility, ...]
    activated: tuple[Activated, ...]
    triggered: tuple[Triggered, ...]
    statics: tuple[Static, ...]
    layered: bool  # has statics or level bands: engine.rules.layers must look at it
    # a static whose effect may change without the battlefield changing (a condition, a
    # computed amount, a filter on more than types, colours and controller) or level
    # bands: characteristics are recomputed at more events while it is on the battlefield
    dynamic: bool
    # a static that may affect permanents other than its own and what it is attached to
    # ("creatures you control get +1/+1"), or _dynamic: a permanent entering may change
    # other permanents' characteristics
    affects_others: bool
    enters_tapped: bool
    keyword_instances: tuple[KeywordInstance, ...]
    keyword_names: frozenset[str]
    protection_extra: tuple[str, ...]
    protection_types: int  # "protection from instants": card-type mask (702.16a)
    protection_spells: bool  # "protection from colored spells" (702.16a)
    zone_actions: bool  # usable from hand or graveyard (activations, flashback)
    # the ways to cast it from a hand (engine.rules.spell_costs codes): normally, with each
    # permission its printed keywords give there (evoke), with its own alternative cost
    hand_casts: tuple[int, ...]
    hand_check: HandCheck  # what casting it from a hand needs checked
    # its own cost reductions: ``cost_reductions`` and its keywords' (affinity, 702.41a);
    # engine.rules.cost_changes
    reductions: tuple[SpellCostReduction, ...]
    mana_plain: PlainMana | None  # its one mana ability, if a plain one (a basic land's)
    spell_grants: bool  # has "[quality] spells you cast have [keyword]"
    base_protection: int  # printed protection as a mask (engine.rules.layers)
    is_aura: bool
    legendary: bool
    cant_be_countered: bool
    enter_replacements: tuple[Replacement, ...]  # "enters with counters" (614.1c)
    # "If ~ would be put into a graveyard from anywhere, exile it instead" (614.1a)
    exiles_itself: bool
    # what an Aura spell targets: what its enchant abilities allow (303.4a, 702.5a-d)
    aura_target: Target | None
    # the rare mechanics the per-game gate knows it has (engine.rules.mechanics)
    mechanics: int

    def __init__(self, defn: CardDef, handle: int, pool: CardPool | None) -> None:
        for name in _DEF_FIELDS:
            setattr(self, name, getattr(defn, name))
        self.defn = defn
        self.handle = handle
        self.pool = pool

    def __repr__(self) -> str:
        return f"Card({self.name!r}, handle={self.handle})"

    @property
    def is_land(self) -> bool:
        return bool(self.type_mask & T_LAND)

    @property
    def is_creature(self) -> bool:
        return bool(self.type_mask & T_CREATURE)

    @property
    def is_permanent_card(self) -> bool:
        return not self.type_mask & (T_INSTANT | T_SORCERY)

    def has_keyword(self, name: str) -> bool:
        """Printed keyword ability by lower-case name ("cascade", "flying", "dredge")."""
        return name in self.keyword_names

    def instances(self, name: str) -> list[KeywordInstance]:
        return [k for k in self.keyword_instances if k.name == name]


Compiler = Callable[[CardDef, int, "CardPool | None"], Card]
_ENCODE = msgspec.msgpack.Encoder().encode


def content_key(defn: CardDef) -> bytes:
    """A definition's identity by content: its canonical encoding (defaults omitted)."""
    return _ENCODE(defn)


def nested_cards(defn: CardDef) -> list[CardDef]:
    """The card definitions inside ``defn``'s abilities (the tokens it creates), in the
    order they are written."""
    out: list[CardDef] = []

    def walk(value: object) -> None:
        if isinstance(value, CardDef):
            out.append(value)
            walk_fields(value)
        elif isinstance(value, msgspec.Struct):
            walk_fields(value)
        elif isinstance(value, (tuple, list)):
            for v in value:
                walk(v)

    def walk_fields(struct: msgspec.Struct) -> None:
        for name in struct.__struct_fields__:
            walk(getattr(struct, name))

    walk_fields(defn)
    return out


class CardCompileError(ValueError):
    """A definition the compiler rejects (an unknown keyword, an Aura whose "Enchant"
    quality needs an explicit filter); ``name`` is the card's."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


class CardPool(Mapping[str, Card]):
    """The cards games are played with, compiled: by name (a deck's cards, a scenario's)
    and by handle (``cards``: the named cards in name order, then the tokens their
    effects create, so that a token needs no table of its own), with ``hash``, the
    content hash of the definitions a serialized game records and is decoded against.

    ``variants`` are further definitions known by content only, not by name (a card with
    a keyword removed, for an ablation study, beside the card itself): ``variant`` gives
    their cards. ``compiler`` is ``engine.cards.pool.compile_card`` (this module holds no
    rules); the pool also uses it for the cards a game makes as it goes (``compile``).
    """

    __slots__ = ("cards", "hash", "_by_name", "_by_content", "_compiler", "_defs",
                 "_variants")

    def __init__(self, defs: Iterable[CardDef], compiler: Compiler,
                 variants: Iterable[CardDef] = ()) -> None:
        self._compiler = compiler
        named = sorted(defs, key=lambda d: d.name)
        digest = hashlib.sha256()
        cards: list[Card] = []
        self._by_name: dict[str, Card] = {}
        self._by_content: dict[bytes, Card] = {}
        for d in named:
            if d.name in self._by_name:
                raise ValueError(f"card {d.name!r} is defined twice")
            c = self._compile(d, len(cards), self)
            cards.append(c)
            self._by_name[d.name] = c
            key = content_key(d)
            digest.update(key)
            self._by_content.setdefault(key, c)
        self._defs = named
        self._variants = list(variants)
        for d in self._variants:
            digest.update(b"variant")
            digest.update(content_key(d))
        for d in [*named, *self._variants]:
            for token in [d, *nested_cards(d)]:
                key = content_key(token)
                if key not in self._by_content:
                    c = self._compile(token, len(cards), self)
                    cards.append(c)
                    self._by_content[key] = c
        self.cards: tuple[Card, ...] = tuple(cards)
        self.hash = digest.hexdigest()[:16]

    def _compile(self, defn: CardDef, handle: int, pool: CardPool | None) -> Card:
        try:
            return self._compiler(defn, handle, pool)
        except CardCompileError:
            raise
        except ValueError as exc:
            raise CardCompileError(defn.name, f"card {defn.name!r}: {exc}") from None

    def __getitem__(self, name: str) -> Card:
        return self._by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)

    def __repr__(self) -> str:
        return f"CardPool({len(self._by_name)} cards, {len(self.cards)} handles, {self.hash})"

    def with_cards(self, defs: Iterable[CardDef]) -> CardPool:
        """A pool of these cards and the definitions ``defs`` (which replace cards of the
        same name): for cards made in code, such as a test's."""
        by_name = {d.name: d for d in self._defs}
        for d in defs:
            by_name[d.name] = d
        return CardPool(by_name.values(), self._compiler, self._variants)

    def with_variants(self, defs: Iterable[CardDef]) -> CardPool:
        """A pool of these cards and, known by content only, the definitions ``defs``."""
        return CardPool(self._defs, self._compiler, [*self._variants, *defs])

    def variant(self, defn: CardDef) -> Card:
        """The pool's card for a definition it holds (a variant, a card, a token)."""
        card = self._by_content.get(content_key(defn))
        if card is None:
            raise KeyError(f"card {defn.name!r}: this definition is not in the pool")
        return card

    def find(self, key: bytes) -> Card | None:
        """The pool's card (or token) whose definition has ``content_key`` ``key``."""
        return self._by_content.get(key)

    def token(self, name: str) -> Card | None:
        """A token one of the pool's cards creates, by name."""
        for c in self.cards[len(self._by_name):]:
            if c.name == name and not any(c.defn is v for v in self._variants):
                return c
        return None

    def compile(self, defn: CardDef, handle: int) -> Card:
        """``defn`` compiled as this pool compiles its own cards, for a card a game makes
        (``handle``: its place in the game's table, past the pool's cards)."""
        return self._compile(defn, handle, None)
