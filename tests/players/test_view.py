"""Fairness: a policy decides from its player's view (engine.state.view), never from the other
player's hand or any library's order.

``check_game`` plays a game and, behind each decision, builds a second state that differs
only in what the deciding player may not know: each card of the other player's hand they
have not seen becomes another card, and in both libraries the cards whose place they do
not know trade places. Every shipped policy (a fresh copy of it, so its own random state
is the same) must give the same answer from both views. The checker is shown to fail
against a policy that peeks, so a pass means something.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence

import msgspec
import pytest

from mtgsim.engine.cards.card import Card
from mtgsim.engine.game import Policy, decide, play, policy_stops
from mtgsim.engine.players.policies import ScriptedPolicy, make_policy
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.rules.zones import shuffle_library
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import (
    GRAVEYARD,
    HAND,
    LIBRARY,
    NONE,
    Answer,
    Decision,
    GameState,
)
from mtgsim.engine.state.rng import randbelow, seed_state
from mtgsim.engine.state.sight import Sight
from mtgsim.engine.state.view import decklist, known_hand, player_view
from mtgsim.pipelines.runner import DECKS_DIR, game_seed, load_card_pool, load_main_deck

SHIPPED = ("heuristic", "random", "goldfish")

# Pairings whose decks reveal, search, look at and shuffle libraries (transmute, forecast,
# cascade, dredge, tutors) and whose spells read hands (discard, counters).
PAIRINGS = (
    ("dimir_transmute", "izzet_spells"),
    ("jund_cascade", "azorius_skies"),
    ("golgari_dredge", "orzhov_haunt"),
    ("eldrazi_ramp", "naya_auras"),
    ("selesnya_convoke", "rakdos_unearth"),
    ("bant_exalted", "mono_red_retrace"),
)

ViewOf = Callable[[GameState, int], GameState]


class Unfair(AssertionError):
    """A policy answered differently when only hidden information differed."""


@pytest.fixture(scope="module")
def pool():  # type: ignore[no-untyped-def]
    return load_card_pool()


def _deck(pool, name: str) -> list[Card]:  # type: ignore[no-untyped-def]
    return load_main_deck(str(DECKS_DIR / f"{name}.txt"), pool).cards


def _below(rng: list[int], n: int) -> int:
    rng[0], v = randbelow(rng[0], n)
    return v


def hidden_swapped(state: GameState, me: int, rng: list[int],
                   others: Sequence[Card]) -> GameState:
    """A copy of ``state`` in which what ``me`` may not know is different: the other
    player's unseen hand cards are other cards, and in each library the cards ``me`` does
    not know the place of are in another order."""
    s = clone(state)
    seen = 1 << me
    opp = s.players[1 - me]
    for oid in opp.hand:
        o = s.objects[oid]
        if o.known & seen:
            continue
        card = others[_below(rng, len(others))]
        if card.name == o.card.name:
            card = others[(others.index(card) + 1) % len(others)]
        s.objects[oid] = msgspec.structs.replace(o, card=card, color=card.color_mask)
    for p in s.players:
        lib = p.library
        places = [i for i, oid in enumerate(lib) if not s.objects[oid].known & seen]
        moved = [lib[i] for i in places]
        for i in range(len(moved) - 1, 0, -1):
            j = _below(rng, i + 1)
            moved[i], moved[j] = moved[j], moved[i]
        for i, oid in zip(places, moved, strict=True):
            lib[i] = oid
    s.derived.recount(s)
    characteristics_changed(s)
    s.sight = Sight.of(s)
    return s


def _answer_of(policy: Policy, view: GameState, d: Decision) -> Answer:
    return copy.deepcopy(policy).decide(view, d)


def check_game(deck_a: list[Card], deck_b: list[Card], players: tuple[str, str], seed: int,
               *, judges: Sequence[Policy] | None = None, view_of: ViewOf = player_view,
               max_turns: int = 60) -> int:
    """Play one game, checking every decision as the module's docstring says; the number
    of decisions checked. ``judges``: the policies asked besides the players' own
    (default: every shipped policy); ``view_of``: how a policy's view is made."""
    policies = [make_policy(players[0], seed), make_policy(players[1], seed + 1)]
    extra = list(judges) if judges is not None else [make_policy(n, 7) for n in SHIPPED]
    state = new_game([deck_a, deck_b], seed, max_turns=max_turns,
                     stops=policy_stops(policies, [deck_a, deck_b]))
    others = sorted({c.name: c for c in deck_a + deck_b}.values(), key=lambda c: c.name)
    rng = [seed_state(seed ^ 0xFA1)]
    n = 0
    while (d := advance(state)) is not None:
        me = d.player
        fresh = Sight.of(state)  # what the zones kept is what the objects say
        assert [sorted(v) for v in state.sight.visible] == [sorted(v) for v in fresh.visible]
        assert state.sight.library_known == fresh.library_known
        assert state.sight.libraries == fresh.libraries
        other = hidden_swapped(state, me, rng, others)
        assert other.pending is not None
        for policy in [policies[me], *extra]:
            want = _answer_of(policy, view_of(state, me), d)
            got = _answer_of(policy, view_of(other, me), other.pending)
            if want != got:
                raise Unfair(f"{policy.name} answers decision #{n + 1} ({d.kind} of player "
                             f"{me}, turn {state.turn}) with {want!r}, but {got!r} when "
                             "only hidden cards differ")
        answer(state, decide(policies[me], state, d))
        n += 1
    return n


