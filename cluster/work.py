"""Work units and how a worker plays one: a matchup and a range of game indices in, one
Arrow record batch of game rows (and the games that failed) out.

Everything that crosses a process boundary is msgspec-encoded (``JobSpec``, ``WorkUnit``,
``UnitResult``) or Arrow IPC bytes; no game objects are pickled. A game's seed is a pure
function of (job seed, its two decks, game index) (``cluster.seeds``), so results do not
depend on workers, scheduling order, retries or the job kind.

A game that raises does not stop its unit: it becomes a ``GameFailure`` (the exception,
its traceback and a replay of its decisions) and the unit goes on with the next game.

With ``JobSpec.record_events`` each game is played with its log kept, and the log becomes
events and hands rows (``results.events``) after the game: the policies never see it.
"""

from __future__ import annotations

import time
from typing import Any, NamedTuple

import msgspec
import pyarrow as pa

from mtgsim.cluster.seeds import Pairing, policy_seed, swiss_index
from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.card import Card
from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.game import Policy, play, policy_stops
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.rules.turn import new_game
from mtgsim.engine.state.game_state import Answer, Decision, GameState
from mtgsim.engine.state.stats import STAT_KEYS
from mtgsim.pipelines.replay import Failure, record_failure
from mtgsim.results.events import EventRows
from mtgsim.results.schema import GAMES, INT32_MAX, INT32_MIN


class DeckSpec(msgspec.Struct, frozen=True):
    name: str
    cards: tuple[str, ...]  # main deck card names, in list order
    sha256: str = ""  # cluster.seeds.deck_digest(cards)


class JobSpec(msgspec.Struct, frozen=True):
    """What every worker needs once: the decks, policies and limits of a job."""

    job: str
    seed: int
    decks: tuple[DeckSpec, ...]
    policies: tuple[str, str] = ("heuristic", "heuristic")
    max_turns: int = 60
    cards: CardSource = CardSource()  # the card pool (bundled, replaced, user cards added)
    ablate_deck: int = -1  # ablation: this deck's cards lose keyword ``ablate_keyword``
    ablate_keyword: str = ""
    card_data_hash: str = ""  # for failure replays
    # per deck (aligned with ``decks``): the policy spec that pilots it wherever it
    # plays, or "" for the side's (``policies[0]`` as a matchup's first deck, else [1])
    deck_policies: tuple[str, ...] = ()
    record_events: bool = False  # keep each game's log and send its events and hands rows

    def policy_of(self, deck: int, side: int) -> str:
        """The spec of the policy piloting deck ``deck`` as side ``side`` (0: the
        matchup's first deck) of a matchup."""
        own = self.deck_policies[deck] if deck < len(self.deck_policies) else ""
        return own or self.policies[side]


class WorkUnit(msgspec.Struct, frozen=True, array_like=True):
    """Games ``start`` .. ``start + count - 1`` of matchup ``matchup`` (decks by index)."""

    uid: int
    matchup: int
    deck_a: int
    deck_b: int
    start: int
    count: int


class GameFailure(msgspec.Struct, frozen=True):
    """A game that raised instead of finishing (a row of the job's failures table)."""

    unit: int
    matchup: int
    deck_a: str
    deck_b: str
    game: int
    seed: int
    on_play: int  # 0: deck_a on the play
    error: str  # Type: message
    traceback: str
    reproduced: bool  # playing it again (recorded) raised the same exception
    replay: bytes  # the replay file (JSON): ``mtgsim replay`` repeats the failure


class UnitResult(msgspec.Struct, frozen=True):
    """A played unit: the Arrow IPC bytes of its game rows, and its failed games; with
    ``JobSpec.record_events``, the IPC bytes of its events and hands rows (``extras``)."""

    games: bytes
    failures: list[GameFailure] = []
    extras: dict[str, bytes] = {}


def _clamp(v: int, lo: int, hi: int) -> int:
    return lo if v < lo else hi if v > hi else v


class Timed:
    """A policy whose ``decide`` calls are timed (nanoseconds of wall clock, summed in
    ``ns``): the cost of a policy per game, the engine's own work left out except where
    the policy runs it (a search's rollouts). Everything else is the policy's own."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.name = policy.name
        self.ns = 0

    def decide(self, state: GameState, decision: Decision) -> Answer:
        t0 = time.perf_counter_ns()
        try:
            return self.policy.decide(state, decision)
        finally:
            self.ns += time.perf_counter_ns() - t0

    def __getattr__(self, name: str) -> Any:  # stops, stops_for: the policy's own
        return getattr(self.policy, name)


class Played(NamedTuple):
    """A finished game and the microseconds each seat's policy spent deciding."""

    state: GameState
    think_us: tuple[int, int]  # by seat (0: on the play)


