"""mtgsim as a package: one import name, a wheel that carries its data and works anywhere.

* No code imports the repository's folders by their bare names (``engine``, ``cluster``,
  ...): everything is ``mtgsim.<package>``, the one name the wheel installs.
* The wheel (built from a copy of the checkout) installs only ``mtgsim``, with the bundled
  decks, card data and reference Oracle data as real files.
* Installed on its own into a folder outside the checkout, it plays the benchmark
  matchup, lists its decks and checks its cards. The slow test makes a new virtual
  environment, installs the wheel with its dependencies as a user would, and also runs
  the Python examples of docs/api.md there.
"""

from __future__ import annotations

import ast
import json
import os
import stat
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from checkout_copy import copy_checkout  # tests/checkout_copy.py
from test_compiled import CAN_BUILD

import mtgsim
from mtgsim.compiled import EXT_SUFFIX, MANIFEST, module_names, platform_tag
from mtgsim.engine.cards.pool import DATA_DIR, card_files, compiled_names

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("engine", "cluster", "pipelines", "results", "decks")
SOURCES = ("engine", "cluster", "pipelines", "results", "decks", "mtgsim", "tests", "scripts")


def python_files() -> list[Path]:
    """Every Python file of the project, once."""
    return sorted({p.resolve() for folder in SOURCES for p in (ROOT / folder).rglob("*.py")
                   if p.is_file()})


def test_no_code_imports_a_folder_by_its_bare_name() -> None:
    bad = []
    files = python_files()
    assert len(files) > 100
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FOLDERS:
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: import {name}")
    assert not bad, "import these as mtgsim.<package>:\n" + "\n".join(bad)


# --------------------------------------------------------------------------- the wheel


def build_wheel(out: Path, compiled: bool = False, env: dict[str, str] | None = None,
                ) -> tuple[Path, str]:
    """Build the wheel from a copy of the checkout (so the checkout gets no build/), and
    what the build printed. ``compiled``: with the checkout's compiled engine copied along,
    which the build packs as it is where it is current (compiling only what is not);
    otherwise the pure-Python wheel (``MTGSIM_PURE_PYTHON=1``), unless ``env`` says more."""
    src = copy_checkout(out / "src", compiled)
    base = {k: v for k, v in os.environ.items() if k != "MTGSIM_PURE_PYTHON"}
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps",
                           "--no-build-isolation", "-v", "-w", str(out / "dist")],
                          capture_output=True, text=True, timeout=1800,
                          env={**base, **({} if compiled else {"MTGSIM_PURE_PYTHON": "1"}),
                               **(env or {})})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (wheel,) = (out / "dist").glob("mtgsim-*.whl")
    return wheel, done.stdout + done.stderr


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pure-Python wheel (quick to build)."""
    return build_wheel(tmp_path_factory.mktemp("wheel"))[0]


@pytest.fixture(scope="module")
def compiled_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The platform wheel, with the compiled engine."""
    if not CAN_BUILD:
        pytest.skip("no Cython or C compiler: the compiled engine is not built here")
    return build_wheel(tmp_path_factory.mktemp("compiled_wheel"), compiled=True)[0]


def test_the_pure_wheel_is_for_any_platform(wheel: Path) -> None:
    assert wheel.name == f"mtgsim-{mtgsim.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as z:
        assert not [n for n in z.namelist() if n.startswith("mtgsim/_compiled/")]


def test_the_compiled_wheel_is_for_this_python_and_platform(compiled_wheel: Path) -> None:
    tag = sys.implementation.cache_tag.replace("cpython-", "cp")  # cp311
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert compiled_wheel.name == f"mtgsim-{mtgsim.__version__}-{tag}-{tag}-{platform}.whl"
    with zipfile.ZipFile(compiled_wheel) as z:
        names = z.namelist()
        manifest = json.loads(z.read(f"mtgsim/_compiled/{MANIFEST}"))
    binaries = [n for n in names if n.startswith("mtgsim/_compiled/lib/")
                and n.endswith(EXT_SUFFIX)]
    assert len(binaries) == len(manifest["modules"]) == len(module_names())
    assert manifest["platform"] == platform_tag()


