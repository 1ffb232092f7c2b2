"""``mtgsim compare JOB_A JOB_B``: the same games played twice, compared game by game.

Two jobs that played the same pairing with the same seeds (a game's seed is a function of
the job seed, the two decks and the game index) hold the same games, played perhaps by
another policy or with other card data. Games are paired by (the two decks, game index,
seed) and by who was on the play; the change of a deck's win rate from A to B then has a
paired interval (Newcombe's, from the 2x2 table of outcomes), far tighter than two
independent samples would give, and a McNemar test.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import numpy as np
import pyarrow as pa

from mtgsim.results.dataset import read_games
from mtgsim.results.intervals import (
    adjust,
    format_p,
    mcnemar_pvalue,
    paired_interval,
    paired_table,
)
from mtgsim.results.manifest import Manifest, RawManifestError, RawRead, try_raw_manifest

COLUMNS = ["deck_a", "deck_b", "game", "seed", "on_play", "winner", "turns"]
# the opponent of a deck's row over every paired game against every opponent: "pooled"
# (not "field", which the report keeps for rates weighted by metagame share)
POOLED = "(pooled)"


class CompareError(Exception):
    """The two jobs share no game."""


class Change(msgspec.Struct):
    deck: str
    opponent: str  # or "(pooled)": every paired game of the deck, all opponents
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


STEP = 100_000  # rows keyed between two progress reports


def _keyed(table: pa.Table, step: Callable[[int], None] | None = None
           ) -> dict[tuple[str, str, int, int], tuple[str, float, int]]:
    """(first deck, second deck by name, game, seed) -> (deck on the play, first deck's
    score, turns). ``step(rows)`` after each ``STEP`` rows (a big job's progress)."""
    out = {}
    for batch in table.select(COLUMNS).to_batches(max_chunksize=STEP):
        rows = batch.to_pydict()
        for a, b, game, seed, on_play, winner, turns in zip(*(rows[c] for c in COLUMNS),
                                                            strict=True):
            a, b = str(a), str(b)
            score = 1.0 if winner == 0 else 0.0 if winner == 1 else 0.5
            first, second = (a, b) if a <= b else (b, a)
            out[(first, second, int(game), int(seed))] = (
                a if on_play == 0 else b, score if first == a else 1.0 - score, int(turns))
        if step is not None:
            step(batch.num_rows)
    return out


def pair_games(table_a: pa.Table, table_b: pa.Table,
               progress: Callable[[int, int], None] | None = None) -> Paired:
    """The games of the two tables paired by (decks, game, seed); ``progress(games
    read, games of both)`` as they are keyed (the slow part: a Python pass per row)."""
    total = table_a.num_rows + table_b.num_rows
    done = [0]

    def step(rows: int) -> None:
        done[0] += rows
        if progress is not None:
            progress(done[0], total)

    if progress is not None:
        progress(0, total)
    ka, kb = _keyed(table_a, step), _keyed(table_b, step)
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
        rows.append(_change(d, POOLED, a, b, np.concatenate([ta[mine], ta[theirs]]),
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


# what a manifest records about the run rather than the games: the job id (the header
# names both jobs) and when it was created and finished. Every other field is compared.
RUN_FIELDS = frozenset({"job", "created", "finished"})
MAX_PAIR_ROWS = 12  # matchups that differ, one row each; more are one row


def _manifest(read: RawRead) -> dict[str, Any]:
    """A job folder's raw manifest (as ``try_raw_manifest`` read it), empty when it has
    none (a folder of games alone is compared on its games); one that cannot be read is a
    one-line error."""
    if isinstance(read, RawManifestError):
        if read.missing:
            return {}
        raise CompareError(str(read))
    return read


def manifest_differences(ma: dict[str, Any], mb: dict[str, Any]) -> dict[str, list[str]]:
    """Every difference between two manifests (read as plain data), but the run's own
    fields (``RUN_FIELDS``): the fields of ``results.manifest.Manifest`` in order, then any
    other key either holds (a later or an earlier mtgsim's). Decks, per-deck policies,
    ``extra`` and matchups are compared item by item (``deck NAME``, ``policy of NAME``,
    ``extra KEY``, ``matchup A vs B``), the rest as values."""
    keys = [f for f in msgspec.structs.fields(Manifest) if f.name not in RUN_FIELDS]
    names = [f.name for f in keys]
    names += sorted((ma.keys() | mb.keys()) - set(names) - RUN_FIELDS)
    defaults = {f.name: f.default if f.default is not msgspec.NODEFAULT else
                f.default_factory() if f.default_factory is not msgspec.NODEFAULT else None
                for f in keys}
    diff: dict[str, list[str]] = {}
    for k in names:
        va, vb = ma.get(k, defaults.get(k)), mb.get(k, defaults.get(k))
        if k == "decks":
            diff.update(_deck_differences(va or [], vb or []))
        elif k == "deck_policies":
            diff.update(_policy_differences(ma, mb))
        elif k == "extra":
            for key in sorted((va or {}).keys() | (vb or {}).keys()):
                a, b = (va or {}).get(key), (vb or {}).get(key)
                if a != b:
                    diff[f"extra {key}"] = [_show(a), _show(b)]
        elif k == "matchups":
            diff.update(_matchup_differences(va or [], vb or []))
        elif k == "play_versions":
            diff.update(_play_differences(va or {}, vb or {}))
        elif _norm(va) != _norm(vb):
            diff[k] = [_show(va), _show(vb)]
    return diff


def _norm(value: object) -> object:
    return [_norm(v) for v in value] if isinstance(value, list | tuple) else value


def _deck_differences(da: list[dict[str, Any]], db: list[dict[str, Any]]
                      ) -> dict[str, list[str]]:
    a = {d["name"]: d for d in da}
    b = {d["name"]: d for d in db}
    diff = {}
    for name in list(a) + [n for n in b if n not in a]:
        x, y = a.get(name), b.get(name)
        if x is None or y is None:
            diff[f"deck {name}"] = [_deck(x), _deck(y)]
        elif x.get("sha256", "") != y.get("sha256", "") or x.get("cards") != y.get("cards"):
            diff[f"deck {name}"] = [_deck(x), _deck(y)]
    if not diff and [d["name"] for d in da] != [d["name"] for d in db]:
        diff["deck order"] = [", ".join(a), ", ".join(b)]
    return diff


def _deck(d: dict[str, Any] | None) -> str:
    if d is None:
        return "(not in this job)"
    return f"{len(d.get('cards', []))} cards, sha256 {str(d.get('sha256', ''))[:16]}"


def _policy_differences(ma: dict[str, Any], mb: dict[str, Any]) -> dict[str, list[str]]:
    """Each deck's own pilot (``deck_policies``, aligned with ``decks``): the spec, or
    "(its side's)"."""
    def own(m: dict[str, Any]) -> dict[str, str]:
        specs = list(m.get("deck_policies") or [])
        return {d["name"]: (specs[i] if i < len(specs) else "")
                for i, d in enumerate(m.get("decks") or [])}
    a, b = own(ma), own(mb)
    return {f"policy of {name}": [a.get(name) or "(its side's)", b.get(name) or
                                  "(its side's)"]
            for name in list(a) + [n for n in b if n not in a]
            if (a.get(name) or "") != (b.get(name) or "")}


def _play_differences(pa: dict[str, int], pb: dict[str, int]) -> dict[str, list[str]]:
    """The play version of each policy family both jobs used, where it differs (a family
    only one used is a difference of policies already); a manifest without versions (an
    older mtgsim's) against one with them is one row."""
    if bool(pa) != bool(pb):
        return {"play versions": [", ".join(f"{k} {v}" for k, v in sorted(p.items()))
                                  or "(not recorded)" for p in (pa, pb)]}
    return {f"play version of {k}": [str(pa[k]), str(pb[k])]
            for k in sorted(pa.keys() & pb.keys()) if pa[k] != pb[k]}


def _matchup_differences(ma: list[dict[str, Any]], mb: list[dict[str, Any]]
                         ) -> dict[str, list[str]]:
    def pairs(ms: list[dict[str, Any]]) -> dict[str, str]:
        return {f"{m['deck_a']} vs {m['deck_b']}": f"{m['games']} games (matchup {m['id']})"
                for m in ms}
    a, b = pairs(ma), pairs(mb)
    differ = [k for k in list(a) + [k for k in b if k not in a] if a.get(k) != b.get(k)]
    if len(differ) > MAX_PAIR_ROWS:
        return {"matchups": [f"{len(a)} pairings", f"{len(b)} pairings ({len(differ)} "
                                                   "differ)"]}
    return {f"matchup {k}": [a.get(k, "(not played)"), b.get(k, "(not played)")]
            for k in differ}


def compare_jobs(a: Path, b: Path,
                 progress: Callable[[int, int], None] | None = None,
                 manifests: tuple[RawRead, RawRead] | None = None) -> Comparison:
    """Pair the games of two job folders and measure every change (``progress``: as
    ``pair_games``'s). ``manifests``: the folders' manifests as ``try_raw_manifest`` read
    them (``mtgsim compare`` has, to learn their kind), read here when not given."""
    for folder in (a, b):
        if not (folder / "games").is_dir():
            raise CompareError(f"{folder}: not a job folder (no games/ dataset)")
    try:  # (an old-format dataset reads its policies from its manifest)
        games_a, games_b = read_games(a, COLUMNS), read_games(b, COLUMNS)
    except RawManifestError as exc:
        raise CompareError(str(exc)) from None
    p = pair_games(games_a, games_b, progress)
    if not p.deck:
        raise CompareError(
            f"{a} and {b} share no game: comparing needs the same pairings played with "
            "the same seeds (the same --seed)")
    if manifests is None:
        manifests = try_raw_manifest(a), try_raw_manifest(b)
    ma, mb = _manifest(manifests[0]), _manifest(manifests[1])
    diff = manifest_differences(ma, mb)
    name_a, name_b = str(ma.get("job", a.name)), str(mb.get("job", b.name))
    if name_a == name_b:  # the same job id: tell them apart by their folders
        name_a, name_b = f"{name_a} ({a})", f"{name_b} ({b})"
    return Comparison(name_a, name_b, diff,
                      len(p.deck), p.unpaired_a, p.unpaired_b, p.mismatched, changes(p))


def _show(value: object) -> str:
    if isinstance(value, list | tuple):
        return " vs ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "(none)" if value is None else str(value)


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
        q = "" if r.opponent == POOLED else format_p(r.q_value)
        lines.append(
            f"{r.deck:<22} {r.opponent:<22} {r.games:>6} {100 * r.rate_a:>5.1f}% "
            f"{100 * r.rate_b:>5.1f}% {100 * r.change:>+6.1f} "
            f"({100 * r.low:+6.1f} … {100 * r.high:+5.1f}) {r.won_a_only:>7g} "
            f"{r.won_b_only:>7g} {r.same_result:>6} {q:>6}")
    if any(r.opponent == POOLED for r in c.changes):
        lines.append(f"{POOLED}: every paired game of the deck, all its opponents pooled "
                     "(not weighted by metagame share)")
    return "\n".join(lines)
