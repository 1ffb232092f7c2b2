"""Every clause pattern of the Oracle compiler is tested by rules scenarios that play a
real card compiled from the corpus through it (tests/scenarios/oracle/): one showing the
pattern at work (``yes_*.toml``) and one showing where it stops (``no_*.toml``: an
illegal target, a condition not met, an event that does not trigger it, an effect that
ends). Each scenario names its corpus cards (``corpus``) and the patterns it checks
(``patterns``); those cards must compile through those patterns. The scenarios
themselves run with every other scenario (tests/rules/test_scenarios.py)."""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.compiler import Compiled, compile_record
from mtgsim.engine.cards.oracle.table import NAMES
from mtgsim.engine.cards.pool import compile_card, load_pool
from mtgsim.engine.scenario.runner import load_scenario

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "tests" / "scenarios" / "oracle"
FILES = sorted(FOLDER.rglob("*.toml"))
load_pool()


@cache
def patterns_of(name: str) -> frozenset[str]:
    rec = corpus.lookup(name)
    # a transforming double-faced card is named by its front face ("Front // Back"), an
    # adventurer card by its creature
    own = rec.name if rec is None or rec.back is None and rec.layout != "adventure" \
        else rec.name.split(" // ")[0]
    assert rec is not None and own == name, f"{name!r} is not a corpus card's name"
    got = compile_record(rec, compile_card)
    assert isinstance(got, Compiled), f"{name}: {got}"
    return frozenset(p.pattern for p in got.pieces)


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 2 * 50


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_scenario_names_real_cards_and_the_patterns_they_use(path: Path) -> None:
    assert path.name.startswith(("yes_", "no_")), "yes_*.toml or no_*.toml"
    sc = load_scenario(path)
    assert sc.corpus and sc.patterns
    used = frozenset().union(*(patterns_of(n) for n in sc.corpus))
    assert set(sc.patterns) <= NAMES, set(sc.patterns) - NAMES
    assert set(sc.patterns) <= used, f"the cards do not use {set(sc.patterns) - used}"


def test_every_pattern_is_shown_at_work_and_where_it_stops() -> None:
    shown: dict[str, set[str]] = defaultdict(set)
    for path in FILES:
        kind = path.name.split("_", 1)[0]
        for p in load_scenario(path).patterns:
            shown[p].add(kind)
    missing = sorted(p for p in NAMES if shown[p] != {"yes", "no"})
    assert not missing, f"{len(missing)} patterns lack a yes_ or a no_ scenario: {missing}"
