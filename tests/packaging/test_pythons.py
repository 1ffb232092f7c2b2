"""The Python versions mtgsim supports (3.11, 3.12, 3.13: pyproject.toml's classifiers), each
one present on the machine checked here: the package installs into a new environment of that
interpreter and plays the bench games there, the same games as the fingerprints record.

The whole suite runs on another interpreter with ``make test PYTHON=python3.12``
(docs/development.md); this test is the cheap check that the one ``make test`` run still
sees each version import and play (about 20 seconds a version: a virtual environment, the
wheel without its dependencies and msgspec and rapidfuzz, the engine's own, installed into
it). A version is skipped only when no interpreter of it is found, on the ``PATH`` or
among pyenv's builds.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from test_package import build_wheel

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CLASSIFIER = re.compile(r"Programming Language :: Python :: (3\.\d+)$")
VERSIONS = [m.group(1) for c in PYPROJECT["project"]["classifiers"]
            if (m := CLASSIFIER.match(c))]
GOLDEN = ROOT / "tests" / "data" / "fingerprints.json"
# the bench matchup's games, as scripts/fingerprints.py plays and keys them
PLAY = """
import json, sys
from mtgsim.pipelines.runner import fingerprint_games, load_card_pool, load_main_deck
pool = load_card_pool()
a, b = (load_main_deck(n, pool) for n in ("azorius_skies", "gruul_stompy"))
out = {}
for policy in ("heuristic", "random"):
    rows = fingerprint_games(a, b, [policy, policy], int(sys.argv[1]))
    out[f"{policy}:{policy} {a.name} {b.name}"] = rows
print(json.dumps({"version": "%d.%d" % sys.version_info[:2], "fingerprints": out}))
"""


def _version_of(exe: str) -> str | None:
    """The ``X.Y`` of an interpreter, or None when it does not run (a pyenv shim of a
    version that is not selected exits with an error)."""
    try:
        done = subprocess.run([exe, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                              capture_output=True, text=True, timeout=60)
    except OSError:
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def find_interpreter(version: str) -> str | None:
    """An interpreter of ``version``: this one, ``pythonX.Y`` on the PATH, or the newest of
    pyenv's builds of it (``$PYENV_ROOT/versions/X.Y.*``)."""
    if f"{sys.version_info[0]}.{sys.version_info[1]}" == version:
        return sys.executable
    on_path = subprocess.run(["sh", "-c", f"command -v python{version}"], capture_output=True,
                             text=True).stdout.strip()
    if on_path and _version_of(on_path) == version:
        return on_path
    pyenv = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    builds = sorted(pyenv.glob(f"{version}.*/bin/python{version}"),
                    key=lambda p: [int(x) if x.isdigit() else -1
                                   for x in p.parts[-3].split(".")])
    for exe in reversed(builds):
        if _version_of(str(exe)) == version:
            return str(exe)
    return None


def test_the_versions_are_those_pyproject_requires() -> None:
    """The classifiers name each version from requires-python's lower bound on, and the
    tools check the code as the oldest of them."""
    assert VERSIONS == ["3.11", "3.12", "3.13"]
    assert PYPROJECT["project"]["requires-python"] == ">=3.11,<3.14"
    assert PYPROJECT["tool"]["ruff"]["target-version"] == "py311"
    assert PYPROJECT["tool"]["mypy"]["python_version"] == "3.11"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))[0]


@pytest.mark.parametrize("version", VERSIONS)
def test_each_python_installs_and_plays_the_recorded_games(version: str, wheel: Path,
                                                           tmp_path: Path) -> None:
    exe = find_interpreter(version)
    if exe is None:
        pytest.skip(f"no Python {version} on this machine (python{version} on the PATH or "
                    "a pyenv build)")
    venv = tmp_path / "venv"
    subprocess.run([exe, "-m", "venv", str(venv)], check=True, capture_output=True,
                   timeout=300)
    python = venv / "bin" / "python"
    # the engine's own dependencies: msgspec, and rapidfuzz for the deck loader's spelling
    engine_deps = [d for d in PYPROJECT["project"]["dependencies"]
                   if d.startswith(("msgspec", "rapidfuzz"))]
    assert len(engine_deps) == 2, engine_deps
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel), *engine_deps],
        capture_output=True, text=True, timeout=600)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    games = golden["games_per_pairing"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    played = subprocess.run([str(python), "-c", PLAY, str(games)], capture_output=True,
                            text=True, timeout=600, cwd=tmp_path, env=env)
    assert played.returncode == 0, played.stderr[-3000:]
    got = json.loads(played.stdout)
    assert got["version"] == version
    assert got["fingerprints"], "no game played"
    for key, rows in got["fingerprints"].items():
        assert rows == golden["fingerprints"][key], (version, key)


def _make(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHON", "VENV", "MAKEFLAGS")}
    return subprocess.run(["make", "--no-print-directory", "-C", str(ROOT), *args],
                          capture_output=True, text=True, timeout=120, env=env)


def test_make_gives_a_named_interpreter_an_environment_of_its_own(tmp_path: Path) -> None:
    """``make test PYTHON=python3.12`` installs into ``.venv-3.12``, beside the default
    ``.venv``, so the versions keep their installs; an interpreter that does not run (a
    pyenv shim of a version that is not selected) is an error before anything is made."""
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    named = _make("-n", "-B", "dev", f"PYTHON={sys.executable}")  # -n: print, run nothing
    assert named.returncode == 0, named.stderr
    assert f".venv-{version}/bin/python -m pip install -v -e '.[dev]'" in named.stdout
    default = _make("-n", "-B", "venv")  # what running needs: no development tools
    assert default.returncode == 0, default.stderr
    assert ".venv/bin/python -m pip install -v -e '.[compiled]'" in default.stdout
    chosen = _make("-n", "-B", "venv", f"PYTHON={sys.executable}", f"VENV={tmp_path / 'env'}")
    assert f"{tmp_path / 'env'}/bin/python -m pip install" in chosen.stdout
    absent = _make("venv", f"PYTHON={tmp_path / 'python3.99'}", f"VENV={tmp_path / 'none'}")
    assert absent.returncode != 0
    assert f"error: {tmp_path / 'python3.99'} does not run" in absent.stderr
    assert not (tmp_path / "none").exists()
