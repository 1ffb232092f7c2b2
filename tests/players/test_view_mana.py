"""A view's mana facts (engine.state.caches.Mana.for_view): each player's mana entry
(``ManaEntry``) and the mana sources (``ManaSources``) are immutable values a view holds
by reference from the state, the entries only where they are public (keyed without the
whole state: plain mana abilities of permanents, the pool, the turn). The checks of
``test_view`` (``unreachable``, ``_frozen``) see a mutable mana fact put back; an entry
that may depend on a hidden card is found by each viewer; a clone holds the public
entries and finds the sources itself.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest
from test_view import Unfair, _deck, _facts, _frozen, _play_until, unreachable

from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.game import decide, policy_stops
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules import mana_units as mana_units_mod
from mtgsim.engine.rules.mana_sources import _find_mana_sources, _mana_sources
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import GameState
from mtgsim.engine.state.view import player_view
from mtgsim.pipelines.runner import load_card_pool, load_decks


@pytest.fixture(scope="module")
def pool():  # type: ignore[no-untyped-def]
    return load_card_pool()


def _bench_state(pool) -> GameState:  # type: ignore[no-untyped-def]
    """The bench matchup at turn 4, both players' mana and the sources found."""
    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game([deck_a, deck_b], 11)
    _play_until(state, policies, 4)
    for p in (0, 1):
        mana_units_mod.mana_units(state, p)
    return state


def _list_sources(state: GameState) -> None:
    entry = state.derived.mana.units[0]
    assert entry is not None and entry.whole is None
    state.derived.mana.keep(0, msgspec.structs.replace(entry, sources=list(entry.sources)))


def _list_content(state: GameState) -> None:
    entry = state.derived.mana.units[1]
    assert entry is not None and entry.whole is None
    state.derived.mana.keep(1, msgspec.structs.replace(entry, content=list(entry.content)))


def _list_units(state: GameState) -> None:
    state.derived.mana.shared = list(state.derived.mana.shared)  # type: ignore[assignment]


def _list_players(state: GameState) -> None:
    found = state.derived.mana.sources
    assert found is not None
    state.derived.mana.sources = msgspec.structs.replace(
        found, players=(list(found.players[0]), found.players[1]))


@pytest.mark.parametrize("put_back", [_list_sources, _list_content, _list_units,
                                      _list_players],
                         ids=["entry sources", "entry content", "entries", "mana sources"])
def test_the_check_catches_a_view_sharing_a_mutable_mana_fact(
        pool, put_back: Callable[[GameState], None]) -> None:  # type: ignore[no-untyped-def]
    """Were a mana fact a list again, the view would share it, and both walks of
    ``test_view`` catch that: ``_frozen`` on the facts a view holds, and ``unreachable``,
    which every view policies are given passes."""
    state = _bench_state(pool)
    d = advance(state)
    assert d is not None
    unreachable(state, player_view(state, d.player), d)  # as played: nothing mutable shared
    assert all(_frozen(fact) for fact in _facts(player_view(state, d.player)).values())
    put_back(state)
    view = player_view(state, d.player)
    assert not all(_frozen(fact) for fact in _facts(view).values())
    with pytest.raises(Unfair, match="list of the game"):
        unreachable(state, view, d)


def test_a_view_holds_the_public_mana_and_finds_the_same(pool) -> None:  # type: ignore[no-untyped-def]
    """At every decision of a bench game, each player's view holds the state's public
    mana entries and mana sources themselves (no copy), and what it answers from them
    is what it finds afresh from its own battlefield."""
    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game([deck_a, deck_b], 7)
    held = sources = 0
    while (d := advance(state)) is not None and state.turn < 9:
        real = state.derived.mana
        view = player_view(state, d.player)
        mine = view.derived.mana
        assert mine.answers == [None, None] and mine.seen == {}
        assert mine.units is real.shared and mine.taps is not real.taps
        if real.sources is not None:
            assert mine.sources is real.sources
        for p in (0, 1):
            entry = real.units[p]
            if entry is not None and entry.whole is None:
                assert mine.units[p] is entry and real.shared[p] is entry
                held += 1
            else:
                assert mine.units[p] is None and real.shared[p] is None
            units, found = mana_units_mod.mana_units(view, p)
            fresh_units, fresh_found, _, _, filters, _ = mana_units_mod._mana_units(view, p)
            assert (units, found) == (fresh_units, fresh_found)
            assert units.filters == fresh_units.filters and \
                mana_units_mod.filter_sources(view, p) == filters
            assert units is not (real.answers[p] or (None,))[0]  # the view's own Units
        if mine.sources is real.sources and real.sources is not None:
            assert _mana_sources(view) == _find_mana_sources(view)
            sources += 1
        answer(state, decide(policies[d.player], state, d))
    assert held > 20 and sources > 20


