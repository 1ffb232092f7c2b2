"""A Swiss tournament: P seats with decks by metagame share, R Swiss rounds of best-of-N
matches (the loser of a game chooses to play first, and does), then a single-elimination
cut to the top K. Each round's matches are played in parallel by the executor. With
``events`` > 1 the whole event is run that many times (new seats, new games), so how often
each archetype converts its seats into the top cut is measured over many events.

Standings: match points (3 per win, 1 per draw, a bye is a win), then opponents'
match-win percentage (each at least 1/3), then game-win percentage, then a seeded coin.

Games are the pairing's own (``cluster.seeds``): the ``q``-th match between two decks
(counted over every event) takes its games from indices of its own (``swiss_index``),
each the game a gauntlet of the same pairing and seed plays at that index. A game that
raises is recorded in the failures table (``failures.parquet``, with a replay) and counts
for neither deck.

Every game has a row in ``games/`` like any job's (and its events with
``--record-events``): its matchup numbers the pair of decks (``swiss_pairs``: mirrors
too), its deck_a is the pair's lower-numbered deck and its ``game`` the index in the
pairing, so a Swiss game and the gauntlet's game of the same index are one row apart in
``mtgsim compare``. Each match row lists its games (``matchup``, ``games``).
"""

from __future__ import annotations

import datetime as dt
import itertools
import math
import os
from collections.abc import Sequence
from pathlib import Path

import msgspec
import pyarrow as pa
import pyarrow.parquet as pq

from mtgsim import engine
from mtgsim.cluster.pool import RayExecutor, SerialExecutor
from mtgsim.cluster.seeds import check_seed
from mtgsim.cluster.work import (
    JobSpec,
    MatchResult,
    MatchUnit,
    UnitResult,
    bytes_to_batch,
    extras_of,
)
from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.state.rng import randbelow, seed_state, shuffle
from mtgsim.pipelines.jobs import (
    EXTRAS,
    JobError,
    abandon_output,
    deck_spec,
    job_id,
    job_policies,
    lock_output,
    prepare_output,
)
from mtgsim.pipelines.runner import LoadedDeck
from mtgsim.results.dataset import DatasetWriter, write_matchups
from mtgsim.results.manifest import FORMAT, Manifest, MatchupSpec, write_manifest


class Seat(msgspec.Struct):
    seat: int
    deck: int
    points: int = 0
    match_wins: int = 0
    match_losses: int = 0
    match_draws: int = 0
    game_wins: int = 0
    game_losses: int = 0
    opponents: list[int] = []
    byes: int = 0

    @property
    def matches(self) -> int:
        return self.match_wins + self.match_losses + self.match_draws

    def match_win_pct(self) -> float:
        played = self.matches
        return max(1 / 3, self.points / (3 * played)) if played else 1 / 3

    def game_win_pct(self) -> float:
        games = self.game_wins + self.game_losses
        return max(1 / 3, self.game_wins / games) if games else 1 / 3


class MatchRow(msgspec.Struct):
    event: int
    stage: str  # "swiss" or "top8"
    round: int
    table: int
    seat_a: int
    seat_b: int  # -1 for a bye
    deck_a: str
    deck_b: str
    wins_a: int
    wins_b: int
    draws: int
    winner_seat: int
    policy_a: str = ""  # the spec piloting deck_a (canonical)
    policy_b: str = ""  # "" for a bye
    matchup: int = -1  # its games' rows: (matchup, game) for game in ``games`` (-1: a bye)
    games: list[int] = []  # in the order played, failed games too


def assign_decks(shares: Sequence[float], players: int, rng: int) -> tuple[list[int], int]:
    """Seats per deck by largest remainder, then shuffled over the seats. Shares are
    relative: when their sum overflows they are scaled by the largest first (1e308 and
    1e308 are an even split, as 1 and 1 are); other shares are taken as given, so the
    seats of every earlier tournament stay as they were."""
    total = sum(shares)
    if not math.isfinite(total):
        shares = [s / max(shares) for s in shares]
        total = sum(shares)
    exact = [s / total * players for s in shares]
    counts = [int(e) for e in exact]
    order = sorted(range(len(shares)), key=lambda i: (counts[i] - exact[i], i))
    for i in order[: players - sum(counts)]:
        counts[i] += 1
    decks = [d for d, n in enumerate(counts) for _ in range(n)]
    rng = shuffle(rng, decks)
    return decks, rng


def standings(seats: list[Seat], tiebreak: list[int]) -> list[Seat]:
    return sorted(seats, key=lambda s: (-s.points, -_omw(seats, s), -s.game_win_pct(),
                                        tiebreak[s.seat]))


