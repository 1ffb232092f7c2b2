"""The legal enumerator of attack and block declarations (engine.players.policies.combat_sets):
on real declarations from heuristic games it offers exactly the legal declarations (the
brute force over every subset, filtered by the engine's own test) when the limit allows,
each once, the heuristic's first and holding back second, nearest the heuristic's first
when the limit cuts it short."""

from __future__ import annotations

from itertools import combinations

import pytest
from gamesetup import bundled_deck

from mtgsim.engine.game import policy_stops
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.players.policies.combat_sets import attack_sets, block_sets
from mtgsim.engine.rules.combat import attack_requirements, can_declare_blocks
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.clone import clone
from mtgsim.engine.state.decisions import Decision, DecisionKind
from mtgsim.engine.state.game_state import Answer, GameState
from mtgsim.engine.state.view import player_view

MATCHUPS = [("gruul_stompy", "selesnya_convoke"), ("rakdos_unearth", "white_weenie_level_up"),
            ("jund_devour", "bogles"), ("naya_auras", "golgari_dredge"),
            ("eldrazi_ramp", "white_weenie_level_up")]  # Ulamog's Crusher must attack
BRUTE = 12  # brute force only over at most this many pairs or attackers


def _declarations(decks: tuple[str, str], seed: int, kind: DecisionKind
                  ) -> list[tuple[GameState, Decision, Answer, list[int]]]:
    """The declarations of ``kind`` of two games small enough for the brute force, with
    the heuristic's answer as given and as a sorted list."""
    out = []
    for view, d, own in _game_declarations(decks, seed) + _game_declarations(decks, seed + 1):
        size = len(d.options) if kind is DecisionKind.ATTACKERS else len(d.pairs)
        if d.kind is kind and size <= BRUTE:
            out.append((view, d, own, sorted(own) if isinstance(own, list) else [own]))
    assert out, f"no {kind} declaration"
    return out


def _game_declarations(decks: tuple[str, str], seed: int
                       ) -> list[tuple[GameState, Decision, Answer]]:
    """Every attack and block declaration of a heuristic game, with the heuristic's
    answer and the player's view (of a copy: a view shares the game's objects)."""
    cards = [bundled_deck(decks[0]), bundled_deck(decks[1])]
    policies = [make_policy("heuristic", seed), make_policy("heuristic", seed + 1)]
    state = new_game(cards, seed, stops=policy_stops(policies, cards))
    out = []
    while (d := advance(state)) is not None:
        own = policies[d.player].decide(player_view(state, d.player), d)
        if d.kind in (DecisionKind.ATTACKERS, DecisionKind.BLOCKERS):
            out.append((player_view(clone(state), d.player), d, own))
        answer(state, own)
    return out


def _subsets(n: int) -> list[list[int]]:
    return [list(c) for k in range(n + 1) for c in combinations(range(n), k)]


def _distance_of_attack(a: list[int], b: list[int]) -> int:
    return len(set(a) ^ set(b))


@pytest.mark.parametrize("decks", MATCHUPS)
def test_attack_sets_are_every_declaration_nearest_first(decks: tuple[str, str]) -> None:
    with_requirements = 0
    for view, d, own, mine in _declarations(decks, 4, DecisionKind.ATTACKERS):
        must = [i for i, oid in enumerate(d.options)
                if oid in attack_requirements(view, d.options)]
        with_requirements += bool(must)
        sets = attack_sets(view, d, own, 1 << BRUTE)
        assert sets[0] == mine
        if mine != must:
            assert sets[1] == must
        legal = [s for s in _subsets(len(d.options)) if set(must) <= set(s)]
        assert sorted(map(tuple, sets)) == sorted(map(tuple, legal))
        distances = [_distance_of_attack(s, mine) for s in sets[2:]]
        assert distances == sorted(distances)  # nearest first
        short = attack_sets(view, d, own, 3)
        assert short == sets[:3]
    # 508.1d: only declarations with the creatures that must attack (Ulamog's Crusher)
    assert with_requirements or "eldrazi_ramp" not in decks


def _block_distance(d: Decision, a: list[int], b: list[int]) -> int:
    role_a = {d.pairs[i][0]: d.pairs[i][1] for i in a}
    role_b = {d.pairs[i][0]: d.pairs[i][1] for i in b}
    return sum(1 for x in set(role_a) | set(role_b) if role_a.get(x) != role_b.get(x))


@pytest.mark.parametrize("decks", MATCHUPS)
def test_block_sets_are_the_legal_declarations_nearest_first(decks: tuple[str, str]) -> None:
    for view, d, own, mine in _declarations(decks, 6, DecisionKind.BLOCKERS):
        legal = {tuple(s) for s in _subsets(len(d.pairs))
                 if can_declare_blocks(view, d.pairs, s)}
        sets = block_sets(view, d, own, 1 << BRUTE)
        assert sets[0] == mine
        assert len({tuple(s) for s in sets}) == len(sets)  # each once
        assert {tuple(s) for s in sets} == legal  # exactly the legal ones
        distances = [_block_distance(d, s, mine) for s in sets[1:] if s]
        assert distances == sorted(distances)
        for s in block_sets(view, d, own, 4):
            assert can_declare_blocks(view, d.pairs, s)
