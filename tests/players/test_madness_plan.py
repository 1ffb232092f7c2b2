"""The heuristic's madness planning (``engine/players/policies/madness_plan.py``, 702.35)
on real cards compiled from their Oracle text: which spells are discard outlets, the
madness costs, and which discards the mana left pays for, one on top of the other. The
plays themselves are the AI puzzles ``tests/scenarios/ai/madness_*.toml``."""

from __future__ import annotations

from pathlib import Path

from gamesetup import scenario_state

from mtgsim.engine.players.policies.madness_plan import (
    cost_discard_spent,
    discards_own_card,
    madness_cost,
    madness_discards,
    outlet_plan,
    spent_of,
)
from mtgsim.engine.rules.mana import parse_cost
from mtgsim.engine.state.game_state import GameObject, GameState

CARDS = ["Grab the Prize", "Faithless Looting", "Highway Robbery", "Fiery Temper",
         "Kitchen Imp", "Alms of the Vein", "Lightning Bolt", "Kessig Flamebreather"]


def _position(tmp_path: Path, hand: list[str], lands: list[str], library: int = 8
              ) -> GameState:
    """A's main phase with ``hand`` and untapped ``lands`` (cards compiled from Oracle
    text through the scenario's corpus)."""
    text = f"""name = "madness plan"
corpus = {CARDS!r}
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
hand = {hand!r}
library = {["Mountain"] * library!r}
battlefield = {lands!r}
[setup.B]
library = ["Plains", "Plains", "Plains"]
""".replace("'", '"')
    return scenario_state(tmp_path, text)


def _hand(state: GameState) -> list[GameObject]:
    return [state.objects[o] for o in state.players[0].hand]


def _named(state: GameState, name: str) -> GameObject:
    return next(o for o in _hand(state) if o.card.name == name)


def test_outlets_and_madness_costs(tmp_path: Path) -> None:
    state = _position(tmp_path, CARDS, ["Mountain"])
    cards = {o.card.name: o.card for o in _hand(state)}
    assert {n for n, c in cards.items() if discards_own_card(c)} == {
        "Grab the Prize", "Faithless Looting", "Highway Robbery"}
    costs = {n: c.text for n, c in ((n, madness_cost(c)) for n, c in cards.items())
             if c is not None}
    assert costs == {"Fiery Temper": "{R}", "Kitchen Imp": "{B}", "Alms of the Vein": "{B}"}


def test_each_discard_is_paid_on_top_of_the_ones_before(tmp_path: Path) -> None:
    """A Mountain and a Swamp: one Fiery Temper ({R}) and one black madness card ({B});
    the second Temper finds no {R} left, Alms of the Vein no {B} after Kitchen Imp (the
    more expensive goes first)."""
    hand = ["Fiery Temper", "Fiery Temper", "Kitchen Imp", "Alms of the Vein",
            "Lightning Bolt"]
    state = _position(tmp_path, hand, ["Mountain", "Swamp"])
    options = list(state.players[0].hand)
    picks = [state.objects[o].card.name for o in madness_discards(state, 0, options)]
    assert picks == ["Kitchen Imp", "Fiery Temper"]
    # with {1}{R} still to pay (Grab the Prize's cost), nothing is left for madness
    grab = madness_discards(state, 0, options, spent_of(parse_cost("{1}{R}")))
    assert grab == []


def test_an_outlet_is_worth_the_madness_spell_the_mana_left_pays(tmp_path: Path) -> None:
    """Grab the Prize ({1}{R}) and Fiery Temper's madness ({R}): three Mountains pay
    both, two do not; the cost's discard is chosen before the mana is paid, so it
    counts Grab the Prize's own cost."""
    hand = ["Grab the Prize", "Fiery Temper", "Kessig Flamebreather"]
    three = _position(tmp_path, hand, ["Mountain"] * 3)
    grab = _named(three, "Grab the Prize")
    assert outlet_plan(three, 0, grab, grab.card.cost, _hand(three)) > 26.0
    assert cost_discard_spent(three, grab.oid) == (grab.card.cost.symbols, 1)
    two = _position(tmp_path, hand, ["Mountain"] * 2)
    grab = _named(two, "Grab the Prize")
    assert outlet_plan(two, 0, grab, grab.card.cost, _hand(two)) == 0.0
    bolt = _position(tmp_path, ["Lightning Bolt", "Fiery Temper"], ["Mountain"] * 3)
    b = _named(bolt, "Lightning Bolt")
    assert outlet_plan(bolt, 0, b, b.card.cost, _hand(bolt)) == 0.0  # not an outlet


def test_no_plan_that_would_deck_me(tmp_path: Path) -> None:
    state = _position(tmp_path, ["Grab the Prize", "Fiery Temper"], ["Mountain"] * 3,
                      library=2)
    grab = _named(state, "Grab the Prize")
    assert outlet_plan(state, 0, grab, grab.card.cost, _hand(state)) == 0.0