def pair(seats: list[Seat], tiebreak: list[int]) -> list[tuple[int, int]]:
    """Pair neighbours in the standings, avoiding rematches; the last one may get a bye."""
    order = [s.seat for s in standings(seats, tiebreak)]
    pairs: list[tuple[int, int]] = []
    while order:
        a = order.pop(0)
        if not order:
            pairs.append((a, -1))
            break
        j = next((k for k, b in enumerate(order) if b not in seats[a].opponents), 0)
        pairs.append((a, order.pop(j)))
    return pairs


class SwissResult(msgspec.Struct):
    job: str
    champion_seat: int
    champion_deck: str
    standings: list[dict[str, object]]
    deck_summary: list[dict[str, object]]
    matches: int
    games: int
    seconds: float
    events: int = 1
    failed: int = 0  # games that raised (recorded in failures.parquet)


# Bounds on a tournament, checked before anything is written. Its match rows and seats
# are held in memory until the end (they make the standings and the tables), so the
# matches of all its events are bounded; the others keep each number to what a real
# event could be, far above any held (the largest have a few thousand players).
MAX_PLAYERS = 100_000
MAX_ROUNDS = 100
MAX_BEST_OF = 99
MAX_MATCHES = 2_000_000  # over every event: a few hundred MB of rows


