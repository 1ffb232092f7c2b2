"""Impulse draw's permission (engine.rules.play_from_exile): it belongs to the card in
exile as the object it is (400.7), so a card that leaves exile and comes back is not
playable; the AI's estimate counts the cards it can pay for before the permission ends."""

from __future__ import annotations

from pathlib import Path

from mtgsim.engine.effects.impulse_draw import playable
from mtgsim.engine.rules.priority_actions import legal_actions
from mtgsim.engine.rules.zones import move
from mtgsim.engine.scenario.runner import Runner, load_scenario, play_scenario
from mtgsim.engine.state.game_state import CAST, EXILE, GRAVEYARD, PLAY

_DIR = Path(__file__).parent.parent / "scenarios" / "oracle" / "impulse_draw"


def _after_reckless_impulse() -> Runner:
    """Reckless Impulse resolved: Mountain and Shock in exile, playable (the first two
    actions of the scenario, no expectations checked)."""
    sc = load_scenario(_DIR / "yes_reckless_impulse_land_and_spell.toml")
    sc.actions = sc.actions[:2]
    sc.setup.A.library += ["Island"] * 4  # enough left for the estimates
    sc.expect = type(sc.expect)()
    return play_scenario(sc)


def _offered(runner: Runner, name: str) -> list[int]:
    state = runner.state
    return [a.kind for a in legal_actions(state, 0)
            if a.kind in (CAST, PLAY) and state.objects[a.oid].card.name == name
            and state.objects[a.oid].zone == EXILE]


def test_the_exiled_cards_are_offered() -> None:
    runner = _after_reckless_impulse()
    assert _offered(runner, "Shock") == [CAST]
    assert _offered(runner, "Mountain") == [PLAY]


def test_a_card_that_left_exile_and_came_back_is_a_new_object_not_playable() -> None:
    runner = _after_reckless_impulse()
    state = runner.state
    for name in ("Shock", "Mountain"):
        oid = next(o for o in state.players[0].exile if state.objects[o].card.name == name)
        back = move(state, move(state, state.objects[oid], GRAVEYARD), EXILE)
        assert back.zone == EXILE and back.oid != oid
    assert _offered(runner, "Shock") == []
    assert _offered(runner, "Mountain") == []


def test_the_estimate_counts_what_can_be_paid_for() -> None:
    runner = _after_reckless_impulse()
    state = runner.state
    # this turn: the land play left and one card per two untapped mana (one Mountain
    # untapped after paying {1}{R}: 1 + 0); until the next turn: 1 + (3 lands + 1) // 2
    # = 3, at most n
    assert playable(state, 0, 2, next_turn=False) == 1
    assert playable(state, 0, 5, next_turn=True) == 3
    assert playable(state, 0, 2, next_turn=True) == 2
    state.players[0].lands_played = state.players[0].land_drops
    assert playable(state, 0, 5, next_turn=False) == 0
    state.players[0].library.clear()
    assert playable(state, 0, 5, next_turn=True) == 0  # nothing left to exile
