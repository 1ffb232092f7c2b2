"""616.1: the affected object's controller (or the affected player) chooses among the
replacement effects that would apply to an event, one at a time, and what still applies
is checked again after each (616.1e); self-replacement effects first (616.1a). What no
card of the pool shows (a second kind of draw replacement beside dredge, a
self-replacement effect) is checked with effects registered by the test itself."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gamesetup import Setup, cast, decision_of, obj, pass_until, resolve

from mtgsim.engine.game import decide
from mtgsim.engine.players.policies import POLICIES, make_policy
from mtgsim.engine.players.policies.search import SearchPolicy
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.replacement_order import Applicable, ChoiceNeeded, apply_in_order
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import Replacing
from mtgsim.engine.state.game_state import (
    DRAW,
    GRAVEYARD,
    MAIN1,
    NONE,
    DrawTask,
    GameState,
)


def _umbra_bears(regen: bool = False):  # type: ignore[no-untyped-def]
    """Player 1's Doom Blade on player 0's Grizzly Bears wearing Hyena and Boar Umbra
    (and a regeneration shield): the blockers of the question's options."""
    s = Setup(active=1, step=MAIN1)
    bears = s.bf("Grizzly Bears", 0)
    hyena = s.bf("Hyena Umbra", 0, attached_to=bears)
    boar = s.bf("Boar Umbra", 0, attached_to=bears)
    blade = s.hand("Doom Blade", 1)
    s.lands("Swamp", 1, 2)
    state = s.go()
    if regen:
        state.objects[bears].regen_shields = 2
    cast(state, blade, [bears])
    d = resolve(state)
    assert d is not None and d.kind == "replacement" and d.player == 0
    return state, d, bears, hyena, boar


def test_the_controller_is_asked_naming_each_effect() -> None:
    state, d, bears, hyena, boar = _umbra_bears(regen=True)
    assert d.source == bears
    assert isinstance(d.about, Replacing) and d.about.event == "destroy"
    # two shields are one option (they do the same); each Aura is one
    assert list(zip(d.about.effects, d.options, strict=True)) == [
        ("regeneration", bears), ("umbra armor", hyena), ("umbra armor", boar)]
    answer(state, d.options.index(boar))
    assert obj(state, bears).damage == 0 and not obj(state, bears).tapped
    assert boar not in state.objects and hyena in state.objects
    assert obj(state, bears).regen_shields == 2  # the shield was not used


def test_regeneration_chosen_keeps_both_auras() -> None:
    state, d, bears, hyena, boar = _umbra_bears(regen=True)
    answer(state, 0)
    assert obj(state, bears).tapped and obj(state, bears).regen_shields == 1
    assert hyena in state.objects and boar in state.objects


@pytest.mark.parametrize("policy", POLICIES)
def test_every_policy_answers(policy: str) -> None:
    """Each shipped policy answers legally; the heuristic regenerates a creature out of
    combat (a shield ends with the turn, an Aura is a card) and otherwise gives up the
    Aura of least bonus (Hyena's +1/+1 before Boar's +3/+3)."""
    state, d, bears, hyena, _ = _umbra_bears(regen=True)
    pick = decide(make_policy(policy, 3), state, d)
    assert isinstance(pick, int) and 0 <= pick < len(d.options)
    if policy == "heuristic":
        assert d.about is not None and d.about.effects[pick] == "regeneration"
        state2, d2, _, hyena2, _ = _umbra_bears()
        assert d2.options[decide(make_policy(policy, 3), state2, d2)] == hyena2
    answer(state, pick)


def test_the_search_tries_each_option() -> None:
    state, d, *_ = _umbra_bears(regen=True)
    own = make_policy("heuristic", 1).decide(state, d)
    assert sorted(SearchPolicy.candidates(state, d, own)) == [0, 1, 2]


def _asker(state: GameState) -> Asker:
    return Asker(state, DrawTask(player=0))


def test_self_replacement_effects_come_first_and_each_applies_once() -> None:
    """616.1a: a self-replacement effect is chosen before the others (here the only
    option at first, so it isn't asked about); 616.1e: after a modification the others
    are checked again; 614.5: none applies twice."""
    state = Setup().go()
    order: list[str] = []
    effects = [Applicable("other", 5, ends=True), Applicable("self", 7, ends=False,
                                                             self_replacement=True)]
    picked = apply_in_order(state, 0, "zone_change", 5, lambda: effects, lambda a: order.append(
        a.kind), _asker(state))
    assert order == ["self"] and picked == effects[0]


