"""Build the compiled engine: the modules of ``mtgsim.compiled.COMPILED`` through Cython.

    python scripts/compile_engine.py          # build what changed (make compiled)
    python scripts/compile_engine.py --pgo    # the profile-guided build (make pgo)
    python scripts/compile_engine.py --clean  # remove the build: the pure engine runs

Each module's source is compiled as it is (no annotation becomes a C type), so it plays the
same games as the pure-Python engine with fewer instructions. Its Cython declarations (the
functions that are cpdef, those it cimports) are generated from mtgsim/declarations.py's
table into build/compiled/pxd/ first. The builds and their manifest go to build/compiled/;
``mtgsim.compiled`` loads a build only while its source's digest matches the manifest.
Without Cython or a C compiler nothing is built, the manifest is removed and the pure-Python
engine runs: the build is an accelerator, never a requirement.

A module is compiled again only when what its build depends on changed: its source, its
declarations and those of the modules it cimports from (its build key), the attribute cache,
or the compiler flags. The plain build (``-O2``, no profile) is the one of the edit-test
loop: it compiles only the modules whose key changed. With ``--pgo`` and GCC the build is
profile-guided: every module is compiled with instrumentation, the instrumented engine plays
the training games (scripts/pgo_training.py), and every module is compiled again from those
counts, so that GCC lays out and inlines for the paths games take (measured: a 1500-game
bench run, start-up included, takes 0.83 of the plain -O3 build's CPU time). A change to any
module builds them all again, since the training plays all of them; ``make bench`` uses it.
The manifest says which kind a build is: a plain build that compiled any module over a
profile-guided one is a plain build (and ``--pgo`` builds every module again), one that had
nothing to compile leaves the profile-guided build as it was.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import threading
import types
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

try:
    import fcntl
except ImportError:  # not POSIX: builds are not serialised
    fcntl = None  # type: ignore[assignment]

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
if "mtgsim" not in sys.modules:
    # The build's helpers (mtgsim.compiled, .declarations, .layout) import only the standard
    # library, but mtgsim/__init__.py imports mtgsim.engine, which exists only through the
    # installed package mapping: absent in the build backend's environment (setup.py runs
    # this script before mtgsim is installed). So the package is entered without running it.
    _package = types.ModuleType("mtgsim")
    _package.__path__ = [str(Path(__file__).resolve().parent.parent / "mtgsim")]
    sys.modules["mtgsim"] = _package
_PURE_SET_BY_BUILD = False
if __name__ == "__main__":
    # the build loads no compiled module (it replaces them), and so says nothing of the
    # builds there: during a build for one interpreter, the manifest of another's would
    # otherwise make `import mtgsim` print that the modules run as pure Python (the
    # training, which plays the instrumented modules, takes the switch off again); a test
    # that loads this file as a module keeps its environment. Set here, the switch is not
    # the user's asking for no build (``run`` reads only the user's: _PURE_SET_BY_BUILD)
    if os.environ.get("MTGSIM_PURE_PYTHON", "") in ("", "0"):
        os.environ["MTGSIM_PURE_PYTHON"] = "1"
        _PURE_SET_BY_BUILD = True

from mtgsim.compiled import (  # noqa: E402
    BUILD_DIR,
    DECLARATIONS,
    MANIFEST,
    PURE_ENV,
    ROOT,
    CompiledFinder,
    digest,
    module_names,
    platform_tag,
    read_manifest,
    source_path,
)
from mtgsim.declarations import DeclarationError, Declarations, generate, pxd_name  # noqa: E402

# where the generated declarations go: Cython's include path, never the source tree
PXD_DIR = BUILD_DIR / "pxd"


def generated_c(name: str) -> Path:
    """Where Cython writes a module's C code."""
    return (BUILD_DIR / "c" / source_path(name).relative_to(ROOT)).with_suffix(".c")