def test_the_compiled_wheel_loads_its_compiled_engine(compiled_wheel: Path,
                                                      tmp_path: Path) -> None:
    """Installed on its own (its dependencies from this environment), the wheel's engine
    modules load compiled, from the wheel, and MTGSIM_PURE_PYTHON=1 still gives the pure one."""
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(compiled_wheel)], check=True, capture_output=True,
                   timeout=300)
    probe = ("import sys, mtgsim, mtgsim.engine.game, mtgsim.compiled as c; "
             "imported = [n for n in c.module_names() if n in sys.modules]; "
             "print(len(c.loaded()), len(imported)); "
             "print(sys.modules['mtgsim.engine.game'].__file__)")
    env = {**os.environ, "PYTHONPATH": str(target)}
    env.pop("MTGSIM_PURE_PYTHON", None)
    done = _run([sys.executable, "-c", probe], tmp_path, env)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    counts, where = done.stdout.splitlines()
    loaded, imported = map(int, counts.split())
    assert loaded == imported > 10, counts
    assert where.startswith(str(target / "mtgsim" / "_compiled" / "lib")), where
    pure = _run([sys.executable, "-c", probe], tmp_path, {**env, "MTGSIM_PURE_PYTHON": "1"})
    assert pure.stdout.splitlines()[0].split()[0] == "0", pure.stdout + pure.stderr
    played = _run([sys.executable, "-c", "import sys; from mtgsim.pipelines.cli import main; "
                   "sys.exit(main(sys.argv[1:]))", "play", "gruul_stompy", "azorius_skies",
                   "--seed", "11", "--quiet"], tmp_path, env)
    assert played.returncode == 0 and played.stderr == "", played.stderr


def test_without_a_c_compiler_the_build_says_so_and_the_wheel_is_pure(tmp_path: Path) -> None:
    """No compiler on the PATH (``CC`` names none): one line, and the pure-Python wheel."""
    wheel, printed = build_wheel(tmp_path, env={"CC": "no-such-cc", "MTGSIM_PURE_PYTHON": "0"})
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    lines = [line.strip() for line in printed.splitlines() if "compiled engine" in line]
    assert lines[0] == ("compiled engine not built (no C compiler: no-such-cc is not on the "
                        "PATH): the pure-Python engine runs"), lines
    assert lines[1:] == [f"compiled engine: 0 of {len(module_names())} modules go into the "
                         "package"], lines


