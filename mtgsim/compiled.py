"""The compiled engine: the hot engine modules built with Cython, loaded only while they match.

The pure-Python engine is the reference; ``scripts/compile_engine.py`` (``make compiled``,
or ``make pgo`` for the profile-guided build the benchmarks use) compiles the modules of
``COMPILED`` unchanged, without type annotations turned into C types, with the declarations
``mtgsim.declarations`` generates from its table, so a compiled module runs the same code,
and plays the same games, only with fewer instructions (tests/packaging/test_compiled.py
checks the game fingerprints both ways).

The builds live in ``build/compiled/`` in the checkout (in ``mtgsim/_compiled/`` in an
installed wheel, setup.py copying them there), beside a manifest of the source digest each was built
from. Python would load an extension module sitting beside its ``.py`` even after the ``.py``
changed; keeping them apart, and loading one only through ``CompiledFinder`` while its
source's digest still matches (and the table's, and those of the modules it cimports from),
means an edited module runs as edited until it is built again. When a build exists but some
of its modules run as pure Python that way (an edit since the build, a module that failed to
build, another interpreter), the process says so in one line on stderr, naming the count and
``make compiled``; with no build at all the pure-Python engine runs silently, and
``MTGSIM_PURE_PYTHON=1`` asks for it whatever was built.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Mapping, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

from mtgsim.declarations import COMPILED, PREFIX
from mtgsim.layout import PACKAGE_DIRS

__all__ = ["COMPILED", "CompiledFinder", "install", "loaded", "module_names", "source_path"]

ROOT = Path(__file__).resolve().parent.parent
# Installed from a wheel, the packages lie under mtgsim/ (mtgsim/engine/...) and the wheel's
# build beside them in mtgsim/_compiled/ (setup.py puts it there); in the checkout (the
# editable install) the packages are the top-level folders of PACKAGE_DIRS and the build is
# build/compiled/. Either way the build is apart from the sources, loaded by the finder.
PACKAGED = "_compiled"
INSTALLED = (Path(__file__).resolve().parent / "engine").is_dir()
BUILD_DIR = Path(__file__).resolve().parent / PACKAGED if INSTALLED else ROOT / "build" / "compiled"
_DIRS = {"mtgsim": "mtgsim"} if INSTALLED else PACKAGE_DIRS
# one manifest per interpreter (its cache tag: cpython-312), so that the builds for 3.11,
# 3.12 and 3.13 lie side by side in one checkout (their binaries' suffixes differ already)
# and ``make test PYTHON=python3.12`` does not undo the 3.11 build
MANIFEST = f"manifest.{sys.implementation.cache_tag}.json"
PURE_ENV = "MTGSIM_PURE_PYTHON"
# the table and the generator the declarations of every build come from
DECLARATIONS = Path(__file__).resolve().parent / "declarations.py"
# this interpreter's extension modules' suffix, as the import system has it (reading
# sysconfig's instead loads its data into every process, which measured 0.14 M more
# instructions a heuristic game)
EXT_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
REMEDY = "(reinstall mtgsim)" if INSTALLED else "(run make compiled)"


def module_names() -> list[str]:
    """The full import names of the modules that are compiled."""
    return [PREFIX + name for name in COMPILED]


_NAMES = frozenset(module_names())


def source_path(name: str) -> Path:
    """The ``.py`` file of a module under mtgsim (a module's own file, or its package's
    ``__init__.py``): in the checkout by the package mapping of ``PACKAGE_DIRS``, installed
    under mtgsim/."""
    parts = name.split(".")
    for size in range(len(parts), 0, -1):
        folder = _DIRS.get(".".join(parts[:size]))
        if folder is not None:
            path = ROOT.joinpath(folder, *parts[size:])
            return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    raise ValueError(f"{name} is not a module of mtgsim")


def digest(path: Path) -> str:
    """What a build is keyed on: a file's bytes (a module's source; the declarations'
    table and generator, mtgsim/declarations.py, for every module at once)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def platform_tag() -> str:
    """Builds load only into the interpreter they were built for."""
    return f"{sys.implementation.cache_tag}{EXT_SUFFIX}"


def read_manifest(build_dir: Path) -> tuple[dict[str, Any] | None, str]:
    """A build directory's manifest and "", or None and why it is no usable build ("" when
    there is no manifest at all: nothing was built, or a build is under way)."""
    path = build_dir / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        others = sorted(p.name.removeprefix("manifest.").removesuffix(".json")
                        for p in build_dir.glob("manifest.*.json"))
        if others:  # a build for another interpreter only: this one runs pure Python
            return None, f"{build_dir} holds a build for another interpreter ({', '.join(others)})"
        return None, ""
    except (OSError, ValueError):
        return None, f"{path} is unreadable"
    if not isinstance(data, dict) or not isinstance(data.get("modules"), dict):
        return None, f"{path} is unreadable"
    if data.get("platform") != platform_tag():
        return None, f"{build_dir} holds a build for another interpreter ({data.get('platform')})"
    return data, ""