GAMES = 4  # per pairing and players, seats alternating


@pytest.mark.parametrize("players", [("heuristic", "heuristic"), ("random", "random")])
@pytest.mark.parametrize("a, b", PAIRINGS)
def test_answers_do_not_depend_on_hidden_cards(pool, a: str, b: str,  # type: ignore[no-untyped-def]
                                               players: tuple[str, str]) -> None:
    decks = _deck(pool, a), _deck(pool, b)
    for i in range(GAMES):
        checked = check_game(decks[i % 2], decks[1 - i % 2], players, game_seed(0, i))
        assert checked > 10


class Peeking:
    """Answers by the other player's hand (and the top of its own library): what a fair
    policy must never do."""

    name = "peeking"

    def decide(self, view: GameState, d: Decision) -> Answer:
        objects = view.objects
        me = d.player
        seen = [objects[o].card.name for o in view.players[1 - me].hand if o in objects]
        lib = view.players[me].library
        top = objects[lib[-1]].card.name if lib and lib[-1] in objects else ""
        h = sum(map(ord, "".join(seen) + top))
        n = len(d.actions) if d.kind == "priority" else len(d.options)
        if d.multi:
            return list(range(d.min_count))
        return h % n if n else 0


def test_the_check_catches_a_policy_that_sees_the_whole_state(pool) -> None:  # type: ignore[no-untyped-def]
    """Given the whole state instead of the view, a peeking policy is caught; given the
    view, the same policy has nothing to peek at and passes."""
    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    with pytest.raises(Unfair, match="peeking answers decision"):
        check_game(deck_a, deck_b, ("heuristic", "heuristic"), 5, judges=[Peeking()],
                   view_of=lambda state, me: state)
    check_game(deck_a, deck_b, ("heuristic", "heuristic"), 5, judges=[Peeking()])


def test_the_check_catches_a_policy_that_reads_library_order(pool) -> None:  # type: ignore[no-untyped-def]
    """A view that showed the libraries in order would be caught too."""

    def ordered(state: GameState, me: int) -> GameState:
        view = player_view(state, me)
        view.objects = state.objects
        view.players = state.players
        return view

    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    with pytest.raises(Unfair):
        check_game(deck_a, deck_b, ("random", "random"), 3, judges=[Peeking()],
                   view_of=ordered)


def test_scripted_and_facade_policies_get_the_view(pool) -> None:  # type: ignore[no-untyped-def]
    """A scripted policy's fallback, and a policy of the facade's Game, are given views."""
    import mtgsim

    seen: list[GameState] = []

    def fallback(view: GameState, d: Decision) -> Answer:
        seen.append(view)
        return make_policy("heuristic", 1).decide(view, d)

    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    state = new_game([deck_a, deck_b], 2, max_turns=8)
    play(state, [ScriptedPolicy(fallback=fallback), make_policy("heuristic", 2)])
    assert seen and all(v.rng == 0 and v.log is None for v in seen)
    assert all(o not in v.objects for v in seen for o in v.players[1].hand)

    class Spy:
        name = "spy"

        def decide(self, view: GameState, d: Decision) -> Answer:
            seen.append(view)
            return make_policy("random", 3).decide(view, d)

    seen.clear()
    game = mtgsim.Game("gruul_stompy", "azorius_skies", seed=4, policies=["heuristic", Spy()])
    for _ in range(200):
        if game.step() is None:
            break
    assert seen and all(o not in v.objects for v in seen for o in v.players[0].hand)
    d = game.decision
    if d is not None:
        v = game.view()
        assert all(o not in v.objects for o in v.players[1 - d.player].hand)


