"""Requirements on attacks and blocks (508.1d, 509.1c): a declaration must obey as many
requirements as any declaration can without breaking a restriction. One that obeys fewer
is refused as declared (``IllegalAnswer``, the state unchanged), never completed by the
engine; the legal test (``combat.can_declare_blocks``) is checked here against a brute
force over every declaration of generated positions."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from gamesetup import Setup, decision_of, obj, pass_until

from mtgsim.engine.cards import CardDef, Static
from mtgsim.engine.game import decide
from mtgsim.engine.players.policies import POLICIES, make_policy
from mtgsim.engine.rules.combat import (
    block_requirements,
    can_declare_blocks,
    check_blocks,
    obeying_blocks,
)
from mtgsim.engine.rules.turn import advance, answer
from mtgsim.engine.state.ask import IllegalAnswer
from mtgsim.engine.state.game_state import DECLARE_ATTACKERS, MAIN1, GameState


def _creature(name: str, keywords: tuple[str, ...] = (), min_blockers: int = 0,
              color: str = "{G}") -> CardDef:
    abilities = (Static(min_blockers=min_blockers),) if min_blockers else ()
    return CardDef(name=name, mana_cost="{1}" + color, types=("creature",),
                   subtypes=("Beast",), power=2, toughness=2, keywords=keywords,
                   abilities=abilities, text="(test only)")


LURE = "all creatures able to block it do so"
ATTACKERS = {
    "lure": _creature("Test Lure", (LURE,)),
    "lure menace": _creature("Test Lure Menace", (LURE, "Menace")),
    "lure three": _creature("Test Lure Three", (LURE,), min_blockers=3),
    "lure flying": _creature("Test Lure Flier", (LURE, "Flying")),
    "lure flying menace": _creature("Test Lure Flier Menace", (LURE, "Flying", "Menace")),
    "menace": _creature("Test Menace", ("Menace",)),
    "plain": _creature("Test Plain"),
}
BLOCKERS = {"ground": _creature("Test Ground"), "flier": _creature("Test Flier", ("Flying",))}


def _position(attackers: list[str], blockers: list[str]) -> tuple[GameState, list[int]]:
    """Player 0 attacks with ``attackers``; player 1 is asked to block with ``blockers``.
    Returns the state (the blockers decision pending) and the attackers."""
    s = Setup(active=0, step=MAIN1, beacons=False)
    atk = [s.bf(ATTACKERS[a], 0) for a in attackers]
    for b in blockers:
        s.bf(BLOCKERS[b], 1)
    state = s.go()
    d = pass_until(state, decision_of("attackers"))
    assert d is not None
    answer(state, [d.options.index(a) for a in atk])
    return state, atk


def _brute_force_legal(state: GameState, pairs: list[tuple[int, int]]) -> set[tuple[int, ...]]:
    """Every declaration that breaks no restriction and obeys the most requirements any
    such declaration obeys (509.1c), by trying them all."""
    required = block_requirements(state, pairs)
    unbroken: list[tuple[tuple[int, ...], int]] = []
    for k in range(len(pairs) + 1):
        for picks in combinations(range(len(pairs)), k):
            chosen = [pairs[i] for i in picks]
            try:
                check_blocks(state, chosen)
            except IllegalAnswer:
                continue
            unbroken.append((picks, sum(1 for b, a in chosen if a in required.get(b, ()))))
    most = max(n for _, n in unbroken)
    return {picks for picks, n in unbroken if n == most}


def _random_positions(count: int) -> list[tuple[list[str], list[str]]]:
    rng = random.Random(38)
    out = []
    while len(out) < count:
        attackers = rng.sample(sorted(ATTACKERS), rng.randint(1, 3))
        blockers = [rng.choice(sorted(BLOCKERS)) for _ in range(rng.randint(1, 4))]
        if sum(1 for _ in attackers) * len(blockers) <= 10:
            out.append((attackers, blockers))
    return out


POSITIONS = [
    (["lure menace"], ["ground"]),  # one able blocker: the requirement can't be obeyed
    (["lure menace"], ["ground", "ground"]),
    (["lure three"], ["ground", "ground"]),
    (["lure three"], ["ground", "ground", "ground"]),
    (["lure", "lure"], ["ground", "flier"]),
    (["lure flying menace", "lure menace"], ["flier", "ground", "ground"]),
    (["lure flying", "menace"], ["flier", "ground", "ground"]),
    *_random_positions(14),
]


@pytest.mark.parametrize(("attackers", "blockers"), POSITIONS)
def test_legal_blocks_are_those_obeying_the_most_requirements(
        attackers: list[str], blockers: list[str]) -> None:
    state, _ = _position(attackers, blockers)
    d = advance(state)
    assert d is not None and d.kind == "blockers"
    legal = _brute_force_legal(state, d.pairs)
    got = {picks for k in range(len(d.pairs) + 1)
           for picks in combinations(range(len(d.pairs)), k)
           if can_declare_blocks(state, d.pairs, list(picks))}
    assert got == legal
    required = block_requirements(state, d.pairs)
    best = obeying_blocks(state, d.pairs, required)
    assert tuple(sorted(d.pairs.index(p) for p in best)) in legal  # legal itself
    for picks in sorted(set(combinations(range(len(d.pairs)), 1)) - legal)[:3]:
        with pytest.raises(IllegalAnswer):  # refused as declared, nothing added
            answer(state, list(picks))
        assert state.pending is d and state.combat is not None and not state.combat.blocking


def test_a_requirement_that_cant_be_obeyed_leaves_the_blocker_free() -> None:
    """A menace attacker with lure and one creature able to block it: obeying would break
    the restriction, so the creature may block another attacker, or nothing."""
    state, (lure, plain) = _position(["lure menace", "plain"], ["ground"])
    d = advance(state)
    assert d is not None
    blocker = d.pairs[0][0]
    assert can_declare_blocks(state, d.pairs, [])
    assert can_declare_blocks(state, d.pairs, [d.pairs.index((blocker, plain))])
    assert not can_declare_blocks(state, d.pairs, [d.pairs.index((blocker, lure))])


def test_blocks_are_refused_not_repaired() -> None:
    """Declaring no block when a creature is able to block a lure attacker is refused;
    the engine does not add the block (509.1c)."""
    state, (lure,) = _position(["lure"], ["ground", "ground"])
    d = advance(state)
    assert d is not None
    only_one = [d.pairs.index(d.pairs[0])]
    with pytest.raises(IllegalAnswer, match="must block Test Lure"):
        answer(state, only_one)
    assert state.pending is d
    answer(state, [0, 1])
    order = advance(state)  # the attacker's damage assignment order (509.2)
    assert order is not None and order.kind == "order"
    answer(state, [0, 1])
    assert state.combat is not None and sorted(state.combat.blockers[lure]) == sorted(
        b for b, _ in d.pairs)


CRUSHER = "Ulamog's Crusher"


def test_an_attack_without_a_creature_that_must_attack_is_refused() -> None:
    """508.1d: Ulamog's Crusher attacks each combat if able; a declaration without it is
    refused (the engine does not add it), one with it is accepted."""
    s = Setup(active=0, step=MAIN1)
    crusher = s.bf(CRUSHER, 0)
    bears = s.bf("Grizzly Bears", 0)
    state = s.go()
    d = pass_until(state, decision_of("attackers"))
    assert d is not None and sorted(d.options) == sorted([crusher, bears])
    assert d.min_count == 1
    for wrong, why in (([], "choose between 1 and 2"),
                       ([d.options.index(bears)], "Ulamog's Crusher must attack")):
        with pytest.raises(IllegalAnswer, match=why):
            answer(state, wrong)
        assert state.pending is d and state.combat is None
    answer(state, [d.options.index(bears), d.options.index(crusher)])
    assert state.combat is not None and sorted(state.combat.attackers) == sorted(
        [crusher, bears])


def test_only_creatures_that_must_attack_are_declared_without_asking() -> None:
    """The one legal declaration is made by the engine; a tapped Crusher doesn't attack."""
    s = Setup(active=0, step=MAIN1)
    crusher = s.bf(CRUSHER, 0)
    state = s.go()
    d = pass_until(state, lambda st, dd: st.step > DECLARE_ATTACKERS or (
        dd is not None and dd.kind == "attackers"))
    assert d is None or d.kind != "attackers"
    assert state.combat is not None and state.combat.attackers == [crusher]
    s2 = Setup(active=0, step=MAIN1)
    tapped = s2.bf(CRUSHER, 0, tapped=True)
    state2 = s2.go()
    d2 = pass_until(state2, lambda st, dd: st.step > DECLARE_ATTACKERS)
    assert d2 is None or d2.kind != "attackers"
    assert obj(state2, tapped).tapped and (
        state2.combat is None or not state2.combat.attackers)


@pytest.mark.parametrize("policy", POLICIES)
def test_every_policy_declares_legally_under_requirements(policy: str) -> None:
    """Each shipped policy answers an attack with a creature that must attack, and a
    block with creatures that must block, legally (the engine refuses anything else)."""
    for seed in range(4):
        s = Setup(active=0, step=MAIN1, seed=seed)
        s.bf("Grizzly Bears", 0)
        crusher = s.bf(CRUSHER, 0)
        state = s.go()
        d = pass_until(state, decision_of("attackers"))
        assert d is not None
        picks = decide(make_policy(policy, seed), state, d)
        answer(state, picks)  # accepted
        assert state.combat is not None and crusher in state.combat.attackers
        for attackers, blockers in POSITIONS[:8]:
            state, _ = _position(attackers, blockers)
            d = advance(state)
            assert d is not None and d.kind == "blockers"
            picks = decide(make_policy(policy, seed), state, d)
            assert isinstance(picks, list)
            assert can_declare_blocks(state, d.pairs, picks), (policy, attackers, blockers)
