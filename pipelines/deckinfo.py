"""Deck statistics for people: ``mtgsim deck check FILE...`` and ``mtgsim decks``.

``deck check`` validates each deck list (``engine.decklists.deck``) and prints its mana curve (the
number of non-land main-deck cards at each mana value, with a text histogram), its colour
sources against the coloured mana symbols its spells need, and how many cards carry each
keyword ability. ``decks`` lists the bundled decks with the archetype named on the first
line of each file's header comment.

Counting rules:

* mana value is the card's (X counts as 0, rule 202.3e);
* a colour source is a land or a creature in the main deck with a mana ability that can
  make that colour (a land making three colours is a source of each); other permanents
  with mana abilities are counted as "other";
* a coloured pip is one coloured mana symbol of a non-land card's mana cost; hybrid
  symbols ({R/G}) are counted apart, per colour pair, since either colour pays them;
  activated costs (level up, unearth...) are not counted; a colour is shown when the
  deck's costs ask for it;
* keyword counts are numbers of cards (copies included) whose printed keyword abilities
  include the keyword; rules shorthands such as "can't block" are left out.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mtgsim.engine.cards.card import Card
from mtgsim.engine.cards.pool import CardSource, known_cards
from mtgsim.engine.decklists.deck import Deck, DeckError, load_deck
from mtgsim.engine.keywords import NOT_ORACLE

COLORS = "WUBRG"
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
HISTOGRAM_WIDTH = 40
CURVE_SPREAD = 7  # mana values 0..7 always get a row (once the curve reaches them)

_SYMBOL = re.compile(r"\{([^}]+)\}")
_COMMENT = re.compile(r"^\s*(#|//)\s?(?P<text>.*)$")


@dataclass
class ColorSources:
    """How a deck makes one colour and how much of it its spells ask for."""

    lands: int = 0
    creatures: int = 0
    other: int = 0
    pips: int = 0
    cards: int = 0  # non-land cards with at least one pip of this colour
    max_pips: int = 0  # the most pips of this colour in one card's cost

    @property
    def sources(self) -> int:
        return self.lands + self.creatures + self.other


@dataclass
class DeckInfo:
    """The statistics of one validated deck list."""

    name: str
    path: str
    archetype: str
    header: list[str]
    main_count: int
    sideboard_count: int
    lands: int
    curve: dict[int, int]  # mana value -> non-land main-deck cards
    colors: dict[str, ColorSources] = field(default_factory=dict)
    hybrid: dict[str, ColorSources] = field(default_factory=dict)  # "R/G" -> its pips
    keywords: dict[str, int] = field(default_factory=dict)  # keyword -> cards carrying it

    @property
    def spells(self) -> int:
        return self.main_count - self.lands

    @property
    def average_mana_value(self) -> float:
        n = sum(self.curve.values())
        return sum(mv * c for mv, c in self.curve.items()) / n if n else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "path": self.path, "archetype": self.archetype,
            "main": self.main_count, "sideboard": self.sideboard_count,
            "lands": self.lands, "spells": self.spells,
            "average_mana_value": round(self.average_mana_value, 3),
            "curve": {str(mv): n for mv, n in sorted(self.curve.items())},
            "colors": {
                c: {"sources": s.sources, "lands": s.lands, "creatures": s.creatures,
                    "other": s.other, "pips": s.pips, "cards": s.cards,
                    "max_pips": s.max_pips}
                for c, s in self.colors.items()
            },
            "hybrid": {h: {"sources": s.sources, "pips": s.pips, "cards": s.cards,
                           "max_pips": s.max_pips}
                       for h, s in self.hybrid.items()},
            "keywords": dict(self.keywords),
        }


def header_comment(text: str) -> list[str]:
    """The comment lines at the top of a deck file, before its first card or header line."""
    lines: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            if lines:
                break
            continue
        m = _COMMENT.match(line)
        if m is None:
            break
        lines.append(m.group("text").strip())
    return lines


def archetype_of(header: list[str], fallback: str) -> str:
    """The archetype: the header's first line up to its first colon, else ``fallback``."""
    if not header or not header[0]:
        return fallback
    return header[0].split(":", 1)[0].strip() or fallback


