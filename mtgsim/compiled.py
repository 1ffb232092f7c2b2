"""The compiled engine: the hot engine modules built with Cython, loaded only while they match.

The pure-Python engine is the reference; ``scripts/compile_engine.py`` (run by ``make venv``)
compiles the modules in ``COMPILED`` unchanged, without type annotations turned into C types,
so a compiled module runs the same code, and plays the same games, only with fewer
instructions (tests/packaging/test_compiled.py checks the game fingerprints both ways).

The builds live in ``build/compiled/`` beside a manifest of the source digest each was built
from. Python would load an extension module sitting beside its ``.py`` even after the ``.py``
changed; keeping them apart, and loading one only through ``CompiledFinder`` when its
source's digest still matches, means an edited module runs as edited until it is built
again. ``MTGSIM_PURE_PYTHON=1`` loads none of them.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import re
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from mtgsim.layout import PACKAGE_DIRS

# The engine modules games run, by dotted name under mtgsim.engine: cProfile over the
# compiled engine sees only the functions still interpreted, and over the fingerprint games
# (every pairing of the bundled decks, heuristic and random) no module left out takes more
# than 0.04% of the time; what is left runs while loading cards and decks, or rarely.
COMPILED: tuple[str, ...] = (
    "cards.card", "cards.schema.bits", "effects.add_counters", "effects.choose_one",
    "effects.conditional", "effects.counter", "effects.create_token", "effects.damage",
    "effects.destroy", "effects.discard", "effects.doesnt_untap_next", "effects.draw",
    "effects.exile", "effects.may", "effects.pump", "effects.return_from_graveyard",
    "effects.sacrifice", "effects.search", "effects.tap", "effects.untap", "game",
    "keywords.annihilator", "keywords.bloodthirst", "keywords.cascade", "keywords.convoke",
    "keywords.devour", "keywords.dredge", "keywords.enchant", "keywords.epic",
    "keywords.exalted", "keywords.flash", "keywords.flashback", "keywords.graft",
    "keywords.haunt", "keywords.kicker", "keywords.level_up", "keywords.rebound",
    "keywords.recover", "keywords.replicate", "keywords.retrace", "keywords.transmute",
    "keywords.umbra_armor", "keywords.unearth", "keywords.wither",
    "players.policies.activation", "players.policies.blocking", "players.policies.cast_score",
    "players.policies.choice_auras", "players.policies.choice_cards",
    "players.policies.choice_costs", "players.policies.choice_keywords",
    "players.policies.combat_ai", "players.policies.context", "players.policies.heuristic",
    "players.policies.planning", "players.policies.random", "players.policies.spells",
    "players.policies.stops", "players.policies.targeting", "players.policies.tricks",
    "players.worth", "players.worth_effects", "rules.activation", "rules.amounts",
    "rules.casting", "rules.combat", "rules.conditions", "rules.cost_parts", "rules.costs",
    "rules.effect", "rules.filters", "rules.layers", "rules.mana", "rules.payment",
    "rules.refs", "rules.replacement", "rules.resolution", "rules.sba", "rules.spell_costs",
    "rules.targets", "rules.triggers", "rules.turn", "rules.zones", "state.ask",
    "state.derived", "state.game_state", "state.memo", "state.rng", "state.stats",
    "state.view",
)

ROOT = Path(__file__).resolve().parent.parent
BUILD_DIR = ROOT / "build" / "compiled"
MANIFEST = "manifest.json"
PURE_ENV = "MTGSIM_PURE_PYTHON"
# this interpreter's extension modules' suffix, as the import system has it (reading
# sysconfig's instead loads its data into every process, which measured 0.14 M more
# instructions a heuristic game)
EXT_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def module_names() -> list[str]:
    """The full import names of the modules that are compiled."""
    return [f"mtgsim.engine.{name}" for name in COMPILED]


def source_path(name: str) -> Path:
    """The ``.py`` file of a module under mtgsim in the checkout (a module's own file, or
    its package's ``__init__.py``), by the package mapping of ``PACKAGE_DIRS``."""
    parts = name.split(".")
    for size in range(len(parts), 0, -1):
        folder = PACKAGE_DIRS.get(".".join(parts[:size]))
        if folder is not None:
            path = ROOT.joinpath(folder, *parts[size:])
            return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    raise ValueError(f"{name} is not a module of mtgsim")


def digest(path: Path) -> str:
    """What a build is keyed on: the source's bytes (a module's with those of the Cython
    declarations beside it, its ``.pxd``, when it has one, and of the declarations of each
    module that one cimports from, whose C functions the build calls)."""
    return _keyed(path)[0]


def _keyed(path: Path) -> tuple[str, list[str]]:
    """``digest`` of a source, and the modules its declarations cimport from (the ``.pxd``
    read once for both)."""
    data = path.read_bytes()
    declarations = path.with_suffix(".pxd")
    others: list[str] = []
    if path.suffix == ".py" and declarations.is_file():
        text = declarations.read_bytes()
        data += b"\0" + text
        others = _cimported(text.decode("utf-8", "replace"))
        for name in others:
            other = source_path(name).with_suffix(".pxd")
            data += b"\0" + (other.read_bytes() if other.is_file() else b"")
    return hashlib.sha256(data).hexdigest(), others


_CIMPORT = re.compile(r"^from (mtgsim\.engine\.[\w.]+) cimport ", re.M)


def _cimported(declarations: str) -> list[str]:
    """The modules a ``.pxd``'s text cimports from (their C functions are called directly,
    so the module's build works only beside their builds)."""
    return sorted(set(_CIMPORT.findall(declarations)))


def cimports(name: str) -> list[str]:
    """The modules a module's declarations cimport from (none without a ``.pxd``)."""
    declarations = source_path(name).with_suffix(".pxd")
    try:
        return _cimported(declarations.read_text(encoding="utf-8"))
    except OSError:
        return []


def platform_tag() -> str:
    """Builds load only into the interpreter they were built for."""
    return f"{sys.implementation.cache_tag}{EXT_SUFFIX}"


class CompiledFinder(importlib.abc.MetaPathFinder):
    """A meta path finder that answers for the modules of a manifest whose source is
    unchanged since the build, and leaves every other import to Python."""

    def __init__(self, build_dir: Path, manifest: dict[str, str],
                 attribute_cache: str = "", profile_guided: bool = False,
                 build_flags: tuple[str, ...] = ()) -> None:
        self.build_dir = build_dir
        self.manifest = manifest  # module name -> source digest it was built from
        self.attribute_cache = attribute_cache  # digest of scripts/attribute_cache.h then
        self.profile_guided = profile_guided  # built from the training's profile (GCC)
        self.build_flags = build_flags  # a profile-guided build's compiler flags
        self._usable: dict[str, bool] = {}  # usable()'s answers, each found once

    @classmethod
    def from_build(cls, build_dir: Path) -> CompiledFinder | None:
        """The finder of a build directory, or None if nothing usable was built there."""
        try:
            data = json.loads((build_dir / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("platform") != platform_tag():
            return None
        modules = data.get("modules")
        if not isinstance(modules, dict) or not modules:
            return None
        flags = data.get("build_flags")
        return cls(build_dir, {str(k): str(v) for k, v in modules.items()},
                   str(data.get("attribute_cache", "")), data.get("profile_guided") is True,
                   tuple(str(f) for f in flags) if isinstance(flags, list) else ())

    def binary(self, name: str) -> Path:
        """Where the build of a module lies."""
        *package, leaf = name.split(".")
        return self.build_dir.joinpath("lib", *package, leaf + EXT_SUFFIX)

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
        if want is None or not self.binary(name).is_file():
            return False
        try:
            key, others = _keyed(source_path(name))
        except OSError:
            return False
        if key != want:
            return False
        return all(other in seen or self.usable(other, seen) for other in others)

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in self.manifest or not self.usable(name):
            return None
        location = str(self.binary(name))
        loader = importlib.machinery.ExtensionFileLoader(name, location)
        return importlib.util.spec_from_file_location(name, location, loader=loader)


def install() -> CompiledFinder | None:
    """Put the build's finder first on the import path, unless the pure engine is asked
    for or nothing was built. Called once, by ``import mtgsim``."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return None
    if any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return None
    finder = CompiledFinder.from_build(BUILD_DIR)
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
