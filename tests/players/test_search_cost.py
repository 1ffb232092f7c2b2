"""The search's cheaper paths find exactly what the plain ones find (docs/performance.md,
"What the search spends"): a deal's clone takes the deal's sight instead of walking every
object again (``determinize.clone_dealt``, ``Sight.onto``) and shares the deal's library
objects, copying one only where the rollout changes it (``clone.own``), a determinization makes its
sight once, after dealing, and a decision's first deal is made once and the cards its
player does not see found once (``RootSearch.deal``). Each is checked here against the plain computation on
real positions of bundled-deck games: the same ids in the same order (a view's objects
are the sight's dict, read by the heuristic in its order), each the clone's own object.
"""

from __future__ import annotations

import msgspec
import pytest
from gamesetup import bundled_deck

from mtgsim.engine.game import policy_stops, step
from mtgsim.engine.players.policies import SearchPolicy, make_policy, parse_policy
from mtgsim.engine.players.policies.determinize import clone_dealt, determinize
from mtgsim.engine.players.policies.heuristic import HeuristicPolicy
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.rules.zones import move, reveal
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import HAND, LIBRARY, NONE, GameState, PendingTrigger
from mtgsim.engine.state.serialize import to_msgpack
from mtgsim.engine.state.sight import Sight
from mtgsim.engine.state.view import player_view

MATCHUPS = [("gruul_stompy", "azorius_skies"), ("golgari_dredge", "naya_auras"),
            ("bogles", "izzet_spells")]

Facts = tuple[list[list[int]], list[int], list[int], list[list[int]]]


def _positions(decks: tuple[str, str], seed: int, every: int = 7) -> list[GameState]:
    """Copies of a heuristic game at every ``every``-th decision from turn 2 on."""
    cards = [bundled_deck(decks[0]), bundled_deck(decks[1])]
    policies = [make_policy("heuristic", seed), make_policy("heuristic", seed + 1)]
    state = new_game(cards, seed, stops=policy_stops(policies, cards))
    out = []
    n = 0
    while True:
        d = advance(state)
        if d is None:
            break
        n += 1
        if state.turn >= 2 and n % every == 0:
            out.append(clone(state))
        answer(state, policies[d.player].decide(player_view(state, d.player), d))
    assert len(out) >= 4
    return out


def _facts(game: GameState, sight: Sight) -> Facts:
    """What ``sight`` holds, checking that each object it shows is ``game``'s own."""
    for visible in sight.visible:
        for oid, o in visible.items():
            assert o is game.objects[oid]
    return ([list(v) for v in sight.visible], list(sight.library_changes),
            list(sight.library_known), [list(ids) for ids in sight.libraries])


@pytest.mark.parametrize("decks", MATCHUPS)
def test_a_deal_and_its_clones_hold_the_sight_sight_of_finds(decks: tuple[str, str]) -> None:
    dealt = 0
    for k, state in enumerate(_positions(decks, 11)):
        for me in (0, 1):
            deal = determinize(player_view(state, me), me, 1000 + k)
            if deal is None:
                continue
            dealt += 1
            assert _facts(deal, deal.sight) == _facts(deal, Sight.of(deal))
            for _ in range(2):  # each rollout's clone, and the deal left as it was
                game = clone_dealt(deal)
                assert _facts(game, game.sight) == _facts(game, Sight.of(game))
                assert game.sight.visible[0] is not deal.sight.visible[0]
            assert _facts(deal, deal.sight) == _facts(deal, Sight.of(deal))
    assert dealt > 10


def _fields(game: GameState) -> list[tuple[int, tuple[object, ...], dict[str, int], int]]:
    """Every object of ``game``: its id, its fields, its counters and which object it is."""
    return [(oid, msgspec.structs.astuple(o), dict(o.counters), id(o))
            for oid, o in game.objects.items()]


def _rolled(game: GameState, seed: int) -> GameState:
    """``game`` played on for two turns by the heuristic in both seats, as a rollout."""
    policies = [HeuristicPolicy(seed), HeuristicPolicy(seed + 1)]
    limit = game.turn + 2
    while game.result is None and game.turn < limit:
        if step(game, policies) is None:
            break
    return game


