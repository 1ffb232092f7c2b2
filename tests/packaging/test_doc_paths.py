"""The documentation names only what exists, and the README stays short.

A renamed or moved module leaves its old name behind in prose, where no example runs it
(``docs/architecture.md`` once named a dozen modules that were gone). So, in README.md and
docs/*.md, outside fenced blocks:

- every code span that is a repository path (``engine/rules/turn.py``, ``tests/scenarios/``;
  also relative to ``engine/``, as ``rules/turn.py``) exists, and a bare file name
  (``turn.py``) is the name of some file of the repository;
- every code span that is a dotted name under the package (``mtgsim.engine.rules.turn``,
  ``engine.state.view.player_view``, ``results.analysis.bradley_terry``) imports, its
  attributes included;
- every relative link points to a file that exists, and its ``#anchor`` to a heading there;

and the tree drawn in docs/architecture.md lists only files and folders that exist. The
README is for users and has a budget: at most 16 KB (the rest lives in docs/).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_BUDGET = 16 * 1024
_TOP = ("engine", "mtgsim", "cluster", "pipelines", "results", "decks", "tests", "scripts",
        "docs", "build")
_SPAN = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_PATH = re.compile(r"[\w.-]+(/[\w.-]+)*/?")
_FILE = re.compile(r"[\w-]+\.(py|pxd|md|toml|txt|json|jsonl|h|cfg)")
_DOTTED = re.compile(r"(mtgsim|engine|cluster|results|pipelines)(\.\w+)+")
_FENCE = re.compile(r"^\s*(```|~~~)")
# Names a page mentions that are not the repository's: files a command writes or reads
# elsewhere, and the specification's own paths.
_ELSEWHERE = {"manifest.json", "ladder.json", "game.json", "index.html", "summary.json",
              "AtomicCards.json", "AllPrintings.json", "reference.jsonl", "FORMAT.md",
              "AI.md", "matches.parquet", "standings.parquet", "decks.parquet"}
# A Parquet metadata key that reads like a module.
_NOT_NAMES = {"mtgsim.units"}
_WRITTEN = ("out/", "DIR/", "dist/", "build/compiled/", "mtgsim/_compiled/", "swiss/", "shared/",
            "cards/oracle",
            "tests/data/shared/conformance/examples")


def prose(path: Path) -> list[tuple[int, str]]:
    """The lines of a Markdown file outside fenced blocks, with their numbers."""
    out: list[tuple[int, str]] = []
    fenced = False
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            out.append((n, line))
    return out


def _repo_names() -> set[str]:
    return {p.name for p in ROOT.rglob("*") if ".git" not in p.parts
            and not any(part.startswith(".venv") for part in p.parts)}  # .venv-3.12 too


def missing_path(span: str, names: set[str]) -> bool:
    """Whether a code span that looks like a path of the repository names nothing there."""
    if any(c in span for c in "<>*{}$ ") or span.startswith(_WRITTEN) or "://" in span:
        return False
    if _FILE.fullmatch(span):
        return span not in names and span not in _ELSEWHERE
    if "/" not in span or not _PATH.fullmatch(span) or span.split("/")[0] in ("..", "."):
        return False
    if span.split("/")[0] not in _TOP and not (ROOT / "engine" / span.split("/")[0]).exists():
        return False  # a folder a job writes (games/, failures/), not the repository's
    return not ((ROOT / span).exists() or (ROOT / "engine" / span).exists())


def resolves(dotted: str) -> bool:
    """Whether ``dotted`` (under mtgsim, or a top-level folder's name) imports."""
    parts = dotted.split(".")
    if parts[0] != "mtgsim":
        parts.insert(0, "mtgsim")
    for i in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for attr in parts[i:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def slug(heading: str) -> str:
    """GitHub's anchor of a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lstrip("#").strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {slug(line) for _, line in prose(path) if line.startswith("#")}


def problems(path: Path, names: set[str]) -> list[str]:
    found: list[str] = []
    for n, line in prose(path):
        for span in _SPAN.findall(line):
            span = span.strip()
            if span in _NOT_NAMES:
                continue
            if _DOTTED.fullmatch(span):
                if not resolves(span):
                    found.append(f"{path.name}:{n}: `{span}` does not import")
            elif missing_path(span, names):
                found.append(f"{path.name}:{n}: `{span}` is not in the repository")
        for target in _LINK.findall(line):
            if "://" in target or target.startswith("mailto:"):
                continue
            file, _, anchor = target.partition("#")
            dest = (path.parent / file).resolve() if file else path
            if not dest.exists():
                found.append(f"{path.name}:{n}: link to {target}: no such file")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                found.append(f"{path.name}:{n}: link to {target}: no such heading")
    return found


def tree_problems(path: Path) -> list[str]:
    """The files and folders of the first fenced block under "## The tree" that do not
    exist (two spaces of indent a level; the first word of a line is its name)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index("## The tree")
    first = next(i for i in range(start, len(lines)) if _FENCE.match(lines[i]))
    found: list[str] = []
    stack: list[str] = []
    for n in range(first + 1, len(lines)):
        line = lines[n]
        if _FENCE.match(line):
            break
        depth = (len(line) - len(line.lstrip())) // 2
        names = [w.rstrip(",") for w in line.split()[:2] if w.rstrip(",").endswith((".py", "/"))]
        if not names:
            continue
        stack[depth:] = [names[0].rstrip("/")]
        for name in names:
            where = ROOT.joinpath(*stack[:depth], name.rstrip("/"))
            if not where.exists():
                found.append(f"{path.name}:{n + 1}: {'/'.join([*stack[:depth], name])} "
                             "is not in the repository")
    return found


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_the_documentation_names_what_exists(path: Path) -> None:
    assert problems(path, _repo_names()) == []


def test_the_architecture_tree_is_the_tree() -> None:
    assert tree_problems(ROOT / "docs" / "architecture.md") == []


def test_the_readme_is_short() -> None:
    size = len((ROOT / "README.md").read_bytes())
    assert size <= README_BUDGET, f"README.md is {size} bytes: move detail into docs/"


def test_the_checks_can_fail(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "there.md").write_text("# A page\n\n## Some part: `x`\n")
    md = tmp_path / "docs" / "x.md"
    md.write_text("`engine/rules/turn.py` `engine/rules/gone.py` `rules/zones.py` `cardpool.py`\n"
                  "`mtgsim.engine.rules.turn.advance` `engine.rules.turn.nothing_here`\n"
                  "`engine.nomodule` `games/` `out/g1/games` `turn.py`\n"
                  "[ok](there.md#some-part-x) [bad](there.md#nope) [gone](missing.md)\n"
                  "```\n`engine/in_a_block.py`\n```\n")
    found = problems(md, _repo_names())
    assert [f.split(": ", 1)[1] for f in found] == [
        "`engine/rules/gone.py` is not in the repository",
        "`cardpool.py` is not in the repository",
        "`engine.rules.turn.nothing_here` does not import",
        "`engine.nomodule` does not import",
        "link to there.md#nope: no such heading",
        "link to missing.md: no such file",
    ]
    arch = tmp_path / "a.md"
    arch.write_text("## The tree\n\n```\nengine/\n  rules/\n    turn.py   the turn\n"
                    "    gone.py   not there\n  state/\n    view.py, nope.py  two\n```\n")
    assert [p.split(": ", 1)[1] for p in tree_problems(arch)] == [
        "engine/rules/gone.py is not in the repository",
        "engine/state/nope.py is not in the repository",
    ]