def check_size(players: int, rounds: int, best_of: int, events: int, top: int) -> None:
    """Refuse a tournament too large to hold (``JobError``, one line with the reason)."""
    for name, value, most in (("--players", players, MAX_PLAYERS),
                              ("--rounds", rounds, MAX_ROUNDS),
                              ("--best-of", best_of, MAX_BEST_OF)):
        if value > most:
            raise JobError(f"{name} {value} is more than {most}, the most a tournament "
                           "here may have")
    matches = events * (players // 2 * rounds + top - 1)
    if matches > MAX_MATCHES:
        raise JobError(f"{events} events of {players} players and {rounds} rounds are "
                       f"{matches} matches, more than {MAX_MATCHES} (their rows are held "
                       "in memory until the end): run fewer --events per job")


def run_swiss(decks: Sequence[LoadedDeck], shares: Sequence[float], players: int,
              rounds: int, best_of: int, top: int, out: Path, *, seed: int = 0,
              policies: tuple[str, str] = ("heuristic", "heuristic"), max_turns: int = 60,
              executor: str = "ray", workers: int | None = None,
              address: str | None = None, events: int = 1,
              cards: CardSource | None = None, quiet: bool = False,
              silence_ray: bool = False, deck_policies: Sequence[str] = (),
              record_events: bool = False) -> SwissResult:
    import time

    if players < 2 or rounds < 1 or best_of < 1 or best_of % 2 == 0 or events < 1:
        raise JobError("need at least 2 players, 1 round, 1 event and an odd best-of")
    if top > players or (top & (top - 1)):
        raise JobError(f"the cut must be a power of two no larger than {players}")
    check_size(players, rounds, best_of, events, top)
    if len(shares) != len(decks) or any(not math.isfinite(s) or s < 0 for s in shares) \
            or sum(shares) <= 0:
        raise JobError("give one finite, non-negative metagame share per deck (not all 0)")
    try:
        check_seed(seed)
    except ValueError as exc:
        raise JobError(str(exc)) from None
    specs = tuple(deck_spec(d) for d in decks)
    policies, own = job_policies(policies, deck_policies, len(decks))
    cards = cards or CardSource()
    card_hash = cards.hash()
    extra = {"players": str(players), "rounds": str(rounds), "best_of": str(best_of),
             "top": str(top), "events": str(events),
             "shares": ",".join(f"{s:g}" for s in shares)}
    job = job_id("swiss", specs, seed, 0, policies=policies, max_turns=max_turns,
                 card_data_hash=card_hash, options=extra, deck_policies=own)
    manifest = Manifest(FORMAT, job, "swiss", engine.__version__, card_hash,
                        seed, policies, max_turns, 0, specs, (), 0,
                        created=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                        extra=extra, deck_policies=own, record_events=record_events)
    lock, created = lock_output(out)
    spec = JobSpec(job, seed, specs, policies, max_turns, cards, card_data_hash=card_hash,
                   deck_policies=own, record_events=record_events)
    try:
        prepare_output(out, manifest, resume=False)
        runner: SerialExecutor | RayExecutor = SerialExecutor(spec) \
            if executor == "serial" else RayExecutor(spec, workers=workers, address=address,
                                                     quiet=quiet, silence=silence_ray)
    except BaseException:
        abandon_output(out, lock, created)
        raise
    try:
        write_manifest(out, manifest)
        t0 = time.perf_counter()
        writer = DatasetWriter(out, job, extras=EXTRAS if record_events else ())
        event = _Event(runner, spec, seed, best_of, writer)
        tables: list[tuple[list[Seat], list[Seat], list[int], int]] = []
        try:
            for e in range(events):
                tables.append(event.play(e, shares, players, rounds, top))
        except BaseException:  # Ctrl-C, SIGTERM, a lost cluster: not left "running"
            manifest.status = "interrupted"
            manifest.games_completed = event.games
            try:
                write_manifest(out, manifest)
            except OSError:
                pass
            raise
        finally:
            runner.shutdown()
            writer.close()
        write_matchups(out)
        seconds = time.perf_counter() - t0
        result = _summarise(job, tables, specs, event.rows, event.games, seconds)
        result.failed = len(event.failures)
        _write(out, event.rows, result, tables, specs)
        manifest.status = "complete"
        manifest.games_completed = event.games
        manifest.games_failed = len(event.failures)
        manifest.matchups = tuple(
            MatchupSpec(m, specs[a].name, specs[b].name, event.pair_games[m])
            for m, (a, b) in enumerate(swiss_pairs(len(specs))) if event.pair_games[m])
        manifest.games_total = event.games
        manifest.finished = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        write_manifest(out, manifest)
    finally:
        lock.release()
    return result


class _Event:
    """Plays events one after another on one executor: the seat draw and the tiebreak
    coins continue one random stream, and match ids (hence game seeds) keep counting, so
    every event has games of its own."""

    def __init__(self, runner: SerialExecutor | RayExecutor, spec: JobSpec,
                 seed: int, best_of: int, writer: DatasetWriter) -> None:
        self.runner = runner
        self.spec = spec
        self.specs = spec.decks
        self.seed = seed
        self.best_of = best_of
        self.rng = seed_state(seed)
        self.mid = 0
        self.games = 0
        self.rows: list[MatchRow] = []
        self.writer = writer
        self.failures = writer.failures
        self.slots: dict[tuple[int, int], int] = {}  # matches so far per pair of decks
        pairs = swiss_pairs(len(spec.decks))
        self.matchup_of = {p: m for m, p in enumerate(pairs)}
        self.pair_games = [0] * len(pairs)  # games played per matchup

    def _slot(self, a: int, b: int) -> int:
        """How many matches decks ``a`` and ``b`` played before (their games' range)."""
        key = (min(a, b), max(a, b))
        n = self.slots.get(key, 0)
        self.slots[key] = n + 1
        return n

    def _play(self, units: list[MatchUnit]) -> list[MatchResult]:
        results = self.runner.matches(units)
        for unit, res in zip(units, results, strict=True):
            self.games += len(res.games)
            self.pair_games[unit.matchup] += len(res.games)
            rows = res.rows or UnitResult(b"")
            self.writer.add(res.mid, unit.matchup, bytes_to_batch(rows.games),
                            res.failures, extras_of(rows))
        self.failures.write()
        return results

    def _units(self, seats: list[Seat], pairs: list[tuple[int, int]], rnd: int,
               random_first: bool) -> list[tuple[int, int, MatchUnit]]:
        units = []
        for a, b in pairs:
            if b < 0:
                continue
            first = 0
            if random_first:
                self.rng, first = randbelow(self.rng, 2)
            da, db = seats[a].deck, seats[b].deck
            units.append((a, b, MatchUnit(self.mid, da, db, self.best_of,
                                          self._slot(da, db), first,
                                          self.matchup_of[min(da, db), max(da, db)])))
            self.mid += 1
        return units

    def play(self, event: int, shares: Sequence[float], players: int, rounds: int,
             top: int) -> tuple[list[Seat], list[Seat], list[int], int]:
        """One event: the seats, the final Swiss standings, the top cut, the champion."""
        seat_decks, self.rng = assign_decks(shares, players, self.rng)
        seats = [Seat(i, d) for i, d in enumerate(seat_decks)]
        tiebreak = list(range(players))
        self.rng = shuffle(self.rng, tiebreak)
        specs = self.specs
        for rnd in range(1, rounds + 1):
            pairs = pair(seats, tiebreak)
            units = self._units(seats, pairs, rnd, True)
            results = self._play([u for _, _, u in units])
            for table, ((a, b, u), res) in enumerate(zip(units, results, strict=True)):
                self.rows.append(_record(seats, self.spec, event, "swiss", rnd, table, a,
                                         b, res, u.matchup))
            for a, b in pairs:
                if b < 0:  # a bye: a match win, two game wins (MTR 2.9)
                    s = seats[a]
                    s.points += 3
                    s.match_wins += 1
                    s.game_wins += 2
                    s.byes += 1
                    s.opponents.append(-1)
                    self.rows.append(MatchRow(event, "swiss", rnd, len(units), a, -1,
                                              specs[s.deck].name, "", 2, 0, 0, a,
                                              self.spec.policy_of(s.deck, 0)))
        final = standings(seats, tiebreak)
        bracket = [s.seat for s in final[:top]]
        alive = [bracket[i] for i in _bracket_order(top)]
        rnd = rounds
        while len(alive) > 1:
            rnd += 1
            units = self._units(seats, [(alive[i], alive[i + 1])
                                        for i in range(0, len(alive), 2)], rnd, False)
            results = self._play([u for _, _, u in units])
            nxt = []
            for table, ((a, b, u), res) in enumerate(zip(units, results, strict=True)):
                row = _record(seats, self.spec, event, "top", rnd, table, a, b, res,
                              u.matchup, swiss=False)
                self.rows.append(row)
                nxt.append(row.winner_seat)
            alive = nxt
        return seats, final, bracket, alive[0]


def swiss_pairs(decks: int) -> list[tuple[int, int]]:
    """The pairs of decks a Swiss job's games rows number as matchups: every pair (a, b)
    with a <= b (mirrors included), in order; a game's row names deck a first."""
    return list(itertools.combinations_with_replacement(range(decks), 2))


def _bracket_order(n: int) -> list[int]:
    """Seed order of a single-elimination bracket: 1v8, 4v5, 2v7, 3v6 for eight."""
    order = [0]
    while len(order) < n:
        size = len(order) * 2
        order = [x for s in order for x in (s, size - 1 - s)]
    return order


def _record(seats: list[Seat], spec: JobSpec, event: int, stage: str, rnd: int,
            table: int, a: int, b: int, res: MatchResult, matchup: int,
            swiss: bool = True) -> MatchRow:
    sa, sb = seats[a], seats[b]
    if res.wins_a > res.wins_b:
        winner = a
    elif res.wins_b > res.wins_a:
        winner = b
    else:
        winner = -1 if swiss else a  # a top-cut match with no winner: the upper seat goes on
    if swiss:
        sa.opponents.append(b)
        sb.opponents.append(a)
        sa.game_wins += res.wins_a
        sa.game_losses += res.wins_b
        sb.game_wins += res.wins_b
        sb.game_losses += res.wins_a
        if winner == a:
            sa.points += 3
            sa.match_wins += 1
            sb.match_losses += 1
        elif winner == b:
            sb.points += 3
            sb.match_wins += 1
            sa.match_losses += 1
        else:
            sa.points += 1
            sb.points += 1
            sa.match_draws += 1
            sb.match_draws += 1
    names = [s.name for s in spec.decks]
    return MatchRow(event, stage, rnd, table, a, b, names[sa.deck], names[sb.deck], res.wins_a,
                    res.wins_b, res.draws, winner, spec.policy_of(sa.deck, 0),
                    spec.policy_of(sb.deck, 1), matchup, list(res.indices))


def _omw(seats: list[Seat], s: Seat) -> float:
    """Opponents' match-win percentage (byes left out, each opponent at least 1/3)."""
    opps = [seats[o] for o in s.opponents if o >= 0]
    return sum(o.match_win_pct() for o in opps) / len(opps) if opps else 0.0


Tables = list[tuple[list[Seat], list[Seat], list[int], int]]


def _summarise(job: str, tables: Tables, specs: Sequence[object], rows: list[MatchRow],
               games: int, seconds: float) -> SwissResult:
    """The first event's standings and champion; per deck, the totals over every event."""
    names = [s.name for s in specs]  # type: ignore[attr-defined]
    first_seats, first_final, first_bracket, first_champion = tables[0]
    table = _standings_rows(0, first_seats, first_final, first_bracket, names)
    summary = []
    seats_total = sum(len(seats) for seats, _, _, _ in tables)
    score, played, mirrors = _records(rows, names)
    for d, name in enumerate(names):
        mine = [(s, bracket, champion) for seats, _, bracket, champion in tables
                for s in seats if s.deck == d]
        in_top = sum(1 for s, bracket, _ in mine if s.seat in bracket)
        titles = sum(1 for s, _, champion in mine if s.seat == champion)
        summary.append({"deck": name, "seats": len(mine),
                        "share": round(len(mine) / seats_total, 3),
                        "match_win_rate": round(score[name] / played[name], 3)
                        if played[name] else None,
                        "matches": played[name], "mirror_matches": mirrors[name],
                        "in_top": in_top,
                        "top_rate": round(in_top / len(mine), 3) if mine else None,
                        "champion": titles})
    return SwissResult(job, first_champion, names[first_seats[first_champion].deck], table,
                       summary, len(rows), games, seconds, len(tables))


def _records(rows: list[MatchRow], names: list[str]
             ) -> tuple[dict[str, float], dict[str, int], dict[str, int]]:
    """Per deck over the Swiss rounds (byes and the top cut left out): its score against
    other decks (a draw half a win), those matches, and its mirror matches, apart (a deck
    wins its mirrors exactly as often as it loses them: they would pull its rate to 50%)."""
    score = dict.fromkeys(names, 0.0)
    played = dict.fromkeys(names, 0)
    mirrors = dict.fromkeys(names, 0)
    for r in rows:
        if r.stage != "swiss" or r.seat_b < 0:
            continue
        if r.deck_a == r.deck_b:
            mirrors[r.deck_a] += 1
            continue
        for deck, seat in ((r.deck_a, r.seat_a), (r.deck_b, r.seat_b)):
            played[deck] += 1
            score[deck] += 0.5 if r.winner_seat < 0 else float(r.winner_seat == seat)
    return score, played, mirrors


def _standings_rows(event: int, seats: list[Seat], final: list[Seat], bracket: list[int],
                    names: list[str]) -> list[dict[str, object]]:
    return [{"event": event, "rank": rank, "seat": s.seat, "deck": names[s.deck],
             "points": s.points, "wins": s.match_wins, "losses": s.match_losses,
             "draws": s.match_draws, "byes": s.byes,
             "omw_pct": round(_omw(seats, s), 4), "game_win_pct": round(s.game_win_pct(), 4),
             "top": s.seat in bracket}
            for rank, s in enumerate(final, 1)]


def _write(out: Path, rows: list[MatchRow], result: SwissResult, tables: Tables,
           specs: Sequence[object]) -> None:
    names = [s.name for s in specs]  # type: ignore[attr-defined]
    standings_all = [r for e, (seats, final, bracket, _) in enumerate(tables)
                     for r in _standings_rows(e, seats, final, bracket, names)]
    folder = out / "swiss"
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in (("matches", [msgspec.structs.asdict(r) for r in rows]),
                       ("standings", standings_all), ("decks", result.deck_summary)):
        tmp = folder / f".{name}.parquet.tmp"
        pq.write_table(pa.Table.from_pylist(data), tmp)
        os.replace(tmp, folder / f"{name}.parquet")


def format_swiss(result: SwissResult, top: int) -> str:
    events = f" over {result.events} events" if result.events > 1 else ""
    lines = [f"Swiss {result.job}: {result.matches} matches, {result.games} games{events} "
             f"in {result.seconds:.1f} s; champion"
             f"{' of the first event' if result.events > 1 else ''}: seat "
             f"{result.champion_seat} ({result.champion_deck})", "",
             f"{'rank':>4} {'seat':>4} {'deck':<24} {'pts':>4} {'record':>8} {'OMW%':>6} "
             f"{'GW%':>6}"]
    for r in result.standings[: max(top, 8)]:
        lines.append(f"{r['rank']:>4} {r['seat']:>4} {r['deck']!s:<24} {r['points']:>4} "
                     f"{r['wins']}-{r['losses']}-{r['draws']:<4} "
                     f"{100 * float(r['omw_pct']):>5.1f} "  # type: ignore[arg-type]
                     f"{100 * float(r['game_win_pct']):>5.1f}")  # type: ignore[arg-type]
    lines += ["", f"{'deck':<24} {'seats':>5} {'share':>6} {'match W%':>9} {'mirrors':>7} "
                  f"{'top':>4} {'top %':>6} {'titles':>6}"]
    for d in result.deck_summary:
        wr, tr = d["match_win_rate"], d["top_rate"]
        lines.append(f"{d['deck']!s:<24} {d['seats']:>5} {d['share']:>6} "
                     f"{'-' if wr is None else f'{100 * float(wr):.1f}%':>9} "  # type: ignore[arg-type]
                     f"{d['mirror_matches']:>7} {d['in_top']:>4} "
                     f"{'-' if tr is None else f'{100 * float(tr):.1f}%':>6} "  # type: ignore[arg-type]
                     f"{d['champion']:>6}")
    lines.append("match W%: the Swiss-round matches against other decks (byes, mirrors and "
                 "the top cut left out; draws half)")
    return "\n".join(lines)