@pytest.mark.parametrize("decks", MATCHUPS)
def test_a_deals_clones_share_its_library_and_leave_it_alone(decks: tuple[str, str]) -> None:
    """A deal holds the library objects of the view it was dealt from (the game's own),
    and a deal's clone the deal's library objects, copying the others; a rollout on it
    ends exactly where the same rollout on a clone that copies every object ends (the
    rules state and the sight), and the deal, its objects (each field and counter) and
    its sight's dicts, and the game's objects, are as they were after every rollout: the
    clone copied each library object it changed (``clone.own``) before changing it."""
    owned = 0
    for k, state in enumerate(_positions(decks, 11, every=5)):
        assert state.pending is not None
        me = state.pending.player  # (a deal of the player deciding, as the search's)
        view = player_view(state, me)
        deal = determinize(view, me, 1000 + k)
        if deal is None:
            continue
        for oid, o in view.objects.items():
            assert (deal.objects.get(oid) is o) == (o.zone == LIBRARY)
        before = _fields(deal), _facts(deal, deal.sight), _fields(state)
        for r in range(2):
            game = clone_dealt(deal)
            for oid, o in deal.objects.items():
                assert (game.objects[oid] is o) == (o.zone == LIBRARY)
            full = clone(deal)
            _rolled(game, 7 * k + r)
            _rolled(full, 7 * k + r)
            assert to_msgpack(game) == to_msgpack(full)
            assert _facts(game, game.sight) == _facts(full, full.sight)
            assert (_fields(deal), _facts(deal, deal.sight), _fields(state)) == before
            owned += len(game.sight.owned)
    assert owned > 10


def test_a_library_object_read_before_a_change_gives_the_clones_copy() -> None:
    """The rules may hold a library object read before a change and pass it on (a card
    revealed, then moved: ``reveal_top``): ``own`` gives that reference the copy the
    first change made, so the second change writes the same copy, and the deal's object
    keeps what it had."""
    state = _positions(MATCHUPS[0], 11)[0]
    deal = determinize(player_view(state, 0), 0, 5)
    assert deal is not None
    game = clone_dealt(deal)
    top = game.objects[game.players[0].library[-1]]
    assert top is deal.objects[top.oid] and top.known == 0
    reveal(game, top)
    mine = game.objects[top.oid]
    assert mine is not top and mine.known == 3 and top.known == 0
    assert game.sight.visible[1][top.oid] is mine
    new = move(game, top, HAND)
    assert mine.moved_to == new.oid and top.moved_to == NONE
    assert deal.objects[top.oid] is top and top.oid in deal.players[0].library


def test_a_library_object_held_as_last_known_information_is_copied_once() -> None:
    """Where the deal's last known information holds a library object (none does in the
    rules as they are), a deal's clone copies it as a plain clone does: one copy, in
    ``objects``, in the sight's dicts and in the holder, not the deal's object."""
    state = _positions(MATCHUPS[0], 11)[0]
    deal = determinize(player_view(state, 0), 0, 5)
    assert deal is not None
    lib = deal.objects[deal.players[0].library[-1]]
    deal.triggers = [PendingTrigger(lib.oid, 0, lib.card, None, 0,  # type: ignore[arg-type]
                                    lib.oid, lib)]
    game = clone_dealt(deal)
    held = game.triggers[0].subject_lki
    assert held is not lib and held is game.objects[lib.oid]
    assert game.sight.visible[0][lib.oid] is held
    assert deal.objects[lib.oid] is lib


class _Afresh(SearchPolicy):
    """The search with every deal made afresh (no deal kept, nor the cards unseen:
    ``RootSearch.deal``)."""

    def deal(self, state: GameState, me: int, seed: int) -> GameState | None:
        self._dealt = None
        return self._deal(state, me, seed)


SPEC = "search:rollouts=3,cutoff=fitted,margin=0,infer=1"


@pytest.mark.parametrize("decks", MATCHUPS[:2])
def test_the_kept_deal_changes_no_value(decks: tuple[str, str]) -> None:
    """A decision's first deal, asked for by the complete actions and by the first
    rollout, is made once, and the cards unseen are found once for all its deals: every
    rollout scores what it scores with each deal made afresh, and the deal kept is the
    one asked for (the view, the seat and the seed)."""
    searched = 0
    for k, state in enumerate(_positions(decks, 5, every=11)):
        d = state.pending
        assert d is not None
        view = player_view(state, d.player)
        kept, afresh = SearchPolicy(3, parse_policy(SPEC)), _Afresh(3, parse_policy(SPEC))
        before = _fields(state)
        assert kept.decide(view, d) == afresh.decide(view, d)
        assert _fields(state) == before  # (the deals share the game's library objects)
        assert kept.last_values == afresh.last_values
        searched += kept.searched
        one = kept.deal(view, d.player, k)
        assert kept.deal(view, d.player, k) is one
        assert kept.deal(view, d.player, k + 1) is not one
        assert kept.deal(player_view(state, d.player), d.player, k) is not one
    assert searched >= 3
