"""The search's cheaper paths find exactly what the plain ones find (docs/performance.md,
"What the search spends"): a deal's clone takes the deal's sight instead of walking every
object again (``determinize.clone_dealt``, ``Sight.onto``), a determinization makes its
sight once, after dealing, and a decision's first deal is made once and the cards its
player does not see found once (``RootSearch.deal``). Each is checked here against the plain computation on
real positions of bundled-deck games: the same ids in the same order (a view's objects
are the sight's dict, read by the heuristic in its order), each the clone's own object.
"""

from __future__ import annotations

import pytest
from gamesetup import bundled_deck

from mtgsim.engine.game import policy_stops
from mtgsim.engine.players.policies import SearchPolicy, make_policy, parse_policy
from mtgsim.engine.players.policies.determinize import clone_dealt, determinize
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.game_state import GameState
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
        assert kept.decide(view, d) == afresh.decide(view, d)
        assert kept.last_values == afresh.last_values
        searched += kept.searched
        one = kept.deal(view, d.player, k)
        assert kept.deal(view, d.player, k) is one
        assert kept.deal(view, d.player, k + 1) is not one
        assert kept.deal(player_view(state, d.player), d.player, k) is not one
    assert searched >= 3
