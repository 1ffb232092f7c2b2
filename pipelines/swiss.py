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

The job that plays a tournament (an executor, commits, ``--resume``, ``--max-failures``)
is ``pipelines.swissjob``.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Sequence
from pathlib import Path

import msgspec
import pyarrow as pa
import pyarrow.parquet as pq

from mtgsim.cluster.work import JobSpec, MatchResult
from mtgsim.engine.state.rng import shuffle
from mtgsim.pipelines.jobs import JobError


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
    played: int = 0  # games played by this run (a resumed job's others were taken)


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
