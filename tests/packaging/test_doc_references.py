"""Every page of the documentation that code, tests and docs cite exists, with the
section they name, and no page names a path of one machine.

Comments and docstrings point at the measurements behind a number or a default by page
and heading (``docs/search-record.md "Three turns deep"``). A section that moves to
another page, or a heading that is renamed, leaves those pointers behind where no link
checker looks (``tests/packaging/test_doc_paths.py`` checks the Markdown links of the
pages). So, over the repository's ``.py``, ``.md`` and ``.toml`` files:

- every ``docs/NAME.md`` named is a file of ``docs/``;
- a heading quoted right after it is a heading of that file. The forms the code base
  uses: ``docs/X.md "Heading"``, ``docs/X.md, "Heading"`` and ``docs/X.md 'Heading'``,
  and within ``docs/`` the page's bare name (``search-record.md "Heading"``). A citation
  may be wrapped over a line break inside a comment (the next line's ``#``), a docstring,
  or adjacent string literals (``"... 'Tried after "`` then ``"search play 6, not
  kept')"``); those line breaks are read as one space. After a page, only the first
  quoted text counts, and only when it follows at once (a space or a comma), so a page
  named at the end of a sentence and a quotation later in it are not taken together;
- a quoted heading matches a heading of the page (``#`` to ``####``, backticks dropped
  on both sides) when it is the heading or the start of it: the citations abbreviate
  ("The search's default" for "The search's default (issue 37)", "Three turns deep"
  for "Three turns deep (`depth=3`, ...)"), and a cut at a word boundary is still
  unambiguous in these pages. A bold run-in heading (a paragraph that starts
  ``**Where the rollouts go.**``) counts as a heading: the pages use them for the parts
  of a long section, and the code cites them.

And no ``docs/*.md`` or README.md holds a path of the machine it was written on
(``/work/``, ``/tmp/wt_``): an example names a folder the reader makes (``out/g8_play6``).
"""

from __future__ import annotations

import bisect
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SUFFIXES = (".py", ".md", ".toml")
# folders that are not the repository's own text: environments, builds, caches
_SKIP_PARTS = {"build", "dist", "node_modules", "__pycache__"}
MACHINE_PATHS = ("/work/", "/tmp/wt_")

# a line break inside a citation: between two adjacent string literals (the closing
# quote, the break, the next opening quote), before a comment's next line, or plain
# indentation (a docstring, Markdown); each is read as one space
_BREAK = re.compile(r"""["'][ \t]*\n[ \t]*["'](?=\S)|[ \t]*\n[ \t]*(?:#[ \t]*)?""")
_PAGE = re.compile(r"(?<![\w/.-])docs/([\w-]+)\.md")
_BARE_PAGE = re.compile(r"(?<![\w/.-])([\w-]+)\.md")  # within docs/: a sibling page
_QUOTED = re.compile(r"""(?:,[ \t]*|[ \t]+)(?:"([^"\n]{2,200}?)"|'([^'\n]{2,200}?)')""")
_BOLD_LEAD = re.compile(r"^\*\*(.+?)\*\*")


def source_files(root: Path = ROOT) -> list[Path]:
    """The repository's ``.py``, ``.md`` and ``.toml`` files (no hidden folders: the
    virtual environments and ``.git``; no build output)."""
    return sorted(p for p in root.rglob("*") if p.suffix in SUFFIXES and p.is_file()
                  and not any(part.startswith(".") or part in _SKIP_PARTS
                              or part.endswith(".egg-info")
                              for part in p.relative_to(root).parts))


def _plain(text: str) -> str:
    return " ".join(text.replace("`", "").split())


def headings(page: Path) -> list[str]:
    """The page's headings and bold run-in headings, backticks dropped, outside fenced
    blocks."""
    out: list[str] = []
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif fenced:
            continue
        elif line.startswith("#"):
            out.append(_plain(line.lstrip("#")))
        elif bold := _BOLD_LEAD.match(line):
            out.append(_plain(bold.group(1)).rstrip(".:"))
    return out


def is_heading(quoted: str, names: list[str]) -> bool:
    """Whether ``quoted`` is one of ``names`` or the start of one, cut at a word's end."""
    q = _plain(quoted).rstrip(".,;:")
    return any(h == q or (h.startswith(q) and not h[len(q)].isalnum()) for h in names)


