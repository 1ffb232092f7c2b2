"""Cards from the corpus by the names deck lists give them: found and compiled, refused
with the clause that stopped them, or not in the corpus ("did you mean" only for a close
spelling of a real card name). Compiled definitions and refusals are kept in a cache on
disk (``engine.cards.oracle.cache``), so a deck of corpus cards loads without reading
the corpus again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from mtgsim.engine.cards.oracle import cache, corpus
from mtgsim.engine.cards.schema.carddef import CardDef
from mtgsim.engine.cards.spelling import close_names

Check = Callable[[CardDef], object]


@dataclass(frozen=True)
class Found:
    """A corpus card that compiles: its exact name and its definition."""

    name: str
    defn: CardDef


@dataclass(frozen=True)
class Missing:
    """A name that gives no playable card: ``reason`` ("not in the corpus", or why the
    compiler refuses the card), the card's exact name when it is in the corpus, and a
    suggestion for a misspelling."""

    written: str
    reason: str
    name: str = ""
    suggestion: str = ""

    @property
    def in_corpus(self) -> bool:
        return bool(self.name)


Result = Found | Missing


def resolve(names: Iterable[str], check: Check, path: str = str(corpus.CORPUS)
            ) -> dict[str, Result]:
    """Each name (as a deck list writes it) -> its card or why there is none. Reads the
    disk cache first; compiles (and caches) what it lacks."""
    wanted = list(dict.fromkeys(names))
    store = cache.open_cache(path)
    out: dict[str, Result] = {}
    todo = []
    for w in wanted:
        entry = store.get(corpus.fold(w))
        if entry is None:
            todo.append(w)
        elif entry.defn is not None:
            out[w] = Found(entry.name, entry.defn)
        else:
            out[w] = Missing(w, entry.reason, entry.name, entry.suggestion)
    if todo:
        for w in todo:
            result = _resolve_one(w, check, path)
            out[w] = result
            store.put(corpus.fold(w), result.name, result.defn if isinstance(result, Found)
                      else None, "" if isinstance(result, Found) else result.reason,
                      "" if isinstance(result, Found) else result.suggestion)
        store.save()
    return {w: out[w] for w in wanted}


def _resolve_one(written: str, check: Check, path: str) -> Result:
    # imported here: a warm cache answers without loading the compiler (start-up time)
    from mtgsim.engine.cards.oracle.compiler import Compiled, compile_record

    rec = corpus.lookup(written, path)
    if rec is None:
        return Missing(written, "not in the corpus", suggestion=suggest(written, path))
    got = compile_record(rec, check)
    if isinstance(got, Compiled):  # named as the card is: a double-faced card by its
        return Found(got.defn.name, got.defn)  # front face (712.8a), as deck lists name it
    return Missing(written, got.message(), rec.name)


def suggest(written: str, path: str = str(corpus.CORPUS),
            extra: Iterable[str] = ()) -> str:
    """The real card names ``written`` is a close misspelling of ("A" or "A' or 'B" when
    several are equally close), or "" (``engine.cards.spelling``: an edit distance
    within a threshold, so an unrelated name gets no suggestion)."""
    key = corpus.fold(written)
    names = corpus.by_folded_name(path)
    pool = {corpus.fold(n): n for n in extra}
    return "' or '".join(close_names(key, {**names, **pool}))
