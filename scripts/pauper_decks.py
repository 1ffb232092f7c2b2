"""The Pauper metagame in the box: classify the training lists, count each archetype, and
bundle for each of the most played the best-placed real list the engine can play.

    python scripts/pauper_decks.py ../shared/decklists/decklists-2026-04-06.jsonl.gz
    python scripts/pauper_decks.py LISTS --top 18   # the bundle (docs/decks.md), into decks/pauper
    python scripts/pauper_decks.py LISTS --dry-run  # print, write nothing

Every Pauper list is put under an archetype by its signature cards
(``pipelines.archetypes``) or "other"; the counts and shares are printed. For each of the
most played archetypes (every one, or the ``--top`` N) the list chosen is the best-placed (lowest rank, then
the latest event) whose main deck the engine plays whole (every card hand-written or
compiled from Oracle text); if none is, the nearest (fewest main-deck cards missing) is
named with its missing cards and nothing is bundled for it. Chosen lists are written as
``<out>/<key>.txt`` with a header (archetype, source, share, plan, key cards); sideboard
cards the engine cannot play yet are left out of the sideboard and named in a comment
(games use only the main deck). ``<out>/metagame.json`` records every archetype's share
and each choice (``pipelines.metagame``), and every deck file the script wrote before and
did not choose now is removed. Each written deck is loaded back as ``mtgsim`` loads it.
(The lists' distinct card names are ``pipelines/pauper_cards.txt``, made by
``scripts/pauper_cards.py``.)

Run it again after the compiler learns more cards: more archetypes become playable, and
the table it prints says which missing cards matter most.
"""

from __future__ import annotations

import argparse
import gzip
import sys
import textwrap
from collections import Counter
from pathlib import Path

import msgspec

from mtgsim.engine.cards.pool import CardSource
from mtgsim.pipelines import metagame
from mtgsim.pipelines.archetypes import OTHER, PAUPER, Archetype, archetype, classify
from mtgsim.pipelines.coverage import Known, corpus_status
from mtgsim.pipelines.runner import load_decks

REPO = Path(__file__).resolve().parents[1]
GENERATED = "# Written by scripts/pauper_decks.py"


class Row(msgspec.Struct, frozen=True):
    format: str = ""
    event: str = ""
    event_id: str | int = ""
    date: str = ""
    rank: str | int = 0
    main: list[tuple[str, int]] = []
    side: list[tuple[str, int]] = []


def read_rows(path: Path) -> list[Row]:
    raw = path.read_bytes()
    if path.suffix == ".gz":
        raw = gzip.decompress(raw)
    decoder = msgspec.json.Decoder(Row)
    return [r for r in (decoder.decode(line) for line in raw.splitlines() if line.strip())
            if r.format == "pauper"]


class Choice(msgspec.Struct, frozen=True):
    row: Row
    missing: tuple[str, ...]
    missing_side: tuple[str, ...]


def _missing(entries: list[tuple[str, int]], known: Known) -> tuple[str, ...]:
    out = {m[0] for name, _ in entries if (m := known.missing(name)) is not None}
    return tuple(sorted(out))


def choose(rows: list[Row], known: Known) -> Choice:
    """The best-placed list whose main deck loads whole, else the one missing fewest
    main-deck cards (then best-placed): rank, then the latest date, then file order."""
    scored = []
    for i, r in enumerate(rows):
        scored.append((len(_missing(r.main, known)), int(r.rank), _neg_date(r.date), i))
    _, _, _, best = min(scored)
    r = rows[best]
    return Choice(r, _missing(r.main, known), _missing(r.side, known))


def _neg_date(date: str) -> tuple[int, ...]:
    return tuple(-int(x) for x in date.split("-") if x.isdigit())


