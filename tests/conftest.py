"""Shared pytest configuration: make ``tests/gamesetup.py`` importable as ``gamesetup``,
and keep the compiled-card cache of the session (and of the commands its tests run) in a
folder of its own, so that the tests never write into the user's ``~/.cache/mtgsim``
(``engine.cards.oracle.cache``)."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

_OWN_CACHE: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    if "MTGSIM_CACHE_DIR" not in os.environ:
        _OWN_CACHE.append(tempfile.mkdtemp(prefix="mtgsim-test-cache-"))
        os.environ["MTGSIM_CACHE_DIR"] = _OWN_CACHE[0]


def pytest_unconfigure(config: pytest.Config) -> None:
    for path in _OWN_CACHE:
        shutil.rmtree(path, ignore_errors=True)
        os.environ.pop("MTGSIM_CACHE_DIR", None)
    _OWN_CACHE.clear()
