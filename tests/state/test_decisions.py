"""Typed decisions: every question has a DecisionKind and what it is about in typed
fields, so no code reads the prompt, which is display text only. Proved by playing every
pairing of the bundled decks (heuristic and random players) and every scenario with each
prompt replaced by noise: the games are the recorded ones and the scenarios pass."""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from gamesetup import POOL, bundled_deck

import mtgsim.engine
from mtgsim.engine.game import decide, play
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.scenario.runner import run_scenario
from mtgsim.engine.state.decisions import (
    NONE,
    NUMBER_OPTIONS,
    OBJECT_OPTIONS,
    Decision,
    DecisionKind,
)
from mtgsim.engine.state.serialize import from_json, to_json

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.toml")) + sorted(
    (ROOT / "tests" / "data" / "shared" / "conformance" / "examples").rglob("*.toml"))
_NOISE = random.Random(12)


class NoisyDecision(Decision):
    """A Decision whose prompt is replaced by a random string as it is made."""

    def __post_init__(self) -> None:
        self.prompt = "".join(_NOISE.choice("abcdefghij klmnop:?") for _ in range(
            _NOISE.randrange(0, 40)))


@pytest.fixture
def noisy_prompts(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """Every engine module that makes decisions makes NoisyDecisions instead."""
    patched = 0
    for info in pkgutil.walk_packages(mtgsim.engine.__path__, "mtgsim.engine."):
        if ".cards.data" in info.name:
            continue
        module = importlib.import_module(info.name)
        if getattr(module, "Decision", None) is Decision:
            monkeypatch.setattr(module, "Decision", NoisyDecision)
            patched += 1
    yield patched


def test_prompts_are_noise_in_the_fixture(noisy_prompts: int) -> None:
    assert noisy_prompts > 10
    state = new_game([bundled_deck("gruul_stompy"), bundled_deck("azorius_skies")], 1)
    prompts = []
    for _ in range(30):
        d = advance(state)
        assert d is not None
        if d.kind is not DecisionKind.PRIORITY:
            assert isinstance(d, NoisyDecision)
            prompts.append(d.prompt)
        answer(state, decide(make_policy("random", 3), state, d))
    assert prompts and not any("keep this hand" in p for p in prompts)


def test_every_pairing_plays_the_recorded_games_with_noise_for_prompts(
        noisy_prompts: int) -> None:
    from test_fingerprints import GOLDEN, _script

    golden = json.loads(GOLDEN.read_text())
    got = _script().fingerprints(golden["games_per_pairing"])
    want = golden["fingerprints"]
    differ = [(k, i) for k in want for i, (w, g) in enumerate(zip(want[k], got[k], strict=True))
              if w != g]
    assert not differ, f"{len(differ)} games differ, first: {differ[:5]}"


def test_every_scenario_passes_with_noise_for_prompts(noisy_prompts: int) -> None:
    assert len(SCENARIOS) > 400
    failed = [(p.name, r.message) for p in SCENARIOS
              if not (r := run_scenario(p, POOL)).passed]
    assert not failed, failed[:5]


def test_every_kind_is_asked_with_what_it_is_about() -> None:
    """Across many random games, the questions that need to say what they are about do
    (the payload types per kind), and a pending decision survives encoding with it."""
    seen: dict[DecisionKind, set[str]] = {}
    decks = ["gruul_stompy", "azorius_skies", "jund_devour", "izzet_spells", "naya_auras",
             "golgari_dredge", "selesnya_convoke", "dimir_transmute", "simic_graft",
             "white_weenie_level_up", "jund_cascade", "rakdos_unearth", "mono_red_retrace"]
    round_tripped = ids_checked = 0
    for i in range(len(decks)):
        cards = [bundled_deck(decks[i]), bundled_deck(decks[(i + 3) % len(decks)])]
        state = new_game(cards, 40 + i)
        policies = [make_policy("random", i), make_policy("heuristic", i + 1)]
        while True:
            d = advance(state)
            if d is None:
                break
            seen.setdefault(d.kind, set()).add(type(d.about).__name__)
            if d.kind in OBJECT_OPTIONS:  # ids the view may show, never other numbers
                sids = {it.sid for it in state.stack}
                assert all(o in state.objects or o in sids or o in (0, 1, NONE)
                           for o in d.options), (d.kind, d.options)
                ids_checked += 1
            if d.about is not None and round_tripped < 50:
                back = from_json(to_json(state), POOL)
                assert back.pending is not None and back.pending.about == d.about
                round_tripped += 1
            answer(state, decide(policies[d.player], state, d))
    assert round_tripped == 50
    payloads = {
        DecisionKind.TARGET: {"TargetOf"}, DecisionKind.MODE: {"Modes", "Rooms"},
        DecisionKind.MULLIGAN: {"Mulligans"}, DecisionKind.X: {"ForSpell"},
        DecisionKind.DEVOUR: {"Devouring"}, DecisionKind.CONVOKE_TAP: {"ForSpell"},
        DecisionKind.DELVE: {"ForSpell"}, DecisionKind.IMPROVISE_TAP: {"ForSpell"},
        DecisionKind.REPLICATE: {"ForSpell"}, DecisionKind.ATTACH: {"Attaching"},
        DecisionKind.DISCARD: {"Discarding"}, DecisionKind.SEARCH: {"Searching"},
        DecisionKind.LEGEND: {"Legend"}, DecisionKind.SACRIFICE: {"Sacrificing"},
        DecisionKind.COLOR: {"ColorFor"}, DecisionKind.FLASHBACK_COST: {"FlashbackCosts"},
        DecisionKind.COST: {"CostOf"}, DecisionKind.COST_TAP: {"CostOf"},
        DecisionKind.COST_COUNTER: {"CostOf"}, DecisionKind.REPLACEMENT: {"Replacing"},
        DecisionKind.MAY: {"MayEffect", "MayCast", "MayPay", "MayDiscardHand", "ForSpell"},
    }
    for kind, names in seen.items():
        if kind in payloads:
            assert names <= payloads[kind], (kind, names)
    assert {DecisionKind.TARGET, DecisionKind.MULLIGAN, DecisionKind.MAY, DecisionKind.DEVOUR,
            DecisionKind.CONVOKE_TAP, DecisionKind.SEARCH} <= set(seen), sorted(seen)
    assert {"MayEffect", "MayCast"} <= seen[DecisionKind.MAY]
    assert all(isinstance(k, DecisionKind) for k in seen)
    assert ids_checked > 100


def test_each_kind_says_whether_its_options_are_objects() -> None:
    """Every kind is in exactly one of OBJECT_OPTIONS and NUMBER_OPTIONS, so the view
    builder (engine.state.view) never takes a number (X, a colour, a pair index) for an
    object id: a kind added later must say which its options are."""
    assert OBJECT_OPTIONS | NUMBER_OPTIONS == set(DecisionKind)
    assert not OBJECT_OPTIONS & NUMBER_OPTIONS


def test_a_target_question_says_which_slot_of_which_spell() -> None:
    state = new_game([bundled_deck("gruul_stompy"), bundled_deck("azorius_skies")], 5)
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    found = 0
    while found < 5:
        d = advance(state)
        assert d is not None, "the game ended before five target questions"
        if d.kind is DecisionKind.TARGET:
            about = d.about
            assert about is not None and about.__class__.__name__ == "TargetOf"
            source = state.objects.get(d.source)
            if about.what == "spell":  # type: ignore[union-attr]
                assert source is not None and source.card is about.card  # type: ignore
            found += 1
        answer(state, decide(policies[d.player], state, d))


def test_kinds_serialize_by_name() -> None:
    d = Decision(DecisionKind.DAMAGE_ORDER, 0, options=[3, 4], multi=True)
    assert b'"kind":"order"' in msgspec.json.encode(d)
    assert msgspec.json.decode(msgspec.json.encode(d), type=Decision).kind is \
        DecisionKind.DAMAGE_ORDER


class _Checked:
    """A policy that also checks that every question it gets was made with noise."""

    def __init__(self, inner: object, noisy: bool) -> None:
        self.inner, self.noisy, self.name = inner, noisy, "checked"

    def decide(self, view: object, d: Decision) -> object:
        assert isinstance(d, NoisyDecision) == self.noisy, d.kind
        return self.inner.decide(view, d)  # type: ignore[attr-defined]


def _answers(pairs: list[tuple[str, str]], noisy: bool = False) -> list[list[object]]:
    out = []
    for i, (a, b) in enumerate(pairs):
        for policy in ("heuristic", "random"):
            state = new_game([bundled_deck(a), bundled_deck(b)], 60 + i, record=True,
                             keep_log=True)
            play(state, [_Checked(make_policy(policy, i), noisy),  # type: ignore[list-item]
                         _Checked(make_policy(policy, i + 1), noisy)])
            out.append([state.decisions, list(state.log or [])])
    return out


def test_every_answer_is_the_same_with_noise_for_prompts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond the fingerprints: each answer and each log line of these games."""
    pairs = [("jund_cascade", "izzet_spells"), ("naya_auras", "jund_devour"),
             ("golgari_dredge", "simic_graft"), ("dimir_transmute", "orzhov_haunt")]
    plain = _answers(pairs)
    for info in pkgutil.walk_packages(mtgsim.engine.__path__, "mtgsim.engine."):
        if ".cards.data" not in info.name:
            module = importlib.import_module(info.name)
            if getattr(module, "Decision", None) is Decision:
                monkeypatch.setattr(module, "Decision", NoisyDecision)
    assert _answers(pairs, noisy=True) == plain
