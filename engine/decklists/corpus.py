"""Deck lists whose cards the pool's files lack: those cards come from the Oracle
compiler (``engine.cards.oracle``), with no flag to ask for it.

``load_with_corpus`` reads each list once more when the pool does not know a card of it:
every card it names that the pool lacks is looked up in the bundled corpus and compiled.
If any cannot be played, the list is refused naming every one of them in one message (not
in the corpus, with a "did you mean" for a close spelling; or the clause the compiler
did not understand) and how to supply a card by hand. Otherwise the card source gains
those corpus cards, and the list is loaded from the pool it makes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from mtgsim.engine.cards.card import CardPool
from mtgsim.engine.cards.oracle.corpus import fold
from mtgsim.engine.cards.oracle.library import Found, Missing, resolve, suggest
from mtgsim.engine.cards.pool import CardSource, compile_card
from mtgsim.engine.decklists.dek import looks_like_dek, read_dek
from mtgsim.engine.decklists.lines import DeckError, DeckLine, read_list_file
from mtgsim.engine.decklists.text import read_text

HOW_TO_ADD = ("to supply a card by hand, write it in a card file and give it with "
              "--cards FILE (docs/cards.md)")


def read_names(path: Path) -> list[DeckLine]:
    """The card lines of the list at ``path`` (raises DeckError for a file that cannot
    be read, or the first line that is no card line)."""
    return lines_of(read_list_file(path), str(path))


def lines_of(text: str, file: str) -> list[DeckLine]:
    """The card lines of a list's ``text`` (any text format, or .dek XML); raises
    DeckError for the first line that is no card line."""
    read = read_dek(text, file) if looks_like_dek(text, file) else read_text(text, file)
    if read.error is not None:
        raise DeckError(file, *read.error)
    return list(read.lines)


NAME_CUT = 100  # characters of a name as written that a message repeats


def _cut(text: str) -> str:
    return text if len(text) <= NAME_CUT else text[:NAME_CUT] + "..."


def problem(line: DeckLine, missing: Missing, one: bool) -> str:
    """One card that stops a list, for people (``one``: the only one, at its line)."""
    where = "" if one else f"line {line.line}; "
    if not missing.in_corpus:
        hint = f"; did you mean '{missing.suggestion}'?" if missing.suggestion else ""
        return f"unknown card '{_cut(line.name)}' ({where}not in the corpus{hint})"
    at = "" if one else f" (line {line.line})"
    return f"'{missing.name}'{at} cannot be played: {_cut(missing.reason)}"


def corpus_cards(path: Path, pool: CardPool) -> list[str]:
    """The corpus cards the list at ``path`` needs beyond ``pool``; raises DeckError
    naming every card of the list that cannot be played."""
    return needed_cards(read_names(path), str(path), pool)


def needed_cards(lines: Sequence[DeckLine], file: str, pool: CardPool) -> list[str]:
    """The corpus cards the list of ``lines`` (read from ``file``) needs beyond ``pool``;
    raises DeckError naming every card of the list that cannot be played."""
    known = {fold(n) for n in pool}
    unknown = [ln for ln in lines if fold(ln.name) not in known]
    results = resolve([ln.name for ln in unknown], compile_card)
    bad: list[tuple[DeckLine, Missing]] = []
    seen: set[str] = set()
    names: list[str] = []
    for ln in unknown:
        got = results[ln.name]
        if isinstance(got, Found):
            names.append(got.name)
            continue
        key = fold(ln.name)
        if key in seen:
            continue
        seen.add(key)
        if not got.in_corpus and not got.suggestion:
            got = Missing(got.written, got.reason, suggestion=suggest(ln.name, extra=pool))
        bad.append((ln, got))
    if bad:
        one = len(bad) == 1
        text = "; ".join(problem(ln, m, one) for ln, m in bad)
        head = "" if one else f"{len(bad)} cards of this list cannot be played: "
        raise DeckError(file, bad[0][0].line, f"{head}{text}; {HOW_TO_ADD}", whole=True)
    return names


def load_with_corpus(source: CardSource, paths: Sequence[Path]) -> CardSource:
    """The card source that also holds the corpus cards the lists at ``paths`` need
    (``source`` itself when they need none); raises DeckError as ``corpus_cards``."""
    pool = source.load()
    names: list[str] = []
    for path in paths:
        names += corpus_cards(path, pool)
    return source.with_corpus(names) if names else source
