"""The compiled engine (mtgsim.compiled, scripts/compile_engine.py): built where it can be,
loaded only while its source is unchanged, and playing the same games as the pure-Python
reference engine.

``make test`` builds it first (``make compiled``); on a machine with Cython and a C compiler
these tests require the build to be there and in use, so an accelerator that silently stopped
building fails here. The in-process game tests (tests/state/test_fingerprints.py and the rest) run
the compiled modules; ``test_pure_python_engine_plays_the_golden_games`` runs the reference.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from mtgsim import compiled
from mtgsim.compiled import BUILD_DIR, MANIFEST, CompiledFinder, digest, source_path

ROOT = Path(__file__).resolve().parents[2]
# Cython, a C compiler and the interpreter's headers: what the build needs
CAN_BUILD = (importlib.util.find_spec("Cython") is not None
             and shutil.which(sysconfig.get_config_var("CC").split()[0] or "cc") is not None
             and Path(sysconfig.get_paths()["include"], "Python.h").is_file())

LOADED = """
import json
import mtgsim.engine.game, mtgsim.engine.players.policies.heuristic, mtgsim.engine.players.policies.random
import mtgsim.compiled
print(json.dumps(mtgsim.compiled.loaded()))
"""


def loaded_in_child(**env: str) -> list[str]:
    """The compiled modules a fresh process runs after importing the game and policies."""
    done = subprocess.run([sys.executable, "-c", LOADED], capture_output=True, text=True,
                          check=True, cwd=ROOT, env={**os.environ, **env})
    names: list[str] = json.loads(done.stdout)
    return names


def test_every_compiled_module_exists() -> None:
    for name in compiled.module_names():
        assert source_path(name).is_file(), name
    assert len(set(compiled.COMPILED)) == len(compiled.COMPILED)


ENUMS = ("Role", "DecisionKind", "Stage")  # engine.rules.effect, engine.state.decisions, engine.rules.costs


def test_compiled_functions_read_no_enum_member_off_its_class() -> None:
    """A compiled function reads enum members from module constants (``_ROLE_PUMP =
    Role.PUMP``), never ``Role.PUMP`` itself: on Python 3.11 a read off an enum class goes
    through its metaclass's ``__getattr__``, which callgrind measured at about 870
    instructions a read, 2% of a compiled heuristic game."""
    import ast

    found = []
    for name in compiled.module_names():
        path = source_path(name)
        tree = ast.parse(path.read_text())
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                for stmt in fn.body:
                    for n in ast.walk(stmt):
                        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) \
                                and n.value.id in ENUMS and n.attr.isupper():
                            found.append(f"{path.relative_to(ROOT)}:{n.lineno}: "
                                         f"{n.value.id}.{n.attr}")
    assert not found, "\n".join(sorted(set(found)))


def test_the_bench_policies_and_hot_objects_keep_no_instance_dict() -> None:
    """The heuristic and random policies and the mana units keep their state in slots:
    the compiled engine caches a slot read and a method call only for objects without an
    instance dict (scripts/attribute_cache.h), so a mixin of the heuristic without
    ``__slots__`` would put every ``self.plan`` read and ``self._cast_score`` call back on
    the generic lookup (about 1% of a heuristic game)."""
    from mtgsim.engine.players.policies import HeuristicPolicy, RandomPolicy
    from mtgsim.engine.rules.mana import units_of

    for obj in (HeuristicPolicy(1), RandomPolicy(1), units_of((1, 2))):
        assert not hasattr(obj, "__dict__"), type(obj).__name__


def test_the_build_is_there_and_in_use_where_it_can_be_built() -> None:
    finder = CompiledFinder.from_build(BUILD_DIR)
    usable = [] if finder is None else [n for n in compiled.module_names() if finder.usable(n)]
    # exactly the modules built from their present source load compiled
    assert loaded_in_child(MTGSIM_PURE_PYTHON="") == usable
    if CAN_BUILD:
        assert finder is not None, "no compiled engine: run `make compiled`"
        assert usable == compiled.module_names(), "built from other sources: `make compiled`"
        name = "mtgsim.engine.state.memo"
        spec = CompiledFinder(BUILD_DIR, {name: digest(source_path(name))}).find_spec(name)
        assert spec is not None and spec.origin is not None
        assert spec.origin.endswith(compiled.EXT_SUFFIX)


def test_pure_python_switch_loads_no_compiled_module() -> None:
    assert loaded_in_child(MTGSIM_PURE_PYTHON="1") == []


def test_a_build_of_other_source_is_not_loaded() -> None:
    finder = CompiledFinder(BUILD_DIR, {"mtgsim.engine.state.memo": "0" * 64})
    assert finder.find_spec("mtgsim.engine.state.memo") is None
    assert finder.find_spec("mtgsim.engine.state.game_state") is None  # never compiled


def test_a_module_loads_compiled_only_beside_the_builds_it_cimports_from() -> None:
    """engine/rules/casting.pxd cimports functions of mtgsim.engine.rules.mana, whose build's C functions
    casting's build calls: while mana's source differs from its build's (an edit since),
    mana runs as Python and casting with it; modules that cimport nothing of it still
    load compiled."""
    name = "mtgsim.engine.rules.casting"
    assert "mtgsim.engine.rules.mana" in compiled.cimports(name)
    assert compiled.cimports("mtgsim.engine.state.memo") == []
    every = {n: digest(source_path(n)) for n in compiled.module_names()}
    assert CompiledFinder(BUILD_DIR, every).usable(name) == CAN_BUILD
    finder = CompiledFinder(BUILD_DIR, {**every, "mtgsim.engine.rules.mana": "0" * 64})
    assert not finder.usable("mtgsim.engine.rules.mana")
    assert not finder.usable(name) and finder.find_spec(name) is None
    assert finder.usable("mtgsim.engine.state.memo") == CAN_BUILD


def test_a_build_is_keyed_on_the_declarations_it_cimports(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change to mtgsim.engine.rules.mana's declarations builds casting, which cimports from
    it, again (its digest changes)."""
    for name in ("mtgsim.engine.rules.casting", "mtgsim.engine.rules.mana"):
        for suffix in (".py", ".pxd"):
            target = tmp_path.joinpath(*name.split(".")).with_suffix(suffix)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source_path(name).with_suffix(suffix), target)
    monkeypatch.setattr(compiled, "source_path",
                        lambda name: tmp_path.joinpath(*name.split(".")).with_suffix(".py"))
    casting = compiled.source_path("mtgsim.engine.rules.casting")
    before = digest(casting)
    assert before == digest(source_path("mtgsim.engine.rules.casting"))
    mana = compiled.source_path("mtgsim.engine.rules.mana").with_suffix(".pxd")
    mana.write_text(mana.read_text(encoding="utf-8") + "cpdef _stand_in(x)\n",
                    encoding="utf-8")
    assert digest(casting) != before