# The inline caches (attribute reads, writes and method calls; truth and subscription
# without a call) that go into every generated C file (the header's comment says why), and
# where: after Cython's declaration of the attribute read.
ATTRIBUTE_CACHE = Path(__file__).resolve().parent / "attribute_cache.h"
_GETATTR_PROTO = "/* PyObjectGetAttrStr.proto"
# a read of a name the module's code spells out (`obj.name`: an interned constant of the
# module), as opposed to Cython's helpers that read a name they are given (getattr())
_NAMED_READ = re.compile(
    r"__Pyx_PyObject_GetAttrStr\(([^;]*?), (__pyx_mstate_global->__pyx_n_[us]_\w+)\)")
_NAMED_WRITE = re.compile(  # up to the value, which stays as Cython wrote it
    r"__Pyx_PyObject_SetAttrStr\(([^;]*?), (__pyx_mstate_global->__pyx_n_[us]_\w+), ")
_TRUTH = re.compile(r"(?<!static CYTHON_INLINE int )__Pyx_PyObject_IsTrue\(")
_METHOD_CALL = re.compile(
    r"__Pyx_PyObject_FastCallMethod\(\(PyObject\*\)(__pyx_mstate_global->__pyx_n_[us]_\w+), ")
_SUBSCRIPT = re.compile(r"(?<== )__Pyx_PyObject_GetItem\(")  # `t = seq[i]`, not its definition


def attribute_cache_digest() -> str:
    """What a build also depends on: a changed cache rebuilds every module."""
    return digest(ATTRIBUTE_CACHE)


def add_attribute_cache(c_file: Path) -> bool:
    """Point the attribute reads and writes, truth tests, subscriptions and method calls of
    one generated C file at the inline caches (once; a file Cython did not regenerate has
    them already). False if the file has no attribute read, where they would go."""
    text = c_file.read_text(encoding="utf-8")
    if "MTGSIM_ATTRIBUTE_CACHE_H" in text:
        return True
    start = text.find(_GETATTR_PROTO)
    if start < 0:
        return False
    end = text.index("#endif\n", start) + len("#endif\n")
    body = _NAMED_READ.sub(_named("MTGSIM_GETATTR({}, {})"), text[end:])
    body = _NAMED_WRITE.sub(_named("MTGSIM_SETATTR({}, {}, "), body)
    body = _TRUTH.sub("MTGSIM_IS_TRUE(", body)
    body = _SUBSCRIPT.sub("MTGSIM_GETITEM(", body)
    body = _METHOD_CALL.sub(r"MTGSIM_CALL_METHOD((PyObject*)\1, ", body)
    cache = ATTRIBUTE_CACHE.read_text(encoding="utf-8")
    c_file.write_text(text[:end] + cache + body, encoding="utf-8")
    return True


def _named(template: str) -> Callable[[re.Match[str]], str]:
    """A substitution of a named read or write (object, name) into ``template``; a match
    whose object is not one call's argument (unbalanced parentheses) is left alone."""
    def substitute(match: re.Match[str]) -> str:
        obj, name = match.groups()
        if obj.count("(") != obj.count(")"):
            return match.group(0)
        return template.format(obj, name)
    return substitute


# The compiler flags. The plain build: -O2 rather than Python's -O3, which builds in three
# quarters of the time (8 against 11 minutes for a profile-guided build on 2 cores) and, with
# the profile, runs games at the same speed (0.6% more instructions, 4% fewer
# instruction-cache misses); -fno-plt: a call into CPython reads its address from the
# module's table instead of jumping through a stub, one stub section per module, all of
# them in the instruction cache (5% fewer misses); -g0: no debug information (Python's CFLAGS
# ask for -g), the same code for 30% less of the C compiler's time (7.6 -> 5.3 CPU-seconds
# for casting.c), so that a first install starts playing sooner. The profile-guided build's two builds
# (GCC's): instrumented, then optimised from the counts the training wrote (``.gcda`` files
# beside the object files, so both builds use one temporary directory). A module the
# training never entered has no counts: it is built as without a profile, which
# -Wno-missing-profile keeps quiet about.
# From 3.12 on, Cython turns off its cache of module globals (CYTHON_USE_DICT_VERSIONS:
# a global's value kept with the version of the module's dict), because CPython 3.12
# deprecated the dict's ma_version_tag; every read of a global (a function called by
# name, a constant) is then a dict lookup. The field is still there and still changed at
# every change of a dict in 3.12 and 3.13 (scripts/attribute_cache.h's module entries read
# it too), so the build turns the cache back on there, without the deprecation warning;
# 3.14 removes the field, and Cython's own default applies.
DICT_VERSIONS = (["-DCYTHON_USE_DICT_VERSIONS=1", "-Wno-deprecated-declarations"]
                 if (3, 12) <= sys.version_info < (3, 14) else [])
