"""The race the heuristic reckons with ``heuristic:attack=race`` (the default since
December 6; ``attack=trades`` the old play; ``engine/players/policies/attack_race.py``,
``combat_ai``): the burn in hand that reaches the opponent's face this turn, the clocks,
and the attack it changes, on real cards (the corpus ones compiled from their Oracle
text). The play itself is the AI puzzle
``tests/scenarios/ai/burn_in_hand_makes_the_alpha_strike_lethal.toml``."""

from __future__ import annotations

from pathlib import Path

from gamesetup import heuristic_attackers, scenario_state

from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.attack_race import (
    NEVER,
    burn_reach,
    clock,
    face_damage,
    wins_race,
)
from mtgsim.engine.players.policies.combat_ai import damage_of
from mtgsim.engine.state.game_state import GameState

CORPUS = ["Lava Spike", "Fireblast"]


def _position(tmp_path: Path, hand: list[str], lands: list[str], b_life: int = 5,
              mine: tuple[str, ...] = ("Grizzly Bears", "Grizzly Bears"),
              theirs: tuple[str, ...] = ("Serra Angel",)) -> GameState:
    """A's first main phase: ``hand``, untapped ``lands`` and ``mine``; B at ``b_life``
    behind ``theirs``."""
    text = f"""name = "race"
corpus = {CORPUS!r}
[setup]
turn = 9
active = "A"
step = "main1"
[setup.A]
life = 6
hand = {hand!r}
library = ["Mountain", "Mountain", "Mountain"]
battlefield = {[*lands, *mine]!r}
[setup.B]
life = {b_life}
library = ["Forest", "Forest", "Forest"]
battlefield = {["Forest", "Forest", "Forest", *theirs]!r}
""".replace("'", '"')
    return scenario_state(tmp_path, text)


def _card(state: GameState, name: str) -> Card:
    return next(o.card for o in state.objects.values() if o.card.name == name)


def test_face_damage_counts_burn_that_may_hit_a_player(tmp_path: Path) -> None:
    state = _position(tmp_path, ["Lightning Bolt", "Lava Spike", "Fireblast", "Giant Growth"],
                      ["Mountain"])
    assert face_damage(_card(state, "Lightning Bolt")) == 3  # any target (115.4)
    assert face_damage(_card(state, "Lava Spike")) == 3  # target player
    assert face_damage(_card(state, "Fireblast")) == 4
    assert face_damage(_card(state, "Giant Growth")) == 0  # a pump
    assert face_damage(_card(state, "Grizzly Bears")) == 0  # a permanent card


def test_burn_reach_is_what_the_mana_pays_for(tmp_path: Path) -> None:
    hand = ["Lightning Bolt", "Lava Spike", "Fireblast"]
    assert burn_reach(_position(tmp_path, hand, []), 0) == 0
    assert burn_reach(_position(tmp_path, hand, ["Mountain"]), 0) == 3  # one of the two
    assert burn_reach(_position(tmp_path, hand, ["Mountain", "Mountain"]), 0) == 6
    # Fireblast's six mana: every spell then (its alternative cost is not counted)
    six = ["Mountain"] * 8
    assert burn_reach(_position(tmp_path, hand, six), 0) == 10
    # a Forest pays no {R}
    assert burn_reach(_position(tmp_path, hand, ["Forest", "Forest"]), 0) == 0
    assert burn_reach(_position(tmp_path, hand, ["Mountain"]), 1) == 0  # B's empty hand


def test_clocks() -> None:
    assert clock(3, 7) == 3
    assert clock(3, 6) == 2
    assert clock(0, 6) == NEVER
    assert clock(2, 0) == 0
    assert wins_race(2, 0, 6, 0, 10)  # three turns against none
    assert not wins_race(0, 10, 6, 0, 10)  # nothing gets through: no race


def test_wins_race_on_equal_clocks_being_first(tmp_path: Path) -> None:
    state = _position(tmp_path, [], [], theirs=("Hill Giant",))
    giant = sum(damage_of(o) for o in state.objects.values() if o.card.name == "Hill Giant")
    # 2 a turn against 10 life: five turns; their 3 against my 15: five turns
    assert wins_race(2, 0, 10, giant, 15)
    assert not wins_race(2, 0, 10, giant, 12)  # theirs: four
    assert wins_race(2, 2, 10, giant, 12)  # the burn makes mine four


def _attack(state: GameState, spec: str) -> list[str]:
    return heuristic_attackers(state, spec)


def test_burn_in_hand_makes_the_attack_lethal(tmp_path: Path) -> None:
    """Two Grizzly Bears into Serra Angel, B at 5: the Angel eats a Bear and 2 gets
    through; Lightning Bolt's 3 finishes. Without the race the Bears stay home."""
    state = _position(tmp_path, ["Lightning Bolt"], ["Mountain", "Mountain"])
    assert _attack(state, "heuristic:attack=race") == ["Grizzly Bears", "Grizzly Bears"]
    state = _position(tmp_path, ["Lightning Bolt"], ["Mountain", "Mountain"])
    assert _attack(state, "heuristic:attack=trades") == []
    state = _position(tmp_path, ["Lightning Bolt"], ["Mountain", "Mountain"])
    assert _attack(state, "heuristic") == ["Grizzly Bears", "Grizzly Bears"]  # the default
    # without the mana for the Bolt, no reach: the Bears stay home either way
    state = _position(tmp_path, ["Lightning Bolt"], ["Forest", "Forest"])
    assert _attack(state, "heuristic:attack=race") == []