def test_mana_that_may_depend_on_anything_is_found_by_each_viewer() -> None:
    """A mana entry keyed on the whole state (a mana ability with a computed amount:
    Priest of Titania's "Add {G} for each Elf on the battlefield") may depend on
    anything, hidden cards included: no view holds it; each finds its own, equal to the
    state's here (an amount of public permanents)."""
    _, loaded = load_decks(CardSource(), ["pauper/elves", "gruul_stompy"])
    decks = [deck.cards for deck in loaded]
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game(decks, 5, stops=policy_stops(policies, decks))
    whole = 0
    while (d := advance(state)) is not None and state.turn < 16:
        entry = state.derived.mana.units[0]
        if entry is not None and entry.whole is not None:
            whole += 1
            for me in (0, 1):
                view = player_view(state, me)
                assert view.derived.mana.units[0] is None
                assert mana_units_mod.mana_units(view, 0) == mana_units_mod.mana_units(state, 0)
            assert clone(state).derived.mana.units[0] is None
        answer(state, decide(policies[d.player], state, d))
    assert whole > 10  # (Priest of Titania out for several decisions)


def test_a_clone_holds_the_public_mana_entries(pool) -> None:  # type: ignore[no-untyped-def]
    """A clone holds the state's public entries (ids and colours, keyed on counts it
    copies) but not the sources (the original's objects), and answers as it would
    afresh; its Units are its own."""
    state = _bench_state(pool)
    other = clone(state)
    real, kept = state.derived.mana, other.derived.mana
    assert kept.sources is None and kept.entered == () and kept.answers == [None, None]
    for p in (0, 1):
        assert kept.units[p] is real.units[p]
        units, found = mana_units_mod.mana_units(other, p)
        assert (units, found) == mana_units_mod._mana_units(other, p)[:2]
        assert units is not mana_units_mod.mana_units(state, p)[0]


def test_a_pool_of_other_colours_and_the_same_size_is_not_the_same_mana(pool) -> None:  # type: ignore[no-untyped-def]
    """The entry is keyed on the pool's content, not its size: floating mana spent and
    refilled to the same size with another colour (a ritual paid from the pool) makes
    other units, and the entry found for the old pool must not answer for the new."""
    state = _bench_state(pool)
    player = state.players[0]
    red, green = mana_mod.R, mana_mod.G
    player.pool = [red]
    red_units = list(mana_units_mod.mana_units(state, 0)[0])
    player.pool = [green]
    green_units = list(mana_units_mod.mana_units(state, 0)[0])
    mana = state.derived.mana  # the entry forgotten: what it must have answered
    mana.units, mana.answers[0] = (None, mana.units[1]), None
    assert green_units == list(mana_units_mod.mana_units(state, 0)[0])
    assert green_units != red_units


def test_units_of_another_shape_are_other_units(pool) -> None:  # type: ignore[no-untyped-def]
    """The game's ``Units`` are kept by their whole shape (``mana_units._units_of``,
    ``Mana.seen``): the content, the filters, the dual filters' own units and the
    filters' colours. Laid out flat, a dual filter beside the 65th unit (its index 64)
    and a filter making only white ({W} = 1, -64 - 1 = -1 - 64) gave one key: 65 units
    with a filter of any colour and that dual filter, and the same units with one white
    filter, were answered with the first's Units (a dual filter the second has not)."""
    state = _bench_state(pool)
    content = (mana_mod.W,) * 65
    five = mana_mod.FIVE_COLORS
    dual = mana_units_mod._units_of(state, content, 1, (64,), (five, five))
    white = mana_units_mod._units_of(state, content, 1, (), (mana_mod.W,))
    assert (dual.filters, dual.duals, dual.masks) == (1, (64,), ())
    assert (white.filters, white.duals, white.masks) == (1, (), (mana_mod.W,))
    assert mana_units_mod._units_of(state, content, 1, (64,), (five, five)) is dual
    assert mana_units_mod._units_of(state, content, 0) is not dual
