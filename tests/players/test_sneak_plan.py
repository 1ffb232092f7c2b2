"""The heuristic's sneak planning (``engine/players/policies/sneak_plan.py``) on real
cards compiled from their Oracle text, after blockers are declared: it sneaks only in
its own declare blockers step, and never for a swap that gives up lethal damage. The
play itself is the AI puzzle ``tests/scenarios/ai/sneak_swaps_the_used_flyer_for_oroku_saki.toml``."""

from __future__ import annotations

import json
from pathlib import Path

from gamesetup import scenario_state

from mtgsim.engine.players.policies.sneak_plan import sneak_score, wait_for_sneak
from mtgsim.engine.state.game_state import MAIN2, GameObject, GameState

CARDS = ["Oroku Saki, Shredder Rising", "Donatello's Technique"]


def _after_blocks(tmp_path: Path, attackers: list[str], life: int) -> GameState:
    """A attacks with ``attackers``; B, with ``life`` and a Wall of Wood, blocks nothing."""
    text = f"""name = "sneak plan"
corpus = {json.dumps(CARDS)}
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = {json.dumps(CARDS)}
library = {json.dumps(["Island"] * 8)}
battlefield = {json.dumps(["Swamp", "Swamp", "Island", *attackers])}
[setup.B]
life = {life}
library = ["Plains", "Plains", "Plains"]
battlefield = ["Wall of Wood"]
[[actions]]
player = "A"
attack = {json.dumps(attackers)}
[[actions]]
player = "B"
block = []
"""
    return scenario_state(tmp_path, text)


def _in_hand(state: GameState, name: str) -> GameObject:
    return next(state.objects[o] for o in state.players[0].hand
                if state.objects[o].card.name == name)




def test_sneaks_a_creature_in_for_a_small_attacker(tmp_path: Path) -> None:
    """Llanowar Elves (1 damage) for Oroku Saki (3 damage and a card): a gain; not in
    the main phase, and not on the opponent's behalf (only its own turn)."""
    state = _after_blocks(tmp_path, ["Llanowar Elves"], 20)
    saki = _in_hand(state, "Oroku Saki, Shredder Rising")
    assert sneak_score(state, 0, saki, lambda c: 0.0) > 20.0
    assert sneak_score(state, 1, saki, lambda c: 0.0) == 0.0
    state.step = MAIN2
    assert sneak_score(state, 0, saki, lambda c: 0.0) == 0.0


def test_never_gives_up_lethal_damage(tmp_path: Path) -> None:
    """Hill Giant's 3 unblocked damage kills a player at 3 life: a sorcery cast for its
    sneak cost would return it, so the Technique waits however much it is worth; at 20
    life a worthless spell still waits and a worthy one is cast."""
    state = _after_blocks(tmp_path, ["Hill Giant"], 3)
    tech = _in_hand(state, "Donatello's Technique")
    assert sneak_score(state, 0, tech, lambda c: 8.0) == 0.0
    state = _after_blocks(tmp_path, ["Hill Giant"], 20)
    tech = _in_hand(state, "Donatello's Technique")
    assert sneak_score(state, 0, tech, lambda c: 0.5) == 0.0
    assert sneak_score(state, 0, tech, lambda c: 8.0) > 20.0


def _main1(tmp_path: Path, battlefield: list[str]) -> GameState:
    text = f"""name = "sneak wait"
corpus = ["Oroku Saki, Shredder Rising"]
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = ["Oroku Saki, Shredder Rising"]
library = {json.dumps(["Island"] * 8)}
battlefield = {json.dumps(battlefield)}
[setup.B]
library = ["Plains", "Plains", "Plains"]
"""
    return scenario_state(tmp_path, text)


def test_waits_in_the_first_main_phase_only_with_an_attacker(tmp_path: Path) -> None:
    """With Grizzly Bears able to attack and the sneak cost's two mana, Oroku Saki waits
    for combat; with no creature, or less mana than the sneak cost, it does not."""
    state = _main1(tmp_path, ["Swamp", "Swamp", "Swamp", "Grizzly Bears"])
    saki = _in_hand(state, "Oroku Saki, Shredder Rising")
    assert wait_for_sneak(state, 0, saki, 3)
    assert not wait_for_sneak(state, 0, saki, 1)
    state = _main1(tmp_path, ["Swamp", "Swamp", "Swamp"])
    saki = _in_hand(state, "Oroku Saki, Shredder Rising")
    assert not wait_for_sneak(state, 0, saki, 3)
