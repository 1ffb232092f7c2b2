"""A cost reduction that depends on the targets (Ride's End: "This spell costs {3} less
to cast if it targets a tapped permanent.") under the Flagbearer requirement (Standard
Bearer: an opponent's spell must target a Flagbearer if able, 601.2c). Whether the spell
can be cast counts the reduction when some target casting would offer matches (601.2f);
with an untapped Standard Bearer to target, a tapped creature is no such target. Found
by ``mtgsim fuzz --format pauper --seed 21`` (game 9356): Ride's End was offered with
four lands, and its cast then failed with "no legal target left while casting"."""

from __future__ import annotations

from gamesetup import Setup, has_action, priority

from mtgsim.engine.cards.oracle.library import Found, resolve
from mtgsim.engine.cards.pool import compile_card
from mtgsim.engine.cards.schema.carddef import CardDef
from mtgsim.engine.state.game_state import CAST, GameState


def corpus_card(name: str) -> CardDef:
    got = resolve([name], compile_card)[name]
    assert isinstance(got, Found), got
    return got.defn


def _board(lands: int, bearer_tapped: bool) -> tuple[GameState, int]:
    s = Setup()
    for _ in range(lands):
        s.add("Plains", 0)
    s.add(corpus_card("Standard Bearer"), 1, tapped=bearer_tapped)
    s.add("Grizzly Bears", 1, tapped=True)
    oid = s.add(corpus_card("Ride's End"), 0, "hand")
    return s.go(), oid


def test_an_untapped_flagbearer_takes_the_discount_away() -> None:
    state, oid = _board(4, bearer_tapped=False)
    assert not has_action(priority(state, 0), CAST, oid)


def test_full_price_pays_for_the_flagbearer() -> None:
    state, oid = _board(5, bearer_tapped=False)
    assert has_action(priority(state, 0), CAST, oid)


def test_a_tapped_flagbearer_is_the_tapped_target() -> None:
    state, oid = _board(2, bearer_tapped=True)
    assert has_action(priority(state, 0), CAST, oid)
