"""Stops (engine.state.game_state): the engine passes for a player where their stops say they do not
want priority. STOP_OWN_STACK: without it a player does not hold priority over their own
spell (117.3c, MTGO's default); the heuristic's stops per deck (engine.players.policies.stops)."""

from __future__ import annotations

from gamesetup import POOL, Setup, cast

from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.players.policies.stops import deck_stops
from mtgsim.engine.rules.turn import advance
from mtgsim.engine.state.game_state import ALL_STOPS, MAIN1, STOP_OWN_STACK, UPKEEP, stop_bit


def _after_casting(stops0: int) -> tuple[int, int]:
    """Player 0 casts Lightning Bolt at player 1; who is asked next, and with what on the
    stack. Both players keep a Shock and a Mountain, so either could respond."""
    s = Setup(beacons=False)
    bolt = s.hand("Lightning Bolt", 0)
    s.bf("Mountain", 0)
    for p in (0, 1):
        s.hand("Shock", p)
        s.bf("Mountain", p)
    state = s.go()
    state.stops = [stops0, ALL_STOPS]
    cast(state, bolt, [1])
    d = advance(state)
    assert d is not None and d.kind == "priority" and state.stack
    return d.player, len(state.stack)


def test_a_player_with_all_stops_holds_priority_over_their_own_spell() -> None:
    assert _after_casting(ALL_STOPS) == (0, 1)


def test_without_stop_own_stack_the_caster_passes_and_the_opponent_is_asked() -> None:
    assert _after_casting(ALL_STOPS & ~STOP_OWN_STACK) == (1, 1)


def test_all_stops_include_stop_own_stack() -> None:
    assert ALL_STOPS & STOP_OWN_STACK
    assert HeuristicPolicy.stops & STOP_OWN_STACK  # deck unknown: ask


def test_deck_stops_follow_what_the_deck_can_do() -> None:
    instants_only = [POOL["Lightning Bolt"], POOL["Grizzly Bears"], POOL["Mountain"]]
    with_ability = instants_only + [POOL["Prodigal Pyromancer"]]
    plain = deck_stops(instants_only)
    able = deck_stops(with_ability)
    assert plain & stop_bit(MAIN1, True) and able & stop_bit(MAIN1, True)
    # it casts nothing in its own upkeep or over its own spell: no stop there
    assert not plain & stop_bit(UPKEEP, True) and not plain & STOP_OWN_STACK
    # an activated ability may be used there (a regeneration in response, forecast...)
    assert able & stop_bit(UPKEEP, True) and able & STOP_OWN_STACK


def test_stops_changed_during_a_game_are_followed() -> None:
    """The engine reads each player's stops as a table kept with the derived data
    (engine.rules.turn._stop_table): replacing a mask mid-game, or the list, is seen at once."""
    s = Setup(beacons=False)
    s.hand("Shock", 1)
    s.bf("Mountain", 1)
    state = s.go()
    assert state.step == MAIN1 and state.active == 0
    no_stops = ALL_STOPS & ~stop_bit(MAIN1, True) & ~stop_bit(MAIN1, False)
    state.stops = [no_stops, no_stops]
    d = advance(state)  # nobody stops in player 0's main phase: it ends unasked
    assert d is not None and state.step != MAIN1
    s2 = Setup(beacons=False)
    s2.hand("Shock", 1)
    s2.bf("Mountain", 1)
    state = s2.go()
    state.stops = [no_stops, no_stops]
    state.stops[1] = no_stops | stop_bit(MAIN1, False)  # in place: player 1 stops now
    d = advance(state)
    assert d is not None and d.player == 1 and state.step == MAIN1