class CompiledFinder(importlib.abc.MetaPathFinder):
    """A meta path finder that answers for the modules of a manifest whose source is
    unchanged since the build, and leaves every other import to Python."""

    def __init__(self, build_dir: Path, manifest: Mapping[str, str],
                 cimports: Mapping[str, Sequence[str]] | None = None,
                 declarations: str | None = None, attribute_cache: str = "",
                 profile_guided: bool = False, build_flags: tuple[str, ...] = ()) -> None:
        self.build_dir = build_dir
        self.manifest = manifest  # module name -> source digest it was built from
        self.cimports = cimports or {}  # module name -> the modules its build calls into
        self.declarations = declarations  # digest of mtgsim/declarations.py then (None: now)
        self.attribute_cache = attribute_cache  # digest of scripts/attribute_cache.h then
        self.profile_guided = profile_guided  # built from the training's profile (GCC)
        self.build_flags = build_flags  # the C compiler flags it was built with
        self._usable: dict[str, bool] = {}  # usable()'s answers, each found once
        self._table: bool | None = None  # whether the declarations are those of the build
        self._warned = False

    @classmethod
    def from_build(cls, build_dir: Path) -> CompiledFinder | None:
        """The finder of a build directory, or None if nothing usable was built there."""
        data, _ = read_manifest(build_dir)
        return None if data is None else cls.from_manifest(build_dir, data)

    @classmethod
    def from_manifest(cls, build_dir: Path, data: Mapping[str, Any]) -> CompiledFinder:
        """The finder of a build's manifest (``read_manifest``'s); one that lists no module
        (every module failed to build) loads nothing, and says so."""
        flags, cimports = data.get("build_flags"), data.get("cimports")
        return cls(build_dir, {str(k): str(v) for k, v in data["modules"].items()},
                   {str(k): [str(m) for m in v] for k, v in cimports.items()}
                   if isinstance(cimports, dict) else {},
                   str(data.get("declarations", "")), str(data.get("attribute_cache", "")),
                   data.get("profile_guided") is True,
                   tuple(str(f) for f in flags) if isinstance(flags, list) else ())

    def binary(self, name: str) -> Path:
        """Where the build of a module lies."""
        *package, leaf = name.split(".")
        return self.build_dir.joinpath("lib", *package, leaf + EXT_SUFFIX)

    def table_current(self) -> bool:
        """Whether the declarations' table and generator are those the build was made with
        (read once: every module's declarations come from them)."""
        if self._table is None:
            try:
                self._table = self.declarations in (None, digest(DECLARATIONS))
            except OSError:
                self._table = False
        return self._table

    def usable(self, name: str, seen: frozenset[str] = frozenset()) -> bool:
        """Built, and built from the source that is there now, as is every module it
        cimports from: a build calls their builds' C functions, which a module running
        as Python has not (its import would fail), so an edited module runs as Python with
        every module that cimports from it until the next build."""
        known = self._usable.get(name)
        if known is None:
            known = self._usable[name] = self._check(name, seen | {name})
        return known

    def _check(self, name: str, seen: frozenset[str]) -> bool:
        want = self.manifest.get(name)
        if want is None or not self.table_current() or not self.binary(name).is_file():
            return False
        try:
            if digest(source_path(name)) != want:
                return False
        except OSError:
            return False
        return all(other in seen or self.usable(other, seen)
                   for other in self.cimports.get(name, ()))

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in self.manifest:
            if name in _NAMES:  # a compiled module the build left out
                self.warn()
            return None
        if not self.usable(name):
            self.warn()
            return None
        location = str(self.binary(name))
        loader = importlib.machinery.ExtensionFileLoader(name, location)
        return importlib.util.spec_from_file_location(name, location, loader=loader)

    def warn(self) -> None:
        """Say once, on stderr, how many compiled modules run as pure Python, and why."""
        if not self._warned:
            self._warned = True
            line = self.report()
            if line:
                print(line, file=sys.stderr)

    def report(self) -> str:
        """The line ``warn`` prints ("" when every compiled module is usable)."""
        names = module_names()
        total = len(names)
        if not self.table_current():
            return _line(total, total, "was built from other declarations "
                         "(mtgsim/declarations.py)", "were built from other declarations "
                         "(mtgsim/declarations.py)")
        unbuilt = [n for n in names if n not in self.manifest or not self.binary(n).is_file()]
        stale = [n for n in names if n not in unbuilt and not self.usable(n)]
        if stale and unbuilt:
            return (f"mtgsim: {len(stale) + len(unbuilt)} of {total} compiled engine modules "
                    f"run as pure Python ({len(stale)} older than their source, "
                    f"{len(unbuilt)} not built) {REMEDY}")
        if stale:
            return _line(total, len(stale), "is older than its source",
                         "are older than their source")
        if unbuilt:
            return _line(total, len(unbuilt), "was not built", "were not built")
        return ""


def _line(total: int, count: int, one: str, many: str) -> str:
    """``mtgsim: 3 of 90 compiled engine modules are older than their source and run as
    pure Python (run make compiled)``: the one line of a build partly out of use."""
    return (f"mtgsim: {count} of {total} compiled engine modules {one if count == 1 else many} "
            f"and run{'s' if count == 1 else ''} as pure Python {REMEDY}")


def install(build_dir: Path = BUILD_DIR) -> CompiledFinder | None:
    """Put the build's finder first on the import path, unless the pure engine is asked
    for or nothing was built; say so on stderr when a build is there but cannot be used.
    Called once, by ``import mtgsim``."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return None
    if any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return None
    data, problem = read_manifest(build_dir)
    if problem:
        print(f"mtgsim: all {len(COMPILED)} compiled engine modules run as pure Python: "
              f"{problem} {REMEDY}", file=sys.stderr)
    finder = None if data is None else CompiledFinder.from_manifest(build_dir, data)
    if finder is not None:
        sys.meta_path.insert(0, finder)
    return finder


def loaded() -> list[str]:
    """The compiled modules this process is running compiled, in ``COMPILED`` order."""
    out = []
    for name in module_names():
        module = sys.modules.get(name)
        if module is not None and str(getattr(module, "__file__", "")).endswith(EXT_SUFFIX):
            out.append(name)
    return out