def keyword_names(card: Card) -> list[str]:
    """The card's printed keyword abilities by name ("Annihilator", "Level up", "Enchant")."""
    names = {n for n in card.keyword_names if n not in NOT_ORACLE}
    return sorted(n[:1].upper() + n[1:] for n in names)


def _mana_colors(card: Card) -> set[str]:
    out: set[str] = set()
    for ab in card.mana_abilities:
        out.update(ch for ch in ab.colors if ch in COLORS)
    return out


def _pips(card: Card) -> Counter[str]:
    """Coloured symbols of the card's mana cost: "G" for {G}, "G/U" for {G/U}, as printed."""
    pips: Counter[str] = Counter()
    for sym in _SYMBOL.findall(card.mana_cost):
        parts = sym.split("/")
        if all(part in COLORS for part in parts):
            pips[sym] += 1
    return pips


def deck_info(deck: Deck, path: str, text: str, pool: Mapping[str, Card]) -> DeckInfo:
    """Statistics of a validated deck (``text`` is the file's text, for its header)."""
    header = header_comment(text)
    curve: Counter[int] = Counter()
    colors = {c: ColorSources() for c in COLORS}
    hybrid: dict[str, ColorSources] = {}
    sources: list[tuple[Card, int, set[str]]] = []
    keywords: Counter[str] = Counter()
    lands = 0
    for entry in deck.main:
        card = pool[entry.name]
        n = entry.count
        for kw in keyword_names(card):
            keywords[kw] += n
        made = _mana_colors(card)
        if made:
            sources.append((card, n, made))
        for c in made:
            src = colors[c]
            if card.is_land:
                src.lands += n
            elif card.is_creature:
                src.creatures += n
            else:
                src.other += n
        if card.is_land:
            lands += n
            continue
        curve[card.mana_value] += n
        for c, k in _pips(card).items():
            need = colors[c] if c in colors else hybrid.setdefault(c, ColorSources())
            need.pips += k * n
            need.cards += n
            need.max_pips = max(need.max_pips, k)
    for h, need in hybrid.items():  # a source of either colour pays a hybrid pip
        pair = set(h.split("/"))
        for card, n, made in sources:
            if made & pair:
                if card.is_land:
                    need.lands += n
                elif card.is_creature:
                    need.creatures += n
                else:
                    need.other += n
    used = {c: s for c, s in colors.items() if s.pips}
    return DeckInfo(
        name=deck.name, path=path, archetype=archetype_of(header, deck.title or deck.name),
        header=header, main_count=deck.main_count(), sideboard_count=deck.sideboard_count(),
        lands=lands, curve=dict(curve), colors=used, hybrid=dict(sorted(hybrid.items())),
        keywords=dict(sorted(keywords.items(), key=lambda kv: (-kv[1], kv[0]))),
    )


def load_info(path: str | Path, pool: Mapping[str, Card]) -> DeckInfo:
    """Load, validate and summarise the deck at ``path`` (raises ``DeckError``)."""
    deck = load_deck(path, known_cards(pool))
    text = Path(path).read_text(encoding="utf-8-sig")
    return deck_info(deck, str(path), text, pool)


# --- formatting -----------------------------------------------------------------------------


def _curve_rows(curve: dict[int, int]) -> list[tuple[int, int]]:
    if not curve:
        return []
    top = max(curve)
    low = 0 if curve.get(0) else 1
    return [(mv, curve.get(mv, 0)) for mv in range(low, top + 1)
            if mv <= CURVE_SPREAD or curve.get(mv)]


