"""The compiled engine's declarations (mtgsim/declarations.py): one table of the cpdef
functions, and the ``.pxd`` files generated from it and the sources at build time.

A declaration Cython cannot compile fails that module's build, which leaves it out of the
compiled engine (it then runs as pure Python, and says so); these tests find such a table
entry without a build, and pin what the generator writes.
"""

from __future__ import annotations

import ast
import re
import subprocess

import pytest

from mtgsim.compiled import ROOT, module_names, source_path
from mtgsim.declarations import (
    C_TYPES,
    COMPILED,
    LOOKED_UP,
    PREFIX,
    DeclarationError,
    cpdef_problem,
    generate,
)

DECLARED = generate()


def _tree(name: str) -> ast.Module:
    return ast.parse(source_path(name).read_text(encoding="utf-8"))


def test_no_declaration_is_kept_in_the_source_tree() -> None:
    """The declarations are generated into build/compiled/pxd/ (scripts/compile_engine.py),
    never written beside the modules, where they would have to follow every rename."""
    tracked = subprocess.run(["git", "ls-files", "*.pxd", "*.pyx"], capture_output=True,
                             text=True, check=True, cwd=ROOT).stdout.split()
    assert tracked == []
    assert [p for p in (ROOT / "engine").rglob("*.pxd")] == []


def test_every_cpdef_function_of_the_table_can_be_declared() -> None:
    """Each name of the table is a module-level def of its module that Cython can declare
    cpdef: no decorator, no closure (a lambda, a generator expression, a nested def), no
    keyword-only, positional-only or variadic parameter."""
    checked = 0
    for short, functions in COMPILED.items():
        defs = {n.name: n for n in _tree(PREFIX + short).body if isinstance(n, ast.FunctionDef)}
        for fn in functions:
            assert fn in defs, f"{short}: no module-level def {fn}"
            assert cpdef_problem(defs[fn]) == "", f"{short}.{fn}: {cpdef_problem(defs[fn])}"
            checked += 1
    assert checked >= 140
    assert len(COMPILED) == 172 and list(COMPILED) == sorted(COMPILED)


_CPDEF = re.compile(r"cpdef (?:[\w ]+ )?(\w+)\((.*)\)")


def test_each_declaration_has_its_defs_parameters() -> None:
    """A generated ``cpdef`` line names the def's parameters in order, ``=*`` on exactly
    those with a default, each a Python object unless C-typed (``object double``: a
    parameter may have a C type's name)."""
    checked = 0
    for name, declared in DECLARED.items():
        defs = {n.name: n for n in _tree(name).body if isinstance(n, ast.FunctionDef)}
        lines = [_CPDEF.fullmatch(line) for line in declared.text.splitlines()]
        found = [m for m in lines if m]
        assert [m.group(1) for m in found] == list(declared.cpdef)
        assert sorted(declared.cpdef) == sorted(COMPILED[name.removeprefix(PREFIX)])
        typed = C_TYPES.get(name.removeprefix(PREFIX), {})
        for match in found:
            args = defs[match.group(1)].args
            types = typed[match.group(1)].params if match.group(1) in typed else {}
            first_default = len(args.args) - len(args.defaults)
            want = [f"{types.get(a.arg, 'object')} {a.arg}" + ("=*" if i >= first_default else "")
                    for i, a in enumerate(args.args)]
            assert [p.strip() for p in match.group(2).split(",") if p.strip()] == want
            checked += 1
    assert checked == sum(len(fns) for fns in COMPILED.values())


_CIMPORT = re.compile(r"from (mtgsim\.engine\.[\w.]+) cimport (\w+)(?: as (\w+))?")


def test_a_module_cimports_the_cpdef_functions_it_imports() -> None:
    """A module cimports a function of another compiled module (its calls become C calls)
    exactly when the other's table entry makes it cpdef and the module's own code imports
    it at its top level under the same name, so that the name means one function compiled
    and interpreted; but the names tests swap (``LOOKED_UP``). Never a module (``from
    mtgsim.engine.rules cimport replacement as rep``, for ``rep.enter(...)``): Cython
    3.3.1 compiles a call through it whose keyword arguments skip a parameter into a read
    of the bare name (``enter``), a NameError."""
    checked = 0
    for name in module_names():
        short = name.removeprefix(PREFIX)
        want = [(node.module, a.name, a.asname or "") for node in _tree(name).body
                if isinstance(node, ast.ImportFrom) and node.level == 0
                and node.module is not None and node.module.removeprefix(PREFIX) in COMPILED
                for a in node.names
                if a.name in COMPILED[node.module.removeprefix(PREFIX)]
                and (a.asname or a.name) not in LOOKED_UP.get(short, ())]
        declared = DECLARED.get(name)
        lines = [] if declared is None else declared.text.splitlines()
        got = []
        for line in lines:
            match = _CIMPORT.fullmatch(line)
            if match is None:
                assert "cimport" not in line or line == "cimport cython", f"{name}: {line}"
                continue
            got.append((match.group(1), match.group(2), match.group(3) or ""))
        assert got == want, name
        assert declared is None or list(declared.cimports) == got
        checked += len(got)
    assert checked >= 200