OPTIMISE = ["-O2", "-g0", "-fno-plt", *DICT_VERSIONS]
PLAIN: tuple[list[str], list[str]] = (OPTIMISE, [])
PROFILE_GENERATE = ([*OPTIMISE, "-fprofile-generate", "-fprofile-update=single"],
                    ["-fprofile-generate"])
PROFILE_USE: tuple[list[str], list[str]] = (
    [*OPTIMISE, "-fprofile-use", "-fprofile-correction", "-Wno-missing-profile"], [])
# what a manifest records of each kind: a build made with other flags is made again
PLAIN_FLAGS = tuple(PLAIN[0] + PLAIN[1])
PGO_FLAGS = tuple(PROFILE_GENERATE[0] + PROFILE_GENERATE[1] + PROFILE_USE[0] + PROFILE_USE[1])
TRAINING = Path(__file__).resolve().parent / "pgo_training.py"


def write_declarations(declared: Mapping[str, Declarations], where: Path = PXD_DIR) -> None:
    """Each module's ``.pxd`` under ``where`` (a file whose text is unchanged is left as it
    is, for Cython's timestamps), and no other: a module that declares nothing any more has
    none."""
    wanted = {where / pxd_name(name): d.text for name, d in declared.items()}
    for path in where.rglob("*.pxd"):
        if path not in wanted:
            path.unlink()
    for path, text in wanted.items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")


def build_keys(declared: Mapping[str, Declarations]) -> dict[str, str]:
    """Each module's build key: the digest of its source, its declarations and those of each
    module it cimports from (whose C functions its build calls)."""
    keys = {}
    for name in module_names():
        data = source_path(name).read_bytes()
        own = declared.get(name)
        for part in [own, *(declared.get(m) for m in (own.cimported_modules if own else ()))]:
            data += b"\0" + (part.text.encode("utf-8") if part is not None else b"")
        keys[name] = hashlib.sha256(data).hexdigest()
    return keys


class Plan(NamedTuple):
    """What a build does: the modules whose C code is made again (Cython) and those whose
    binary is (the C compiler), whether profile-guided, and the kind of the build after it."""

    regenerate: frozenset[str]
    recompile: frozenset[str]
    pgo: bool
    profile_guided: bool


def plan(before: Mapping[str, Any] | None, keys: Mapping[str, str], cache: str, pgo: bool,
         present: Collection[str]) -> Plan:
    """The build to make, from the manifest of the build there (None for none), the build
    keys now, the attribute cache's digest, whether a profile-guided build is asked for and
    the modules whose binary is ``present``."""
    old = before.get("builds", {}) if before and before.get("attribute_cache") == cache else {}
    regenerate = frozenset(n for n in keys if not isinstance(old, dict) or old.get(n) != keys[n])
    stale = regenerate | frozenset(n for n in keys if n not in present)
    was_pgo = before is not None and before.get("profile_guided") is True
    flags = tuple(before.get("build_flags") or ()) if before is not None else None
    same_flags = flags == (PGO_FLAGS if was_pgo else PLAIN_FLAGS)
    if pgo:
        if was_pgo and same_flags and not stale:  # this profile-guided build is there
            return Plan(frozenset(), frozenset(), pgo=False, profile_guided=True)
        return Plan(regenerate, frozenset(keys), pgo=True, profile_guided=True)
    if not same_flags:  # every binary again: none was built with these flags
        return Plan(regenerate, frozenset(keys), pgo=False, profile_guided=False)
    return Plan(regenerate, stale, pgo=False, profile_guided=was_pgo and not stale)