def _need_line(s: ColorSources, hybrid: bool = False) -> str:
    parts = [f"{s.lands} lands"]
    if s.creatures:
        parts.append(f"{s.creatures} creatures")
    if s.other:
        parts.append(f"{s.other} other")
    kind = "hybrid pips" if hybrid else "pips"
    cards = "card" if s.cards == 1 else "cards"
    need = (f"{s.pips} {kind} in {s.cards} {cards} (at most {s.max_pips} in one cost)"
            if s.pips else "no pips")
    warn = "   <- no source" if s.pips and not s.sources else ""
    return f"{s.sources:>2} sources ({' + '.join(parts)}); {need}{warn}"


def format_info(info: DeckInfo) -> str:
    """The ``deck check`` report of one deck."""
    side = f", sideboard {info.sideboard_count}" if info.sideboard_count else ", no sideboard"
    lines = [
        f"{info.path}: {info.archetype} — {info.main_count} cards "
        f"({info.lands} lands, {info.spells} other){side}",
        f"  mana curve (non-land cards, average mana value {info.average_mana_value:.2f}):",
    ]
    rows = _curve_rows(info.curve)
    peak = max((n for _, n in rows), default=0)
    scale = min(1.0, HISTOGRAM_WIDTH / peak) if peak else 1.0
    for mv, n in rows:
        bar = "#" * max(1 if n else 0, round(n * scale))
        lines.append(f"    {mv:>2} | {bar} {n}" if n else f"    {mv:>2} |")
    lines.append("  colour sources (lands + mana creatures) vs. coloured pips in costs:")
    if not info.colors:
        lines.append("    (no coloured costs)")
    for c, s in info.colors.items():
        lines.append(f"    {c} {COLOR_NAMES[c]:<5}  {_need_line(s)}")
    for h, s in info.hybrid.items():
        lines.append(f"    {h} hybrid  {_need_line(s, hybrid=True)}")
    lines.append("  keywords (cards carrying each):")
    if info.keywords:
        items = [f"{k} {n}" for k, n in info.keywords.items()]
        row = "   "
        for item in items:
            if len(row) + len(item) + 2 > 96:
                lines.append(row.rstrip(","))
                row = "   "
            row += f" {item},"
        lines.append(row.rstrip(","))
    else:
        lines.append("    (none)")
    return "\n".join(lines)


def format_listing(rows: list[tuple[str, str, int, int]]) -> str:
    """The ``decks`` table: name, archetype, main-deck and sideboard sizes."""
    if not rows:
        return "no bundled decks"
    width = max(4, *(len(r[0]) for r in rows))
    arch = max(9, *(len(r[1]) for r in rows))
    lines = [f"{'deck':<{width}}  {'archetype':<{arch}}  {'cards':>5}  sideboard"]
    for name, archetype, main, side in rows:
        lines.append(f"{name:<{width}}  {archetype:<{arch}}  {main:>5}  {side:>9}")
    return "\n".join(lines)


def bundled_deck_paths(decks_dir: Path) -> list[Path]:
    """The bundled deck files, by name."""
    return sorted(decks_dir.glob("*.txt"))


def check_decks(paths: list[str], pool: Mapping[str, Card],
                source: CardSource | None = None
                ) -> tuple[list[DeckInfo], list[DeckError]]:
    """Validate and summarise every deck; the good ones and the errors, in argument order.
    With the pool's ``source``, a card the pool lacks comes from the Oracle compiler
    (``engine.decklists.corpus``: a list with cards that cannot be played names them all)."""
    infos: list[DeckInfo] = []
    errors: list[DeckError] = []
    for p in paths:
        try:
            infos.append(load_info(p, pool))
        except DeckError as exc:
            if source is None:
                errors.append(exc)
                continue
            try:
                infos.append(_with_corpus(p, source, exc))
            except DeckError as again:
                errors.append(again)
    return infos, errors


def _with_corpus(path: str, source: CardSource, exc: DeckError) -> DeckInfo:
    """The deck loaded with the corpus cards it needs; ``exc`` again if it needs none."""
    from mtgsim.engine.decklists.corpus import load_with_corpus

    found = load_with_corpus(source, [Path(path)])
    if found == source:
        raise exc
    return load_info(path, found.load())


# --- the commands ---------------------------------------------------------------------------


