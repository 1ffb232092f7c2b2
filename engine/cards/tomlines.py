"""Finding the line of a value in a TOML text, for error messages.

``tomllib`` and msgspec report where the *syntax* breaks, but a schema error only names a
path (``$.abilities[1].effects[0].do``). :func:`locate` maps such a path back to the line
that writes it: the ``key =`` line, or the ``[table]`` / ``[[array of tables]]`` header,
of the longest prefix of the path the text spells out. Values written inline (``spell =
{ ... }``) are located at their key's line.
"""

from __future__ import annotations

import re

__all__ = ["locate"]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"""^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')"""
                  r"""(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=""")
_PART = re.compile(r"""[A-Za-z0-9_-]+|"([^"]*)"|'([^']*)'""")

Step = str | int


def _parts(dotted: str) -> list[str]:
    out = []
    for m in _PART.finditer(dotted):
        out.append(m.group(1) if m.group(1) is not None else
                   m.group(2) if m.group(2) is not None else m.group(0))
    return out


class _Tables:
    """The absolute paths of tables as the headers of a TOML text open them."""

    def __init__(self) -> None:
        self.arrays: dict[tuple[Step, ...], int] = {}  # array of tables -> last index

    def resolve(self, parts: list[str]) -> tuple[Step, ...]:
        """A header's path with the current index of every array of tables it passes."""
        path: list[Step] = []
        for part in parts:
            path.append(part)
            index = self.arrays.get(tuple(path))
            if index is not None:
                path.append(index)
        return tuple(path)

    def open_array(self, parts: list[str]) -> tuple[Step, ...]:
        parent = self.resolve(parts[:-1])
        key = (*parent, parts[-1])
        self.arrays[key] = self.arrays.get(key, -1) + 1
        return (*key, self.arrays[key])


def _entries(text: str) -> list[tuple[tuple[Step, ...], int]]:
    """(absolute path, line) of every header and key line, skipping multi-line strings."""
    out: list[tuple[tuple[Step, ...], int]] = []
    tables = _Tables()
    current: tuple[Step, ...] = ()
    in_string: str | None = None
    for lineno, line in enumerate(text.splitlines(), 1):
        if in_string is not None:
            if line.count(in_string) % 2 == 1:
                in_string = None
            continue
        header = _HEADER.match(line)
        if header is not None:
            parts = _parts(header.group(2))
            current = tables.open_array(parts) if header.group(1) == "[[" else \
                tables.resolve(parts)
            out.append((current, lineno))
            continue
        key = _KEY.match(line)
        if key is None:
            continue
        out.append(((*current, *_parts(key.group(1))), lineno))
        rest = line[key.end():]
        for quote in ('"""', "'''"):
            if rest.count(quote) % 2 == 1:
                in_string = quote
                break
    return out


def locate(text: str, path: list[Step] | tuple[Step, ...]) -> int:
    """The line (1-based) that writes ``path``, or its longest written prefix; 1 if none."""
    want = tuple(path)
    best, best_len = 1, -1
    for where, lineno in _entries(text):
        n = 0
        while n < len(where) and n < len(want) and where[n] == want[n]:
            n += 1
        if n == len(where) and n > best_len:  # ``where`` is a prefix of the path
            best, best_len = lineno, n
    return best