# --- what a view holds --------------------------------------------------------------------


def _play_until(state: GameState, policies: Sequence[Policy], turn: int) -> Decision:
    while (d := advance(state)) is not None and state.turn < turn:
        answer(state, decide(policies[d.player], state, d))
    assert d is not None
    return d


def test_a_view_holds_what_its_player_may_know(pool) -> None:  # type: ignore[no-untyped-def]
    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game([deck_a, deck_b], 11, keep_log=True, record=True)
    _play_until(state, policies, 4)
    for me in (0, 1):
        v = player_view(state, me)
        mine, theirs = state.players[me], state.players[1 - me]
        assert all(o in v.objects for o in mine.hand)
        assert not any(o in v.objects for o in theirs.hand)
        assert len(v.players[1 - me].hand) == len(theirs.hand)  # counts stay
        assert v.players[1 - me].library == [NONE] * len(theirs.library)
        assert v.players[me].library == sorted(mine.library)  # its cards, not their order
        assert all(o in v.objects for o in mine.library)
        assert not any(o in v.objects for o in theirs.library)
        assert all(o in v.objects for o in state.battlefield)
        for p in state.players:
            assert all(o in v.objects for o in p.graveyard + p.exile)
        assert v.rng == 0 and v.log is None and v.decisions is None
        assert not hasattr(v.sight, "visible")  # no way round to the other hand
        assert [o.oid for o in known_hand(v, me)] == mine.hand
        assert known_hand(v, 1 - me) == []
        got = decklist(v, 1 - me)
        assert got is not None and sorted(c.name for c in got) == \
            sorted(c.name for c in (deck_b if me == 0 else deck_a))
        # the state itself is untouched
        assert state.rng != 0 and state.log is not None


def test_a_revealed_card_is_in_both_views_until_it_moves_or_is_shuffled(pool) -> None:  # type: ignore[no-untyped-def]
    """Revealing (701.16a) shows a hidden card to both players; a shuffle (701.24) or a
    zone change (400.7) makes it unknown again."""
    from mtgsim.engine.rules.zones import look_at, move, reveal

    deck_a, deck_b = _deck(pool, "dimir_transmute"), _deck(pool, "izzet_spells")
    state = new_game([deck_a, deck_b], 3)
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    _play_until(state, policies, 2)
    hand = state.players[0].hand
    card = state.objects[hand[0]]
    assert card.oid not in player_view(state, 1).objects
    reveal(state, card)
    assert player_view(state, 1).objects[card.oid] is card
    hidden_again = move(state, card, LIBRARY)  # a new object (400.7), from a hidden zone
    assert hidden_again.oid not in player_view(state, 1).objects
    shuffle_library(state, 0)
    card = state.objects[state.players[0].hand[0]]
    dead = move(state, card, GRAVEYARD)  # public: both see it
    assert player_view(state, 1).objects[dead.oid] is dead
    moved = move(state, dead, LIBRARY)  # onto the top of the library: seen going there
    v = player_view(state, 1)
    assert v.players[0].library[-1] == moved.oid and moved.oid in v.objects
    shuffle_library(state, 0)
    v = player_view(state, 1)
    assert moved.oid not in v.objects and set(v.players[0].library) == {NONE}
    # looking at the top card: only the one who looked knows it, at its place
    top = state.objects[state.players[1].library[-1]]
    look_at(state, top, 1)
    assert player_view(state, 1).players[1].library[-1] == top.oid
    assert top.oid not in player_view(state, 0).objects
    drawn = move(state, top, HAND)
    assert drawn.oid not in player_view(state, 0).objects


def test_a_view_shows_the_cards_a_search_offers(pool) -> None:  # type: ignore[no-untyped-def]
    """A question whose options are cards of a library (a search) shows them to the one
    asked, and only while it is pending."""
    deck_a, deck_b = _deck(pool, "dimir_transmute"), _deck(pool, "izzet_spells")
    for seed in range(40):
        state = new_game([deck_a, deck_b], seed, max_turns=20)
        policies = [make_policy("heuristic", seed), make_policy("heuristic", seed + 1)]
        while (d := advance(state)) is not None:
            lib = state.players[d.player].library
            opts = [o for o in d.options if o in lib]
            if opts:
                v = player_view(state, d.player)
                assert all(v.objects[o] is state.objects[o] for o in opts)
                assert not any(o in player_view(state, 1 - d.player).objects
                               for o in opts if not state.objects[o].known & 1 << (1 - d.player))
                return
            answer(state, decide(policies[d.player], state, d))
    pytest.fail("no game of these decks searched a library")


