"""The examples of README.md and docs/*.md, read from their fenced code blocks.

``tests/packaging/test_docs.py`` runs them; this module only reads them. A block is an example
when its language is a shell (``sh``, ``bash``, ``shell``) or Python (``python``, ``py``).
An HTML comment on the line(s) just before a fence says more about it (GitHub shows none):

``<!-- docs: skip: REASON -->``
    not run (say why: it needs a cluster, it is the test suite itself, ...);
``<!-- docs: slow -->``
    long even when made small: the file's test is marked ``slow``;
``<!-- docs: exit N -->``
    every command of the block is expected to exit with ``N`` (an error example);
``<!-- docs: output of COMMAND -->``
    on a block of any language: the block is what ``COMMAND`` prints, checked line by
    line in order, where a line ``...`` stands for any number of lines.
``<!-- docs: table -->``
    on a Markdown table: every code span of its last column is a shell command, run like
    a one-line shell block (the README's table of commands, one example each).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

SHELL = ("sh", "bash", "shell")
PYTHON = ("python", "py")
_FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>```+|~~~+)\s*(?P<lang>[\w+-]*)")
_MARKER = re.compile(r"^\s*<!--\s*docs:\s*(?P<what>.*?)\s*-->\s*$")
_CODE_SPAN = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Example:
    """One fenced block of a Markdown file, with what its marker says."""

    file: Path
    line: int  # the line of the opening fence
    language: str  # "shell", "python", or the block's own language
    code: str
    skip: str = ""  # the reason it is not run
    slow: bool = False
    exit: int = 0
    output_of: str = ""  # the command whose output the block shows

    @property
    def where(self) -> str:
        return f"{self.file.name}:{self.line}"


def _language(lang: str) -> str:
    lang = lang.lower()
    return "shell" if lang in SHELL else "python" if lang in PYTHON else lang


def _marker(lines: list[str], fence: int) -> dict[str, str]:
    """What the comments just before the fence (blank lines between allowed) say."""
    said: dict[str, str] = {}
    i = fence - 1
    while i >= 0 and not lines[i].strip():
        i -= 1
    while i >= 0 and (m := _MARKER.match(lines[i])) is not None:
        what = m.group("what")
        if what.startswith("skip"):
            said["skip"] = what[4:].lstrip(": ").strip() or "(no reason given)"
        elif what == "slow":
            said["slow"] = "1"
        elif what.startswith("exit"):
            said["exit"] = what[4:].strip()
        elif what.startswith("output of"):
            said["output_of"] = what[len("output of"):].strip()
        elif what == "table":
            said["table"] = "1"
        else:
            raise ValueError(f"unknown docs marker {what!r}")
        i -= 1
    return said


def examples_of(path: Path) -> list[Example]:
    """Every fenced block of a Markdown file, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[Example] = []
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith("|") and "table" in _marker(lines, i):
            i = _table_examples(path, lines, i, out)
            continue
        m = _FENCE.match(lines[i])
        if m is None:
            i += 1
            continue
        fence, indent = m.group("fence"), len(m.group("indent"))
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i][indent:] if lines[i][:indent].isspace() else lines[i])
            i += 1
        i += 1
        said = _marker(lines, start)
        out.append(Example(path, start + 1, _language(m.group("lang")), "\n".join(body),
                           skip=said.get("skip", ""), slow="slow" in said,
                           exit=int(said.get("exit", "0")),
                           output_of=said.get("output_of", "")))
    return out


def _table_examples(path: Path, lines: list[str], start: int, out: list[Example]) -> int:
    """The commands of the table starting at ``start`` (its header, then the separator
    row, then one row per line), one example per code span of the last column; returns
    the line after the table."""
    i = start
    while i < len(lines) and lines[i].lstrip().startswith("|"):
        if i >= start + 2:  # past the header and the |---| row
            cells = lines[i].strip().strip("|").split("|")
            for command in _CODE_SPAN.findall(cells[-1]):
                out.append(Example(path, i + 1, "shell", command.strip()))
        i += 1
    return i


def shell_commands(code: str) -> list[str]:
    """The commands of a shell block: continuation lines joined, blank lines dropped."""
    commands: list[str] = []
    current = ""
    for raw in code.splitlines():
        line = raw.rstrip()
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        current += line
        if current.strip():
            commands.append(current.strip())
        current = ""
    if current.strip():
        commands.append(current.strip())
    return commands


def matches_transcript(expected: str, actual: str) -> str:
    """"" if ``actual`` shows every line of ``expected`` in order (``...`` skips any
    lines); else the first expected line not found, for the message."""
    want = [line.rstrip() for line in expected.splitlines()]
    got = [line.rstrip() for line in actual.splitlines()]
    pos = 0
    loose = False
    for line in want:
        if line.strip() == "...":
            loose = True
            continue
        if loose:
            while pos < len(got) and got[pos] != line:
                pos += 1
        if pos >= len(got) or got[pos] != line:
            return line
        pos += 1
        loose = False
    return ""
