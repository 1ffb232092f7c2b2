"""The heuristic's ninjutsu planning (``engine/players/policies/ninjutsu_plan.py``, 702.49)
on real cards compiled from their Oracle text, after blockers are declared: which
unblocked attacker it returns, and that it never gives up lethal damage. The play itself
is the AI puzzle ``tests/scenarios/ai/ninjutsu_swaps_the_used_flyer_for_the_ninja.toml``."""

from __future__ import annotations

from pathlib import Path

from gamesetup import scenario_state

from mtgsim.engine.players.policies.ninjutsu_plan import best_return, ninjutsu_score
from mtgsim.engine.rules.activation import activated_abilities
from mtgsim.engine.state.game_state import GameObject, GameState

CARDS = ["Ninja of the Deep Hours", "Faerie Miscreant"]


def _after_blocks(tmp_path: Path, attackers: list[str], life: int) -> GameState:
    """A attacks with ``attackers``; B, with ``life`` and a Wall of Wood, blocks nothing."""
    text = f"""name = "ninjutsu plan"
corpus = {CARDS!r}
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = ["Ninja of the Deep Hours"]
library = {["Island"] * 8!r}
battlefield = {["Island", "Island", *attackers]!r}
[setup.B]
life = {life}
library = ["Plains", "Plains", "Plains"]
battlefield = ["Wall of Wood"]
[[actions]]
player = "A"
attack = {attackers!r}
[[actions]]
player = "B"
block = []
""".replace("'", '"')
    return scenario_state(tmp_path, text)


def _ninja(state: GameState) -> GameObject:
    return next(state.objects[o] for o in state.players[0].hand
                if state.objects[o].card.name == "Ninja of the Deep Hours")


def _attacker(state: GameState, name: str) -> int:
    assert state.combat is not None
    return next(a for a in state.combat.attackers if state.objects[a].card.name == name)


def test_returns_the_spent_flyer_rather_than_the_bears(tmp_path: Path) -> None:
    """Faerie Miscreant (1 damage, {U}, its enters trigger again) gives up less than
    Grizzly Bears (2 damage, two mana): the Miscreant goes back."""
    state = _after_blocks(tmp_path, ["Faerie Miscreant", "Grizzly Bears"], 20)
    ninja = _ninja(state)
    options = [_attacker(state, "Faerie Miscreant"), _attacker(state, "Grizzly Bears")]
    pick = best_return(state, 0, ninja.card, options)
    assert pick is not None and pick[0] == options[0] and pick[1] > 0.5
    ab = next(a for a in activated_abilities(ninja) if a.keyword == "ninjutsu")
    assert ninjutsu_score(state, 0, ninja, ab) > 0


def test_never_gives_up_lethal_damage(tmp_path: Path) -> None:
    """Hill Giant's 3 unblocked damage kills a player at 3 life: swapping it for the 2/2
    ninja would not, so no swap; at 20 life the same swap is weighed (and found poor)."""
    state = _after_blocks(tmp_path, ["Hill Giant"], 3)
    giant = _attacker(state, "Hill Giant")
    assert best_return(state, 0, _ninja(state).card, [giant]) is None
    state = _after_blocks(tmp_path, ["Hill Giant"], 20)
    giant = _attacker(state, "Hill Giant")
    pick = best_return(state, 0, _ninja(state).card, [giant])
    assert pick is not None and pick[0] == giant and pick[1] <= 0.5
