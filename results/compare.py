"""``mtgsim compare JOB_A JOB_B``: the same games played twice, compared game by game.

Two jobs that played the same pairing with the same seeds (a game's seed is a function of
the job seed, the two decks and the game index) hold the same games, played perhaps by
another policy or with other card data. Games are paired by (the two decks, game index,
seed) and by who was on the play; the change of a deck's win rate from A to B then has a
paired interval (Newcombe's, from the 2x2 table of outcomes), far tighter than two
independent samples would give, and a McNemar test.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import numpy as np
import pyarrow as pa

from mtgsim.results.dataset import read_games
from mtgsim.results.intervals import adjust, mcnemar_pvalue, paired_interval, paired_table

COLUMNS = ["deck_a", "deck_b", "game", "seed", "on_play", "winner", "turns"]
FIELD = "(field)"


class CompareError(Exception):
    """The two jobs share no game."""


class Change(msgspec.Struct):
    deck: str
    opponent: str  # or "(field)": every paired game of the deck
    games: int  # paired games
    rate_a: float
    rate_b: float
    change: float  # rate_b - rate_a
    low: float  # 95% paired (Newcombe) interval of the change
    high: float
    won_a_only: float  # discordant games: won in A and lost in B (draws count half)
    won_b_only: float
    same_result: int  # games with the same winner in both
    same_game: int  # games with the same winner and the same length
    p_value: float  # McNemar
    q_value: float  # Benjamini-Hochberg over the table's matchup rows


class Paired(msgspec.Struct):
    """Paired games, one row each, from the point of view of ``deck`` (the pair's first
    deck by name): its score in A and in B (1, 0.5, 0) and both games' lengths."""

    deck: list[str]
    opponent: list[str]
    game: list[int]
    seed: list[int]
    score_a: list[float]
    score_b: list[float]
    turns_a: list[int]
    turns_b: list[int]
    unpaired_a: int  # games of A with no twin in B
    unpaired_b: int
    mismatched: int  # same pair, index and seed but another deck on the play


def _keyed(table: pa.Table) -> dict[tuple[str, str, int, int], tuple[str, float, int]]:
    """(first deck, second deck by name, game, seed) -> (deck on the play, first deck's
    score, turns)."""
    rows = table.select(COLUMNS).to_pydict()
    out = {}
    for a, b, game, seed, on_play, winner, turns in zip(*(rows[c] for c in COLUMNS),
                                                        strict=True):
        a, b = str(a), str(b)
        score = 1.0 if winner == 0 else 0.0 if winner == 1 else 0.5
        first, second = (a, b) if a <= b else (b, a)
        out[(first, second, int(game), int(seed))] = (
            a if on_play == 0 else b, score if first == a else 1.0 - score, int(turns))
    return out


def pair_games(table_a: pa.Table, table_b: pa.Table) -> Paired:
    ka, kb = _keyed(table_a), _keyed(table_b)
    common = sorted(ka.keys() & kb.keys())
    p = Paired([], [], [], [], [], [], [], [], len(ka.keys() - kb.keys()),
               len(kb.keys() - ka.keys()), 0)
    for key in common:
        (play_a, sa, ta), (play_b, sb, tb) = ka[key], kb[key]
        if play_a != play_b:
            p.mismatched += 1
            continue
        p.deck.append(key[0])
        p.opponent.append(key[1])
        p.game.append(key[2])
        p.seed.append(key[3])
        p.score_a.append(sa)
        p.score_b.append(sb)
        p.turns_a.append(ta)
        p.turns_b.append(tb)
    return p


def _change(deck: str, opponent: str, a: np.ndarray, b: np.ndarray, ta: np.ndarray,
            tb: np.ndarray) -> Change:
    table = paired_table(a, b)
    change, low, high = paired_interval(table)
    same = a == b
    return Change(deck, opponent, len(a), float(a.mean()), float(b.mean()), change, low,
                  high, float(table[0, 1]), float(table[1, 0]), int(same.sum()),
                  int((same & (ta == tb)).sum()), mcnemar_pvalue(table), 1.0)