def _error_text(exc: DeckError) -> str:
    return f"{exc.file}: {exc.message}" if exc.line == 0 else str(exc)


def _source(args: argparse.Namespace) -> CardSource:
    from mtgsim.pipelines.runner import card_source

    return card_source(args.card_data, args.cards or (), args.override)


def _pool(args: argparse.Namespace) -> Mapping[str, Card]:
    return _source(args).load()


def _shown(path: Path) -> str:
    """A bundled deck's path relative to the working directory when it is below it."""
    if path.is_absolute():
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)
    return str(path)


def cmd_deck(args: argparse.Namespace) -> int:
    """``mtgsim deck check FILE...``: exit 0 if every deck is valid, else 2."""
    from mtgsim.pipelines.runner import resolve_deck_path

    source = _source(args)
    pool = source.load()
    # a path is shown as given; a bundled name as its file (relative when below the cwd)
    paths = [f if Path(f).exists() else _shown(resolve_deck_path(f)) for f in args.files]
    infos, errors = check_decks(paths, pool, source)
    if args.json:
        for info in infos:
            print(json.dumps(info.as_dict()))
    else:
        print("\n\n".join(format_info(info) for info in infos))
    sys.stdout.flush()
    for err in errors:
        print(f"mtgsim: error: {_error_text(err)}", file=sys.stderr)
    if not args.json and len(paths) > 1:
        print(f"{len(infos)} of {len(paths)} decks valid")
    return 2 if errors else 0


def cmd_decks(args: argparse.Namespace) -> int:
    """``mtgsim decks``: the bundled decks; exit 2 if one of them is invalid."""
    from mtgsim.pipelines.runner import DECKS_DIR

    pool = _pool(args)
    rows: list[tuple[str, str, int, int]] = []
    errors: list[DeckError] = []
    for path in bundled_deck_paths(DECKS_DIR):
        try:
            info = load_info(path, pool)
        except DeckError as exc:
            errors.append(exc)
            continue
        rows.append((info.name, info.archetype, info.main_count, info.sideboard_count))
    rows += _metagame_rows(args, pool, errors)
    print(format_listing(rows))
    sys.stdout.flush()
    for err in errors:
        print(f"mtgsim: error: {_error_text(err)}", file=sys.stderr)
    return 2 if errors else 0


def _metagame_rows(args: argparse.Namespace, pool: Mapping[str, Card],
                   errors: list[DeckError]) -> list[tuple[str, str, int, int]]:
    """The decks of the bundled metagames (``decks/pauper/``), named with their folder as
    commands take them (``pauper/elves``); their cards come from the Oracle compiler."""
    from mtgsim.pipelines import metagame

    rows = []
    for name in metagame.available():
        try:
            paths = metagame.deck_paths(metagame.load(name))
        except metagame.MetagameError:
            continue  # a folder whose decks are not written yet
        infos, bad = check_decks([str(p) for p in paths], pool, _source(args))
        errors += bad
        rows += [(f"{name}/{i.name}", i.archetype, i.main_count, i.sideboard_count)
                 for i in infos]
    return rows


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    """Add the ``deck`` and ``decks`` subcommands to the ``mtgsim`` parser."""
    p = sub.add_parser("deck", parents=[common], help="check deck lists and show their stats",
                       description="Validate deck lists and print each one's mana curve, "
                                   "colour sources against coloured pips, and keyword "
                                   "counts; exit 2 if any deck is invalid.")
    p.add_argument("action", choices=("check",),
                   help="check: validate deck files and print their statistics")
    p.add_argument("files", nargs="+", metavar="DECK",
                   help="deck files (or bundled deck names)")
    p.add_argument("--json", action="store_true", help="one JSON object per valid deck")
    p.set_defaults(func=cmd_deck)

    p = sub.add_parser("decks", parents=[common], help="list the bundled decks",
                       description="List the bundled decks (decks/*.txt): name, archetype "
                                   "(the first line of the header comment) and card counts.")
    p.set_defaults(func=cmd_decks)