def test_a_manifest_for_another_interpreter_is_ignored(tmp_path: Path) -> None:
    (tmp_path / MANIFEST).write_text(json.dumps(
        {"platform": "cpython-99.so", "modules": {"mtgsim.engine.state.memo": "x"}}))
    assert CompiledFinder.from_build(tmp_path) is None
    (tmp_path / MANIFEST).write_text("not json")
    assert CompiledFinder.from_build(tmp_path) is None
    assert CompiledFinder.from_build(tmp_path / "absent") is None


@pytest.mark.slow
def test_pure_python_engine_plays_the_golden_games() -> None:
    """The reference: every pairing of the bundled decks, heuristic and random, with no
    compiled module, gives the fingerprints tests/state/test_fingerprints.py checks the compiled
    engine against."""
    done = subprocess.run(
        [sys.executable, "scripts/fingerprints.py", "--check", "tests/data/fingerprints.json"],
        capture_output=True, text=True, cwd=ROOT, timeout=1200,
        env={**os.environ, "MTGSIM_PURE_PYTHON": "1"})
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert " 0 differ" in done.stdout


def test_the_generator_gives_the_same_stream_compiled_and_pure() -> None:
    """engine/state/rng.pxd makes the generator's arithmetic 64-bit C integers in the compiled
    engine: its outputs, states and shuffles are the interpreter's, at the edges of the
    64-bit range too."""
    from mtgsim.engine.state.game_state import rng

    spec = importlib.util.spec_from_file_location("rng_pure", source_path("mtgsim.engine.state.rng"))
    assert spec is not None and spec.loader is not None
    pure = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pure)
    states = [0, 1, 2**32 - 1, 2**63 - 1, 2**63, 2**64 - 2, 2**64 - 1,
              *(pure.seed_state(s) for s in range(200))]
    for state in states:
        assert rng.next_u64(state) == pure.next_u64(state)
        for n in (1, 2, 3, 7, 60, 2**24, 2**40, 2**70):
            assert rng.randbelow(state, n) == pure.randbelow(state, n)
        for size in (0, 1, 2, 3, 40, 60, 100):
            items, expected = list(range(size)), list(range(size))
            assert rng.shuffle(state, items) == pure.shuffle(state, expected)
            assert items == expected
    with pytest.raises(ZeroDivisionError):
        rng.randbelow(5, 0)


_CPDEF = re.compile(r"cpdef (?:[\w ]+ )?(\w+)\((.*)\)")


def _declarations(pxd: Path) -> list[tuple[str, list[tuple[str, bool]]]]:
    """A .pxd's cpdef functions: (name, [(parameter, has a default), ...])."""
    out = []
    for line in pxd.read_text(encoding="utf-8").splitlines():
        match = _CPDEF.fullmatch(line.strip())
        if match:
            params = [p.strip() for p in match.group(2).split(",") if p.strip()]
            out.append((match.group(1), [(p.removesuffix("=*").split()[-1], p.endswith("=*"))
                                         for p in params]))
    return out


