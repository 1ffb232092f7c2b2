"""The engine's import graph (scripts/import_graph.py): no circle, and the layering holds —
the schema imports no rules, the rules (with the state, card data and deck lists) import
nothing of the players, the mechanics only the players' valuation, and engine/ imports
nothing of cluster/, results/, pipelines/."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("import_graph", ROOT / "scripts/import_graph.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["import_graph"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_no_import_circle() -> None:
    g = script()
    assert g.cycles(g.graph()) == []


def test_layering() -> None:
    g = script()
    assert g.forbidden(g.graph()) == []


def test_the_checks_can_fail() -> None:
    g = script()
    edges = {"mtgsim.engine.a": {"mtgsim.engine.b"}, "mtgsim.engine.b": {"mtgsim.engine.a"},
             "mtgsim.engine.rules.turn": {"mtgsim.engine.players.policies.heuristic"},
             "mtgsim.engine.rules.casting": {"mtgsim.engine.players.worth"},
             "mtgsim.engine.state.view": {"mtgsim.engine.players.worth_effects"},
             "mtgsim.engine.effects.damage": {"mtgsim.engine.players.policies.context",
                                              "mtgsim.engine.players.worth"},
             "mtgsim.engine.rules.cost_parts": {"mtgsim.engine.players.worth"},
             "mtgsim.engine.game": {"mtgsim.engine.players.policies"},
             "mtgsim.engine.scenario.ai": {"mtgsim.engine.players.policies"},
             "mtgsim.engine.cards.schema.effects": {"mtgsim.engine.state.game_state"}}
    assert g.cycles(edges) == [["mtgsim.engine.a", "mtgsim.engine.b"]]
    bad = g.forbidden(edges)
    assert any("rules.turn -> mtgsim.engine.players.policies.heuristic (the rules import"
               in b for b in bad)
    assert any("rules.casting -> mtgsim.engine.players.worth (the rules import the players)"
               in b for b in bad)
    assert any("state.view -> mtgsim.engine.players.worth_effects" in b for b in bad)
    assert any("effects.damage -> mtgsim.engine.players.policies.context (a mechanic" in b
               for b in bad)
    assert any("engine.game -> mtgsim.engine.players.policies (the rules" in b for b in bad)
    assert any("schema imports the rules" in b for b in bad)
    # a mechanic's estimate reads the valuation, and the scenario runner plays policies
    assert not any("effects.damage -> mtgsim.engine.players.worth " in b for b in bad)
    assert not any("cost_parts" in b or "scenario" in b for b in bad)
    # the two direct imports of a policy are also chains that reach one
    assert [b for b in bad if "reach a policy" in b] == [
        "mtgsim.engine.effects.damage -> ... -> mtgsim.engine.players.policies.context"
        " (the rules reach a policy)",
        "mtgsim.engine.rules.turn -> ... -> mtgsim.engine.players.policies.heuristic"
        " (the rules reach a policy)"]
    assert len(bad) == 8


def test_a_policy_reached_indirectly_is_forbidden() -> None:
    """The rules load the effects, whose estimates load the valuation: a policy imported
    anywhere down that chain is a policy the rules import."""
    g = script()
    edges = {"mtgsim.engine.rules.resolution": {"mtgsim.engine.effects.damage"},
             "mtgsim.engine.effects.damage": {"mtgsim.engine.players.worth"},
             "mtgsim.engine.players.worth": {"mtgsim.engine.players.policies.context"}}
    bad = g.forbidden(edges)
    assert ("mtgsim.engine.rules.resolution -> ... -> mtgsim.engine.players.policies.context"
            " (the rules reach a policy)") in bad
    assert any(b.startswith("mtgsim.engine.effects.damage -> ... ->") for b in bad)
    del edges["mtgsim.engine.players.worth"]
    assert g.forbidden(edges) == []


def test_function_level_imports_count_and_type_checking_ones_do_not() -> None:
    g = script()
    import ast

    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                     "    from mtgsim.engine import x\n"
                     "def f():\n    from mtgsim.engine import y\n")
    found = g._imports(tree, "mtgsim.engine.m", False)
    assert "mtgsim.engine.y" in found and "mtgsim.engine.x" not in found
