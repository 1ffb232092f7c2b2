"""Pauper archetypes by their signature cards: which deck a real list is.

Tournament results name the player and the cards, not the deck, so a metagame study needs
a rule that puts each list under the name Pauper players use. Each archetype here is a
short set of cards that its lists play and others rarely do (found by clustering the
2026 training lists by the cards they share, average linkage over Jaccard distance, and
checked by reading lists of each cluster; ``scripts/pauper_decks.py`` reports the counts).
A list belongs to the archetype whose signature it covers most (the share of the
signature's distinct cards in its main deck), if that covers at least ``THRESHOLD``;
otherwise it is ``OTHER``. Ties go to the archetype listed first, so the answer never
depends on the order of a list's lines.

Neighbours that share a core (the Terror decks, the red artifact decks, the Madness
decks) are told apart by the cards only one of them plays, which is why some
signatures hold cards of both and some cards of neither.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

OTHER = "other"
THRESHOLD = 0.5  # the share of a signature a list must play to be that archetype


@dataclass(frozen=True)
class Archetype:
    """An archetype: its name as players say it, the stem of its bundled deck file, its
    kind (``aggro``, ``midrange``, ``control``, ``combo``, ``ramp``: what the archetype
    checks expect of its pilot) and its signature cards."""

    name: str
    key: str
    kind: str
    signature: tuple[str, ...]
    plan: str = ""


PAUPER: tuple[Archetype, ...] = (
    Archetype("Jund Wildfire", "jund_wildfire", "ramp", (
        "Cleansing Wildfire", "Writhing Chrysalis", "Twisted Landscape", "Slagwoods Bridge",
        "Lembas", "Eviscerator's Insight", "Krark-Clan Shaman", "Refurbished Familiar"),
        "ramp on artifact lands and Cleansing Wildfire, sacrifice artifacts for value "
        "(Krark-Clan Shaman, Fanatical Offering, Eviscerator's Insight) and win with Writhing "
        "Chrysalis and big threats."),
    Archetype("Grixis Affinity", "grixis_affinity", "aggro", (
        "Thoughtcast", "Seat of the Synod", "Utrom Monitor", "Myr Enforcer", "Galvanic Blast",
        "Silverbluff Bridge", "Mistvault Bridge", "Reckoner's Bargain", "Krark-Clan Shaman"),
        "artifact lands and cheap artifacts make Thoughtcast, Myr Enforcer and Utrom Monitor "
        "cost little; Galvanic Blast and Krark-Clan Shaman clear the way."),
    Archetype("Mono-Red Madness", "mono_red_madness", "aggro", (
        "Fiery Temper", "Highway Robbery", "Sneaky Snacker", "Guttersnipe",
        "Kessig Flamebreather", "Lava Dart", "Fireblast", "Grab the Prize"),
        "cheap burn and discard outlets (Faithless Looting, Highway Robbery, Grab the Prize) "
        "cast Fiery Temper for its madness cost; Guttersnipe and Kessig Flamebreather turn "
        "every spell into damage, Fireblast finishes."),
    Archetype("Rakdos Madness", "rakdos_madness", "aggro", (
        "Kitchen Imp", "Alms of the Vein", "Vampire's Kiss", "Jagged Barrens", "Fiery Temper",
        "Highway Robbery", "Sneaky Snacker"),
        "the Madness burn plan with black: Kitchen Imp cast for its madness cost, Alms of the "
        "Vein and Vampire's Kiss drain the last points."),
    Archetype("Mono-Blue Terror", "mono_blue_terror", "midrange", (
        "Tolarian Terror", "Delver of Secrets", "Cryptic Serpent", "Sleep of the Dead",
        "Mental Note", "Deem Inferior", "Ponder", "Thought Scour"),
        "cantrips fill the graveyard so Tolarian Terror and Cryptic Serpent cost little; "
        "Counterspell protects them, Delver of Secrets flips early."),
    Archetype("Dimir Terror", "dimir_terror", "midrange", (
        "Tolarian Terror", "Snuff Out", "Gurmag Angler", "Unexpected Fangs",
        "Abandon Attachments", "Contaminated Aquifer", "Ice Tunnel", "Sneaky Snacker"),
        "the Terror plan with black removal (Snuff Out, Cast Down) and Gurmag Angler as a "
        "second cheap threat."),
    Archetype("Elves", "elves", "combo", (
        "Winding Way", "Lead the Stampede", "Masked Vandal", "Quirion Ranger", "Sagu Wildling",
        "Priest of Titania", "Timberwatch Elf", "Llanowar Elves", "Fyndhorn Elves",
        "Elvish Mystic", "Land Grant"),
        "mana elves into Priest of Titania, Lead the Stampede and Winding Way refill the hand; "
        "Timberwatch Elf and Nyxborn Hydra end it."),
    Archetype("Mono-Red Kuldotha", "mono_red_kuldotha", "aggro", (
        "Clockwork Percussionist", "Goblin Tomb Raider", "Goblin Bushwhacker",
        "Experimental Synthesizer", "Rally at the Hornburg", "Burning-Tree Emissary",
        "Great Furnace", "Voldaren Epicure"),
        "cheap artifacts and red creatures with Goblin Bushwhacker and Rally at the Hornburg "
        "for a fast overwhelming attack."),
    Archetype("Gates", "gates", "midrange", (
        "Basilisk Gate", "Citadel Gate", "Manor Gate", "Heap Gate", "Cliffgate", "Sacred Cat",
        "Outlaw Medic", "Guardian of the Guildpact", "Prismatic Strands"),
        "Gates that gain life and block, Basilisk Gate growing one attacker; Sacred Cat and "
        "Prismatic Strands stall until it wins."),
    Archetype("Golgari Gardens", "golgari_gardens", "control", (
        "Khalni Garden", "Campfire", "Troll of Khazad-dûm", "Tithing Blade", "Crypt Rats",
        "Defile", "Haunted Mire", "Golgari Rot Farm", "Witch's Cottage"),
        "Khalni Garden and artifact food tokens feed a grind of removal (Crypt Rats, Defile, "
        "Cast Down) and card advantage; Troll of Khazad-dum closes."),
    Archetype("Dimir Faeries", "dimir_faeries", "midrange", (
        "Spellstutter Sprite", "Faerie Seer", "Ninja of the Deep Hours", "Moon-Circuit Hacker",
        "Thorn of the Black Rose", "Snuff Out", "Augur of Bolas", "Contaminated Aquifer"),
        "flash Faeries and Spellstutter Sprite counter on the cheap, ninjutsu (Ninja of the "
        "Deep Hours, Moon-Circuit Hacker) draws cards, Thorn of the Black Rose makes the "
        "monarch."),
    Archetype("Mono-Blue Faeries", "mono_blue_faeries", "aggro", (
        "Spellstutter Sprite", "Faerie Seer", "Faerie Miscreant", "Snap", "Harrier Strix",
        "Brinebarrow Intruder", "Of One Mind", "Moon-Circuit Hacker", "Ninja of the Deep Hours"),
        "flying Faeries and ninjas tempo the opponent out with Snap and counters."),
    Archetype("Gruul Ponza", "gruul_ponza", "ramp", (
        "Thermokarst", "Mwonvuli Acid-Moss", "Annoyed Altisaur", "Utopia Sprawl", "Wild Growth",
        "Arbor Elf", "Writhing Chrysalis", "Boarding Party", "Structural Distortion"),
        "mana creatures and Auras ramp into land destruction (Thermokarst, Mwonvuli Acid-Moss) "
        "and big threats."),
    Archetype("Eldrazi Stompy", "eldrazi_stompy", "aggro", (
        "Ram Through", "Jewel Thief", "Bannerhide Krushok", "Writhing Chrysalis",
        "Eldrazi Repurposer", "Avenging Hunter", "Nyxborn Hydra", "Arbor Elf"),
        "green ramp into Eldrazi and big green creatures, Ram Through as removal."),
    Archetype("White Weenie", "white_weenie", "aggro", (
        "Battle Screech", "Thraben Inspector", "Novice Inspector", "Raffine's Informant",
        "Kor Skyfisher", "Leonardo, Big Brother", "Lunarch Veteran", "Guardians' Pledge"),
        "Battle Screech and cheap white creatures go wide; Guardians' Pledge and flyers "
        "finish."),
    Archetype("Tron", "tron", "ramp", (
        "Urza's Mine", "Urza's Power Plant", "Urza's Tower", "Expedition Map", "Prophetic Prism",
        "Crop Rotation"),
        "assemble the Urza lands for seven mana on turn three or four and cast what no one "
        "else can."),
    Archetype("Jeskai Ephemerate", "jeskai_ephemerate", "control", (
        "Ephemerate", "Augur of Bolas", "Archaeomancer", "Mulldrifter", "Skred",
        "Glacial Floodplain", "Volatile Fjord", "Ride's End"),
        "value creatures (Augur of Bolas, Mulldrifter, Archaeomancer) blinked with Ephemerate; "
        "counterspells and Skred keep control."),
    Archetype("Boros Tireless Tribe", "boros_tireless_tribe", "combo", (
        "Tireless Tribe", "Inside Out", "Aurora Eidolon", "Sandstorm Eidolon",
        "Thrilling Discovery", "Pursue the Past", "Spirit Mascot", "Fling"),
        "Tireless Tribe discards for toughness, Inside Out switches it and Fling throws it; "
        "Eidolons recur every turn."),
    Archetype("Orzhov Artifacts", "orzhov_artifacts", "midrange", (
        "Glint Hawk", "Tithing Blade", "Ancient Den", "Grim Bauble", "Orzhov Basilica",
        "Oroku Saki, Shredder Rising", "Refurbished Familiar", "Vault of Whispers"),
        "Glint Hawk and artifact value creatures grind with removal."),
    Archetype("Boros Artifacts", "boros_artifacts", "midrange", (
        "Glint Hawk", "Kor Skyfisher", "Galvanic Blast", "Ancient Den", "Melded Moxite",
        "Wind-Scarred Crag", "Kabira Crossroads", "Great Furnace"),
        "Glint Hawk and Kor Skyfisher reuse artifacts for value, Galvanic Blast burns."),
    Archetype("Simic Fog", "simic_fog", "control", (
        "Tangle", "Moment's Peace", "Weather the Storm", "Stream of Thought",
        "Behold the Multiverse", "Growth Spiral", "Fog", "Simic Growth Chamber"),
        "fogs and card draw stall until decking or a late win."),
    Archetype("Azorius Familiars", "azorius_familiars", "combo", (
        "Sunscape Familiar", "Sea Gate Oracle", "God-Pharaoh's Faithful", "Ghostly Flicker",
        "Meeting of Minds", "Archaeomancer", "Mortuary Mire"),
        "cost-reducing Familiars and Ghostly Flicker loop Mnemonic Wall or Archaeomancer for "
        "endless value."),
    Archetype("Storm", "storm", "combo", (
        "Big Score", "Seething Song", "Seize the Storm", "Manamorphose",
        "Glimpse the Impossible", "Goblin Anarchomancer", "Thornscape Familiar"),
        "rituals and Manamorphose chain many spells into a lethal storm."),
    Archetype("Aristocrats", "aristocrats", "midrange", (
        "Bloodthrone Vampire", "Carrion Feeder", "Nested Shambler", "Unearth",
        "Rite of Consumption", "Mortician Beetle", "Infestation Sage"),
        "sacrifice outlets and recursive creatures drain the opponent."),
    Archetype("Bogles", "selesnya_bogles", "aggro", (
        "Slippery Bogle", "Gladecover Scout", "Silhana Ledgewalker", "Ethereal Armor",
        "Ancestral Mask", "Rancor", "Armadillo Cloak"),
        "hexproof creatures wearing Auras nothing can target."),
    Archetype("Spy Combo", "spy_combo", "combo", (
        "Balustrade Spy", "Dread Return", "Lotleth Giant", "Elves of Deep Shadow", "Wall of Roots",
        "Overgrown Battlement", "Saruli Caretaker"),
        "mana creatures and walls make Balustrade Spy mill the whole deck, Dread Return brings "
        "back Lotleth Giant."),
    Archetype("Walls Combo", "walls_combo", "combo", (
        "Axebane Guardian", "Galvanic Alchemist", "Freed from the Real", "Drift of Phantasms",
        "Overgrown Battlement", "Saruli Caretaker", "Tuktuk Rubblefort"),
        "walls make mana; Freed from the Real or Galvanic Alchemist untaps for infinite mana."),
)
"""The archetypes of the 2026 Pauper lists, most played first."""

_BY_NAME = {a.name: a for a in PAUPER}


def archetype(name: str) -> Archetype:
    """The archetype called ``name`` (raises KeyError)."""
    return _BY_NAME[name]


def coverage(main: Iterable[str], arch: Archetype) -> float:
    """The share of ``arch``'s signature cards that a main deck of these card names plays."""
    cards = set(main)
    return sum(1 for c in arch.signature if c in cards) / len(arch.signature)


def classify(main: Iterable[str], archetypes: tuple[Archetype, ...] = PAUPER) -> str:
    """The name of the archetype whose signature the main deck (its card names, copies
    or not) covers most, at least ``THRESHOLD`` of it; ``OTHER`` if none does."""
    cards = set(main)
    best, best_share = OTHER, THRESHOLD
    for arch in archetypes:  # in order: the first of equal shares wins
        share = coverage(cards, arch)
        if share > best_share or (share == best_share and best == OTHER):
            best, best_share = arch.name, share
    return best
