"""Abilities that look back in time (603.10): what the card pool has, and where each
look-back card is shown working in a simultaneous event.

The pool's leaves-the-battlefield abilities (603.10a, 603.6c) are checked by the
scenarios named below; the other look-back kinds of 603.10 (a permanent phasing out, an
object becoming unattached, a player losing control of an object, a spell being
countered, a player losing the game, planeswalking, a card leaving a graveyard, an
object put into a hand or library) appear on no card of the pool, which the last test
holds: a card that brings one needs its rule implemented first.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mtgsim.engine.cards.check import DEFAULT_REFERENCE
from mtgsim.engine.cards.pool import load_pool

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "scenarios"
ORACLE = DEFAULT_REFERENCE  # the repository's copy of shared/cards/oracle.jsonl

# Trigger kinds that look back in time (engine.rules.triggers.left_battlefield).
LOOK_BACK = ("dies", "leaves_to_graveyard", "another_creature_leaves", "creature_dies",
             "enchanted_dies", "equipped_dies", "opponent_sacrifices",
             "your_creature_to_graveyard", "haunted_dies")

# Every look-back card of the pool -> the scenario showing it in a simultaneous event.
COVERED = {
    "Extractor Demon": "rules/look_back/board_wipe_another_creature_leaves.toml",
    "Necroskitter": "rules/look_back/creature_dies_watcher_dies_too.toml",
    "Blowfly Infestation": "cards/blowfly_infestation_board_wipe.toml",
    "It That Betrays": "rules/look_back/each_player_sacrifices_at_once.toml",
    "Dusk Urchins": "cards/dusk_urchins_board_wipe.toml",
    "Golgari Thug": "cards/golgari_thug_board_wipe.toml",
    "Sprouting Thrinax": "cards/sprouting_thrinax_board_wipe.toml",
    "Enigma Sphinx": "cards/enigma_sphinx_board_wipe.toml",
    "Rancor": "cards/rancor_with_its_creature.toml",
    "Rendclaw Trow": "cards/rendclaw_trow_board_wipe.toml",
    "Blind Hunter": "cards/haunt_creatures_board_wipe.toml",
    "Belfry Spirit": "cards/haunt_creatures_board_wipe.toml",
    "Exhumer Thrull": "cards/haunt_creatures_board_wipe.toml",
    "Absolver Thrull": "cards/haunt_creatures_mass_damage.toml",
    "Orzhov Euthanist": "cards/haunt_creatures_mass_damage.toml",
    "Orzhov Pontiff": "cards/haunt_creatures_mass_damage.toml",
    "Graven Dominator": "cards/graven_dominator_board_wipe.toml",
    "Benediction of Moons": "cards/haunt_spells_board_wipe.toml",
    "Cry of Contrition": "cards/haunt_spells_board_wipe.toml",
    "Seize the Soul": "cards/haunt_spells_board_wipe.toml",
    "Controvert": "cards/recover_cards_board_wipe.toml",
    "Grim Harvest": "cards/recover_cards_board_wipe.toml",
    "Icefall": "cards/recover_cards_board_wipe.toml",
    "Krovikan Rot": "cards/recover_cards_board_wipe.toml",
    "Resize": "cards/recover_cards_board_wipe.toml",
    "Sun's Bounty": "cards/recover_cards_board_wipe.toml",
    "Garza's Assassin": "cards/garzas_assassin_board_wipe.toml",
}


def _look_back_cards() -> set[str]:
    return {name for name, card in load_pool().items()
            if any(ab.when in LOOK_BACK for ab in card.triggered)}


def test_every_look_back_card_of_the_pool_has_a_scenario() -> None:
    assert _look_back_cards() == set(COVERED)
    for name, rel in COVERED.items():
        text = (SCENARIOS / rel).read_text()
        assert f'"{name}"' in text, f"{rel} does not use {name}"


# "When/Whenever ..." conditions of the look-back kinds 603.10 lists besides leaving
# the battlefield.
_OTHER_KINDS = re.compile(
    r"\b(when|whenever)\b[^.]*?\b(phases? out|becomes? unattached|loses? control|"
    r"is countered|loses the game|planeswalks?|leaves? (a|your|an opponent's) graveyard|"
    r"(is|are) put into (a|your|its owner's|an opponent's|their owners') (hand|library))",
    re.IGNORECASE)


def test_no_card_of_the_pool_has_another_look_back_kind() -> None:
    texts = {name: card.text for name, card in load_pool().items()}
    for line in ORACLE.read_text().splitlines():
        card = json.loads(line)
        texts[card["name"] + " (Oracle)"] = card["oracle_text"]
    assert len(texts) > 300
    found = {name: m.group(0) for name, text in texts.items()
             if (m := _OTHER_KINDS.search(text))}
    assert not found, f"603.10b-g (or a non-battlefield 603.10a kind) needed for {found}"


def test_the_pattern_finds_those_kinds() -> None:
    """The check above can fail: the wordings it is for are caught."""
    for text in ("When this creature phases out, draw a card.",
                 "Whenever an opponent loses control of a permanent, ...",
                 "When Rancor becomes unattached, ...",
                 "Whenever a card leaves your graveyard, you gain 1 life.",
                 "When this is put into your hand from the battlefield, ..."):
        assert _OTHER_KINDS.search(text), text
