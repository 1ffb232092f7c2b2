"""``mtgsim cards coverage``: how much of the Oracle corpus the compiler understands, and
how many real deck lists the engine can load, ranked by what would unlock the most next.

Corpus figures: the cards that compile, by type line and by layout; the refused ones by
reason; the clauses not understood, each with the cards it appears in and the cards it
alone stops (it would unlock them). With deck lists (JSON Lines as
``shared/decklists``: ``format``, ``main`` and ``side`` lists of [name, count]): how many
lists load whole (every card of main deck and sideboard known: hand-written or
compiled), by format, and two greedy rankings: the missing cards, and the clauses, that
make the most further lists whole, each step given the steps before.

Compiling the whole corpus takes a few tens of seconds; the result is cached beside the
compiled cards (``engine.cards.oracle.cache``), keyed the same way.
"""

from __future__ import annotations

import gzip
import json
import os
import tempfile
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from mtgsim.engine.cards.card import Card
from mtgsim.engine.cards.oracle import corpus
from mtgsim.engine.cards.oracle.cache import cache_dir, cache_key
from mtgsim.engine.cards.oracle.compiler import Compiled, compile_record
from mtgsim.engine.cards.pool import compile_card


class Status(msgspec.Struct, frozen=True):
    """What the compiler makes of one corpus card."""

    name: str
    layout: str
    type_line: str  # the card types, as "Artifact Creature"
    ok: bool
    reason: str = ""  # why refused when not for clauses (layout, type, cost, ...)
    clauses: tuple[str, ...] = ()  # each line's first clause not understood


class _StatusFile(msgspec.Struct):
    key: str
    cards: list[Status]


def corpus_status(path: str = str(corpus.CORPUS), use_cache: bool = True) -> list[Status]:
    """Every corpus card's status, in corpus order (from the disk cache when it holds
    this corpus and compiler's)."""
    key = cache_key(path)
    file = cache_dir() / f"coverage-{key}.msgpack"
    if use_cache and file.is_file():
        try:
            got = msgspec.msgpack.decode(file.read_bytes(), type=_StatusFile)
            if got.key == key:
                return got.cards
        except (msgspec.DecodeError, msgspec.ValidationError, OSError):
            pass  # corrupt: rebuilt below
    cards = [_status(rec) for rec in corpus.records(path).values()]
    if use_cache:
        _save(file, msgspec.msgpack.encode(_StatusFile(key, cards)))
    return cards


def _save(file: Path, data: bytes) -> None:
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=file.parent, prefix=".coverage-")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, file)
    except OSError:
        pass  # no cache: figures are computed again next time


def _status(rec: corpus.Record) -> Status:
    type_line = " ".join(rec.types)
    got = compile_record(rec, compile_card, every=True)
    if isinstance(got, Compiled):
        return Status(rec.name, rec.layout, type_line, True)
    if got.clauses and got.clauses != ("",):
        return Status(rec.name, rec.layout, type_line, False, clauses=got.clauses)
    return Status(rec.name, rec.layout, type_line, False, reason=got.reason)


@dataclass
class ClauseCount:
    clause: str
    cards: int  # refused cards it appears in
    unlocks: int  # cards it alone stops


def corpus_figures(cards: list[Status], top: int) -> dict[str, Any]:
    """The corpus part of the report."""
    ok = [c for c in cards if c.ok]
    by_type = Counter(c.type_line for c in ok)
    by_layout = Counter(c.layout for c in ok)
    reasons = Counter(_reason_kind(c.reason) for c in cards if not c.ok and c.reason)
    appears: Counter[str] = Counter()
    alone: Counter[str] = Counter()
    for c in cards:
        if c.ok or c.reason:
            continue
        distinct = {_clause_key(k) for k in c.clauses}
        appears.update(distinct)
        if len(distinct) == 1:
            alone.update(distinct)
    ranked = sorted(appears, key=lambda k: (-alone[k], -appears[k], k))[:top]
    return {
        "cards": len(cards),
        "compiled": len(ok),
        "by_type": dict(by_type.most_common()),
        "by_layout": dict(by_layout.most_common()),
        "refused_by_reason": dict(reasons.most_common()),
        "refused_by_clauses": sum(1 for c in cards if not c.ok and not c.reason),
        "clauses": [{"clause": k, "cards": appears[k], "unlocks": alone[k]} for k in ranked],
    }