def test_the_generated_declarations_of_a_module() -> None:
    """What the generator writes for a module: its cimports in the source's order, then its
    cpdef functions in the source's order; and for the random generator the C types of
    mtgsim.declarations.C_TYPES, which make its arithmetic 64-bit C integers."""
    assert DECLARED["mtgsim.engine.game"].text.splitlines()[2:] == [
        "from mtgsim.engine.rules.turn cimport answer",
        "from mtgsim.engine.state.view cimport player_view",
        "cpdef decide(object policy, object state, object decision)",
        "cpdef step(object state, object policies)",
    ]
    assert DECLARED["mtgsim.engine.game"].cimported_modules == [
        "mtgsim.engine.rules.turn", "mtgsim.engine.state.view"]
    assert DECLARED["mtgsim.engine.state.rng"].text.splitlines()[2:] == [
        "cimport cython",
        "cdef unsigned long long _MASK, _GOLDEN, _MIX1, _MIX2",
        "@cython.locals(z=cython.ulonglong)",
        "cpdef tuple next_u64(unsigned long long state)",
        "@cython.locals(z=cython.ulonglong)",
        "cpdef tuple randbelow(unsigned long long state, object n)",
        "@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, z=cython.ulonglong)",
        "cpdef unsigned long long shuffle(unsigned long long state, list items)",
    ]
    assert "mtgsim.engine.rules.mana" in DECLARED["mtgsim.engine.rules.casting"].cimported_modules
    assert DECLARED["mtgsim.engine.rules.sba"].cimports[-1] == (
        "mtgsim.engine.rules.targets", "can_enchant", "can_enchant")  # `import x as x`
    assert "mtgsim.engine.state.stats" not in DECLARED  # nothing to declare: no file


def _sources(**extra: str) -> dict[str, str]:
    return {PREFIX + short: "" for short in COMPILED} | extra


def test_the_names_tests_swap_are_never_cimported() -> None:
    """rules.turn imports casting's legal_actions, which tests/state/test_caches.py swaps:
    were legal_actions cpdef, turn would still look it up as a module global."""
    sources = _sources(**{
        PREFIX + "rules.casting": "def legal_actions(state, player):\n    return []\n",
        PREFIX + "rules.turn": "from mtgsim.engine.rules.casting import legal_actions\n"})
    table = {short: () for short in COMPILED} | {"rules.casting": ("legal_actions",)}
    turn = PREFIX + "rules.turn"
    assert turn not in generate(sources.__getitem__, table)
    with_it = generate(sources.__getitem__, table, looked_up={})
    assert with_it[turn].cimports == (("mtgsim.engine.rules.casting", "legal_actions", ""),)
    for short, names in LOOKED_UP.items():  # each is imported where the table says
        imported = {a.asname or a.name for node in _tree(PREFIX + short).body
                    if isinstance(node, ast.ImportFrom) for a in node.names}
        assert set(names) <= imported, short


@pytest.mark.parametrize(("source", "problem"), [
    ("def other(state):\n    return 1\n", "no module-level def of f"),
    ("def f(state, *rest):\n    return 1\n", "variadic"),
    ("def f(state, *, key=1):\n    return 1\n", "keyword-only"),
    ("def f(xs):\n    return sum(x for x in xs)\n", "a closure (GeneratorExp)"),
    ("def f(xs):\n    return sorted(xs, key=lambda x: -x)\n", "a closure (Lambda)"),
    ("import functools\n@functools.cache\ndef f(x):\n    return x\n", "a decorator"),
])
def test_a_table_entry_cython_cannot_declare_is_an_error(source: str, problem: str) -> None:
    table = {short: () for short in COMPILED} | {"state.stats": ("f",)}
    with pytest.raises(DeclarationError, match=re.escape(problem)):
        generate(_sources(**{PREFIX + "state.stats": source}).__getitem__, table)


def test_generated_declarations_are_what_the_build_used() -> None:
    """The build writes each module's declarations, as generated now, into its include
    path (the finder would not load a build of other declarations)."""
    from test_attribute_cache import compile_engine

    where = compile_engine.PXD_DIR
    if not where.is_dir():
        pytest.skip("no compiled engine built here")
    files = {path.relative_to(where).as_posix(): path.read_text(encoding="utf-8")
             for path in where.rglob("*.pxd")}
    assert files == {name.replace(".", "/") + ".pxd": d.text for name, d in DECLARED.items()}

