"""mypy over the installed layout: ``mtgsim.engine`` strict, the other packages checked.

mypy finds modules by folders, not through the editable install's import hook, and the
checkout keeps ``engine/``, ``cluster/``, ... at its top (pyproject.toml's package-dir maps
them to ``mtgsim.engine``, ...). This script lays out ``build/typecheck/mtgsim/`` as the
wheel has it, one link per package folder (made anew each run, never committed), and
runs mypy there with the project's configuration:

    python scripts/typecheck.py                  # the engine (make test runs this)
    python scripts/typecheck.py mtgsim.results   # other packages
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "mtgsim"))

from layout import PACKAGE_DIRS  # noqa: E402  (mtgsim/layout.py, imported without mtgsim)

TREE = ROOT / "build" / "typecheck"


def lay_out() -> Path:
    """``build/typecheck`` with ``mtgsim/`` as installed: the package's own files, and a
    link to each mapped folder."""
    shutil.rmtree(TREE, ignore_errors=True)
    top = TREE / "mtgsim"
    top.mkdir(parents=True)
    for path in (ROOT / "mtgsim").glob("*.py"):
        (top / path.name).symlink_to(path)
    for package, folder in PACKAGE_DIRS.items():
        if package != "mtgsim":
            (top / package.split(".", 1)[1]).symlink_to(ROOT / folder, target_is_directory=True)
    return TREE


def main(argv: list[str]) -> int:
    tree = lay_out()
    packages = argv or ["mtgsim.engine"]
    args = [a for p in packages for a in ("-p", p)]
    return subprocess.call([sys.executable, "-m", "mypy", "--config-file",
                            str(ROOT / "pyproject.toml"), *args], cwd=tree)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
