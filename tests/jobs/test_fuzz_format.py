"""``mtgsim fuzz --format pauper`` and the invariants the fuzz checks during its games
(``pipelines.fuzz_checks``; the checks after each answer are also tested, on corrupted
states, in tests/state/test_fuzz.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mtgsim.engine.cards.oracle.corpus import fold
from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.players.policies import RandomPolicy
from mtgsim.engine.rules.turn import advance, new_game
from mtgsim.engine.state.game_state import Event
from mtgsim.pipelines import fuzz_checks
from mtgsim.pipelines.cli import main
from mtgsim.pipelines.fuzz import DeckMaker, Rng, format_names, format_source, play_fuzz_game
from mtgsim.pipelines.fuzz_checks import Checker, InvariantBroken, play_checked, round_trip


@pytest.fixture(scope="module")
def pauper() -> tuple[CardSource, tuple[str, ...]]:
    return format_source(CardSource(), "pauper")


def test_pauper_decks_hold_only_cards_of_the_pauper_lists(
        pauper: tuple[CardSource, tuple[str, ...]]) -> None:
    source, only = pauper
    listed = {fold(n) for n in format_names("pauper")}
    pool = source.load()
    assert only and all(fold(n) in listed and n in pool for n in only)
    assert source.corpus, "some Pauper cards come from the Oracle compiler"
    bundled = set(CardSource().load())
    assert any(n not in bundled for n in only)
    maker = DeckMaker(pool, only)
    rng = Rng(5)
    for _ in range(30):
        _, deck = maker.deck(rng)
        assert set(deck) <= set(only)


def test_the_whole_pool_is_format_any() -> None:
    assert format_names("any") == ()
    assert format_source(CardSource(), "any") == (CardSource(), ())


def test_fuzz_pauper_runs_clean(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--format", "pauper", "--games", "6", "--workers", "1", "--seed",
                 "3", "--json", "--quiet", "--out", str(tmp_path / "f")]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["format"] == "pauper" and got["games"] == 6
    assert got["failed"] == 0 and got["invariants_broken"] == 0


def _game(pauper: tuple[CardSource, tuple[str, ...]], seed: int = 2) -> Any:
    source, only = pauper
    maker = DeckMaker(source.load(), only)
    rng = Rng(seed)
    decks = [[maker.pool[n] for n in maker.deck(rng)[1]] for _ in range(2)]
    return new_game(decks, seed, keep_log=True), (len(decks[0]), len(decks[1]))


def test_mana_left_in_a_pool_at_a_new_step_is_caught(
        pauper: tuple[CardSource, tuple[str, ...]]) -> None:
    state, sizes = _game(pauper)
    checker = Checker(sizes)
    advance(state)
    checker.at_decision(state)  # clean
    state.players[0].pool.append(1)
    state.step += 1  # the next step's first decision
    with pytest.raises(InvariantBroken, match="500.4"):
        checker.at_decision(state)


def test_mana_made_in_the_step_before_its_first_decision_is_not_a_leak(
        pauper: tuple[CardSource, tuple[str, ...]]) -> None:
    """Burning-Tree Emissary's trigger resolving in the upkeep with no one asked (fuzz
    seed 7, game 2054): its {R}{G} stays in the pool until the step ends (500.4)."""
    state, sizes = _game(pauper)
    checker = Checker(sizes)
    advance(state)
    checker.at_decision(state)  # clean
    state.step += 1  # the next step's first decision ...
    state.players[0].pool.extend([8, 16])
    state.log.append(Event(state.turn, "resolve", 0, "Burning-Tree Emissary trigger",
                           step=state.step))  # ... after a trigger resolved in it
    checker.at_decision(state)


def test_a_state_that_does_not_come_back_from_msgpack_is_caught(
        pauper: tuple[CardSource, tuple[str, ...]], monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = _game(pauper)
    advance(state)
    round_trip(state)  # clean
    real = fuzz_checks.from_msgpack

    def lossy(data: bytes, pool: Any) -> Any:
        back = real(data, pool)
        back.players[1].life -= 1
        return back

    monkeypatch.setattr(fuzz_checks, "from_msgpack", lossy)
    with pytest.raises(InvariantBroken, match="other bytes"):
        round_trip(state)


def test_a_broken_invariant_is_a_failure_with_a_replay(
        pauper: tuple[CardSource, tuple[str, ...]], monkeypatch: pytest.MonkeyPatch) -> None:
    real = Checker.after_answer

    def lying_life(self: Checker, state: Any) -> None:
        real(self, state)
        if state.actions_taken == 30:
            state.players[0].life += 5  # a life change no event explains
            self.life_totals(state)

    monkeypatch.setattr(Checker, "after_answer", lying_life)
    source, only = pauper
    out = play_fuzz_game(DeckMaker(source.load(), only), source.hash(), 0, 1)
    assert out.invariant and out.error.startswith("InvariantBroken: after answer 30")
    assert "the log says" in out.error and out.replay


def test_play_checked_plays_a_game_to_its_end(
        pauper: tuple[CardSource, tuple[str, ...]]) -> None:
    state, sizes = _game(pauper, seed=4)
    play_checked(state, [RandomPolicy(1), RandomPolicy(2)], sizes)
    assert state.result is not None


def test_pauper_fuzz_regressions(pauper: tuple[CardSource, tuple[str, ...]]) -> None:
    """Pauper fuzz games that once failed (seed, index), each now played to its end with
    every invariant holding: a sacrifice cost offered with no permanent to spare (Crop
    Rotation, Eviscerator's Insight, Raze: tests/rules/test_cost_keeps_mana.py)."""
    source, only = pauper
    maker = DeckMaker(source.load(), only)
    for seed, index in [(0, 30), (0, 174), (0, 176)]:
        out = play_fuzz_game(maker, source.hash(), index, seed)
        assert not out.error, f"fuzz --format pauper --seed {seed} game {index}: {out.error}"
