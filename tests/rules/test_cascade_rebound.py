"""Cascade, epic, replicate and rebound rules that no reference card shows on its own.

Scenarios (tests/scenarios/keywords/cascade|epic|replicate|rebound) cover the real cards; these
tests run scenarios against the pool plus synthetic cards: a spell with two instances of
cascade (702.85c), a spell with two instances of rebound (702.88c), and the "as you
cascade" hook (702.85b).
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from gamesetup import play_text

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.card import CardPool
from mtgsim.engine.cards.pool import compile_card, load_pool
from mtgsim.engine.keywords import cascade as cascade_mod
from mtgsim.engine.scenario.runner import Runner


def _pool_with(*cards: CardDef) -> CardPool:
    return load_pool().with_cards(cards)


def _run(tmp_path: Path, text: str, pool: CardPool) -> Runner:
    return play_text(tmp_path, text, pool)


def test_two_cascade_instances_trigger_separately(tmp_path: Path) -> None:
    blast = load_pool()["Bituminous Blast"]
    double = msgspec.structs.replace(blast.defn, name="Double Blast",
                                     keywords=("Cascade", "Cascade"))
    assert len(compile_card(double).triggered) == 2
    runner = _run(tmp_path, '''
name = "two cascade instances"
rules = ["702.85c"]
[setup]
turn = 3
[setup.A]
hand = ["Double Blast"]
battlefield = ["Swamp", "Mountain", "Mountain", "Mountain", "Mountain"]
library = ["Lightning Bolt", "Forest", "Shock", "Island"]
[setup.B]
battlefield = ["Hill Giant"]
[[actions]]
player = "A"
cast = "Double Blast"
targets = ["Hill Giant"]
[expect]
stack = ["Double Blast", "Double Blast", "Double Blast"]
''', _pool_with(double))
    # both cascades resolve: Bolt and Shock are each cast
    runner.queues[0].extend(["yes", "B", "yes", "B"])
    runner._resolve("all", "resolve")
    state = runner.state
    assert state.players[1].life == 20 - 3 - 2
    assert state.players[0].stats["cascades"] == 2


def test_rebound_instances_are_redundant(tmp_path: Path) -> None:
    shock = load_pool()["Staggershock"]
    double = msgspec.structs.replace(shock.defn, name="Double Shock",
                                     keywords=("Rebound", "Rebound"))
    runner = _run(tmp_path, '''
name = "two rebound instances"
rules = ["702.88c"]
[setup]
turn = 3
[setup.A]
hand = ["Double Shock"]
battlefield = ["Mountain", "Mountain", "Mountain"]
library = ["Forest", "Forest"]
[setup.B]
library = ["Plains", "Plains"]
[[actions]]
player = "A"
cast = "Double Shock"
targets = ["B"]
[[actions]]
player = "A"
resolve = "all"
[[actions]]
player = "A"
advance = { turn = 5, step = "upkeep" }
[[actions]]
player = "A"
resolve = "all"
choices = ["yes", "B"]
[expect]
stack = []
[expect.A]
graveyard = ["Double Shock"]
exile = []
[expect.B]
life = 16
''', _pool_with(double))
    assert runner.state.players[0].stats["rebound_casts"] == 1


@pytest.fixture
def as_you_cascade() -> list[list[str]]:
    seen: list[list[str]] = []

    def hook(state, player, cards, asker):  # type: ignore[no-untyped-def]
        # the cards are still in the library (nothing has moved yet)
        assert all(state.objects[o].zone == 0 for o in cards)
        seen.append([state.objects[o].card.name for o in cards])

    cascade_mod.AS_YOU_CASCADE_HOOKS.append(hook)
    yield seen
    cascade_mod.AS_YOU_CASCADE_HOOKS.remove(hook)


def test_as_you_cascade_hook_sees_the_cards_before_the_cast_choice(
        tmp_path: Path, as_you_cascade: list[list[str]]) -> None:
    _run(tmp_path, '''
name = "as you cascade"
rules = ["702.85b"]
[setup]
turn = 3
[setup.A]
hand = ["Bloodbraid Elf"]
battlefield = ["Mountain", "Mountain", "Forest", "Forest"]
library = ["Forest", "Grizzly Bears", "Island"]
[[actions]]
player = "A"
cast = "Bloodbraid Elf"
choices = ["no"]
[[actions]]
player = "A"
resolve = "all"
[expect.A]
library_top = ["Island"]
''', load_pool())
    # A handler is replayed after each answer (engine.state.ask), so the hook, which may only
    # ask questions, can run more than once; it always sees the same cards.
    assert as_you_cascade and all(seen == ["Forest", "Grizzly Bears"]
                                  for seen in as_you_cascade)