def changes(p: Paired) -> list[Change]:
    """Per matchup (each pair once, from its first deck by name) and per deck against
    all its paired opponents."""
    deck = np.array(p.deck, dtype=object)
    opp = np.array(p.opponent, dtype=object)
    sa, sb = np.array(p.score_a), np.array(p.score_b)
    ta, tb = np.array(p.turns_a), np.array(p.turns_b)
    names = sorted(set(p.deck) | set(p.opponent))
    rows = []
    for d, o in sorted(set(zip(p.deck, p.opponent, strict=True))):
        m = (deck == d) & (opp == o)
        rows.append(_change(d, o, sa[m], sb[m], ta[m], tb[m]))
    for row, q in zip(rows, adjust([r.p_value for r in rows]), strict=True):
        row.q_value = q
    for d in names:
        mine = deck == d
        theirs = opp == d
        a = np.concatenate([sa[mine], 1 - sa[theirs]])
        b = np.concatenate([sb[mine], 1 - sb[theirs]])
        rows.append(_change(d, FIELD, a, b, np.concatenate([ta[mine], ta[theirs]]),
                            np.concatenate([tb[mine], tb[theirs]])))
    return rows


class Comparison(msgspec.Struct):
    job_a: str
    job_b: str
    differences: dict[str, list[str]]  # manifest field -> [value in A, value in B]
    paired_games: int
    unpaired_a: int
    unpaired_b: int
    mismatched: int
    changes: list[Change]


MANIFEST_FIELDS = ("kind", "engine_version", "card_data_hash", "seed", "policies",
                   "max_turns")


def _manifest(folder: Path) -> dict[str, object]:
    path = folder / "manifest.json"
    if not path.exists():
        return {}
    raw = msgspec.json.decode(path.read_bytes())
    return raw if isinstance(raw, dict) else {}


def compare_jobs(a: Path, b: Path) -> Comparison:
    """Pair the games of two job folders and measure every change."""
    for folder in (a, b):
        if not (folder / "games").is_dir():
            raise CompareError(f"{folder}: not a job folder (no games/ dataset)")
    p = pair_games(read_games(a, COLUMNS), read_games(b, COLUMNS))
    if not p.deck:
        raise CompareError(
            f"{a} and {b} share no game: comparing needs the same pairings played with "
            "the same seeds (the same --seed)")
    ma, mb = _manifest(a), _manifest(b)
    diff = {k: [_show(ma.get(k)), _show(mb.get(k))] for k in MANIFEST_FIELDS
            if ma.get(k) != mb.get(k)}
    deck_a = {d["name"]: d.get("sha256", "") for d in ma.get("decks", [])}  # type: ignore[attr-defined]
    deck_b = {d["name"]: d.get("sha256", "") for d in mb.get("decks", [])}  # type: ignore[attr-defined]
    for name in sorted(deck_a.keys() & deck_b.keys()):
        if deck_a[name] != deck_b[name]:
            diff[f"deck {name}"] = [deck_a[name], deck_b[name]]
    name_a, name_b = str(ma.get("job", a.name)), str(mb.get("job", b.name))
    if name_a == name_b:  # the same job id: tell them apart by their folders
        name_a, name_b = f"{name_a} ({a})", f"{name_b} ({b})"
    return Comparison(name_a, name_b, diff,
                      len(p.deck), p.unpaired_a, p.unpaired_b, p.mismatched, changes(p))


def _show(value: object) -> str:
    if isinstance(value, list | tuple):
        return " vs ".join(str(v) for v in value)
    return "" if value is None else str(value)


def format_comparison(c: Comparison) -> str:
    lines = [f"{c.job_a} -> {c.job_b}: {c.paired_games} paired games (same pairing, game "
             f"index and seed); unpaired: {c.unpaired_a} in A, {c.unpaired_b} in B"
             + (f", {c.mismatched} with another deck on the play" if c.mismatched else "")]
    for k, (va, vb) in c.differences.items():
        lines.append(f"  {k}: {va} -> {vb}")
    lines.append(f"{'deck':<22} {'opponent':<22} {'games':>6} {'A':>6} {'B':>6} "
                 f"{'change':>7} {'95% CI (paired)':>17} {'A only':>7} {'B only':>7} "
                 f"{'same':>6} {'q':>6}")
    for r in c.changes:
        q = "" if r.opponent == FIELD else f"{r.q_value:.3f}"
        lines.append(
            f"{r.deck:<22} {r.opponent:<22} {r.games:>6} {100 * r.rate_a:>5.1f}% "
            f"{100 * r.rate_b:>5.1f}% {100 * r.change:>+6.1f} "
            f"({100 * r.low:+6.1f} … {100 * r.high:+5.1f}) {r.won_a_only:>7g} "
            f"{r.won_b_only:>7g} {r.same_result:>6} {q:>6}")
    return "\n".join(lines)
