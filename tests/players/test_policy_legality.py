"""Every shipped policy answers only with legal choices: the engine no longer retries a
rejected answer or falls back to another policy (``engine.game.play`` raises, naming the
decision and the answer), so a policy that guesses is a bug.

Regression (found by ``mtgsim fuzz``): the random policy declared no block when a
creature was required to block one of two attackers with "all creatures able to block
it do so" (509.1c, Indrik Umbra), and the game stopped with ``IllegalAnswer``.
"""

from __future__ import annotations

import pytest
from gamesetup import POOL, Setup, attack, decision_of, pass_until

from mtgsim.engine.cards.pool import pool_hash
from mtgsim.engine.game import decide, play
from mtgsim.engine.players.policies import POLICIES, RandomPolicy, ScriptedPolicy, make_policy
from mtgsim.engine.rules.combat import can_declare_blocks
from mtgsim.engine.rules.turn import answer
from mtgsim.engine.state.ask import IllegalAnswer
from mtgsim.engine.state.game_state import MAIN1
from mtgsim.pipelines.fuzz import DeckMaker, play_fuzz_game


def _lure_combat(menace: bool = False):  # type: ignore[no-untyped-def]
    """Player 0 attacks with two Bears, each wearing Indrik Umbra (lure); player 1's
    Drift of Phantasms can block either and must block one of them."""
    s = Setup(active=0, step=MAIN1)
    bears = [s.bf("Grizzly Bears", 0) for _ in range(2)]
    for b in bears:
        s.bf("Indrik Umbra", 0, attached_to=b)
    drift = s.bf("Drift of Phantasms", 1)
    if menace:
        s.bf("Grizzly Bears", 1)
    state = s.go()
    attack(state, bears)
    d = pass_until(state, decision_of("blockers"))
    assert d is not None and d.player == 1
    return state, d, drift, bears


def test_a_required_block_has_to_be_declared() -> None:
    state, d, drift, bears = _lure_combat()
    with pytest.raises(IllegalAnswer, match="must block one of"):
        answer(state, [])
    assert sorted(d.pairs) == sorted((drift, b) for b in bears)
    assert not can_declare_blocks(state, d.pairs, [])


@pytest.mark.parametrize("menace", [False, True])
def test_random_blocks_obey_block_requirements(menace: bool) -> None:
    seen = set()
    for seed in range(60):
        state, d, drift, _ = _lure_combat(menace)
        picks = decide(RandomPolicy(seed), state, d)
        assert isinstance(picks, list)
        assert can_declare_blocks(state, d.pairs, picks), (seed, picks)
        answer(state, picks)  # accepted
        seen.add(tuple(d.pairs[i] for i in picks if d.pairs[i][0] == drift))
    assert len(seen) == 2  # either attacker, at random


def test_play_names_the_decision_and_the_answer_of_an_illegal_answer() -> None:
    state, d, _, _ = _lure_combat()
    script = ScriptedPolicy([[]])
    script.name = "script"
    with pytest.raises(IllegalAnswer) as exc:
        play(state, [script, script])
    text = str(exc.value)
    assert "policy 'script' of player 1 answered [] to decision #" in text
    assert "blockers" in text and "must block one of" in text


_MAKER = DeckMaker(POOL)
_HASH = pool_hash()


@pytest.mark.parametrize("policy", POLICIES)
def test_every_policy_plays_random_pool_decks_legally(policy: str) -> None:
    """Each shipped policy against random, in both seats, on random pool decks of every
    style: no answer rejected, no exception."""
    make_policy(policy, 0)  # known
    for i in range(24):
        seats = (policy, "random") if i % 2 == 0 else ("random", policy)
        out = play_fuzz_game(_MAKER, _HASH, i, 77, seats)
        assert not out.error, f"fuzz game {i} (seed 77, {seats}): {out.error}"


def test_fuzz_regressions() -> None:
    """Fuzz games that once failed (seed, index): each now plays to its end."""
    for seed, index in [(1, 13985)]:
        out = play_fuzz_game(_MAKER, _HASH, index, seed)
        assert not out.error, f"fuzz --seed {seed} game {index}: {out.error}"
