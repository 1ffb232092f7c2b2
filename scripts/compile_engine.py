"""Build the compiled engine: the modules of ``mtgsim.compiled.COMPILED`` through Cython.

    python scripts/compile_engine.py          # build what changed (make venv runs it)
    python scripts/compile_engine.py --clean  # remove the build: the pure engine runs

Each module's source is compiled as it is (no annotation becomes a C type), so it plays the
same games as the pure-Python engine with fewer instructions. The builds and their manifest
go to build/compiled/; ``mtgsim.compiled`` loads a build only while its source's digest
matches the manifest. Without Cython or a C compiler nothing is built, the manifest is
removed and the pure-Python engine runs: the build is an accelerator, never a requirement.

With GCC the build is profile-guided: every module is compiled with instrumentation, the
instrumented engine plays the training games (scripts/pgo_training.py), and every module is
compiled again from those counts, so that GCC lays out and inlines for the paths games take
(measured: a 1500-game bench run, start-up included, takes 0.83 of the plain -O3 build's
CPU time). A change to any
module rebuilds them all, since the training plays all of them; ``--no-pgo`` builds only what
changed, without a profile (quicker while editing; ``make compiled`` builds with one again).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtgsim.compiled import (  # noqa: E402
    BUILD_DIR,
    MANIFEST,
    ROOT,
    CompiledFinder,
    digest,
    module_names,
    platform_tag,
    source_path,
)


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


# The compiler flags of the two builds of a profile-guided build (GCC's): instrumented,
# then optimised from the counts the training wrote (``.gcda`` files beside the object files,
# so both builds use one temporary directory). A module the training never entered has no
# counts: it is built as without a profile, which -Wno-missing-profile keeps quiet about.
# -O2 rather than Python's -O3: with the profile the two run games at the same speed
# (0.6% more instructions, 4% fewer instruction-cache misses), and -O2 builds in three
# quarters of the time (8 against 11 minutes on 2 cores). -fno-plt: a call into CPython
# reads its address from the module's table instead of jumping through a stub, one stub
# section per module, all of them in the instruction cache (5% fewer misses).
OPTIMISE = ["-O2", "-fno-plt"]
PROFILE_GENERATE = ([*OPTIMISE, "-fprofile-generate", "-fprofile-update=single"],
                    ["-fprofile-generate"])
PROFILE_USE = ([*OPTIMISE, "-fprofile-use", "-fprofile-correction", "-Wno-missing-profile"], [])
# what a profile-guided build's manifest records: one made with other flags is made again
PGO_FLAGS = tuple(PROFILE_GENERATE[0] + PROFILE_GENERATE[1] + PROFILE_USE[0] + PROFILE_USE[1])
TRAINING = Path(__file__).resolve().parent / "pgo_training.py"


def build(jobs: int, quiet: bool, digests: dict[str, str], pgo: bool) -> tuple[list[str], bool]:
    """Compile every module, profile-guided if ``pgo`` (GCC's); the names of those built from
    the sources of ``digests``, and whether the build is profile-guided (it falls back to a
    plain one if the training fails)."""
    sources = {name: source_path(name).relative_to(ROOT) for name in module_names()}
    guided = pgo
    if guided:
        try:
            profile_guided_build(sources, jobs, quiet)
        except (OSError, subprocess.CalledProcessError, SystemExit) as exc:
            print(f"profile-guided build failed ({exc}): building without a profile")
            guided = False
            shutil.rmtree(BUILD_DIR / "tmp", ignore_errors=True)  # no instrumented object
    if not guided:
        compile_modules(sources, BUILD_DIR, jobs, quiet)
    finder = CompiledFinder(BUILD_DIR, digests)
    return [name for name in module_names() if finder.binary(name).is_file()], guided


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


def profile_guided_build(sources: dict[str, Path], jobs: int, quiet: bool) -> None:
    """Instrumented modules into build/compiled/profile, the training games over them, then
    every module again from the counts into build/compiled/lib."""
    temp = BUILD_DIR / "tmp"
    instrumented = BUILD_DIR / "profile"
    shutil.rmtree(temp, ignore_errors=True)  # counts of an earlier build must not mix in
    shutil.rmtree(instrumented, ignore_errors=True)
    shutil.rmtree(BUILD_DIR / "lib", ignore_errors=True)
    try:
        _compile_stage("generate", jobs, quiet)
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


def compile_modules(sources: dict[str, Path], build_dir: Path, jobs: int, quiet: bool,
                    profile: tuple[list[str], list[str]] = ([], []), lib: str = "lib") -> None:
    """Cython, the attribute cache, the C compiler: each module (import name -> source) into
    ``build_dir``/``lib``, with ``profile``'s (compile, link) flags. A module that fails to
    compile is left out (``optional``)."""
    from Cython.Build import cythonize
    from setuptools import Extension, setup

    extensions = [
        Extension(name, [str(source)], optional=True,
                  extra_compile_args=(["-w"] if quiet else []) + profile[0],
                  extra_link_args=profile[1])
        for name, source in sources.items()]
    out = io.StringIO()
    redirect = contextlib.redirect_stdout(out) if quiet else contextlib.nullcontext()
    with redirect:
        modules = cythonize(
            extensions, build_dir=str(build_dir / "c"), nthreads=jobs, quiet=True,
            compiler_directives={"language_level": 3, "annotation_typing": False})
        for module in modules:
            add_attribute_cache(Path(module.sources[0]))
        setup(name="mtgsim-compiled", ext_modules=modules, script_name="compile_engine.py",
              script_args=["-q", "build_ext", "--build-lib", str(build_dir / lib),
                           "--build-temp", str(build_dir / "tmp"), "--parallel", str(jobs)])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled engine")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--verbose", action="store_true", help="show the compiler's output")
    ap.add_argument("--no-pgo", dest="pgo", action="store_false",
                    help="no profile-guided build: compile only the modules that changed")
    ap.add_argument("--stage", choices=sorted(STAGES), help=argparse.SUPPRESS)  # internal
    args = ap.parse_args()
    if args.stage:
        flags, lib = STAGES[args.stage]
        compile_modules({name: source_path(name).relative_to(ROOT) for name in module_names()},
                        BUILD_DIR, args.jobs, not args.verbose, flags, lib)
        return 0
    manifest = BUILD_DIR / MANIFEST
    before = CompiledFinder.from_build(BUILD_DIR)
    manifest.unlink(missing_ok=True)  # nothing loads while a build is under way
    if args.clean:
        shutil.rmtree(BUILD_DIR, ignore_errors=True)
        print("compiled engine removed: the pure-Python engine runs")
        return 0
    # the digests of the sources compiled now; a build left from other sources is removed
    # first, so that a module that fails to build now cannot pass for built
    digests = {name: digest(source_path(name)) for name in module_names()}
    cache = attribute_cache_digest()
    # a build with another attribute cache (or none) is built again, every module
    old = before.manifest if before is not None and before.attribute_cache == cache else {}
    finder = CompiledFinder(BUILD_DIR, digests)
    pgo = args.pgo and gcc_builds()
    current = pgo and before is not None and before.profile_guided and \
        before.build_flags == PGO_FLAGS and all(
        old.get(name) == digests[name] and finder.binary(name).is_file()
        for name in module_names())
    if pgo and not current:
        old = {}  # a profile-guided build trains and builds every module together
    for name in module_names():
        if old.get(name) != digests[name]:  # its C file too: a checkout can keep mtimes old
            finder.binary(name).unlink(missing_ok=True)
            generated_c(name).unlink(missing_ok=True)
    try:
        if current:  # a profile-guided build of these sources is there: nothing to do
            built, guided = module_names(), True
        else:
            built, guided = build(args.jobs, not args.verbose, digests, pgo)
    except ImportError as exc:
        print(f"compiled engine not built ({exc}): the pure-Python engine runs")
        return 0
    except (SystemExit, Exception) as exc:  # a missing compiler ends setup() this way
        print(f"compiled engine not built ({exc or type(exc).__name__}): "
              "the pure-Python engine runs")
        return 0
    modules = {name: digests[name] for name in built}
    BUILD_DIR.mkdir(parents=True, exist_ok=True)
    manifest.write_text(json.dumps({"platform": platform_tag(), "modules": modules,
                                    "attribute_cache": cache, "profile_guided": guided,
                                    "build_flags": list(PGO_FLAGS) if guided else []},
                                   indent=1, sort_keys=True) + "\n", encoding="utf-8")
    missing = [n for n in module_names() if n not in modules]
    print(f"compiled engine: {len(built)} of {len(module_names())} modules built"
          + (", profile-guided" if guided else "")
          + (f" (not built: {', '.join(missing)})" if missing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
