"""Build the compiled engine: the modules of ``mtgsim.compiled.COMPILED`` through Cython.

    python scripts/compile_engine.py          # build what changed (make venv runs it)
    python scripts/compile_engine.py --clean  # remove the build: the pure engine runs

Each module's source is compiled as it is (no annotation becomes a C type), so it plays the
same games as the pure-Python engine with fewer instructions. The builds and their manifest
go to build/compiled/; ``mtgsim.compiled`` loads a build only while its source's digest
matches the manifest. Without Cython or a C compiler nothing is built, the manifest is
removed and the pure-Python engine runs: the build is an accelerator, never a requirement.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shutil
import sys
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


def build(jobs: int, quiet: bool, digests: dict[str, str]) -> list[str]:
    """Compile every module; the names of those built from the sources of ``digests``."""
    compile_modules({name: source_path(name).relative_to(ROOT) for name in module_names()},
                    BUILD_DIR, jobs, quiet)
    finder = CompiledFinder(BUILD_DIR, digests)
    return [name for name in module_names() if finder.binary(name).is_file()]


def compile_modules(sources: dict[str, Path], build_dir: Path, jobs: int, quiet: bool) -> None:
    """Cython, the attribute cache, the C compiler: each module (import name -> source) into
    ``build_dir``/lib. A module that fails to compile is left out (``optional``)."""
    from Cython.Build import cythonize
    from setuptools import Extension, setup

    extensions = [
        Extension(name, [str(source)], optional=True,
                  extra_compile_args=[] if not quiet else ["-w"])
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
              script_args=["-q", "build_ext", "--build-lib", str(build_dir / "lib"),
                           "--build-temp", str(build_dir / "tmp"), "--parallel", str(jobs)])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled engine")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--verbose", action="store_true", help="show the compiler's output")
    args = ap.parse_args()
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
    for name in module_names():
        if old.get(name) != digests[name]:  # its C file too: a checkout can keep mtimes old
            finder.binary(name).unlink(missing_ok=True)
            generated_c(name).unlink(missing_ok=True)
    try:
        built = build(args.jobs, not args.verbose, digests)
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
                                    "attribute_cache": cache},
                                   indent=1, sort_keys=True) + "\n", encoding="utf-8")
    missing = [n for n in module_names() if n not in modules]
    print(f"compiled engine: {len(built)} of {len(module_names())} modules built"
          + (f" (not built: {', '.join(missing)})" if missing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
