"""A copy of the checkout as a user has it, for the tests that build the wheel from it
(tests/packaging/test_package.py) or submit a job with it (tests/jobs/test_cluster_recipe.py):
no environments, git data or builds, so the checkout itself gets no build/; with
``compiled``, the checkout's compiled engine copied along, which the wheel's build packs
as it is where it is current instead of compiling it again."""

from __future__ import annotations

import shutil
from pathlib import Path

from mtgsim.compiled import MANIFEST

ROOT = Path(__file__).resolve().parents[1]
IGNORE = shutil.ignore_patterns(".venv*", ".git", "out", "build", "dist", "__pycache__",
                                "*.egg-info", ".pytest_cache", ".mypy_cache", ".ruff_cache",
                                ".benchmarks")


def copy_checkout(dest: Path, compiled: bool) -> Path:
    """The checkout copied to ``dest`` (returned), with its compiled build if asked."""
    shutil.copytree(ROOT, dest, symlinks=True, ignore=IGNORE)
    if compiled:
        for part in ("lib", "pxd", MANIFEST):
            built = ROOT / "build" / "compiled" / part
            if built.is_dir():
                shutil.copytree(built, dest / "build" / "compiled" / part)
            elif built.is_file():
                shutil.copy2(built, dest / "build" / "compiled" / part)
    return dest
