"""Cascade and rebound rules that no reference card shows on its own.

Scenarios (tests/scenarios/keywords/cascade|epic|replicate|rebound) cover the real cards and,
with hypothetical cards of their own, a spell with two instances of cascade (702.85c) and
one with two instances of rebound (702.88c). These tests play those files further than
the scenario format can: the hypothetical card is the real one but for its keywords, the
game goes on after the expectations, the statistics, and the "as you cascade" hook
(702.85b).
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pytest
from gamesetup import POOL, TESTS, play_file

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.keywords import cascade as cascade_mod
from mtgsim.engine.scenario.runner import load_scenario

TWO_CASCADES = "scenarios/keywords/cascade/two_cascade_instances.toml"
TWO_REBOUNDS = "scenarios/keywords/rebound/two_rebound_instances_are_redundant.toml"


def _doubled(path: str, real: str) -> CardDef:
    """The scenario's one hypothetical card, checked to be the real card ``real`` with its
    keyword twice under another name (so the scenario tests the second instance and
    nothing else)."""
    (card,) = load_scenario(TESTS / path).cards
    keyword = POOL[real].defn.keywords
    assert card == msgspec.structs.replace(POOL[real].defn, name=card.name,
                                           keywords=keyword + keyword)
    return card


def test_two_cascade_instances_trigger_separately() -> None:
    assert len(compile_card(_doubled(TWO_CASCADES, "Bituminous Blast")).triggered) == 2
    runner = play_file(TWO_CASCADES)
    # both cascades resolve: Bolt and Shock are each cast
    runner.queues[0].extend(["yes", "B", "yes", "B"])
    runner._resolve("all", "resolve")
    state = runner.state
    assert state.players[1].life == 20 - 3 - 2
    assert state.players[0].stats["cascades"] == 2


def test_rebound_instances_are_redundant() -> None:
    _doubled(TWO_REBOUNDS, "Staggershock")
    runner = play_file(TWO_REBOUNDS)
    assert runner.state.players[0].stats["rebound_casts"] == 1


@pytest.fixture
def as_you_cascade() -> Iterator[list[list[str]]]:
    seen: list[list[str]] = []

    def hook(state, player, cards, asker):  # type: ignore[no-untyped-def]
        # the cards are still in the library (nothing has moved yet)
        assert all(state.objects[o].zone == 0 for o in cards)
        seen.append([state.objects[o].card.name for o in cards])

    cascade_mod.AS_YOU_CASCADE_HOOKS.append(hook)
    yield seen
    cascade_mod.AS_YOU_CASCADE_HOOKS.remove(hook)


def test_as_you_cascade_hook_sees_the_cards_before_the_cast_choice(
        as_you_cascade: list[list[str]]) -> None:
    play_file("scenarios/keywords/cascade/as_you_cascade_declined_bloodbraid.toml")
    # A handler is replayed after each answer (engine.state.ask), so the hook, which may only
    # ask questions, can run more than once; it always sees the same cards.
    assert as_you_cascade and all(seen == ["Forest", "Grizzly Bears"]
                                  for seen in as_you_cascade)
