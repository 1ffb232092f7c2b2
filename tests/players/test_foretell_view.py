"""A foretold card is exiled face down (702.143a, 406.3): its owner may look at it, the
other player may not. The other player's view holds no object of it and lists it in its
owner's exile as a face-down card (``NONE``, as a hidden hand card), so the count of
cards in that exile holds, through the real decide path too; its owner's view shows it; a clone (``Sight.of``, after decoding
or cloning) keeps it hidden; it counts among its owner's cards usable from a zone
(``Hands.zone_actions``), in the state and after a recount, and no more once cast."""

from __future__ import annotations

from pathlib import Path

from mtgsim.engine.game import step
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.scenario.runner import load_scenario, play_scenario
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import Answer, Decision
from mtgsim.engine.state.game_state import EXILE, NONE, GameState
from mtgsim.engine.state.view import player_view

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "oracle" / "foretell"


def _foretold() -> tuple[GameState, int]:
    """The game once player A (0) foretold Behold the Multiverse, and its object's id."""
    sc = load_scenario(SCENARIOS / "yes_behold_the_multiverse_foretold_in_the_end_step.toml")
    state = play_scenario(sc).state
    (oid,) = state.players[0].exile
    assert state.objects[oid].zone == EXILE and state.objects[oid].foretold == 3
    return state, oid


def test_the_other_player_sees_nothing_of_a_foretold_card() -> None:
    state, oid = _foretold()
    theirs = player_view(state, 1)
    assert oid not in theirs.objects and NONE not in theirs.objects
    assert theirs.players[0].exile == [NONE]  # a face-down card: counted, not identified
    assert all(o.card.name != "Behold the Multiverse" for o in theirs.objects.values())
    mine = player_view(state, 0)
    assert mine.players[0].exile == [oid]
    assert mine.objects[oid].card.name == "Behold the Multiverse"


def test_a_clone_keeps_it_hidden_and_counted() -> None:
    state, oid = _foretold()
    copy = clone(state)
    assert oid in copy.sight.visible[0] and oid not in copy.sight.visible[1]
    assert player_view(copy, 1).players[0].exile == [NONE]
    counted = state.derived.hands.zone_actions[0]
    assert counted == 1  # the foretold card (the hand is empty)
    assert copy.derived.recount(copy).hands.zone_actions[0] == counted


class _Spy:
    """The heuristic, keeping each view it is given (``engine.game.decide`` makes them)."""

    name = "spy"

    def __init__(self) -> None:
        self.inner = make_policy("heuristic", 5)
        self.views: list[GameState] = []

    def decide(self, view: GameState, d: Decision) -> Answer:
        self.views.append(view)
        return self.inner.decide(view, d)


def test_the_other_player_decides_seeing_a_face_down_card() -> None:
    """Through the real decide path (``engine.game.step``): each view the other player
    decides from while the card stays foretold shows one face-down card in its owner's
    exile, of which it holds no object; the heuristic decides from it."""
    state, oid = _foretold()
    spy = _Spy()
    policies = [make_policy("heuristic", 4), spy]
    during: list[GameState] = []  # the views made while the card stayed foretold
    for _ in range(60):
        asked = len(spy.views)
        if step(state, policies) is None or state.players[0].exile != [oid]:
            break
        during.extend(spy.views[asked:])
    assert during, "player B was asked nothing while the card was foretold"
    for view in during:
        assert view.players[0].exile == [NONE]
        assert oid not in view.objects
        assert all(o.card.name != "Behold the Multiverse" for o in view.objects.values())


def test_cast_it_is_no_longer_counted() -> None:
    sc = load_scenario(SCENARIOS / "yes_behold_the_multiverse_foretold_cast_on_their_turn.toml")
    state = play_scenario(sc).state
    assert state.players[0].exile == []
    # what zones kept counted is what a recount finds: the card in the graveyard only
    # (a card with a permission from another zone counts there too, Card.zone_actions)
    assert state.derived.hands.zone_actions[0] == \
        clone(state).derived.recount(state).hands.zone_actions[0] == 1