class Player:
    """A worker's long-lived state: card data and decks compiled once."""

    def __init__(self, spec: JobSpec) -> None:
        self.spec = spec
        self.pool = spec.cards.load()
        self.card_data_hash = spec.card_data_hash or spec.cards.hash()
        self.decks: list[list[Card]] = [[self.pool[n] for n in d.cards]
                                        for d in spec.decks]
        if spec.ablate_deck >= 0:
            # The ablated deck's cards without the keyword join the pool as variants (the
            # other deck may play the same cards with it), compiled once per worker.
            ablated = {c.name: without_keyword(c.defn, spec.ablate_keyword)
                       for c in self.decks[spec.ablate_deck]}
            self.pool = self.pool.with_variants(ablated.values())
            self.decks = [[self.pool[c.name] for c in deck] for deck in self.decks]
            self.decks[spec.ablate_deck] = [self.pool.variant(ablated[c.name])
                                            for c in self.decks[spec.ablate_deck]]
        self._pairings: dict[tuple[int, int], Pairing] = {}

    def pairing(self, a: int, b: int) -> Pairing:
        """The seeds of the games between decks ``a`` and ``b`` (by index)."""
        p = self._pairings.get((a, b))
        if p is None:
            da, db = self.spec.decks[a], self.spec.decks[b]
            p = Pairing(self.spec.seed, (da.name, da.sha256), (db.name, db.sha256))
            self._pairings[(a, b)] = p
        return p

    def _play(self, a: int, b: int, seed: int, a_first: bool
              ) -> tuple[Played, None] | tuple[None, Failure]:
        """Game ``seed`` of decks ``a`` and ``b`` (``a_first``: ``a`` on the play), each
        deck with its policy: the finished game, or the failure when it raised."""
        spec = self.spec
        sides = (0, 1) if a_first else (1, 0)  # seat -> side (0: deck a)
        order = (a, b) if a_first else (b, a)
        decks = [self.decks[order[0]], self.decks[order[1]]]
        names = [spec.policy_of(order[s], sides[s]) for s in (0, 1)]
        seeds = [policy_seed(seed, seat) for seat in (0, 1)]
        policies = [Timed(make_policy(names[p], seeds[p])) for p in (0, 1)]
        try:
            state = new_game(decks, seed, max_turns=spec.max_turns,
                             keep_log=spec.record_events, stops=policy_stops(policies, decks))
            play(state, policies)
            return Played(state, (policies[0].ns // 1000, policies[1].ns // 1000)), None
        except Exception as exc:  # noqa: BLE001 - a failed game is recorded, not fatal
            specs = [spec.decks[order[0]], spec.decks[order[1]]]
            failure = record_failure([(d.name, d.cards) for d in specs], decks, names, seeds,
                                     seed, spec.max_turns, self.card_data_hash, exc)
            return None, failure

    def play_unit(self, unit: WorkUnit) -> UnitResult:
        spec = self.spec
        rows = GameRows(spec, self.decks_named(unit.deck_a, unit.deck_b))
        pairing = self.pairing(unit.deck_a, unit.deck_b)
        failures: list[GameFailure] = []
        for game in range(unit.start, unit.start + unit.count):
            seed = pairing.seed(game)
            a_first = pairing.a_on_play(game)
            t0 = time.perf_counter_ns()
            game_, failure = self._play(unit.deck_a, unit.deck_b, seed, a_first)
            elapsed = (time.perf_counter_ns() - t0) // 1000
            if failure is not None:
                failures.append(GameFailure(
                    unit.uid, unit.matchup, rows.names[0], rows.names[1], game, seed,
                    0 if a_first else 1, failure.error, failure.traceback,
                    failure.reproduced, msgspec.json.encode(failure.replay)))
                continue
            assert game_ is not None
            rows.add(unit.matchup, game, seed, a_first, game_, elapsed)
        return rows.result(failures)

    def decks_named(self, a: int, b: int) -> tuple[tuple[str, str], tuple[str, str]]:
        """The names of decks ``a`` and ``b`` (by index) and the specs piloting them as
        a matchup's first and second deck."""
        spec = self.spec
        return ((spec.decks[a].name, spec.decks[b].name),
                (spec.policy_of(a, 0), spec.policy_of(b, 1)))


class GameRows:
    """The games rows of a unit or a match (decks ``names``, piloted by ``policies``),
    filled game by game; with ``JobSpec.record_events`` also its events and hands rows
    (``results.events``)."""

    def __init__(self, spec: JobSpec,
                 named: tuple[tuple[str, str], tuple[str, str]]) -> None:
        self.job = spec.job
        self.names, self.policies = named
        self.cols: dict[str, list[object]] = {f.name: [] for f in GAMES}
        self.stat_cols = [(self.cols[f"a_{k}"], self.cols[f"b_{k}"], k) for k in STAT_KEYS]
        self.events = EventRows(spec.job) if spec.record_events else None

    def add(self, matchup: int, game: int, seed: int, a_first: bool, played: Played,
            elapsed_us: int) -> None:
        """A finished game: game ``game`` of the pairing, ``a_first`` whether deck_a
        was on the play, ``elapsed_us`` its wall-clock microseconds."""
        cols = self.cols
        state = played.state
        result = state.result
        assert result is not None
        players = state.players
        pa_, pb_ = (players[0], players[1]) if a_first else (players[1], players[0])
        seat_of = (0, 1) if a_first else (1, 0)  # seat -> 0: deck_a, 1: deck_b
        think_a, think_b = played.think_us if a_first else played.think_us[::-1]
        winner = -1 if result.winner < 0 else seat_of[result.winner]
        cols["job"].append(self.job)
        cols["matchup"].append(matchup)
        cols["deck_a"].append(self.names[0])
        cols["deck_b"].append(self.names[1])
        cols["policy_a"].append(self.policies[0])
        cols["policy_b"].append(self.policies[1])
        cols["think_us_a"].append(think_a)
        cols["think_us_b"].append(think_b)
        cols["game"].append(game)
        cols["seed"].append(seed)
        cols["on_play"].append(0 if a_first else 1)
        cols["winner"].append(winner)
        cols["reason"].append(result.reason)
        cols["turns"].append(_clamp(result.turns, INT32_MIN, INT32_MAX))
        cols["life_a"].append(_clamp(pa_.life, INT32_MIN, INT32_MAX))
        cols["life_b"].append(_clamp(pb_.life, INT32_MIN, INT32_MAX))
        cols["mulligans_a"].append(_clamp(pa_.mulligans, 0, 127))
        cols["mulligans_b"].append(_clamp(pb_.mulligans, 0, 127))
        cols["decisions"].append(_clamp(state.actions_taken, 0, INT32_MAX))
        cols["duration_us"].append(min(elapsed_us, INT32_MAX))
        sa, sb = pa_.stats, pb_.stats
        for col_a, col_b, key in self.stat_cols:
            col_a.append(min(sa.get(key, 0), 32767))
            col_b.append(min(sb.get(key, 0), 32767))
        if self.events is not None and state.log is not None:
            self.events.add(matchup, game, state.log, a_first, self.names, winner)

    def games_bytes(self) -> bytes:
        cols = self.cols
        arrays = [pa.array(cols[f.name], type=f.type.value_type if pa.types.is_dictionary(
            f.type) else f.type) for f in GAMES]
        arrays = [a.dictionary_encode() if pa.types.is_dictionary(f.type) else a
                  for a, f in zip(arrays, GAMES, strict=True)]
        return batch_to_bytes(pa.RecordBatch.from_arrays(arrays, schema=GAMES))

    def extras_bytes(self) -> dict[str, bytes]:
        if self.events is None:
            return {}
        return {name: batch_to_bytes(b) for name, b in self.events.batches().items()}

    def result(self, failures: list[GameFailure]) -> UnitResult:
        return UnitResult(self.games_bytes(), failures, self.extras_bytes())


def without_keyword(card: CardDef, keyword: str) -> CardDef:
    """The card with every instance of a keyword ability removed (for ablation studies):
    its printed keyword and any ability of the card that is that keyword."""
    from mtgsim.engine.keywords import parse_keyword

    raw = msgspec.to_builtins(card)
    kept = []
    for text in card.keywords:
        parsed = parse_keyword(text)
        name = parsed.name if not isinstance(parsed, int) else text.strip().lower()
        if name != keyword:
            kept.append(text)
    raw["keywords"] = kept
    raw["abilities"] = [a for a in raw.get("abilities", []) if a.get("keyword") != keyword]
    return msgspec.convert(raw, CardDef)


def batch_to_bytes(batch: pa.RecordBatch) -> bytes:
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, batch.schema) as writer:
        writer.write_batch(batch)
    return sink.getvalue().to_pybytes()


def bytes_to_batch(data: bytes) -> pa.RecordBatch:
    reader = pa.ipc.open_stream(pa.py_buffer(data))
    return reader.read_next_batch()


def extras_of(result: UnitResult) -> dict[str, pa.RecordBatch]:
    """The events and hands rows of a played unit or match (none unless recorded)."""
    return {name: bytes_to_batch(data) for name, data in result.extras.items()}


class MatchUnit(msgspec.Struct, frozen=True, array_like=True):
    """A best-of-N match between two decks (by index); ``first``: who starts game 1;
    ``slot``: how many matches these two decks played before this one in the tournament
    (its games' indices in the pairing come from it: ``cluster.seeds.swiss_index``)."""

    mid: int
    deck_a: int
    deck_b: int
    best_of: int
    slot: int
    first: int  # 0: deck_a plays first in game 1
    # the games rows' matchup: the pair of decks, numbered by the tournament (Swiss games
    # have rows like every job's, the pair's lower-numbered deck as their deck_a)
    matchup: int = -1


class MatchResult(msgspec.Struct, frozen=True, array_like=True):
    mid: int
    wins_a: int
    wins_b: int
    draws: int
    games: tuple[tuple[int, int, int], ...]  # (winner 0/1/-1, turns, who was on the play)
    failures: tuple[GameFailure, ...] = ()  # games that raised (they count for no one)
    indices: tuple[int, ...] = ()  # each game's index in the pairing, failed ones too
    rows: UnitResult | None = None  # the games rows (and events) of the games played


def games_per_match(best_of: int) -> int:
    """The most games a match can take: draws don't count towards it, so a few more."""
    return best_of + 3


def play_match(player: Player, m: MatchUnit) -> MatchResult:
    """Best-of-N: the loser of a game chooses to play first in the next (and does). A
    game that raises is recorded and counts for neither deck, like a draw."""
    need = m.best_of // 2 + 1
    wins = [0, 0]
    draws = 0
    first = m.first
    games = []
    failures = []
    pairing = player.pairing(m.deck_a, m.deck_b)
    spec = player.spec
    swap = m.deck_a > m.deck_b  # rows name the pair's lower-numbered deck first
    (name_a, name_b), (pol_a, pol_b) = player.decks_named(m.deck_a, m.deck_b)
    rows = GameRows(spec, ((name_b, name_a), (pol_b, pol_a)) if swap else
                    ((name_a, name_b), (pol_a, pol_b)))
    matchup = m.matchup if m.matchup >= 0 else m.mid
    indices = []
    g = 0
    while max(wins) < need and g < games_per_match(m.best_of):
        a_first = first == 0
        index = swiss_index(m.slot, g, a_first != pairing.swapped,
                            games_per_match(m.best_of))
        seed = pairing.seed(index)
        indices.append(index)
        t0 = time.perf_counter_ns()
        game_, failure = player._play(m.deck_a, m.deck_b, seed, a_first)
        elapsed = (time.perf_counter_ns() - t0) // 1000
        g += 1
        if failure is not None:
            failures.append(GameFailure(
                m.mid, matchup, spec.decks[m.deck_a].name, spec.decks[m.deck_b].name, index,
                seed, first, failure.error, failure.traceback, failure.reproduced,
                msgspec.json.encode(failure.replay)))
            draws += 1
            games.append((-1, 0, first))
            continue
        assert game_ is not None and game_.state.result is not None
        state = game_.state
        assert state.result is not None
        rows.add(matchup, index, seed, a_first != swap, game_, elapsed)
        w = state.result.winner
        winner = -1 if w < 0 else (w if a_first else 1 - w)
        games.append((winner, state.result.turns, first))
        if winner < 0:
            draws += 1
        else:
            wins[winner] += 1
            first = 1 - winner  # the loser plays first
    return MatchResult(m.mid, wins[0], wins[1], draws, tuple(games), tuple(failures),
                       tuple(indices), rows.result([]))