def _merged(entries: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A list's lines with a name written twice counted once, in first-seen order."""
    counts: dict[str, int] = {}
    for name, n in entries:
        counts[name] = counts.get(name, 0) + n
    return list(counts.items())


def _comment(text: str) -> list[str]:
    return ["# " + line for line in textwrap.wrap(text, 86)]


def deck_text(arch: Archetype, choice: Choice, share: float, lists: int) -> str:
    r = choice.row
    main_names = {n for n, _ in r.main}
    key_cards = [c for c in arch.signature if c in main_names]
    lines = [f"# {arch.name}"]
    lines += _comment(f"Plan: {arch.plan}")
    lines += _comment(f"Key cards: {', '.join(key_cards)}.")
    lines += _comment(f"Source: {r.event}, {r.date}, rank {r.rank} (MTGO); the archetype is "
                      f"{100 * share:.1f}% of the {lists} Pauper training lists.")
    if choice.missing_side:
        lines += _comment("Sideboard cards the engine cannot play yet, left out: "
                          + ", ".join(choice.missing_side) + ".")
    lines.append(GENERATED + " (pipelines/archetypes.py names the archetype).")
    lines.append("Deck")
    lines += [f"{n} {name}" for name, n in _merged(r.main)]
    side = [(name, n) for name, n in _merged(r.side) if name not in set(choice.missing_side)]
    if side:
        lines += ["", "Sideboard"] + [f"{n} {name}" for name, n in side]
    return "\n".join(lines) + "\n"


def _sideboard_missing(choice: Choice, known: Known) -> tuple[str, ...]:
    """The sideboard's names as written whose card the engine lacks."""
    return tuple(sorted({n for n, _ in choice.row.side if known.missing(n) is not None}))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("lists", type=Path, help="the training lists (JSON Lines, .gz)")
    ap.add_argument("--top", type=int, default=0,
                    help="choose lists for the N most played archetypes only (default: "
                         "every archetype, so that one beyond the twelfth is bundled too "
                         "when it loads)")
    ap.add_argument("--out", type=Path, default=REPO / "decks" / "pauper")
    ap.add_argument("--dry-run", action="store_true", help="print the tables, write nothing")
    args = ap.parse_args(argv)
    rows = read_rows(args.lists)
    if not rows:
        print(f"mtgsim: error: {args.lists}:1: no Pauper lists", file=sys.stderr)
        return 2
    by_arch: dict[str, list[Row]] = {}
    for r in rows:
        by_arch.setdefault(classify(n for n, _ in r.main), []).append(r)
    counts = Counter({a: len(v) for a, v in by_arch.items()})
    print(f"{len(rows)} Pauper lists, {len(counts) - (OTHER in counts)} archetypes")
    for name, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {n:>5} {100 * n / len(rows):5.1f}%  {name}")
    known = Known(CardSource().load(), corpus_status())
    order = [a for a in (x.name for x in PAUPER) if counts[a]]
    order.sort(key=lambda a: -counts[a])
    entries = []
    written: list[Path] = []
    top = args.top or len(order)
    print(f"\nthe {top} most played: the list chosen (missing main-deck cards)")
    for name in order[:top]:
        arch = archetype(name)
        choice = choose(by_arch[name], known)
        choice = Choice(choice.row, choice.missing, _sideboard_missing(choice, known))
        r = choice.row
        share = counts[name] / len(rows)
        ok = not choice.missing
        print(f"  {name:<22} {r.event}, {r.date}, rank {r.rank}: "
              + ("loads" if ok else f"{len(choice.missing)} missing: "
                 + ", ".join(choice.missing))
              + (f" (sideboard lacks {', '.join(choice.missing_side)})"
                 if choice.missing_side else ""))
        entries.append(metagame.Entry(name, arch.key, counts[name], round(share, 6),
                                      arch.key if ok else "", r.event, r.date, int(r.rank),
                                      choice.missing, choice.missing_side))
        if ok and not args.dry_run:
            args.out.mkdir(parents=True, exist_ok=True)
            path = args.out / f"{arch.key}.txt"
            path.write_text(deck_text(arch, choice, share, len(rows)), encoding="utf-8")
            written.append(path)
    rest = [metagame.Entry(a, archetype(a).key, counts[a], round(counts[a] / len(rows), 6))
            for a in order[top:]]
    dates = sorted(r.date for r in rows)
    meta = metagame.Metagame(
        "pauper", f"Pauper metagame study: MTGO results {dates[0]} to {dates[-1]}",
        f"{len(rows)} Pauper lists of MTGO Challenges, Showcase Challenges and RC "
        f"qualifiers published {dates[0]} to {dates[-1]} (the training lists)",
        len(rows), tuple(entries + rest), counts[OTHER])
    if args.dry_run:
        return 0
    for old in sorted(args.out.glob("*.txt")):
        if old not in written and GENERATED in old.read_text(encoding="utf-8"):
            old.unlink()
            print(f"removed {old}")
    metagame.write(meta, args.out)
    load_decks(CardSource(), [str(p) for p in written])  # raises if one does not load
    print(f"\nwrote {len(written)} decks and {metagame.METAGAME_FILE} to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
