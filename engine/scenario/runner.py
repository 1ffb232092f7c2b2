"""The rules-scenario runner: set up a position, play scripted actions, check the result.

It implements shared/conformance/FORMAT.md. The engine is driven exactly as a policy
would drive it; the runner answers each decision from the action in progress (targets,
X, attackers, blockers) or from the deciding player's queue of choices, and passes
priority for the player who is not acting. The game is put in "stop at every priority"
mode so that passing is always an explicit, observable step.

The runner's steps live in ``engine.scenario.setup`` (the position and labels),
``answers`` (decisions), ``actions`` (driving the game) and ``expect`` (the checks);
this module combines them and loads, runs and finds scenario files.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec

from mtgsim.engine.cards.card import CardCompileError, CardPool
from mtgsim.engine.cards.pool import load_pool
from mtgsim.engine.files import read_regular
from mtgsim.engine.scenario.actions import ActionDriver
from mtgsim.engine.scenario.expect import ExpectationChecks, has_ability
from mtgsim.engine.scenario.format import Scenario
from mtgsim.engine.scenario.setup import PLAYER_NAMES, ZONE_BY_NAME, ScenarioError, ScenarioSetup

__all__ = [
    "PLAYER_NAMES", "ZONE_BY_NAME", "Runner", "ScenarioError", "ScenarioResult",
    "ScenarioSetup", "find_scenarios", "has_ability", "load_scenario", "play_scenario",
    "run_scenario",
]


class ScenarioResult(msgspec.Struct):
    file: str
    name: str
    passed: bool
    error: str | None = None


def load_scenario(path: Path) -> Scenario:
    try:
        data = read_regular(path)  # a FIFO would block: refused
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if data.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark, as editors write
        data = data[3:]
    try:
        return msgspec.toml.decode(data, type=Scenario)
    except (msgspec.ValidationError, msgspec.DecodeError, tomllib.TOMLDecodeError,
            ValueError) as exc:  # ValueError: a bad keyword on a scenario card
        raise ScenarioError(f"{path}: invalid scenario: {exc}") from None
    except RecursionError:  # arrays nested thousands deep: the TOML parser recursed
        raise ScenarioError(f"{path}: invalid scenario: nested too deeply") from None


class Runner(ActionDriver, ExpectationChecks):
    """One scenario: its position (setup), actions (driving, answering) and checks."""


def _with_scenario_cards(sc: Scenario, pool: CardPool) -> CardPool:
    """The pool plus the scenario's own hypothetical cards (``[[cards]]``) and the cards
    it compiles from the Oracle corpus (``corpus``)."""
    if sc.corpus:
        pool = _with_corpus_cards(sc.corpus, pool)
    if not sc.cards:
        return pool
    for card in sc.cards:
        if card.name in pool:
            raise ScenarioError(f"scenario card {card.name!r} has the name of a pool card")
    try:
        return pool.with_cards(sc.cards)
    except CardCompileError as exc:
        raise ScenarioError(str(exc)) from None


def _with_corpus_cards(names: list[str], pool: CardPool) -> CardPool:
    """The pool with these cards compiled from the corpus in place of any pool card of
    the same name (a card the compiler refuses fails the scenario, naming why)."""
    from mtgsim.engine.cards.oracle.library import Missing, resolve
    from mtgsim.engine.cards.pool import compile_card

    found = resolve(names, compile_card)
    defs = []
    for name in names:
        got = found[name]
        if isinstance(got, Missing):
            raise ScenarioError(f"corpus card {name!r}: {got.reason}")
        if got.name != name:
            raise ScenarioError(f"corpus card {name!r}: the corpus spells it {got.name!r}")
        defs.append(got.defn)
    try:
        return pool.with_cards(defs)
    except CardCompileError as exc:
        raise ScenarioError(str(exc)) from None


def play_scenario(sc: Scenario, pool: CardPool | None = None) -> Runner:
    """Build the scenario's position, do its actions and check its expectations (raising
    ScenarioError on the first difference); the runner keeps the final state."""
    runner = Runner(sc, _with_scenario_cards(sc, pool if pool is not None else load_pool()))
    for i, act in enumerate(sc.actions):
        runner.do_action(i, act)
    if sc.ai is not None:
        from mtgsim.engine.scenario.ai import play_ai

        play_ai(runner.state, sc.ai)
    runner.check()
    return runner


def run_scenario(path: Path, pool: CardPool | None = None) -> ScenarioResult:
    try:
        sc = load_scenario(path)
    except ScenarioError as exc:
        return ScenarioResult(str(path), path.stem, False, str(exc))
    try:
        play_scenario(sc, pool)
    except ScenarioError as exc:
        return ScenarioResult(str(path), sc.name, False, str(exc))
    except Exception as exc:  # noqa: BLE001 - an engine crash is a failed scenario
        return ScenarioResult(str(path), sc.name, False,
                              f"engine error: {type(exc).__name__}: {exc}")
    return ScenarioResult(str(path), sc.name, True)


def find_scenarios(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(path.rglob("*.toml")))
        else:
            out.append(path)
    return out
