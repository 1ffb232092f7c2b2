"""No process-wide mutable state: playing games changes no module-level container of the
engine (rules or policies), except the few memos of pure functions listed here, whose
keys are values or immutable card data, never game objects, and whose entries never
change what their function returns. Everything a game changes is in its GameState (or
its derived data) and its policies."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from gamesetup import bundled_deck

import mtgsim.engine
from mtgsim.engine.game import play_game
from mtgsim.engine.players.policies import make_policy

# (module, name): why it may grow while games run
PURE_MEMOS = {
    ("mtgsim.engine.rules.mana", "_SOLVED"): "solve's answers by units content (values)",
    ("mtgsim.engine.rules.filters", "_PLANS"): "a filter's compiled plan, by the filter's value",
    ("mtgsim.engine.players.worth_effects", "_HARMFUL"):
        "which side an effect's target should be on, by the effects' value (card data)",
}


def _engine_modules() -> list[ModuleType]:
    out = []
    for info in pkgutil.walk_packages(mtgsim.engine.__path__, "mtgsim.engine."):
        if ".cards.data" in info.name:
            continue
        out.append(importlib.import_module(info.name))
    return out


def _containers() -> dict[tuple[str, str], object]:
    """Every module-level dict, list and set of the engine, with a snapshot of it."""
    out: dict[tuple[str, str], object] = {}
    for module in _engine_modules():
        for name, value in vars(module).items():
            if isinstance(value, dict):
                out[(module.__name__, name)] = ("dict", len(value), list(value.items()))
            elif isinstance(value, (list, set)):
                out[(module.__name__, name)] = (type(value).__name__, len(value), list(value))
    return out


def _play(pairs: list[tuple[str, str]], policy: str) -> None:
    for i, (a, b) in enumerate(pairs):
        decks = [bundled_deck(a), bundled_deck(b)]
        play_game(decks[0], decks[1], [make_policy(policy, i), make_policy(policy, i + 1)],
                  100 + i)


def test_games_change_no_module_level_state() -> None:
    pairs = [("gruul_stompy", "azorius_skies"), ("jund_cascade", "izzet_spells"),
             ("golgari_dredge", "selesnya_convoke"), ("bogles", "naya_auras"),
             ("orzhov_haunt", "dimir_transmute"), ("rakdos_unearth", "simic_graft")]
    _play(pairs[:1], "heuristic")  # first use: import-time registries are complete
    before = _containers()
    assert len(before) > 20  # registries, tables and the memos above
    _play(pairs, "heuristic")
    _play(pairs, "random")
    after = _containers()
    changed = sorted(k for k in after if after[k] != before.get(k))
    assert set(changed) <= set(PURE_MEMOS), [k for k in changed if k not in PURE_MEMOS]


def test_the_card_data_memos_are_keyed_by_value() -> None:
    """engine.rules.filters' plans and engine.players.worth_effects' target sides are found by the card data's
    value, never by an object's address (id()): an equal filter made anew finds the same
    plan."""
    from mtgsim.engine.cards import Filter
    from mtgsim.engine.players import worth_effects
    from mtgsim.engine.rules import filters

    _play([("gruul_stompy", "azorius_skies")], "heuristic")
    assert filters._PLANS and all(isinstance(k, Filter) for k in filters._PLANS)
    assert worth_effects._HARMFUL and all(
        isinstance(k[0], tuple) for k in worth_effects._HARMFUL)
    made = Filter(types=("creature",), controller="opponent")
    first = filters.plan_of(made)
    again = filters.plan_of(Filter(types=("creature",), controller="opponent"))
    assert again is first and filters._PLANS[made] is first
