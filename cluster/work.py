"""Work units and how a worker plays one: a matchup and a range of game indices in, one
Arrow record batch of game rows out.

Everything that crosses a process boundary is msgspec-encoded (``JobSpec``, ``WorkUnit``)
or Arrow IPC bytes; no game objects are pickled. A game's seed is a pure function of
(job seed, matchup, game index), so results do not depend on workers, scheduling order
or retries.
"""

from __future__ import annotations

import time

import msgspec
import pyarrow as pa

from mtgsim.engine.card import Card
from mtgsim.engine.cardpool import CardSource
from mtgsim.engine.cards import CardDef
from mtgsim.engine.game import play, policy_stops
from mtgsim.engine.policies import make_policy
from mtgsim.engine.rng import MASK64
from mtgsim.engine.stats import STAT_KEYS
from mtgsim.engine.turn import new_game
from mtgsim.results.schema import GAMES


class DeckSpec(msgspec.Struct, frozen=True):
    name: str
    cards: tuple[str, ...]  # main deck card names, in list order
    sha256: str = ""


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


class WorkUnit(msgspec.Struct, frozen=True, array_like=True):
    """Games ``start`` .. ``start + count - 1`` of matchup ``matchup`` (decks by index)."""

    uid: int
    matchup: int
    deck_a: int
    deck_b: int
    start: int
    count: int


def _mix(z: int) -> int:
    z = (z + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def game_seed(job_seed: int, matchup: int, game: int) -> int:
    """The seed of one game: independent of everything but its coordinates."""
    return _mix(_mix(_mix(job_seed & MASK64) ^ matchup) ^ game)


class Player:
    """A worker's long-lived state: card data and decks compiled once."""

    def __init__(self, spec: JobSpec) -> None:
        self.spec = spec
        self.pool = spec.cards.load()
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

    def play_unit(self, unit: WorkUnit) -> pa.RecordBatch:
        spec = self.spec
        n = unit.count
        cols: dict[str, list[object]] = {f.name: [] for f in GAMES}
        stat_cols = [(cols[f"a_{k}"], cols[f"b_{k}"], k) for k in STAT_KEYS]
        name_a = spec.decks[unit.deck_a].name
        name_b = spec.decks[unit.deck_b].name
        for game in range(unit.start, unit.start + n):
            seed = game_seed(spec.seed, unit.matchup, game)
            on_play = game & 1  # alternate who is on the play (0: deck_a)
            seat_of = (0, 1) if on_play == 0 else (1, 0)  # seat_of[player] -> a/b
            decks = [self.decks[unit.deck_a], self.decks[unit.deck_b]]
            if on_play:
                decks.reverse()
            names = [spec.policies[seat_of[0]], spec.policies[seat_of[1]]]
            t0 = time.perf_counter_ns()
            policies = [make_policy(names[p], (seed ^ (p + 1) * 0x5851F42D4C957F2D) & MASK64)
                        for p in (0, 1)]
            state = new_game(decks, seed, max_turns=spec.max_turns,
                             stops=policy_stops(policies, decks))
            play(state, policies)
            elapsed = (time.perf_counter_ns() - t0) // 1000
            result = state.result
            assert result is not None
            players = state.players
            pa_, pb_ = (players[0], players[1]) if on_play == 0 else (players[1], players[0])
            cols["job"].append(spec.job)
            cols["matchup"].append(unit.matchup)
            cols["deck_a"].append(name_a)
            cols["deck_b"].append(name_b)
            cols["game"].append(game)
            cols["seed"].append(seed)
            cols["on_play"].append(on_play)
            cols["winner"].append(-1 if result.winner < 0 else seat_of[result.winner])
            cols["reason"].append(result.reason)
            cols["turns"].append(result.turns)
            cols["life_a"].append(max(-32768, pa_.life))
            cols["life_b"].append(max(-32768, pb_.life))
            cols["mulligans_a"].append(pa_.mulligans)
            cols["mulligans_b"].append(pb_.mulligans)
            cols["decisions"].append(state.actions_taken)
            cols["duration_us"].append(min(elapsed, 2**31 - 1))
            sa, sb = pa_.stats, pb_.stats
            for col_a, col_b, key in stat_cols:
                col_a.append(min(sa.get(key, 0), 32767))
                col_b.append(min(sb.get(key, 0), 32767))
        arrays = [pa.array(cols[f.name], type=f.type.value_type if pa.types.is_dictionary(
            f.type) else f.type) for f in GAMES]
        arrays = [a.dictionary_encode() if pa.types.is_dictionary(f.type) else a
                  for a, f in zip(arrays, GAMES, strict=True)]
        return pa.RecordBatch.from_arrays(arrays, schema=GAMES)


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


class MatchUnit(msgspec.Struct, frozen=True, array_like=True):
    """A best-of-N match between two decks (by index); ``first``: who starts game 1."""

    mid: int
    deck_a: int
    deck_b: int
    best_of: int
    seed: int
    first: int  # 0: deck_a plays first in game 1


class MatchResult(msgspec.Struct, frozen=True, array_like=True):
    mid: int
    wins_a: int
    wins_b: int
    draws: int
    games: tuple[tuple[int, int, int], ...]  # (winner 0/1/-1, turns, who was on the play)


def play_match(player: Player, m: MatchUnit) -> MatchResult:
    """Best-of-N: the loser of a game chooses to play first in the next (and does)."""
    need = m.best_of // 2 + 1
    wins = [0, 0]
    draws = 0
    first = m.first
    games = []
    g = 0
    while max(wins) < need and g < m.best_of + 3:  # draws do not count towards the match
        seed = game_seed(m.seed, m.mid, g)
        decks = [player.decks[m.deck_a], player.decks[m.deck_b]]
        seat_of = (0, 1)
        if first == 1:
            decks.reverse()
            seat_of = (1, 0)
        names = [player.spec.policies[seat_of[0]], player.spec.policies[seat_of[1]]]
        policies = [make_policy(names[p], (seed ^ (p + 1) * 0x5851F42D4C957F2D) & MASK64)
                    for p in (0, 1)]
        state = new_game(decks, seed, max_turns=player.spec.max_turns,
                         stops=policy_stops(policies, decks))
        play(state, policies)
        assert state.result is not None
        w = state.result.winner
        winner = -1 if w < 0 else seat_of[w]
        games.append((winner, state.result.turns, first))
        if winner < 0:
            draws += 1
        else:
            wins[winner] += 1
            first = 1 - winner  # the loser plays first
        g += 1
    return MatchResult(m.mid, wins[0], wins[1], draws, tuple(games))
