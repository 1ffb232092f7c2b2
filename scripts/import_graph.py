"""The engine's module import graph, and every import circle in it.

Reads the source (``ast``, nothing is imported): an edge A -> B for each
``import mtgsim.engine.B`` / ``from mtgsim.engine.B import ...`` in module A, at module
level or inside a function (an import moved into a function to dodge a circle is still a
circle), but not under ``if TYPE_CHECKING:`` (annotations only: the schema's own
recursive unions). Importing ``a.b.c`` is an edge to ``a.b.c`` only, not to the package
``a.b`` that Python initialises first: a package's ``__init__`` importing its own
modules (``engine.cards.schema``, ``engine.players.policies``) is no circle.

    python scripts/import_graph.py            # the graph, one module a line, then cycles
    python scripts/import_graph.py --cycles   # only the cycles (exit 1 if there are any)

``cycles()`` and ``forbidden()`` are what ``tests/packaging/test_import_graph.py`` checks.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "mtgsim.engine"
OUTSIDE = ("mtgsim.cluster", "mtgsim.results", "mtgsim.pipelines")


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT / "engine").with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join([PACKAGE, *parts]) if parts else PACKAGE


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.Module, here: str, is_package: bool,
             modules: set[str] | None = None) -> set[str]:
    """Every module name ``here`` imports at run time (TYPE_CHECKING blocks skipped)."""
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = here.split(".") if is_package else here.split(".")[:-1]
                pkg = pkg[: len(pkg) - node.level + 1]
                base = ".".join([*pkg, base] if base else pkg)
            subs = {f"{base}.{alias.name}" for alias in node.names}
            if modules is not None and subs <= modules:
                out.update(subs)  # `from pkg import module`: the modules, not pkg's names
            else:
                out.add(base)
                out.update(subs)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def graph() -> dict[str, set[str]]:
    """Module -> the engine modules it imports; plus, under the key ``"<outside>"`` of
    each module, nothing: outside imports are reported by ``forbidden``."""
    files = sorted((ROOT / "engine").rglob("*.py"))
    modules = {module_name(f): f for f in files}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        found = _imports(tree, name, path.name == "__init__.py", set(modules))
        edges[name] = {m for m in found if m in modules and m != name}
    return edges


def outside_imports() -> dict[str, set[str]]:
    """Module -> the modules of cluster/, results/, pipelines/ it imports (none allowed)."""
    out: dict[str, set[str]] = {}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        name = module_name(path)
        found = _imports(ast.parse(path.read_text(), str(path)), name,
                         path.name == "__init__.py")
        bad = {m for m in found if m.startswith(OUTSIDE) or m.split(".")[0] in (
            "cluster", "results", "pipelines")}
        if bad:
            out[name] = bad
    return out


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def strong(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(10_000)
    for v in sorted(edges):
        if v not in index:
            strong(v)
    return sorted(found)


def _under(module: str, *packages: str) -> bool:
    """Whether ``module`` is one of ``packages`` (relative to the engine) or inside one."""
    return any(module == f"{PACKAGE}.{p}" or module.startswith(f"{PACKAGE}.{p}.")
               for p in packages)


def is_policy(module: str) -> bool:
    return _under(module, "players.policies")


def is_players(module: str) -> bool:
    return _under(module, "players")


def is_schema(module: str) -> bool:
    """The card schema: ``cards.schema`` and the ``cards`` package that re-exports it."""
    return _under(module, "cards.schema") or module == PACKAGE + ".cards"


# The layers, from the bottom: the card schema (data, importing nothing else), then the
# card data's loading, the deck lists, the game state and the rules, which import nothing
# of the players; the vocabulary of mechanics (effects, keywords, the cost parts), whose
# modules each carry the AI's estimate of their mechanic and so import the valuation
# (``players.worth``, ``players.worth_effects``) but no policy; the players; and at the top
# the game's public face (``game``) and the scenario runner, which plays policies.
CORE = ("cards", "decklists", "state", "rules")
VOCABULARY = ("effects", "keywords", "rules.cost_parts")
VALUATION = ("players.worth", "players.worth_effects")
ABOVE = ("scenario",)


def is_rules(module: str) -> bool:
    """The rules and everything under them: what may import nothing of the players."""
    return _under(module, *CORE) and not _under(module, *VOCABULARY)


def reachable(edges: dict[str, set[str]], start: str) -> list[str]:
    """Every module ``start`` imports directly or through others, sorted."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for b in edges.get(todo.pop(), ()):
            if b not in seen:
                seen.add(b)
                todo.append(b)
    seen.discard(start)
    return sorted(seen)


def forbidden(edges: dict[str, set[str]]) -> list[str]:
    """Imports the layering forbids: the schema importing anything of the engine but the
    schema, the rules (state, card data, deck lists) importing anything of the players,
    the mechanics importing a policy, or anything but the players and the scenario runner
    importing a policy."""
    bad = []
    for a in sorted(edges):
        for b in sorted(edges[a]):
            if is_schema(a) and not is_schema(b) and b != PACKAGE:
                bad.append(f"{a} -> {b} (the schema imports the rules)")
            elif is_rules(a) and is_players(b):
                bad.append(f"{a} -> {b} (the rules import the players)")
            elif _under(a, *VOCABULARY) and is_players(b) and not _under(b, *VALUATION):
                bad.append(f"{a} -> {b} (a mechanic imports a policy)")
            elif is_policy(b) and not is_players(a) and not _under(a, *ABOVE):
                bad.append(f"{a} -> {b} (the rules import a policy)")
    # what a module imports indirectly counts too: the rules load the effects, whose
    # estimates load the valuation, which must not lead on to a policy
    for a in sorted(edges):
        if is_rules(a) or _under(a, *VOCABULARY):
            policy = next((m for m in reachable(edges, a) if is_policy(m)), None)
            if policy is not None:
                bad.append(f"{a} -> ... -> {policy} (the rules reach a policy)")
    for a, mods in sorted(outside_imports().items()):
        bad.extend(f"{a} -> {m} (engine/ imports cluster/, results/ or pipelines/)"
                   for m in sorted(mods))
    return bad


def short(module: str) -> str:
    return module[len(PACKAGE) + 1:] if module != PACKAGE else "(engine)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cycles", action="store_true", help="print only the cycles")
    args = ap.parse_args(argv)
    edges = graph()
    if not args.cycles:
        for a in sorted(edges):
            print(f"{short(a)}: {' '.join(short(b) for b in sorted(edges[a]))}")
        print()
    found = cycles(edges)
    bad = forbidden(edges)
    print(f"{len(edges)} modules, {sum(len(v) for v in edges.values())} imports, "
          f"{len(found)} import circle(s), {len(bad)} forbidden import(s)")
    for comp in found:
        print(f"circle of {len(comp)}: {' '.join(short(m) for m in comp)}")
    for line in bad:
        print(f"forbidden: {line}")
    return 1 if found or bad else 0


if __name__ == "__main__":
    sys.exit(main())