def test_the_wheel_installs_one_name_with_its_data(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        infos = z.infolist()
        names = [i.filename for i in infos]
        dist_info = f"mtgsim-{mtgsim.__version__}.dist-info"
        assert z.read(f"{dist_info}/top_level.txt").decode().split() == ["mtgsim"]
        entry_points = z.read(f"{dist_info}/entry_points.txt").decode()
    outside = [n for n in names if not n.startswith(("mtgsim/", f"{dist_info}/"))]
    assert outside == []
    links = [i.filename for i in infos if stat.S_ISLNK(i.external_attr >> 16)]
    assert links == []  # real folders, not the checkout's links
    for package in ("engine", "cluster", "pipelines", "results"):
        assert f"mtgsim/{package}/__init__.py" in names
    decks = sorted(n for n in names if n.startswith("mtgsim/decks/") and n.endswith(".txt"))
    # the keyword decks and the Pauper metagame's (decks/pauper/, with its metagame.json)
    assert decks == sorted(f"mtgsim/{p.relative_to(ROOT).as_posix()}" for p in (
        *(ROOT / "decks").glob("*.txt"), *(ROOT / "decks" / "pauper").glob("*.txt")))
    assert "mtgsim/decks/pauper/metagame.json" in names
    cards = [n for n in names if n.startswith("mtgsim/engine/cards/data/")
             and n.endswith(".toml")]
    assert len(cards) == len(card_files(DATA_DIR)) > 0
    # the bundled cards taken from the Oracle compiler, and the corpus they come from
    assert "mtgsim/engine/cards/data/compiled.txt" in names
    assert len(compiled_names(DATA_DIR)) + len(cards) > 300
    assert "mtgsim/engine/cards/oracle/corpus.jsonl.gz" in names
    assert "mtgsim/engine/cards/reference/oracle.jsonl" in names
    assert "mtgsim = mtgsim.pipelines.cli:main" in entry_points
    assert not any("/tests/" in n or n.startswith("tests/") for n in names)


def _run(argv: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)


def test_the_wheel_works_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    """The wheel alone in a folder of its own (its dependencies from this environment)."""
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True, capture_output=True, timeout=300)
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    cli = [sys.executable, "-c", "import sys; from mtgsim.pipelines.cli import main; "
           "sys.exit(main(sys.argv[1:]))"]
    where = _run([sys.executable, "-c", "import mtgsim; print(mtgsim.__file__)"], work, env)
    assert where.stdout.strip() == str(target / "mtgsim" / "__init__.py"), where
    played = _run([*cli, "play", "gruul_stompy", "azorius_skies", "--seed", "11"], work, env)
    assert played.returncode == 0, played.stderr
    assert played.stdout.strip().splitlines()[-1].startswith(("Winner:", "Result: draw"))
    decks = _run([*cli, "decks"], work, env)
    assert decks.returncode == 0, decks.stderr
    assert "gruul_stompy" in decks.stdout and "no bundled decks" not in decks.stdout
    check = _run([*cli, "cards", "check"], work, env)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "314 of 314 reference cards match; 0 problem(s)" in check.stdout
    assert list(work.iterdir()) == []  # nothing written where it ran


@pytest.mark.slow
def test_a_new_environment_installs_the_wheel_and_runs_the_examples(compiled_wheel: Path,
                                                                    tmp_path: Path) -> None:
    """What a user does: a new venv in another folder, ``pip install mtgsim-*.whl`` (the
    platform wheel): the compiled engine loads there."""
    wheel = compiled_wheel
    from docs_examples import examples_of  # tests/docs_examples.py

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    pip = _run([str(venv / "bin" / "pip"), "install", "-q", f"{wheel}[frames]"], tmp_path,
               dict(os.environ))
    assert pip.returncode == 0, pip.stderr[-3000:]
    work = tmp_path / "user"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    mtg = str(venv / "bin" / "mtgsim")
    played = _run([mtg, "play", "gruul_stompy", "azorius_skies"], work, env)
    assert played.returncode == 0, played.stderr
    assert "Turn 1 (player A)" in played.stdout
    for argv in (["decks"], ["cards", "check"], ["--version"]):
        done = _run([mtg, *argv], work, env)
        assert done.returncode == 0, (argv, done.stdout, done.stderr)
    top = _run([str(venv / "bin" / "python"), "-c",
                "import importlib.metadata as m; "
                "print(m.distribution('mtgsim').read_text('top_level.txt'))"], work, env)
    assert top.stdout.split() == ["mtgsim"]
    engine = _run([str(venv / "bin" / "python"), "-c", "import sys, mtgsim.engine.game, "
                   "mtgsim.compiled as c; print(len(c.loaded()), "
                   "len([n for n in c.module_names() if n in sys.modules]))"], work, env)
    loaded, imported = map(int, engine.stdout.split())
    assert loaded == imported > 10 and engine.stderr == "", engine.stdout + engine.stderr
    script = "\n\n".join(e.code for e in examples_of(ROOT / "docs" / "api.md")
                         if e.language == "python" and not e.skip)
    (work / "api_examples.py").write_text(script)
    api = _run([str(venv / "bin" / "python"), "api_examples.py"], work, env)
    assert api.returncode == 0, api.stdout[-2000:] + api.stderr[-3000:]