# --- a view lent to a policy that borrows it -----------------------------------------------


def _fields(struct: object) -> dict[str, object]:
    return {f: getattr(struct, f) for f in struct.__struct_fields__}  # type: ignore[attr-defined]


def _same_as_view(state: GameState, view: GameState) -> None:
    """Every field of ``state`` (lent) holds what the same field of ``view`` holds."""
    for name, value in _fields(view).items():
        if name == "players":
            for lent, copied in zip(state.players, view.players, strict=True):
                assert _fields(lent) == _fields(copied)
        else:
            assert getattr(state, name) == value, name


def _values(state: GameState) -> list[object]:
    """The objects held by the fields of ``state`` and of its players."""
    return [*_fields(state).values(), *(v for p in state.players for v in _fields(p).values())]


def _same_objects(now: list[object], before: list[object]) -> bool:
    return len(now) == len(before) and all(a is b for a, b in zip(now, before, strict=True))


def test_a_lent_state_is_the_view_and_is_given_back(pool) -> None:  # type: ignore[no-untyped-def]
    """While lent (engine.state.view.lend_view), the state holds field for field what
    player_view's copy holds; take_back gives every field back, the same objects."""
    from mtgsim.engine.state.view import lend_view, take_back

    checked = 0
    for a, b in PAIRINGS[:3]:
        deck_a, deck_b = _deck(pool, a), _deck(pool, b)
        policies = [make_policy("random", 5), make_policy("heuristic", 6)]
        state = new_game([deck_a, deck_b], 9, keep_log=True, record=True)
        while (d := advance(state)) is not None:
            for me in (d.player, 1 - d.player):
                view = player_view(state, me)
                before = _values(state)
                lent = lend_view(state, me)
                _same_as_view(state, view)
                take_back(state, lent)
                assert _same_objects(_values(state), before)
                checked += 1
            answer(state, decide(policies[d.player], state, d))
    assert checked > 300


class _Watched:
    """A borrowing policy wrapped to check it assigns no field of the state or of a
    player while it decides (a copied view would have lost such a write; a lent one
    would keep it), and that it is lent its view."""

    borrows_view = True

    def __init__(self, inner: Policy) -> None:
        self.inner = inner
        self.name = inner.name
        self.asked = 0

    def decide(self, view: GameState, d: Decision) -> Answer:
        assert view.rng == 0 and view.log is None and view.decisions is None
        seen = 1 << d.player
        assert not any(o in view.objects and not view.objects[o].known & seen
                       for o in view.players[1 - d.player].hand)
        before = _values(view)
        got = self.inner.decide(view, d)
        assert _same_objects(_values(view), before), f"{self.name} changed a field of its view"
        self.asked += 1
        return got


@pytest.mark.parametrize("name", ["heuristic", "random", "goldfish", "search:rollouts=4"])
def test_the_borrowing_policies_change_no_field_of_their_view(pool, name: str) -> None:  # type: ignore[no-untyped-def]
    assert getattr(make_policy(name, 1), "borrows_view", False)
    deck_a, deck_b = _deck(pool, "jund_cascade"), _deck(pool, "azorius_skies")
    watched = [_Watched(make_policy(name, 3)), _Watched(make_policy("heuristic", 4))]
    state = new_game([deck_a, deck_b], 13, keep_log=True, record=True,
                     max_turns=6 if name.startswith("search") else 60)
    play(state, watched)
    assert state.result is not None and watched[0].asked > 10
    assert state.rng != 0 and state.log and state.decisions  # given back after each


def test_a_policy_that_fails_still_gives_the_state_back(pool) -> None:  # type: ignore[no-untyped-def]
    from mtgsim.engine.game import step

    class Failing:
        name = "failing"
        borrows_view = True

        def decide(self, view: GameState, d: Decision) -> Answer:
            raise RuntimeError("no answer")

    deck_a, deck_b = _deck(pool, "gruul_stompy"), _deck(pool, "azorius_skies")
    state = new_game([deck_a, deck_b], 2, keep_log=True, record=True)
    d = advance(state)
    assert d is not None
    before = _values(state)
    with pytest.raises(RuntimeError, match="no answer"):
        step(state, [Failing(), Failing()])
    assert _same_objects(_values(state), before) and state.rng != 0
