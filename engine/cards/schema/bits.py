"""Colour, keyword and card-type bits of the card schema.

Kept apart from the Structs so that the hot loop (and every rules module) can test and
grant characteristics with integer operations without pulling in the whole schema.
"""

from __future__ import annotations

from typing import Literal

# --- colours and keyword bits -------------------------------------------------------

COLORS = "WUBRG"
COLOR_BIT = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}
COLOR_NAME = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
# A bit of GameObject.protection beside the colour bits: "protection from colored spells"
# ("from spells that are one or more colors", 702.16a): only spells are stopped.
PROT_COLORED_SPELLS = 64

# Keyword abilities the core rules understand, as bits so that granting and testing them
# in the hot loop is an integer operation.
KW_FLYING = 1 << 0
KW_REACH = 1 << 1
KW_TRAMPLE = 1 << 2
KW_DEATHTOUCH = 1 << 3
KW_LIFELINK = 1 << 4
KW_VIGILANCE = 1 << 5
KW_HASTE = 1 << 6
KW_MENACE = 1 << 7
KW_DEFENDER = 1 << 8
KW_FIRST_STRIKE = 1 << 9
KW_DOUBLE_STRIKE = 1 << 10
KW_HEXPROOF = 1 << 11
KW_SHROUD = 1 << 12
KW_INDESTRUCTIBLE = 1 << 13
KW_FEAR = 1 << 14
KW_INTIMIDATE = 1 << 15
KW_FLASH = 1 << 16
KW_UNBLOCKABLE = 1 << 17  # "can't be blocked"
KW_CANT_BLOCK = 1 << 18  # "can't block"
KW_CANT_ATTACK = 1 << 19  # "can't attack"
KW_WITHER = 1 << 20
KW_ATTACKS_EACH_COMBAT = 1 << 21
KW_DOESNT_UNTAP = 1 << 22
KW_NO_ACTIVATE = 1 << 23  # "its activated abilities can't be activated"
KW_LURE = 1 << 24  # "all creatures able to block it do so" (509.1c requirement)
KW_SHADOW = 1 << 25  # 702.28: blocks or is blocked only by creatures with shadow
# 702.14: landwalk, "can't be blocked as long as defending player controls a [type]"
KW_PLAINSWALK = 1 << 26
KW_ISLANDWALK = 1 << 27
KW_SWAMPWALK = 1 << 28
KW_MOUNTAINWALK = 1 << 29
KW_FORESTWALK = 1 << 30
KW_INFECT = 1 << 31  # 702.90: damage as -1/-1 counters and poison counters

KEYWORD_BITS: dict[str, int] = {
    "flying": KW_FLYING,
    "reach": KW_REACH,
    "trample": KW_TRAMPLE,
    "deathtouch": KW_DEATHTOUCH,
    "lifelink": KW_LIFELINK,
    "vigilance": KW_VIGILANCE,
    "haste": KW_HASTE,
    "menace": KW_MENACE,
    "defender": KW_DEFENDER,
    "first strike": KW_FIRST_STRIKE,
    "double strike": KW_DOUBLE_STRIKE,
    "hexproof": KW_HEXPROOF,
    "shroud": KW_SHROUD,
    "indestructible": KW_INDESTRUCTIBLE,
    "fear": KW_FEAR,
    "intimidate": KW_INTIMIDATE,
    "flash": KW_FLASH,
    "unblockable": KW_UNBLOCKABLE,
    "can't block": KW_CANT_BLOCK,
    "can't attack": KW_CANT_ATTACK,
    "wither": KW_WITHER,
    "attacks each combat": KW_ATTACKS_EACH_COMBAT,
    "doesn't untap": KW_DOESNT_UNTAP,
    "activated abilities can't be activated": KW_NO_ACTIVATE,
    "all creatures able to block it do so": KW_LURE,
    "shadow": KW_SHADOW,
    "infect": KW_INFECT,
    "plainswalk": KW_PLAINSWALK,
    "islandwalk": KW_ISLANDWALK,
    "swampwalk": KW_SWAMPWALK,
    "mountainwalk": KW_MOUNTAINWALK,
    "forestwalk": KW_FORESTWALK,
}
KEYWORD_NAMES = {bit: name for name, bit in KEYWORD_BITS.items()}

Keyword = Literal[
    "flying", "reach", "trample", "deathtouch", "lifelink", "vigilance", "haste", "menace",
    "defender", "first strike", "double strike", "hexproof", "shroud", "indestructible",
    "fear", "intimidate", "flash", "unblockable", "can't block", "can't attack", "wither",
    "attacks each combat", "doesn't untap", "activated abilities can't be activated",
    "all creatures able to block it do so", "shadow", "infect", "plainswalk", "islandwalk",
    "swampwalk", "mountainwalk", "forestwalk",
]


def keyword_mask(names: tuple[str, ...]) -> int:
    mask = 0
    for name in names:
        mask |= KEYWORD_BITS[name.lower()]
    return mask


CardType = Literal[
    "land", "creature", "artifact", "enchantment", "instant", "sorcery", "planeswalker",
    "kindred", "battle",
]
TYPE_BIT = {
    "land": 1, "creature": 2, "artifact": 4, "enchantment": 8, "instant": 16,
    "sorcery": 32, "planeswalker": 64, "kindred": 128, "battle": 256,
}
T_LAND, T_CREATURE, T_ARTIFACT, T_ENCHANTMENT, T_INSTANT, T_SORCERY = 1, 2, 4, 8, 16, 32

# The subtypes that are not creature types (205.3g-k of the Comprehensive Rules of
# September 2024: artifact, enchantment, land and spell types; planeswalker types name
# planeswalkers, none of them a creature of the pool; creature types are shared with
# kindred, 205.3m): an effect that sets an object's creature types (205.1a) leaves these.
NONCREATURE_SUBTYPES = frozenset((
    # artifact types (205.3g)
    "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food",
    "Fortification", "Gold", "Incubator", "Junk", "Map", "Powerstone", "Treasure",
    "Vehicle",
    # enchantment types (205.3h)
    "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune",
    "Saga", "Shard", "Shrine",
    # land types (205.3i)
    "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain",
    "Plains", "Power-Plant", "Sphere", "Swamp", "Tower", "Urza's",
    # spell types (205.3k)
    "Adventure", "Arcane", "Lesson", "Trap",
))
