"""``CardDef``, one card as printed, and ``CardFile``, one card data file.

Derived fields (``_``-prefixed) are computed once in ``__post_init__``: the hot loop reads
flags and bitmasks instead of re-parsing type lines.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from mtgsim.engine.carddefs.abilities import (
    AbilityT,
    Activated,
    Cost,
    ManaAbility,
    Replacement,
    SpellAbility,
    Static,
    Triggered,
)
from mtgsim.engine.carddefs.base import _Base, _Frozen
from mtgsim.engine.carddefs.bits import (
    COLOR_BIT,
    KW_FLASH,
    PROT_COLORED_SPELLS,
    T_CREATURE,
    T_INSTANT,
    T_LAND,
    T_SORCERY,
    TYPE_BIT,
    CardType,
    Keyword,
)
from mtgsim.engine.carddefs.filters import Filter
from mtgsim.engine.mana import ManaCost, parse_cost


class KeywordInstance(msgspec.Struct, frozen=True):
    """One instance of a keyword ability beyond the plain bits ("Annihilator 2").

    ``n`` is its number (-1 for X), ``cost`` its mana or other cost, ``quality`` the
    quality of variants such as "Devour artifact 1" or "Enchant land".
    """

    name: str
    n: int = 0
    cost: str = ""
    quality: str = ""
    text: str = ""


class LevelBand(_Frozen, frozen=True):
    """A leveler card's level symbol (711.2): from ``low`` to ``high`` level counters."""

    low: int
    high: int | None = None  # None: "N+"
    power: int = 0
    toughness: int = 0
    keywords: tuple[Keyword, ...] = ()
    abilities: tuple[AbilityT, ...] = ()


# Filter qualities that change only when the battlefield or characteristics change
# (events that recompute characteristics anyway).
_STABLE_FILTER_FIELDS = frozenset((
    "types", "not_types", "subtypes", "supertypes", "not_supertypes", "colors",
    "not_colors", "multicolored", "monocolored", "controller", "other", "token",
    "has_keyword", "lacks_keyword", "keyword_abilities"))
_NO_FILTER = Filter()


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


