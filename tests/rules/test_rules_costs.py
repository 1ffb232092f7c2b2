"""Costs with several parts (601.2b, 601.2g-h, 602.2b): a permanent chosen for one part
of a cost (a counter put on it or removed from it, tapped, sacrificed) does not also pay
mana, because mana abilities are activated before the costs are paid. Each choice offered
leaves the whole cost payable, so every offered answer is legal.

Regression: an Eldrazi Spawn chosen for Scarscale Ritual's -1/-1 counter, or for Novijen
Sages' counter removal, was then sacrificed for the {1} of the same payment, and paying
the counter cost raised ``KeyError`` (found by the fuzz, about one game in 200 for decks
holding such a pair).
"""

from __future__ import annotations

from gamesetup import POOL, Setup, has_action, names, obj, option_index, priority

from mtgsim.engine.cards import CardDef
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.state.game_state import ACTIVATE, CAST, GameState

SPAWN: CardDef = POOL["Nest Invader"].abilities[0].effects[0].token  # type: ignore[attr-defined]


def _options_for(state: GameState, kind: str) -> list[int]:
    d = advance(state)
    assert d is not None and d.kind == kind, d
    return list(d.options)


def _take(state: GameState, kind: int, oid: int) -> None:
    d = priority(state)
    index = next(i for i, a in enumerate(d.actions) if a.kind == kind and a.oid == oid)
    answer(state, index)


def test_scarscale_ritual_counter_goes_on_a_creature_the_mana_does_not_need() -> None:
    s = Setup()
    ritual = s.hand("Scarscale Ritual", 0)
    island = s.bf("Island", 0)
    spawn = s.bf(SPAWN, 0, token=True)
    bears = s.bf("Grizzly Bears", 0)
    state = s.go()
    _take(state, CAST, ritual)
    # The Spawn's mana is needed for {1}: only the Bears can take the counter, so the
    # question is not even asked.
    advance(state)
    assert state.stack and state.stack[-1].card.name == "Scarscale Ritual"
    assert obj(state, bears).counters == {"-1/-1": 1}
    assert obj(state, island).tapped
    assert spawn not in state.battlefield  # sacrificed for {C}
    assert not state.players[0].pool


def test_scarscale_ritual_counter_on_the_spawn_when_lands_pay() -> None:
    s = Setup()
    ritual = s.hand("Scarscale Ritual", 0)
    s.lands("Island", 0, 2)
    spawn = s.bf(SPAWN, 0, token=True)
    bears = s.bf("Grizzly Bears", 0)
    state = s.go()
    _take(state, CAST, ritual)
    options = _options_for(state, "cost_counter")
    assert sorted(options) == sorted([spawn, bears])
    answer(state, option_index(advance(state), spawn))  # type: ignore[arg-type]
    advance(state)
    assert state.stack[-1].card.name == "Scarscale Ritual"
    # The lands paid; the Spawn was not sacrificed for mana, it got the counter (and
    # dies to state-based actions as a 0/0).
    assert "Eldrazi Spawn" not in names(state, state.battlefield)
    assert obj(state, bears).counters == {}
    assert state.players[0].pool == []


def test_scarscale_ritual_is_not_castable_when_its_only_creature_must_pay_mana() -> None:
    s = Setup()
    ritual = s.hand("Scarscale Ritual", 0)
    s.bf("Island", 0)
    s.bf(SPAWN, 0, token=True)
    state = s.go()
    d = advance(state)
    assert not has_action(d, CAST, ritual)


def test_novijen_sages_does_not_remove_counters_from_the_spawn_that_pays() -> None:
    s = Setup()
    sages = s.bf("Novijen Sages", 0, counters={"+1/+1": 3})
    spawn = s.bf(SPAWN, 0, token=True, counters={"+1/+1": 1})
    bears = s.bf("Grizzly Bears", 0, counters={"+1/+1": 1})
    state = s.go()
    hand_before = len(state.players[0].hand)
    _take(state, ACTIVATE, sages)
    # {1} comes only from the Spawn: its counter is never offered, for either counter.
    for _ in range(2):
        assert sorted(_options_for(state, "cost_counter")) == sorted([sages, bears])
        answer(state, option_index(advance(state), sages))  # type: ignore[arg-type]
    advance(state)
    assert state.stack and state.stack[-1].source == sages
    assert spawn not in state.battlefield  # sacrificed for the {1}
    assert obj(state, sages).counters == {"+1/+1": 1}
    assert obj(state, bears).counters == {"+1/+1": 1}
    assert len(state.players[0].hand) == hand_before


def test_novijen_sages_cannot_activate_when_the_counters_are_on_the_mana() -> None:
    s = Setup()
    sages = s.bf("Novijen Sages", 0, counters={"+1/+1": 1})
    s.bf(SPAWN, 0, token=True, counters={"+1/+1": 1})
    state = s.go()
    assert not has_action(advance(state), ACTIVATE, sages)