def _modules_with_declarations() -> list[tuple[str, Path, ast.Module]]:
    """The compiled modules with a .pxd: (name, the .pxd, the parsed source)."""
    out = []
    for name in compiled.module_names():
        pxd = source_path(name).with_suffix(".pxd")
        if pxd.is_file():
            out.append((name, pxd, ast.parse(source_path(name).read_text(encoding="utf-8"))))
    return out


def test_cpdef_declarations_match_their_functions() -> None:
    """The .pxd files beside compiled modules declare functions cpdef (engine/rules/turn.pxd says
    why): each declaration names a module-level def of the module with the same
    parameters, ``=*`` on exactly those with a default, and the def holds nothing Cython
    refuses in a cpdef function (a closure: a lambda, a generator expression, a nested
    def) and no parameter it cannot declare (keyword-only, variadic). A mismatch fails
    the module's build, which leaves it out of the compiled engine."""
    checked = 0
    for _name, pxd, tree in _modules_with_declarations():
        defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
        for fn, params in _declarations(pxd):
            where = f"{pxd.name}: {fn}"
            assert fn in defs, f"{where}: no such function"
            node = defs[fn]
            args = node.args
            assert not (args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs), where
            assert not node.decorator_list, where
            first_default = len(args.args) - len(args.defaults)
            assert params == [(a.arg, i >= first_default) for i, a in enumerate(args.args)], \
                f"{where}: the parameters differ from the def's"
            inner = [type(n).__name__ for n in ast.walk(node) if n is not node and isinstance(
                n, (ast.Lambda, ast.GeneratorExp, ast.FunctionDef, ast.AsyncFunctionDef,
                    ast.ClassDef, ast.Yield, ast.YieldFrom))]
            assert not inner, f"{where}: holds {inner}, which a cpdef function cannot"
            checked += 1
    assert checked >= 80


_CIMPORT = re.compile(r"from (mtgsim\.engine\.[\w.]+) cimport (\w+)(?: as (\w+))?")


def test_each_cimport_is_a_cpdef_function_the_module_imports() -> None:
    """A module's .pxd cimports a function of another compiled module (its calls become C
    calls) only when the other module's .pxd declares it cpdef and the module's own code
    imports it under the same name at its top level, so that the name means one function
    compiled and interpreted. Never a module (``from mtgsim.engine cimport replacement as
    rep``, for ``rep.enter(...)``): Cython 3.3.1 compiles a call through it whose keyword
    arguments skip a parameter into a read of the bare name (``enter``), a NameError."""
    modules = _modules_with_declarations()
    declared = {name: {fn for fn, _ in _declarations(pxd)} for name, pxd, _tree in modules}
    checked = 0
    for _name, pxd, tree in modules:
        imported = {(node.module, a.name, a.asname) for node in tree.body
                    if isinstance(node, ast.ImportFrom) for a in node.names}
        for line in pxd.read_text(encoding="utf-8").splitlines():
            match = _CIMPORT.fullmatch(line.strip())
            if not match:
                assert " cimport " not in line, f"{pxd.name}: {line}"
                continue
            other, fn, alias = match.groups()
            assert other in compiled.module_names(), f"{pxd.name}: {other} is not compiled"
            assert fn in declared.get(other, set()), f"{pxd.name}: {other}.{fn} is not cpdef"
            assert (other, fn, alias) in imported, f"{pxd.name}: {line} is not imported so"
            checked += 1
    assert checked >= 90


def test_no_comprehension_yields_a_chain_cython_miscompiles() -> None:
    """Cython 3.3.1 compiles a list comprehension whose item is an ``and``/``or`` chain of
    three or more mixed operands (``[t.kind == "spell" and not t.optional and not
    t.x_times for t in targets]``) into C that appends a C truth value as an object: the
    compiled engine crashes where the interpreter answers. The same chain in a loop, in a
    condition or in ``any(...)`` of a generator compiles right; no compiled module has one
    as a comprehension's item."""
    found = []
    for name in compiled.module_names():
        tree = ast.parse(source_path(name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp)):
                items = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
                found += [f"{name}:{node.lineno}" for item in items
                          if isinstance(item, ast.BoolOp) and len(item.values) >= 3]
    assert not found


def test_the_build_is_profile_guided_with_gcc() -> None:
    """`make compiled` trains the instrumented engine and builds from its profile with GCC
    (scripts/compile_engine.py); the build in use says so in its manifest, with the flags
    it was built with (the current ones), and no module of it carries the instrumentation
    (GCC's gcov counters)."""
    from test_attribute_cache import compile_engine  # scripts/compile_engine.py, loaded once

    if not (CAN_BUILD and compile_engine.gcc_builds()):
        pytest.skip("no GCC here: the plain build is the one made")
    finder = CompiledFinder.from_build(BUILD_DIR)
    assert finder is not None and finder.profile_guided, "run `make compiled`"
    assert finder.build_flags == compile_engine.PGO_FLAGS, \
        "built with other compiler flags: run `make compiled`"
    for name in compiled.module_names():
        assert b"__gcov_" not in finder.binary(name).read_bytes(), name
    assert not (BUILD_DIR / "profile").exists()
    assert not list((BUILD_DIR / "tmp").rglob("*.gcda"))
