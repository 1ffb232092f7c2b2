"""Sneak's returned attacker and the mana that pays the sneak cost (601.2g-h: mana
abilities are activated before costs are paid, so a creature that must still be on the
battlefield to be returned can't first be sacrificed for mana). Whether the sneak cast
is offered and which attackers its "return" question offers must agree: found by
``mtgsim fuzz --format pauper --seed 31`` (game 94756), where Oroku Saki was offered
with the Eldrazi Spawn token as the only unblocked attacker and its mana needed for the
cost, and the return question then had no option."""

from __future__ import annotations

import json
from pathlib import Path

from gamesetup import scenario_state

from mtgsim.engine.rules.priority_actions import legal_actions
from mtgsim.engine.state.game_state import CAST, GameState

SAKI = "Oroku Saki, Shredder Rising"
SNEAK = 13  # the sneak permission's code (engine.keywords.sneak.SNEAK_CAST)


def _after_blocks(tmp_path: Path, lands: list[str], attacker: str) -> GameState:
    """A attacks with ``attacker``; B blocks nothing: A's declare blockers step."""
    text = f"""name = "sneak mana"
corpus = {json.dumps([SAKI, attacker])}
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = [{json.dumps(SAKI)}]
library = {json.dumps(["Island"] * 4)}
battlefield = {json.dumps([*lands, attacker])}
[setup.B]
library = ["Plains", "Plains"]
battlefield = ["Wall of Wood"]
[[actions]]
player = "A"
attack = [{json.dumps(attacker)}]
[[actions]]
player = "B"
block = []
"""
    return scenario_state(tmp_path, text)


def _sneak_offered(state: GameState) -> bool:
    saki = next(o for o in state.players[0].hand if state.objects[o].card.name == SAKI)
    return any(a.kind == CAST and a.oid == saki and a.alt == SNEAK
               for a in legal_actions(state, 0))


def test_the_attacker_whose_mana_is_needed_cannot_be_returned(tmp_path: Path) -> None:
    """Swamp and Blood Pet ("Sacrifice this creature: Add {B}") make {1}{B} only by
    sacrificing Blood Pet, the attacker sneak must return: not offered."""
    assert not _sneak_offered(_after_blocks(tmp_path, ["Swamp"], "Blood Pet"))


def test_the_lands_pay_and_blood_pet_is_returned(tmp_path: Path) -> None:
    assert _sneak_offered(_after_blocks(tmp_path, ["Swamp", "Swamp"], "Blood Pet"))


def test_a_creature_with_no_mana_ability_is_returned(tmp_path: Path) -> None:
    assert _sneak_offered(_after_blocks(tmp_path, ["Swamp", "Swamp"], "Grizzly Bears"))
    assert not _sneak_offered(_after_blocks(tmp_path, ["Swamp"], "Grizzly Bears"))