class CardDef(_Base):
    """One card's characteristics and abilities, as printed (Oracle text)."""

    name: str
    types: tuple[CardType, ...]
    mana_cost: str = ""
    supertypes: tuple[Literal["basic", "legendary", "snow", "world"], ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[Literal["W", "U", "B", "R", "G"], ...] | None = None  # default: from cost
    power: int | None = None
    toughness: int | None = None
    # Keyword abilities as printed ("Flying", "Annihilator 2", "Level up {1}{W}",
    # "Enchant creature", "Protection from blue"), plus rules shorthands such as
    # "can't block" that are not Oracle keywords.
    keywords: tuple[str, ...] = ()
    protection: tuple[Literal["W", "U", "B", "R", "G"], ...] = ()  # protection from colours
    printed_power: str | None = None  # "*" and the like, as printed; power holds the base
    printed_toughness: str | None = None
    levels: tuple[LevelBand, ...] = ()  # leveler cards (711)
    spell: SpellAbility | None = None
    enchant: Filter | None = None  # Enchant [quality] (702.5); None: not an Aura
    enchant_player: bool = False  # "Enchant player" (702.5d)
    abilities: tuple[AbilityT, ...] = ()
    text: str = ""  # the Oracle text this data implements
    # "You may [cost] rather than pay this spell's mana cost" (118.9; Hand of Emrakul)
    alternative_cost: Cost | None = None

    # derived, filled in by __post_init__ (recomputed after decoding)
    _cost: ManaCost | None = None
    _type_mask: int = 0
    _color_mask: int = 0
    _kw: int = 0
    _mana_value: int = 0
    _instant_speed: bool = False
    _mana_abilities: tuple[ManaAbility, ...] = ()
    _activated: tuple[Activated, ...] = ()
    _triggered: tuple[Triggered, ...] = ()
    _statics: tuple[Static, ...] = ()
    _layered: bool = False  # has statics or level bands: engine.layers must look at it
    # a static whose effect may change without the battlefield changing (a condition, a
    # computed amount, a filter on more than types, colours and controller) or level
    # bands: characteristics are recomputed at more events while it is on the battlefield
    _dynamic: bool = False
    # a static that may affect permanents other than its own and what it is attached to
    # ("creatures you control get +1/+1"), or _dynamic: a permanent entering may change
    # other permanents' characteristics
    _nonlocal: bool = False
    _enters_tapped: bool = False
    _kwi: tuple[KeywordInstance, ...] = ()
    _kwnames: frozenset[str] = frozenset()
    _protection_extra: tuple[str, ...] = ()
    _protection_types: int = 0  # "protection from instants": card-type mask (702.16a)
    _protection_spells: bool = False  # "protection from colored spells" (702.16a)
    _zone_actions: bool = False  # usable from hand or graveyard (activations, flashback)
    _spell_grants: bool = False  # has "[quality] spells you cast have [keyword]"
    _base_protection: int = 0  # printed protection as a mask (engine.layers)
    _is_aura: bool = False
    _legendary: bool = False
    _cant_be_countered: bool = False
    _enter_replacements: tuple[Replacement, ...] = ()  # "enters with counters" (614.1c)

    def __post_init__(self) -> None:
        cost = parse_cost(self.mana_cost)
        self._cost = cost
        mask = 0
        for t in self.types:
            mask |= TYPE_BIT[t]
        self._type_mask = mask
        if self.colors is None:
            self._color_mask = cost.color_mask
        else:
            cm = 0
            for c in self.colors:
                cm |= COLOR_BIT[c]
            self._color_mask = cm
        from mtgsim.engine.keywords import compile_keywords

        # Keyword abilities expand into ordinary abilities (kept out of ``abilities`` so the
        # encoded card stays as written and decoding does not expand them twice).
        abilities = self.abilities + compile_keywords(self)
        self._mana_value = cost.mana_value
        self._instant_speed = bool(mask & T_INSTANT) or bool(self._kw & KW_FLASH)
        self._mana_abilities = tuple(a for a in abilities if isinstance(a, ManaAbility))
        self._activated = tuple(a for a in abilities if isinstance(a, Activated))
        self._triggered = tuple(a for a in abilities if isinstance(a, Triggered))
        self._statics = tuple(a for a in abilities if isinstance(a, Static))
        self._layered = bool(self._statics or self.levels)
        self._dynamic = bool(self.levels) or any(_static_dynamic(st) for st in self._statics)
        self._nonlocal = self._dynamic or any(st.applies_to == "filter" for st in self._statics)
        prot = 0
        for col in (*self.protection, *self._protection_extra):
            prot |= COLOR_BIT[col]
        if self._protection_spells:
            prot |= PROT_COLORED_SPELLS
        self._base_protection = prot
        self._is_aura = "Aura" in self.subtypes
        self._legendary = "legendary" in self.supertypes
        self._spell_grants = any(st.applies_to == "spells_you_cast" for st in self._statics)
        self._zone_actions = any(a.zone != "battlefield" for a in self._activated) or \
            "flashback" in self._kwnames or "retrace" in self._kwnames
        self._enters_tapped = any(
            isinstance(a, Replacement) and a.kind == "enters_tapped" for a in abilities
        )
        self._cant_be_countered = any(s.cant_be_countered for s in self._statics)
        self._enter_replacements = tuple(
            a for a in abilities if isinstance(a, Replacement) and a.kind != "enters_tapped")

    @property
    def is_land(self) -> bool:
        return bool(self._type_mask & T_LAND)

    @property
    def is_creature(self) -> bool:
        return bool(self._type_mask & T_CREATURE)

    @property
    def is_aura(self) -> bool:
        return self._is_aura

    @property
    def is_permanent_card(self) -> bool:
        return not self._type_mask & (T_INSTANT | T_SORCERY)

    def has_keyword(self, name: str) -> bool:
        """Printed keyword ability by lower-case name ("cascade", "flying", "dredge")."""
        return name in self._kwnames

    def instances(self, name: str) -> list[KeywordInstance]:
        return [k for k in self._kwi if k.name == name]


class CardFile(_Base):
    """One card data file: a list of ``[[card]]`` tables."""

    card: list[CardDef]
