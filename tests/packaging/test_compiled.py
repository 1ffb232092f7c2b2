"""The compiled engine (mtgsim.compiled, scripts/compile_engine.py): built where it can be,
loaded only while its source is unchanged, and playing the same games as the pure-Python
reference engine.

``make test`` builds it first (``make compiled``); on a machine with Cython and a C compiler
these tests require the build to be there and in use, with the declarations of
mtgsim/declarations.py (tests/packaging/test_declarations.py tests those), so an accelerator
that silently stopped building, or stopped using its declarations, fails here. The in-process game tests (tests/state/test_fingerprints.py and the rest) run
the compiled modules; ``test_pure_python_engine_plays_the_golden_games`` runs the reference.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest
from modulefile import load_file

from mtgsim import compiled
from mtgsim.compiled import BUILD_DIR, MANIFEST, CompiledFinder, digest, source_path
from mtgsim.declarations import COMPILED, PREFIX, generate

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
    """mtgsim.engine.rules.casting's declarations cimport functions of mtgsim.engine.rules.mana,
    whose build's C functions casting's build calls: while mana's source differs from its
    build's (an edit since), mana runs as Python and casting with it; modules that cimport
    nothing of it still load compiled."""
    name = "mtgsim.engine.rules.casting"
    cimports = {n: d.cimported_modules for n, d in generate().items()}
    assert "mtgsim.engine.rules.mana" in cimports[name]
    assert "mtgsim.engine.rules.mana" not in cimports["mtgsim.engine.state.memo"]
    every = {n: digest(source_path(n)) for n in compiled.module_names()}
    assert CompiledFinder(BUILD_DIR, every, cimports).usable(name) == CAN_BUILD
    finder = CompiledFinder(BUILD_DIR, {**every, "mtgsim.engine.rules.mana": "0" * 64},
                            cimports)
    assert not finder.usable("mtgsim.engine.rules.mana")
    assert not finder.usable(name) and finder.find_spec(name) is None
    assert finder.usable("mtgsim.engine.state.memo") == CAN_BUILD


def test_a_build_of_other_declarations_is_not_loaded() -> None:
    """Every module's declarations come from mtgsim/declarations.py (the table, its C types,
    the generator): a build made from another version of it loads nothing."""
    every = {n: digest(source_path(n)) for n in compiled.module_names()}
    name = "mtgsim.engine.state.memo"
    assert CompiledFinder(BUILD_DIR, every, declarations=digest(compiled.DECLARATIONS)
                          ).usable(name) == CAN_BUILD
    other = CompiledFinder(BUILD_DIR, every, declarations="0" * 64)
    assert not other.usable(name) and other.find_spec(name) is None


def test_a_build_is_keyed_on_the_declarations_it_cimports() -> None:
    """A module is compiled again when its source, its declarations or those of a module
    it cimports from change (scripts/compile_engine.py's build keys): a new cpdef function
    of mtgsim.engine.rules.mana changes casting's key, which cimports from it, and not
    memo's."""
    from test_attribute_cache import compile_engine

    table = dict(COMPILED)
    before = compile_engine.build_keys(generate(table=table))
    table["rules.mana"] = (*table["rules.mana"], "units_of")
    after = compile_engine.build_keys(generate(table=table))
    assert after["mtgsim.engine.rules.mana"] != before["mtgsim.engine.rules.mana"]
    assert after["mtgsim.engine.rules.casting"] != before["mtgsim.engine.rules.casting"]
    assert after["mtgsim.engine.state.memo"] == before["mtgsim.engine.state.memo"]


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


SEARCHED = """
import json, sys
from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.game import play_game
from mtgsim.engine.players.policies.search import SearchPolicy
from mtgsim.pipelines.runner import game_seed, load_decks, make_policies
import mtgsim.compiled

seen = []
plain = SearchPolicy._search
def _search(self, state, d, candidates):
    best = plain(self, state, d, candidates)
    seen.append([state.turn, state.actions_taken, d.kind.name, self.last_values,
                 self.last_counts, self.last_stop, candidates.index(best)])
    return best
SearchPolicy._search = _search
_, (a, b) = load_decks(CardSource(), ["gruul_stompy", "azorius_skies"])
for i in range(2):
    s = game_seed(0, i)
    names = ["search:rollouts=3", "heuristic"] if i == 0 else ["heuristic", "search:rollouts=3"]
    game = play_game(a.cards, b.cards, make_policies(names, s), s)
    seen.append([game.turn, game.result.winner, game.players[0].life, game.players[1].life])
print(json.dumps({"loaded": mtgsim.compiled.loaded(), "searched": seen}))
"""


def _searched_in_child(**env: str) -> dict[str, list[Any]]:
    done = subprocess.run([sys.executable, "-c", SEARCHED], capture_output=True, text=True,
                          check=True, cwd=ROOT, env={**os.environ, **env}, timeout=600)
    out: dict[str, list[Any]] = json.loads(done.stdout)
    return out


def test_the_compiled_search_scores_every_rollout_as_the_pure_one() -> None:
    """The search's own modules (the clones, the deals, the evaluation at the horizon,
    the rollouts' loop: docs/performance.md "What the search spends") are compiled too:
    two bench games of the default search (``search:rollouts=3``) against the heuristic
    give every searched decision the same rollout values, deal by deal, the same
    answers and the same games with every compiled module and with none (the heuristic
    and random games are the golden fingerprints' above)."""
    pure = _searched_in_child(MTGSIM_PURE_PYTHON="1")
    built = _searched_in_child(MTGSIM_PURE_PYTHON="")
    assert pure["loaded"] == []
    if CAN_BUILD:
        assert {PREFIX + m for m in ("state.clone", "state.sight", "players.evaluation",
                                     "players.policies.search",
                                     "players.policies.determinize")} <= set(built["loaded"])
    assert len(pure["searched"]) > 20
    assert built["searched"] == pure["searched"]


def test_the_generator_gives_the_same_stream_compiled_and_pure() -> None:
    """The C types of mtgsim.declarations.C_TYPES make the generator's arithmetic 64-bit C
    integers in the compiled engine: its outputs, states and shuffles are the interpreter's,
    at the edges of the 64-bit range too."""
    from mtgsim.engine.state import rng

    if CAN_BUILD:
        assert str(rng.__file__).endswith(compiled.EXT_SUFFIX)

    pure = load_file("rng_pure", source_path("mtgsim.engine.state.rng"))
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


def test_the_manifest_says_which_build_it_is() -> None:
    """`make compiled` builds without a profile, `make pgo` profile-guided with GCC
    (scripts/compile_engine.py); the build in use says which in its manifest, with the
    flags of that kind (the current ones), and no module of it carries the instrumentation
    (GCC's gcov counters) or leaves the training's counts behind."""
    from test_attribute_cache import compile_engine  # scripts/compile_engine.py, loaded once

    if not CAN_BUILD:
        pytest.skip("no Cython or C compiler: the compiled engine is not built here")
    finder = CompiledFinder.from_build(BUILD_DIR)
    assert finder is not None, "run `make compiled`"
    assert finder.build_flags == (compile_engine.PGO_FLAGS if finder.profile_guided
                                  else compile_engine.PLAIN_FLAGS), \
        "built with other compiler flags: run `make compiled`"
    for name in compiled.module_names():
        assert b"__gcov_" not in finder.binary(name).read_bytes(), name
    assert not (BUILD_DIR / "profile").exists()
    assert not list((BUILD_DIR / "tmp").rglob("*.gcda"))


def test_the_cpdef_functions_are_c_functions_of_the_build() -> None:
    """Each compiled module exports the cpdef functions of its table entry as C functions
    (Cython's ``__pyx_capi__``, through which the modules that cimport them call them), and
    the random generator its C variables: a build that did not find its declarations (on
    Cython's include path, by the module's dotted name) would compile every function as a
    Python one, play the same games, and take 14% more instructions a game."""
    if not CAN_BUILD:
        pytest.skip("no Cython or C compiler: the compiled engine is not built here")
    for short, functions in COMPILED.items():
        module = importlib.import_module(PREFIX + short)
        assert str(module.__file__).endswith(compiled.EXT_SUFFIX), short
        exported = set(getattr(module, "__pyx_capi__", {}))
        variables = {"_MASK", "_GOLDEN", "_MIX1", "_MIX2"} if short == "state.rng" else set()
        assert exported == set(functions) | variables, short


def _manifest(keys: dict[str, str], pgo: bool, cache: str = "cache") -> dict[str, object]:
    from test_attribute_cache import compile_engine

    return {"builds": keys, "attribute_cache": cache, "profile_guided": pgo,
            "build_flags": list(compile_engine.PGO_FLAGS if pgo else compile_engine.PLAIN_FLAGS)}


def test_what_a_build_compiles_again() -> None:
    """A plain build compiles only the modules whose build key changed (or whose binary is
    missing); over a profile-guided build it leaves that one as it is when nothing changed,
    and makes a plain build of it when anything did, which the profile-guided build then
    makes again whole. Another attribute cache or other flags: every module again."""
    from test_attribute_cache import compile_engine

    plan = compile_engine.plan
    keys = {"a": "1", "b": "2", "c": "3"}
    every = frozenset(keys)
    fresh = plan(None, keys, "cache", False, set())
    assert (fresh.regenerate, fresh.recompile, fresh.pgo, fresh.profile_guided) == \
        (every, every, False, False)
    edited = {**keys, "b": "changed"}
    after_plain = plan(_manifest(keys, False), edited, "cache", False, every)
    assert (after_plain.regenerate, after_plain.recompile) == ({"b"}, {"b"})
    assert not after_plain.profile_guided
    assert plan(_manifest(keys, False), keys, "cache", False, {"a", "b"}).recompile == {"c"}
    kept = plan(_manifest(keys, True), keys, "cache", False, every)
    assert (kept.recompile, kept.profile_guided) == (frozenset(), True)
    over_pgo = plan(_manifest(keys, True), edited, "cache", False, every)
    assert (over_pgo.recompile, over_pgo.pgo, over_pgo.profile_guided) == ({"b"}, False, False)
    again = plan(_manifest(keys, True), keys, "cache", True, every)
    assert (again.recompile, again.profile_guided) == (frozenset(), True)
    whole = plan(_manifest(keys, False), keys, "cache", True, every)
    assert (whole.regenerate, whole.recompile, whole.pgo) == (frozenset(), every, True)
    other_cache = plan(_manifest(keys, False), keys, "new cache", False, every)
    assert other_cache.regenerate == other_cache.recompile == every
    other_flags = {**_manifest(keys, False), "build_flags": ["-O3"]}
    assert plan(other_flags, keys, "cache", False, every).recompile == every


def test_one_build_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build holds build/compiled.lock (``make run`` started by a test while ``make
    compiled`` runs would otherwise remove the other's modules): another process cannot
    take it until the build is over."""
    from test_attribute_cache import compile_engine

    pytest.importorskip("fcntl")
    monkeypatch.setattr(compile_engine, "BUILD_DIR", tmp_path / "build" / "compiled")
    take = ("import fcntl, sys; f = open(sys.argv[1], 'w'); "
            "fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)")
    lock = str(tmp_path / "build" / "compiled.lock")
    with compile_engine.one_build_at_a_time():
        assert subprocess.run([sys.executable, "-c", take, lock],
                              capture_output=True).returncode != 0
    assert subprocess.run([sys.executable, "-c", take, lock]).returncode == 0


# A process that installs the finder of a build directory (``import mtgsim`` with
# MTGSIM_PURE_PYTHON=1 installed none) and imports the engine, with the switch as given.
WARNS = """
import json, os, sys
from pathlib import Path
from mtgsim import compiled
os.environ["MTGSIM_PURE_PYTHON"] = sys.argv[2]
compiled.install(Path(sys.argv[1]))
import mtgsim.engine.game, mtgsim.engine.players.policies.heuristic
import mtgsim.engine.players.policies.random
print(json.dumps(compiled.loaded()))
"""


def _child(build_dir: Path, pure: str = "") -> tuple[list[str], str]:
    """(the compiled modules a process runs with the build of ``build_dir``, its stderr)."""
    done = subprocess.run([sys.executable, "-c", WARNS, str(build_dir), pure],
                          capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**os.environ, "MTGSIM_PURE_PYTHON": "1"})
    names: list[str] = json.loads(done.stdout)
    return names, done.stderr


def _fake_build(where: Path, digests: dict[str, str], platform: str = "") -> Path:
    """A build directory whose manifest lists ``digests``, an empty file for each binary
    (never loaded: the tests give sources it was not built from)."""
    finder = CompiledFinder(where, {})
    where.mkdir(parents=True, exist_ok=True)
    for name in digests:
        finder.binary(name).parent.mkdir(parents=True, exist_ok=True)
        finder.binary(name).touch()
    (where / MANIFEST).write_text(json.dumps({
        "platform": platform or compiled.platform_tag(), "modules": digests,
        "declarations": digest(compiled.DECLARATIONS)}), encoding="utf-8")
    return where


ONE_STALE = ("mtgsim: 1 of 172 compiled engine modules is older than its source and runs as "
             "pure Python (run make compiled)\n")


def test_a_build_out_of_date_says_so_once(tmp_path: Path) -> None:
    """A build is there but its modules run as pure Python: one line on stderr per process,
    with how many and what to run; none with no build at all or with the pure engine asked
    for."""
    names = compiled.module_names()
    stale = _fake_build(tmp_path / "stale", {n: "0" * 64 for n in names})
    assert _child(stale) == ([], "mtgsim: 172 of 172 compiled engine modules are older than "
                             "their source and run as pure Python (run make compiled)\n")
    assert _child(stale, pure="1") == ([], "")
    assert _child(tmp_path / "none") == ([], "")
    partial = _fake_build(tmp_path / "partial", {n: "0" * 64 for n in names[2:]})
    assert _child(partial)[1] == ("mtgsim: 172 of 172 compiled engine modules run as pure "
                                  "Python (170 older than their source, 2 not built) "
                                  "(run make compiled)\n")
    failed = _fake_build(tmp_path / "failed", {})  # every module failed to compile
    assert _child(failed)[1] == ("mtgsim: 172 of 172 compiled engine modules were not built "
                                 "and run as pure Python (run make compiled)\n")
    other = _fake_build(tmp_path / "other", {n: "0" * 64 for n in names}, "cpython-99.so")
    assert _child(other)[1] == (f"mtgsim: all 172 compiled engine modules run as pure Python: "
                                f"{other} holds a build for another interpreter "
                                "(cpython-99.so) (run make compiled)\n")
    # builds for other interpreters beside it, under their own manifests, and none for this
    # one (make test PYTHON=python3.12 in a checkout built for 3.11): said the same way
    (other / MANIFEST).rename(other / "manifest.cpython-99.json")
    (other / "manifest.cpython-98.json").write_text("{}", encoding="utf-8")
    assert _child(other)[1] == (f"mtgsim: all 172 compiled engine modules run as pure Python: "
                                f"{other} holds a build for another interpreter "
                                "(cpython-98, cpython-99) (run make compiled)\n")
    (stale / MANIFEST).write_text(json.dumps({**json.loads((stale / MANIFEST).read_text()),
                                              "declarations": "0" * 64}))
    assert _child(stale)[1].startswith("mtgsim: 172 of 172 compiled engine modules were built "
                                       "from other declarations (mtgsim/declarations.py)")


def test_one_module_edited_since_the_build_says_so(tmp_path: Path) -> None:
    """The real build with one module's source digest changed, as an edit makes it: that
    module (which no other cimports from) runs as Python, the process says so in one line,
    and every other module runs compiled; with the build as it is, nothing is said."""
    if not CAN_BUILD:
        pytest.skip("no Cython or C compiler: the compiled engine is not built here")
    data = json.loads((BUILD_DIR / MANIFEST).read_text(encoding="utf-8"))
    assert not any("mtgsim.engine.state.stats" in m for m in data["cimports"].values())
    copy = tmp_path / "build"
    copy.mkdir()
    (copy / "lib").symlink_to(BUILD_DIR / "lib", target_is_directory=True)
    (copy / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    assert _child(copy) == (compiled.module_names(), "")
    data["modules"]["mtgsim.engine.state.stats"] = "0" * 64
    (copy / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    names, err = _child(copy)
    assert err == ONE_STALE
    assert names == [n for n in compiled.module_names() if n != "mtgsim.engine.state.stats"]


def test_a_build_says_each_module_as_it_is_done(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A build is minutes: one line per module as Cython and then the C compiler finish it
    (scripts/compile_engine.py, also what an install prints), the stages in order."""
    if not CAN_BUILD:
        pytest.skip("no Cython or C compiler: the compiled engine is not built here")
    from test_attribute_cache import compile_engine  # scripts/compile_engine.py, loaded once

    names = ["probe_a", "probe_b"]
    sources = {}
    for name in names:
        sources[name] = tmp_path / f"{name}.py"
        sources[name].write_text(f"def f(x):\n    return x + {len(name)}\n", encoding="utf-8")
    compile_engine.compile_modules(sources, tmp_path / "build", 2, True,
                                   declarations=tmp_path / "pxd")
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4, lines
    for n, line in enumerate(lines[:2], 1):
        assert line.startswith(f"compiled engine: [{n}/2] Cython: probe_"), lines
    for n, line in enumerate(lines[2:], 1):
        assert line.startswith(f"compiled engine: [{n}/2] C compiler: probe_"), lines
    assert sorted(line.rsplit(" ", 1)[1] for line in lines[:2]) == names
    assert sorted(line.rsplit(" ", 1)[1] for line in lines[2:]) == names
    assert len(list((tmp_path / "build" / "lib").glob("probe_*"))) == 2


def test_a_cython_run_out_of_time_is_killed_and_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Cython once looped for ever on one module (type inference over ``key = (*key,
    ...)``) and the whole build stalled without a word: each module's Cython runs in a
    process of its own, killed after the build's time limit, and the module is named and
    left out while the others are built."""
    if not CAN_BUILD:
        pytest.skip("no Cython or C compiler: the compiled engine is not built here")
    from test_attribute_cache import compile_engine  # scripts/compile_engine.py, loaded once

    source = tmp_path / "probe_slow.py"
    source.write_text("def f(x):\n    return x + 1\n", encoding="utf-8")
    extension = compile_engine_extension(source)
    made = compile_engine._cythonize([extension], tmp_path / "c", 1, tmp_path / "pxd",
                                     sys.stdout, timeout=0.001)
    lines = capsys.readouterr().out.splitlines()
    assert made == []
    assert lines == ["compiled engine: [1/1] Cython: probe_slow (killed: Cython ran out of "
                     "time)",
                     "compiled engine: not built, Cython ran out of time (0 s, "
                     "MTGSIM_CYTHON_TIMEOUT): probe_slow"], lines
    assert not list((tmp_path / "c").rglob("probe_slow.c"))
    made = compile_engine._cythonize([extension], tmp_path / "c", 1, tmp_path / "pxd",
                                     sys.stdout, timeout=600)  # in time: made
    assert [ext.name for ext in made] == ["probe_slow"]
    assert capsys.readouterr().out.splitlines() == ["compiled engine: [1/1] Cython: probe_slow"]


def compile_engine_extension(source: Path) -> object:
    """A setuptools Extension of one probe module, as compile_modules makes them."""
    from setuptools import Extension

    return Extension(source.stem, [str(source)], optional=True)


def test_only_the_users_pure_switch_stops_the_build() -> None:
    """The build script sets ``MTGSIM_PURE_PYTHON`` for itself (so that it loads no compiled
    module while it replaces them); that must not read as the user's asking for no build,
    which once made every install build nothing (a fresh ``make run`` played pure Python).
    The user's own switch still stops it."""
    env = {k: v for k, v in os.environ.items() if k != "MTGSIM_PURE_PYTHON"}
    script = str(ROOT / "scripts" / "compile_engine.py")
    mine = subprocess.run([sys.executable, script], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=3000)
    assert mine.returncode == 0, mine.stderr
    assert "MTGSIM_PURE_PYTHON is set" not in mine.stdout + mine.stderr
    theirs = subprocess.run([sys.executable, script], capture_output=True, text=True,
                            env={**env, "MTGSIM_PURE_PYTHON": "1"}, cwd=ROOT, timeout=60)
    assert theirs.returncode == 0, theirs.stderr
    assert "compiled engine not built (MTGSIM_PURE_PYTHON is set)" in theirs.stdout
