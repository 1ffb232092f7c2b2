"""The per-game gate of the scans for rare mechanics (engine.rules.mechanics): each real
card's mask, and a game's union (``Derived.mechanics``) counted from its decks, grown by
the cards that join it (a card put onto the battlefield, ``game_card``), kept by clones
and views, and counted again after decoding. tests/state/test_caches.py holds it at every
decision of real games to covering every object's cards."""

from __future__ import annotations

import pytest
from gamesetup import POOL, bundled_deck

from mtgsim.engine.cards.card import CardPool
from mtgsim.engine.rules.mechanics import (
    ALL,
    AURA_DEALS_DAMAGE,
    AURA_EVENTS,
    FLAGBEARER,
    SAGA,
    card_mechanics,
)
from mtgsim.engine.rules.turn import new_game
from mtgsim.engine.rules.zones import new_object
from mtgsim.engine.scenario.runner import _with_corpus_cards
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.derived import game_card
from mtgsim.engine.state.game_state import BATTLEFIELD
from mtgsim.engine.state.serialize import from_msgpack, to_msgpack
from mtgsim.engine.state.view import player_view

RARE = {"Cryoshatter": AURA_EVENTS, "Spirit Link": AURA_DEALS_DAMAGE,
        "Standard Bearer": FLAGBEARER, "History of Benalia": SAGA}


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return _with_corpus_cards(sorted(RARE), POOL)


def test_each_card_has_the_mechanics_the_scans_look_for(pool: CardPool) -> None:
    for name, bit in RARE.items():
        assert pool[name].mechanics == bit == card_mechanics(pool[name]), name
    for name in ("Grizzly Bears", "Forest", "Lightning Bolt", "Pacifism"):
        assert pool[name].mechanics == 0, name  # (Pacifism: an Aura without such a trigger)


def test_a_game_counts_its_decks_cards(pool: CardPool) -> None:
    bench = new_game([bundled_deck("gruul_stompy"), bundled_deck("azorius_skies")], 1)
    assert bench.derived.mechanics == 0  # the bench matchup: every gated scan skipped
    deck = [pool["Forest"]] * 20 + [pool["Standard Bearer"]]
    state = new_game([deck, [pool["Island"]] * 20], 1)
    assert state.derived.mechanics == FLAGBEARER
    unknown = new_game([[], []], 1, pool=pool)
    unknown.derived = type(unknown.derived)(pool, [])  # a Derived never counted
    assert unknown.derived.mechanics & ALL == ALL


def test_cards_joining_the_game_add_theirs(pool: CardPool) -> None:
    state = new_game([[pool["Forest"]] * 20, [pool["Island"]] * 20], 1)
    assert state.derived.mechanics == 0
    new_object(state, pool["Cryoshatter"], 0, BATTLEFIELD)  # (as a scenario puts it there)
    assert state.derived.mechanics == AURA_EVENTS
    game_card(state, pool["History of Benalia"].defn)  # a card the game makes: a face, a token
    assert state.derived.mechanics == AURA_EVENTS | SAGA
    assert clone(state).derived.mechanics == AURA_EVENTS | SAGA
    assert player_view(state, 1).derived.mechanics == AURA_EVENTS | SAGA


def test_a_decoded_game_counts_its_objects_cards(pool: CardPool) -> None:
    state = new_game([[pool["Forest"]] * 20 + [pool["Spirit Link"]], [pool["Island"]] * 20],
                     1)
    game_card(state, pool["Standard Bearer"].defn)  # on no object: not in the saved game
    decoded = from_msgpack(to_msgpack(state), pool)
    assert decoded.derived.mechanics == AURA_DEALS_DAMAGE