def _clause_key(clause: str) -> str:
    """A clause as it is counted: its first letter in lower case ("Scry 1" starting a
    sentence and "scry 1" after "When ~ enters, " are one clause)."""
    return clause[:1].lower() + clause[1:]


def _reason_kind(reason: str) -> str:
    """A reason without its particulars ("transform layout", "power or toughness")."""
    if reason.startswith("mana cost "):
        return "mana symbols the engine cannot pay"
    if reason.startswith("power or toughness "):
        return "power or toughness not a number"
    if reason.startswith("not a valid card"):
        return "not a valid card"
    return reason.split(":", 1)[0]


# --- deck lists ------------------------------------------------------------------------


class DeckList(msgspec.Struct, frozen=True):
    format: str = ""
    event: str = ""
    main: list[tuple[str, int]] = []
    side: list[tuple[str, int]] = []


def read_lists(path: str | Path, fmt: str | None = None) -> list[DeckList]:
    """The lists of a JSON Lines file (gzipped if it ends in .gz), of one format if
    given; raises ValueError naming the line of a list it cannot read."""
    raw = Path(path).read_bytes()
    if str(path).endswith(".gz"):
        raw = gzip.decompress(raw)
    decoder = msgspec.json.Decoder(DeckList)
    out = []
    for i, line in enumerate(raw.splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = decoder.decode(line)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise ValueError(f"{path}:{i}: not a deck list ({exc})") from None
        if fmt is None or d.format == fmt:
            out.append(d)
    return out


class Known:
    """Which deck-list names the engine can play, and for a missing one what stops it:
    ("card", name) items, and the clauses if only clauses do."""

    def __init__(self, pool: Mapping[str, Card], cards: list[Status],
                 path: str = str(corpus.CORPUS)) -> None:
        self.pool = {corpus.fold(n) for n in pool}
        self.status = {c.name: c for c in cards}
        self.path = path
        self.memo: dict[str, tuple[str, tuple[str, ...] | None]] = {}

    def missing(self, written: str) -> tuple[str, tuple[str, ...] | None] | None:
        """None if known; else (the card's name, its clauses or None if clauses are not
        all that stop it)."""
        key = corpus.fold(written)
        if key in self.pool:
            return None
        got = self.memo.get(key)
        if got is None:
            rec = corpus.lookup(written, self.path)
            if rec is None:
                got = (written, None)
            else:
                st = self.status[rec.name]
                got = ("", ()) if st.ok else (rec.name, st.clauses if not st.reason else None)
            self.memo[key] = got
        return None if got[0] == "" else got


def deck_figures(lists: list[DeckList], known: Known, top: int) -> dict[str, Any]:
    """The deck-list part of the report."""
    missing_cards: list[set[str]] = []
    missing_main: list[bool] = []
    clause_sets: list[set[str] | None] = []
    formats: Counter[str] = Counter()
    whole: Counter[str] = Counter()
    whole_main: Counter[str] = Counter()
    for d in lists:
        formats[d.format] += 1
        need: set[str] = set()
        clauses: set[str] | None = set()
        main_ok = True
        for section, entries in (("main", d.main), ("side", d.side)):
            for name, _ in entries:
                m = known.missing(name)
                if m is None:
                    continue
                need.add(m[0])
                main_ok = main_ok and section != "main"
                if m[1] is None or clauses is None:
                    clauses = None
                else:
                    clauses.update(_clause_key(k) for k in m[1])
        if not need:
            whole[d.format] += 1
        if main_ok:
            whole_main[d.format] += 1
        missing_cards.append(need)
        missing_main.append(main_ok)
        clause_sets.append(clauses)
    return {
        "lists": len(lists),
        "whole": sum(whole.values()),
        "main_deck_whole": sum(whole_main.values()),
        "by_format": {f: {"lists": n, "whole": whole[f], "main_deck_whole": whole_main[f]}
                      for f, n in sorted(formats.items())},
        "next_cards": greedy([s for s in missing_cards if s], top),
        "next_clauses": greedy([s for s in clause_sets if s], top),
        "lists_clauses_could_unlock": sum(1 for s in clause_sets if s),
    }


def greedy(sets: Iterable[set[str]], top: int) -> list[dict[str, Any]]:
    """Greedy over the lists: at each step the item (card or clause) whose addition makes
    the most lists whole; where none would (or to break ties), the one the lists need
    most, each list weighing one over the number of items it still lacks (the lists
    nearest to whole first). Each step: the item, the lists it completes, the total so
    far, the lists still needing it."""
    remaining = [set(s) for s in sets]
    steps: list[dict[str, Any]] = []
    total = 0
    for _ in range(top):
        remaining = [s for s in remaining if s]
        if not remaining:
            break
        last = Counter(next(iter(s)) for s in remaining if len(s) == 1)
        needed = Counter(x for s in remaining for x in s)
        weight: dict[str, float] = {}
        for s in remaining:
            for x in s:
                weight[x] = weight.get(x, 0.0) + 1.0 / len(s)
        item = min(needed, key=lambda k: (-last[k], -round(weight[k], 9), -needed[k], k))
        done = last[item]
        total += done
        for s in remaining:
            s.discard(item)
        steps.append({"item": item, "unlocks": done, "total": total,
                      "lists_needing": needed[item]})
    return steps


# --- output --------------------------------------------------------------------------


def format_report(report: dict[str, Any]) -> str:
    """The report for people."""
    c = report["corpus"]
    lines = [f"corpus: {c['compiled']} of {c['cards']} cards compile "
             f"({100 * c['compiled'] / max(1, c['cards']):.1f}%)", "  by type:"]
    lines += [f"    {n:>6}  {t}" for t, n in c["by_type"].items()]
    lines.append("  by layout: " + ", ".join(f"{k} {n}" for k, n in c["by_layout"].items()))
    lines.append(f"  refused for clauses not understood: {c['refused_by_clauses']}")
    lines.append("  refused for other reasons:")
    lines += [f"    {n:>6}  {r}" for r, n in c["refused_by_reason"].items()]
    lines.append("  clauses not understood (cards it alone stops / cards it appears in):")
    lines += [f"    {r['unlocks']:>5} {r['cards']:>6}  {r['clause']}" for r in c["clauses"]]
    d = report.get("decks")
    if d is not None:
        lines.append(f"deck lists: {d['whole']} of {d['lists']} load whole "
                     f"({d['main_deck_whole']} main decks whole)")
        for f, v in d["by_format"].items():
            lines.append(f"    {f:<10} {v['whole']:>5} of {v['lists']:>5} whole "
                         f"({v['main_deck_whole']} main decks)")
        lines.append("  next cards (lists it completes, total, lists still needing it):")
        lines += [f"    {s['unlocks']:>5} {s['total']:>6} {s['lists_needing']:>6}  {s['item']}"
                  for s in d["next_cards"]]
        lines.append(f"  next clauses ({d['lists_clauses_could_unlock']} lists lack only "
                     "cards refused for clauses):")
        lines += [f"    {s['unlocks']:>5} {s['total']:>6} {s['lists_needing']:>6}  {s['item']}"
                  for s in d["next_clauses"]]
    return "\n".join(lines)


def report(pool: Mapping[str, Card], decks: str | None, fmt: str | None,
           top: int) -> dict[str, Any]:
    """Everything ``mtgsim cards coverage`` prints (its ``--json``)."""
    cards = corpus_status()
    out: dict[str, Any] = {"corpus": corpus_figures(cards, top)}
    if decks is not None:
        lists = read_lists(decks, fmt)
        out["decks"] = {"file": decks, "format": fmt, **deck_figures(lists, Known(pool, cards),
                                                                   top)}
    return out


def as_json(report: dict[str, Any]) -> str:
    return json.dumps(report)