def gcc_builds() -> bool:
    """Whether the compiler extension modules are built with is GCC (the profile flags and
    the ``.gcda`` files are GCC's; clang's profiles need a merge step)."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    try:
        version = subprocess.run([*cc, "--version"], capture_output=True, text=True,
                                 check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    return "clang" not in version.lower() and ("gcc" in version.lower()
                                               or "free software foundation" in version.lower())


def manifest(modules: Mapping[str, str], builds: Mapping[str, str],
             cimports: Mapping[str, list[str]], cache: str, profile_guided: bool) -> str:
    """A manifest's text: for each module built, the digest of the source it was built from
    (what the finder checks), the modules it cimports from and its build key (what the next
    build compares); the digest of the table and generator of the declarations, of the
    attribute cache, and the kind of build with its compiler flags."""
    return json.dumps({
        "platform": platform_tag(), "modules": dict(modules), "builds": dict(builds),
        "cimports": {n: cimports[n] for n in modules if n in cimports},
        "declarations": digest(DECLARATIONS), "attribute_cache": cache,
        "profile_guided": profile_guided,
        "build_flags": list(PGO_FLAGS if profile_guided else PLAIN_FLAGS)},
        indent=1, sort_keys=True) + "\n"


def build(todo: Plan, jobs: int, quiet: bool, training_manifest: str) -> bool:
    """Compile the modules of the plan, profile-guided if it says so; whether the build is
    profile-guided (it falls back to a plain one if the training fails)."""
    sources = {name: source_path(name).relative_to(ROOT) for name in module_names()}
    if todo.pgo:
        try:
            profile_guided_build(jobs, quiet, training_manifest)
            return True
        except (OSError, subprocess.CalledProcessError, SystemExit) as exc:
            print(f"profile-guided build failed ({exc}): building without a profile")
            shutil.rmtree(BUILD_DIR / "tmp", ignore_errors=True)  # no instrumented object
    compile_modules({name: sources[name] for name in sorted(todo.recompile)}, BUILD_DIR,
                    jobs, quiet, PLAIN)
    return False


def profile_guided_build(jobs: int, quiet: bool, training_manifest: str) -> None:
    """Instrumented modules into build/compiled/profile, the training games over them, then
    every module again from the counts into build/compiled/lib."""
    temp = BUILD_DIR / "tmp"
    instrumented = BUILD_DIR / "profile"
    shutil.rmtree(temp, ignore_errors=True)  # counts of an earlier build must not mix in
    shutil.rmtree(instrumented, ignore_errors=True)
    shutil.rmtree(BUILD_DIR / "lib", ignore_errors=True)
    try:
        _compile_stage("generate", jobs, quiet)
        (instrumented / MANIFEST).write_text(training_manifest, encoding="utf-8")
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        env.pop("MTGSIM_PURE_PYTHON", None)
        subprocess.run([sys.executable, str(TRAINING), str(instrumented)], check=True,
                       env=env, stdout=subprocess.DEVNULL if quiet else None)
        _remove_objects(temp, "*.o")  # the same objects, compiled again
        _compile_stage("use", jobs, quiet)
    finally:
        shutil.rmtree(instrumented, ignore_errors=True)
        _remove_objects(temp, "*.gcda")


# A stage of the profile-guided build: its flags and where its modules go (the instrumented
# ones where a CompiledFinder of build/compiled/profile looks).
STAGES = {"generate": (PROFILE_GENERATE, "profile/lib"), "use": (PROFILE_USE, "lib")}


def _compile_stage(stage: str, jobs: int, quiet: bool) -> None:
    """One stage's compilation, in a process of its own: setuptools' setup() keeps state
    between calls, and a second call in one process compiles nothing."""
    subprocess.run([sys.executable, __file__, "--stage", stage, "--jobs", str(jobs)]
                   + ([] if quiet else ["--verbose"]), check=True)


def _remove_objects(where: Path, pattern: str) -> None:
    for path in where.rglob(pattern):
        path.unlink(missing_ok=True)


def compile_modules(sources: Mapping[str, Path], build_dir: Path, jobs: int, quiet: bool,
                    profile: tuple[list[str], list[str]] = PLAIN, lib: str = "lib",
                    declarations: Path = PXD_DIR) -> None:
    """Cython, the attribute cache, the C compiler: each module (import name -> source) into
    ``build_dir``/``lib``, with ``profile``'s (compile, link) flags and the declarations in
    ``declarations``. A module that fails to compile is left out (``optional``). One line
    per module as it is done (a whole build is minutes: nothing is silent that long)."""
    from setuptools import Extension, setup

    if not sources:
        return
    extensions = [
        Extension(name, [str(source)], optional=True,
                  extra_compile_args=(["-w"] if quiet else []) + profile[0],
                  extra_link_args=profile[1])
        for name, source in sources.items()]
    out = sys.stdout
    modules = _cythonize(extensions, build_dir / "c", jobs, declarations, out)
    for module in modules:
        add_attribute_cache(Path(module.sources[0]))
    redirect = contextlib.redirect_stdout(io.StringIO()) if quiet else contextlib.nullcontext()
    with redirect:
        setup(name="mtgsim-compiled", ext_modules=modules, script_name="compile_engine.py",
              cmdclass={"build_ext": _progress_build_ext(len(modules), out)},
              script_args=["-q", "build_ext", "--build-lib", str(build_dir / lib),
                           "--build-temp", str(build_dir / "tmp"), "--parallel", str(jobs)])


# Cython's options for every module: the source as it is (no annotation becomes a C type)
DIRECTIVES = {"language_level": 3, "annotation_typing": False}


# Cython's longest run on one module before it counts as hung: the longest takes about a
# minute on a busy 2-core machine (rules.casting), and a type-inference loop in Cython
# (``key = (*key, ...)`` once did it) runs forever. A module that runs out of time is
# killed and left out, named in the build's line, instead of stalling the build silently.
CYTHON_TIMEOUT = float(os.environ.get("MTGSIM_CYTHON_TIMEOUT", "900"))


def _cythonize(extensions: list[Any], c_dir: Path, jobs: int, declarations: Path,
               out: Any, timeout: float | None = None) -> list[Any]:
    """The extensions with their C sources, Cython run first on those whose C file is
    missing (``run`` removes the C of each module to regenerate), ``jobs`` at a time, each
    in a process of its own killed after ``timeout`` seconds (``CYTHON_TIMEOUT``), with a
    line as each is done; then Cython's own pass over the others, which finds them current
    and gives the list the C compiler takes (a module Cython failed on is left out; one
    that ran out of time is not given to that pass, which would hang on it again)."""
    from concurrent.futures import ThreadPoolExecutor, as_completed

    from Cython.Build import cythonize

    limit = CYTHON_TIMEOUT if timeout is None else timeout
    todo = [ext for ext in extensions if not _c_file(c_dir, ext.sources[0]).is_file()]
    hung: set[str] = set()

    def said(done: int, name: str, outcome: str) -> None:
        if outcome == _HUNG:
            hung.add(name)
        _say(out, f"[{done:>{len(str(len(todo)))}}/{len(todo)}] Cython: {name}"
             + ("" if outcome == _MADE else f" ({outcome})"))

    if todo:
        with ThreadPoolExecutor(max(1, jobs)) as pool:
            futures = {pool.submit(_cythonize_one, ext.name, ext.sources[0], str(c_dir),
                                   str(declarations), limit): ext.name for ext in todo}
            for done, future in enumerate(as_completed(futures), 1):
                said(done, futures[future], future.result())
    if hung:
        _say(out, f"not built, Cython ran out of time ({limit:.0f} s, "
             f"MTGSIM_CYTHON_TIMEOUT): {', '.join(sorted(hung))}")
    return list(cythonize([ext for ext in extensions if ext.name not in hung],
                          build_dir=str(c_dir), quiet=True,
                          include_path=[str(declarations)], compiler_directives=DIRECTIVES))


def _c_file(c_dir: Path, source: str) -> Path:
    """Where Cython writes the C of ``source`` under ``c_dir`` (an absolute source loses
    its root, as in Cython's cythonize)."""
    path = Path(source).with_suffix(".c")
    return c_dir / (path.relative_to(path.anchor) if path.is_absolute() else path)


_MADE, _FAILED = "made", "failed"
_HUNG = "killed: Cython ran out of time"

# One module through Cython, in a process of its own (so that a hang can be killed):
# argv is the module's name, its source, the C directory, the declarations' directory and
# the directives as JSON; the exit status 0 if Cython made the C file.
_CYTHON_ONE = """
import json, sys
from Cython.Build import cythonize
from setuptools import Extension
name, source, c_dir, declarations, directives = sys.argv[1:6]
made = cythonize([Extension(name, [source], optional=True)], build_dir=c_dir, quiet=True,
                 include_path=[declarations], compiler_directives=json.loads(directives))
sys.exit(0 if made else 3)
"""


def _cythonize_one(name: str, source: str, c_dir: str, declarations: str,
                   timeout: float) -> str:
    """One module's C code, by Cython in a child process given ``timeout`` seconds: made,
    failed (Cython said why on stderr), or killed for running out of time (the partial C
    file is removed, so that nothing takes it for made)."""
    try:
        done = subprocess.run([sys.executable, "-c", _CYTHON_ONE, name, source, c_dir,
                               declarations, json.dumps(DIRECTIVES)], timeout=timeout,
                              check=False)
    except subprocess.TimeoutExpired:
        _c_file(Path(c_dir), source).unlink(missing_ok=True)
        return _HUNG
    return _MADE if done.returncode == 0 else _FAILED


def _say(out: Any, line: str) -> None:
    print(f"compiled engine: {line}", file=out, flush=True)


def _progress_build_ext(total: int, out: Any) -> type:
    """setuptools' build_ext saying each module as the C compiler finishes it (the modules
    are built ``--parallel`` in threads, hence the lock)."""
    from setuptools.command.build_ext import build_ext

    lock = threading.Lock()
    done = [0]

    class ProgressBuildExt(build_ext):  # type: ignore[misc]
        def build_extension(self, ext: Any) -> None:
            super().build_extension(ext)
            with lock:
                done[0] += 1
                _say(out, f"[{done[0]:>{len(str(total))}}/{total}] C compiler: {ext.name}")

    return ProgressBuildExt


def missing_tool() -> str:
    """What the build lacks ("" for nothing): Cython, or a C compiler."""
    import importlib.util

    if importlib.util.find_spec("Cython") is None:
        return "Cython is not installed"
    if c_compiler() is None:
        cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
        return f"no C compiler: {(cc.split() or [cc])[0]} is not on the PATH"
    return ""


def c_compiler() -> str | None:
    """The C compiler extension modules are built with (``CC`` or Python's own), if it is
    on the PATH: without one, nothing is built and the pure-Python engine runs (checked
    first, rather than 90 failed compilations)."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(cc[0]) if cc else None


def package(into: Path) -> int:
    """Copy the build's usable modules and its manifest to ``into`` (a wheel's
    ``mtgsim/_compiled/``, where ``mtgsim.compiled`` looks in an installed package); how
    many modules. A module older than its source is left out, as the finder would."""
    finder = CompiledFinder.from_build(BUILD_DIR)
    shutil.rmtree(into, ignore_errors=True)
    if finder is None:
        return 0
    usable = [name for name in module_names() if finder.usable(name)]
    for name in usable:
        target = into / finder.binary(name).relative_to(BUILD_DIR)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(finder.binary(name), target)
    data = json.loads((BUILD_DIR / MANIFEST).read_text(encoding="utf-8"))
    data["modules"] = {n: data["modules"][n] for n in usable}
    data["builds"] = {n: data["builds"][n] for n in usable if n in data.get("builds", {})}
    (into / MANIFEST).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n",
                                 encoding="utf-8")
    return len(usable)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled engine")
    ap.add_argument("--pgo", action="store_true",
                    help="the profile-guided build (GCC): every module, trained on games")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--verbose", action="store_true", help="show the compiler's output")
    ap.add_argument("--package", type=Path, metavar="DIR",
                    help="then copy the build into DIR (setup.py: a wheel's mtgsim/_compiled)")
    ap.add_argument("--stage", choices=sorted(STAGES), help=argparse.SUPPRESS)  # internal
    args = ap.parse_args()
    if args.stage:
        flags, lib = STAGES[args.stage]
        compile_modules({name: source_path(name).relative_to(ROOT) for name in module_names()},
                        BUILD_DIR, args.jobs, not args.verbose, flags, lib)
        return 0
    with one_build_at_a_time():
        status = run(args)
        if status == 0 and args.package is not None:
            count = package(args.package.resolve())
            _say(sys.stdout, f"{count} of {len(module_names())} modules go into the package")
        return status


@contextlib.contextmanager
def one_build_at_a_time() -> Iterator[None]:
    """Hold build/compiled.lock while building: two builds in one directory (``make run``
    started by a test while ``make compiled`` runs) would remove each other's modules. A
    second build waits for the first, then finds what it built."""
    BUILD_DIR.parent.mkdir(parents=True, exist_ok=True)
    with open(BUILD_DIR.parent / "compiled.lock", "w", encoding="utf-8") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def run(args: argparse.Namespace) -> int:
    """The build (or ``--clean``) the arguments ask for, with the lock held."""
    before, _ = read_manifest(BUILD_DIR)
    if args.clean:
        shutil.rmtree(BUILD_DIR, ignore_errors=True)
        print("compiled engine removed: the pure-Python engine runs")
        return 0
    if not _PURE_SET_BY_BUILD and os.environ.get(PURE_ENV, "") not in ("", "0"):
        print(f"compiled engine not built ({PURE_ENV} is set): the pure-Python engine runs")
        return 0
    lacking = missing_tool()
    if lacking:  # one line, and whatever was built before stays as it is
        print(f"compiled engine not built ({lacking}): the pure-Python engine runs")
        return 0
    (BUILD_DIR / MANIFEST).unlink(missing_ok=True)  # nothing loads while a build is under way
    try:
        declared = generate()
    except (DeclarationError, SyntaxError) as exc:  # the checkout's fault: say so, fail
        print(f"compiled engine not built: {exc}", file=sys.stderr)
        return 1
    write_declarations(declared)
    keys, cache = build_keys(declared), attribute_cache_digest()
    finder = CompiledFinder(BUILD_DIR, {})
    pgo = args.pgo and gcc_builds()
    if args.pgo and not pgo:
        print("no GCC here: the plain build, without a profile")
    todo = plan(before, keys, cache, pgo,
                {name for name in module_names() if finder.binary(name).is_file()})
    for name in todo.recompile:  # a build left from other sources is removed first, so
        finder.binary(name).unlink(missing_ok=True)  # that a failed one cannot pass for built
    for name in todo.regenerate:  # its C file too: a checkout can keep mtimes old
        generated_c(name).unlink(missing_ok=True)
    sources = {name: digest(source_path(name)) for name in module_names()}
    cimports = {name: d.cimported_modules for name, d in declared.items()}
    if todo.recompile:
        _say(sys.stdout, f"building {len(todo.recompile)} of {len(keys)} modules on "
             f"{args.jobs} core{'s' if args.jobs > 1 else ''}"
             + (", profile-guided (instrumented, trained on games, built again)"
                if todo.pgo else "") + f": Cython, then the C compiler ({PURE_ENV}=1 "
             "at install skips it)")
    try:
        guided = build(todo, args.jobs, not args.verbose,
                       manifest(sources, keys, cimports, cache, True)) \
            if todo.recompile else todo.profile_guided
    except ImportError as exc:
        print(f"compiled engine not built ({exc}): the pure-Python engine runs")
        return 0
    except (SystemExit, Exception) as exc:  # a missing compiler ends setup() this way
        print(f"compiled engine not built ({exc or type(exc).__name__}): "
              "the pure-Python engine runs")
        return 0
    built = [name for name in module_names() if finder.binary(name).is_file()]
    BUILD_DIR.mkdir(parents=True, exist_ok=True)
    (BUILD_DIR / MANIFEST).write_text(manifest(
        {n: sources[n] for n in built}, {n: keys[n] for n in built}, cimports, cache, guided),
        encoding="utf-8")
    missing = [n for n in module_names() if n not in built]
    print(f"compiled engine: {len(built)} of {len(keys)} modules built ("
          + (f"{len(todo.recompile)} compiled now" if todo.recompile else "up to date")
          + (", profile-guided)" if guided else ", plain)")
          + (f"; not built: {', '.join(missing)}" if missing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
