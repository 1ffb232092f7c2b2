"""Every shell and Python example of README.md and docs/*.md runs as written.

Each Markdown file is one test (a new file in docs/ is picked up by itself): its examples
run in order in a sandbox folder that holds links to ``decks/`` and ``tests/`` and the
files of ``tests/data/docs/`` (``my_deck.txt`` and the like), so a later example sees
what an earlier one wrote (``--out out/g1``, then ``mtgsim report out/g1``). Python
blocks of one file share one namespace. How a block is marked (skip, slow, an expected
exit code, a transcript of a command's output, a table of commands) is read by
``tests/docs_examples.py``.

``mtgsim`` commands run in this process through ``pipelines.cli.main`` (one local Ray
serves every job of a file), other commands in ``bash`` with this environment's
``bin/`` first on ``PATH``. Sizes are made small, so that the examples are checked for
working rather than timed: ``--games`` at most 4 (``bench``: 20), ``--players`` at most 8,
``--rounds`` at most 2. A Python example keeps its own sizes: write them small.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from docs_examples import Example, examples_of, matches_transcript, shell_commands

from mtgsim.pipelines.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FIXTURES = ROOT / "tests" / "data" / "docs"
CAPS = {"--games": 4, "--players": 8, "--rounds": 2}
BENCH_GAMES = 20
SHELL_SYNTAX = set("|&;<>()$`*?")


def shrink(argv: list[str]) -> list[str]:
    """The command with its sizes capped (see the module docstring)."""
    out = list(argv)
    for i, word in enumerate(out[:-1]):
        cap = CAPS.get(word)
        if cap is not None and out[i + 1].isdigit():
            if word == "--games" and len(out) > 1 and out[1] == "bench":
                cap = BENCH_GAMES
            out[i + 1] = str(min(int(out[i + 1]), cap))
    return out


def run_command(command: str, cwd: Path) -> tuple[int, str]:
    """Run one shell line; (exit code, stdout + stderr)."""
    words = shlex.split(command, comments=True)
    if not words:
        return 0, ""
    if words[0] == "mtgsim" and not (SHELL_SYNTAX & set(command.split("#")[0])):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(shrink(words)[1:])
        return code, out.getvalue() + err.getvalue()
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)
    return done.returncode, done.stdout + done.stderr


def sandbox(tmp: Path) -> Path:
    for name in ("decks", "tests"):
        (tmp / name).symlink_to(ROOT / name)
    for f in FIXTURES.iterdir():
        (shutil.copytree if f.is_dir() else shutil.copy)(f, tmp / f.name)
    return tmp


def run_example(ex: Example, cwd: Path, namespace: dict[str, object]) -> None:
    if ex.output_of:
        code, output = run_command(ex.output_of, cwd)
        assert code == 0, f"{ex.where}: `{ex.output_of}` exited {code}:\n{output}"
        missing = matches_transcript(ex.code, output)
        assert not missing, (f"{ex.where}: the block is not what `{ex.output_of}` prints "
                             f"(no line {missing!r}); it prints:\n{output}")
        return
    if ex.language == "shell":
        for command in shell_commands(ex.code):
            code, output = run_command(command, cwd)
            assert code == ex.exit, f"{ex.where}: `{command}` exited {code}:\n{output}"
    elif ex.language == "python":
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(ex.code, ex.where, "exec"), namespace)  # noqa: S102


def _params() -> list[object]:
    params = []
    for path in DOCS:
        slow = any(e.slow and not e.skip for e in examples_of(path))
        params.append(pytest.param(path, id=path.name,
                                   marks=[pytest.mark.slow] if slow else []))
    return params


@pytest.fixture(scope="module", autouse=True)
def _ray_once():  # type: ignore[no-untyped-def]
    """The jobs of the examples share one local Ray, stopped at the end."""
    yield
    import ray

    if ray.is_initialized():
        ray.shutdown()


@pytest.mark.parametrize("path", _params())
def test_the_examples_run(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    examples = [e for e in examples_of(path) if not e.skip and (
        e.output_of or e.language in ("shell", "python"))]
    cwd = sandbox(tmp_path)
    monkeypatch.chdir(cwd)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for ex in examples:
        run_example(ex, cwd, namespace)


def test_every_skip_says_why() -> None:
    for path in DOCS:
        for ex in examples_of(path):
            assert ex.skip != "(no reason given)", f"{ex.where}: say why it is skipped"


def test_the_reader_finds_blocks_markers_and_transcripts(tmp_path: Path) -> None:
    md = tmp_path / "x.md"
    md.write_text("text\n\n```sh\nmtgsim play a b \\\n  --seed 2\n# a comment\n```\n\n"
                  "<!-- docs: skip: needs a cluster -->\n```bash\nray start\n```\n"
                  "<!-- docs: exit 2 -->\n<!-- docs: slow -->\n\n```python\nx = 1\n```\n"
                  "<!-- docs: output of mtgsim decks -->\n```text\nhead\n...\ntail\n```\n"
                  "```toml\nname = 1\n```\n")
    sh, skipped, py, shown, toml = examples_of(md)
    assert (sh.language, sh.line, shell_commands(sh.code)) == (
        "shell", 3, ["mtgsim play a b    --seed 2", "# a comment"])
    assert skipped.skip == "needs a cluster"
    assert (py.language, py.exit, py.slow) == ("python", 2, True)
    assert shown.output_of == "mtgsim decks" and toml.language == "toml"
    assert matches_transcript(shown.code, "head\nmiddle\nmore\ntail\n") == ""
    assert matches_transcript(shown.code, "head\ntail-not\n") == "tail"
    assert matches_transcript("a\nb\n", "a\nc\nb\n") == "b"
    assert shrink(["mtgsim", "gauntlet", "a", "b", "--games", "1000"])[-1] == "4"
    assert shrink(["mtgsim", "bench", "--games", "1000"])[-1] == "20"
    assert shrink(["mtgsim", "swiss", "--players", "64", "--rounds", "6"])[-3:] == [
        "8", "--rounds", "2"]


def test_the_reader_runs_the_last_column_of_a_marked_table(tmp_path: Path) -> None:
    md = tmp_path / "x.md"
    md.write_text("| command | does | example |\n| --- | --- | --- |\n"
                  "| `play` | one game | `mtgsim play a b` |\n\n"
                  "<!-- docs: table -->\n| command | example |\n| --- | --- |\n"
                  "| `decks` | `mtgsim decks` |\n| `deck` | `mtgsim deck check a`, `mtgsim deck check b` |\n"
                  "\nafter\n```sh\nmtgsim bench\n```\n")
    found = examples_of(md)
    assert [(e.language, e.line, e.code) for e in found] == [
        ("shell", 8, "mtgsim decks"), ("shell", 9, "mtgsim deck check a"),
        ("shell", 9, "mtgsim deck check b"), ("shell", 12, "mtgsim bench")]


@pytest.mark.slow
def test_make_run(tmp_path: Path) -> None:
    """The README's first command, with one game per pairing: the gauntlet of the 16
    archetypes on local Ray and its report."""
    out = tmp_path / "run"
    # in the environment the suite runs in (make test PYTHON=python3.12 runs it in
    # .venv-3.12): the make run of the interpreter under test, not another one's
    venv = [f"VENV={sys.prefix}"] if sys.prefix != sys.base_prefix else []
    done = subprocess.run(["make", "-C", str(ROOT), "run", "GAMES=1", f"OUT={out}", *venv],
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert (out / "report" / "index.html").is_file()
    assert "120 games in 120 matchups" in done.stdout