def test_a_choice_with_no_one_to_ask_is_refused() -> None:
    state = Setup().go()
    two = [Applicable("a", 5, ends=True), Applicable("b", 6, ends=True)]
    with pytest.raises(ChoiceNeeded):
        apply_in_order(state, 0, "zone_change", 5, lambda: two, lambda a: None, None)


# --- a second kind of draw replacement beside dredge, registered by the test -------------

def _skip_draw_sources(state: GameState, player: int) -> list[int]:
    """'If you would draw a card, you gain 1 life instead' of each Beacon the player
    controls (a test-only mandatory draw replacement)."""
    return [oid for oid in state.battlefield
            if state.objects[oid].controller == player
            and state.objects[oid].card.name == "Test Beacon"][:1]


def _gain_instead(state: GameState, player: int, source: int) -> None:
    rep.gain_life(state, player, 1)
    if state.log is not None:
        log(state, "test_instead", player, "Test Beacon")


@pytest.fixture
def draw_rule() -> Iterator[None]:
    rule = rep.DrawRule("test gain", _skip_draw_sources, _gain_instead, optional=False)
    rep.DRAW_RULES.append(rule)
    try:
        yield
    finally:
        rep.DRAW_RULES.remove(rule)


def _dredge_draw() -> tuple[GameState, int]:
    s = Setup(active=0, step=MAIN1)
    thug = s.add("Golgari Thug", 0, "graveyard")
    state = s.go()
    state.step = DRAW - 1  # the next step is the draw step (the upkeep)
    return state, thug


def test_dredge_with_another_draw_replacement(draw_rule: None) -> None:
    """Dredge (optional) beside a mandatory replacement: one question names both, and
    there is no option to draw, since one of them is mandatory (616.1)."""
    state, thug = _dredge_draw()
    beacons = [oid for oid in state.battlefield
               if state.objects[oid].card.name == "Test Beacon"]
    assert beacons, "gamesetup puts a Test Beacon on each side"
    d = pass_until(state, decision_of("replacement"))
    assert d is not None and isinstance(d.about, Replacing) and d.about.event == "draw"
    assert sorted(zip(d.about.effects, d.options, strict=True)) == sorted(
        [("dredge", thug), ("test gain", beacons[0])])
    assert NONE not in d.options
    life, library = state.players[0].life, len(state.players[0].library)
    answer(state, d.options.index(thug))  # dredge: the draw is replaced, no life gained
    assert thug not in state.players[0].graveyard
    assert state.players[0].life == life and len(state.players[0].library) == library - 4


def test_the_other_draw_replacement_chosen(draw_rule: None) -> None:
    state, thug = _dredge_draw()
    d = pass_until(state, decision_of("replacement"))
    assert d is not None
    life, hand = state.players[0].life, len(state.players[0].hand)
    answer(state, d.about.effects.index("test gain"))  # type: ignore[union-attr]
    assert state.players[0].life == life + 1 and len(state.players[0].hand) == hand
    assert state.objects[thug].zone == GRAVEYARD


def test_dredge_alone_is_its_own_question() -> None:
    """Only dredge applies: the ``dredge`` question (a card with dredge, or none)."""
    state, thug = _dredge_draw()
    d = advance(state)
    while d is not None and d.kind == "priority":
        answer(state, 0)
        d = advance(state)
    assert d is not None and d.kind == "dredge" and d.options == [thug, NONE]


def test_choices_at_the_same_time_are_made_in_apnap_order() -> None:
    """616.1, 101.4: two creatures with two umbra armor Auras each, one per player, dealt
    lethal damage at once (state-based actions): the active player chooses first, though
    the other player's creature came first on the battlefield; both choose before
    anything moves."""
    s = Setup(active=1, step=MAIN1)
    mine = s.bf("Grizzly Bears", 0, damage=6)  # 6/6 with the Auras: lethal
    s.bf("Hyena Umbra", 0, attached_to=mine)
    s.bf("Boar Umbra", 0, attached_to=mine)
    theirs = s.bf("Grizzly Bears", 1, damage=6)
    s.bf("Hyena Umbra", 1, attached_to=theirs)
    s.bf("Boar Umbra", 1, attached_to=theirs)
    state = s.go()
    d = advance(state)
    assert d is not None and d.kind == "replacement" and d.player == 1 and d.source == theirs
    answer(state, 0)
    d = advance(state)
    assert d is not None and d.kind == "replacement" and d.player == 0 and d.source == mine
    assert obj(state, mine).damage == 6 and obj(state, theirs).damage == 6  # nothing moved
    answer(state, 0)
    assert obj(state, mine).damage == 0 and obj(state, theirs).damage == 0
