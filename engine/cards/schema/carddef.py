"""``CardDef``, one card as printed, and ``CardFile``, one card data file.

Pure data, as the file says it: nothing here calls the rules. What the rules derive from
a definition (keyword abilities expanded, type and colour masks, the compiled mana cost)
is computed when the pool is loaded (``engine.cards.pool.compile_card``, into an
``engine.cards.card.Card``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from mtgsim.engine.cards.schema.abilities import AbilityT, Cost, SpellAbility, SpellCostReduction
from mtgsim.engine.cards.schema.base import _Base, _Frozen
from mtgsim.engine.cards.schema.bits import CardType, Keyword
from mtgsim.engine.cards.schema.filters import Filter
from mtgsim.engine.cards.schema.unions import Condition


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


class CardDef(_Frozen, frozen=True):
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
    # "If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost"
    # (118.9; Snuff Out): the alternative cost may be paid only while this holds
    alternative_if: Condition | None = None
    # "This spell costs {1} less to cast for each ..." (601.2f; engine.rules.cost_changes)
    cost_reductions: tuple[SpellCostReduction, ...] = ()
    # A transforming double-faced card (712.2): these fields are its front face's, ``back``
    # its back face's (a face of its own, with no ``back``); engine.effects.transform
    back: CardDef | None = None
    # A back face's mana value is its front face's mana cost's (712.8e; the face itself has
    # no mana cost): that cost, "" for any other card
    front_mana_cost: str = ""
    # An adventurer card (715.2; an Omen card likewise): these fields are its creature's,
    # ``adventure`` its second half's, an instant or sorcery with the subtype "Adventure"
    # or "Omen" (engine.keywords.adventure: casting it, and where it goes as it resolves)
    adventure: CardDef | None = None
    # A card with overload (702.96): the spell as it is cast for its overload cost, its
    # text with every "target" changed to "each" (702.96b: no targets, the effects on
    # each object that matches; engine.keywords.overload)
    overloaded: CardDef | None = None
    # A card with bestow (702.103): the bestowed Aura it is as a spell cast bestowed and
    # as the permanent that spell becomes, an Aura enchantment with enchant creature
    # (702.103b; engine.keywords.bestow)
    bestowed: CardDef | None = None
    # "Untap this artifact during each other player's untap step." (Bender's Waterskin:
    # 502.3 untaps the active player's permanents; this one untaps in the others' too)
    untaps_in_others_untap: bool = False

    # Plain readings of the data, for a definition not compiled into a card (a token an
    # effect describes); a compiled ``engine.cards.card.Card`` answers the same from its masks.
    @property
    def is_land(self) -> bool:
        return "land" in self.types

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    @property
    def is_aura(self) -> bool:
        return "Aura" in self.subtypes

    @property
    def is_permanent_card(self) -> bool:
        return "instant" not in self.types and "sorcery" not in self.types


class CardFile(_Base):
    """One card data file: a list of ``[[card]]`` tables."""

    card: list[CardDef]
