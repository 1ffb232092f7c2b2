"""Imports every effect module of this package, so that each registers its effect (its
data class, how it resolves, what the AI thinks it is worth) in ``engine.rules.effect``.

The modules are found, not listed: a new effect is one new module here and its tests.
They are imported in the order of their names, so the table is filled the same way on
every run.
"""

from __future__ import annotations

import importlib
import pkgutil

from mtgsim.engine import effects as _package

MODULES = tuple(sorted(m.name for m in pkgutil.iter_modules(_package.__path__)
                       if m.name != "all"))
for _name in MODULES:
    importlib.import_module(f"{_package.__name__}.{_name}")