def _joined(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with its line breaks read as spaces (``_BREAK``), and (offset in it, line
    in ``text``) at the start of each piece, to name the line of a citation."""
    parts: list[str] = []
    marks: list[tuple[int, int]] = []
    pos, line, size = 0, 1, 0
    for m in _BREAK.finditer(text):
        marks.append((size, line))
        parts += [text[pos:m.start()], " "]
        size += m.start() - pos + 1
        line += m.group(0).count("\n")
        pos = m.end()
    marks.append((size, line))
    parts.append(text[pos:])
    return "".join(parts), marks


def citations(text: str, in_docs: bool) -> list[tuple[int, str, str | None, bool]]:
    """(line, page name, the heading quoted right after it or None, named bare) of each
    page cited in ``text``; a bare ``NAME.md`` counts in a page of ``docs/`` only."""
    joined, marks = _joined(text)
    found: list[tuple[int, str, str | None, bool]] = []
    for pattern in (_PAGE, _BARE_PAGE) if in_docs else (_PAGE,):
        for m in pattern.finditer(joined):
            quoted = _QUOTED.match(joined, m.end())
            line = marks[bisect.bisect_right(marks, (m.start(), 1 << 30)) - 1][1]
            heading = (quoted.group(1) or quoted.group(2)) if quoted else None
            found.append((line, m.group(1), heading, pattern is _BARE_PAGE))
    return sorted(found, key=lambda c: (c[0], c[1]))


def problems(files: list[Path], docs: Path = DOCS) -> list[str]:
    """Every citation of a page that is not in ``docs``, or of a heading not on it (a
    bare name that is no page of ``docs``, README.md say, is not a citation)."""
    found: list[str] = []
    cache: dict[str, list[str] | None] = {}
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        if ".md" not in text:
            continue
        for line, name, quoted, bare in citations(text, path.parent == docs):
            if name not in cache:
                page = docs / f"{name}.md"
                cache[name] = headings(page) if page.is_file() else None
            names = cache[name]
            where = f"{path.name}:{line}"
            if names is None:
                if not bare:
                    found.append(f"{where}: docs/{name}.md: no such page")
            elif quoted is not None and not is_heading(quoted, names):
                found.append(f'{where}: docs/{name}.md "{quoted}": no such heading')
    return found


def machine_paths(pages: list[Path]) -> list[str]:
    """The lines of ``pages`` that name a path of one machine."""
    return [f"{p.name}:{n}: {line.strip()}"
            for p in pages
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if any(m in line for m in MACHINE_PATHS)]


def test_every_cited_page_and_heading_exists() -> None:
    own = Path(__file__).resolve()  # its examples cite pages that are not there
    assert problems([p for p in source_files() if p.resolve() != own]) == []


def test_no_page_names_a_machine_path() -> None:
    assert machine_paths([ROOT / "README.md", *sorted(DOCS.glob("*.md"))]) == []


@pytest.mark.parametrize("cite", [
    '# see docs/page.md "Gone heading"\n',
    "x = 1  # docs/page.md, 'The parts'\n",
    '"""See docs/missing.md."""\n',
    '# docs/page.md "The part: a\n# b, wrapped"\n',
    '("... docs/page.md \'The long \"\n "heading gone\')")\n',
], ids=["a heading gone", "no heading's start", "a page gone", "wrapped in a comment",
        "wrapped over string literals"])
def test_a_broken_citation_fails(tmp_path: Path, cite: str) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "page.md").write_text("# Page\n\n## The part: `a` b\n\n**Run in.** text\n"
                                  "```sh\n# Gone heading\n```\n")
    good = tmp_path / "good.py"
    good.write_text('# docs/page.md "The part: a b" (more) and docs/page.md "The part"\n'
                    "# docs/page.md, 'Run in' and docs/page.md 'The part:\n"
                    '# a b\' and docs/page.md.\n')
    assert problems([good], docs) == []
    bad = tmp_path / "bad.py"
    bad.write_text(cite)
    assert len(problems([bad], docs)) == 1, problems([bad], docs)


def test_a_machine_path_fails(tmp_path: Path) -> None:
    page = tmp_path / "x.md"
    page.write_text("mtgsim compare out/a out/b\nmtgsim compare /work/runs/a out/b\n")
    assert machine_paths([page]) == ["x.md:2: mtgsim compare /work/runs/a out/b"]


def test_a_page_cites_a_sibling_by_its_bare_name(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "page.md").write_text("# Page\n\n## The part\n")
    other = docs / "other.md"
    other.write_text('See page.md "The part", [the README](README.md) and\n'
                     'page.md, "Gone heading".\n')
    assert problems([other], docs) == ['other.md:2: docs/page.md "Gone heading": no such heading']
