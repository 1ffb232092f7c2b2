"""``mtgsim fuzz``: many games between random decks from the whole card pool, played by
uniformly random policies in both seats (which reach every kind of decision), counting
games that raise. Each failure is written as a replay that ``mtgsim replay`` repeats.

Game ``i`` of a run with seed ``S`` is a pure function of (S, i) and the card data: its
decks are drawn from ``cluster.seeds.Pairing``-style mixing of (S, i), so any failure is
reproduced by its replay, or by ``mtgsim fuzz --seed S --start i --games 1``.

Decks come in three styles, so that both breadth and dense interactions are reached:

* ``any``: 36 random non-basic cards (lands included, at most four of each) and random
  basic lands of every colour;
* ``colours``: one to three colours, cards of those colours (and colourless), their
  basic lands and random non-basic lands: decks that can cast what they hold;
* ``dense``: two to eight different non-basic cards, four of each, and basics: the same
  few cards meet again and again (how a pair such as an Eldrazi Spawn maker and
  Scarscale Ritual is found).

Deck sizes vary from 40 to 80 cards.

``--format pauper`` draws the decks from the cards of the Pauper training lists only
(``pipelines/pauper_cards.txt``, made by ``scripts/pauper_cards.py``: the project does not
need the lists themselves), those of them the pool defines or the Oracle compiler
compiles when the fuzz runs, so the fuzz reaches the compiled vocabulary the Pauper decks
play, in combinations no real list holds.

Every game is played with the invariants of ``pipelines.fuzz_checks`` checked at each
decision (zones, counts, life against the events, mana pools, state-based actions, the
state's serialization); a broken one is a failure like an exception.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from mtgsim.cluster.seeds import check_seed, mix, policy_seed
from mtgsim.engine.cards import T_LAND
from mtgsim.engine.cards.card import Card
from mtgsim.engine.cards.pool import CardSource
from mtgsim.engine.game import policy_stops
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.rules.turn import new_game
from mtgsim.engine.state.rng import randbelow, seed_state
from mtgsim.pipelines.fuzz_checks import InvariantBroken, play_checked
from mtgsim.pipelines.replay import record_failure

COLOURS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}
BASIC_OF = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
STYLES = ("any", "colours", "dense")
FORMATS = ("any", "pauper")  # the whole pool, or the cards of the Pauper training lists
PAUPER_CARDS = Path(__file__).with_name("pauper_cards.txt")


class Rng:
    """A splitmix64 stream (engine.state.rng) for drawing decks."""

    def __init__(self, seed: int) -> None:
        self.state = seed_state(seed)

    def below(self, n: int) -> int:
        self.state, v = randbelow(self.state, n)
        return v

    def choice(self, items: Sequence[str]) -> str:
        return items[self.below(len(items))]

    def shuffle(self, items: list[str]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def format_names(fmt: str) -> tuple[str, ...]:
    """The card names a format's decks are drawn from, as its list writes them (none for
    ``any``: the whole pool)."""
    if fmt == "any":
        return ()
    lines = PAUPER_CARDS.read_text(encoding="utf-8").splitlines()
    return tuple(s for line in lines if (s := line.strip()) and not s.startswith("#"))


def format_source(source: CardSource, fmt: str) -> tuple[CardSource, tuple[str, ...]]:
    """The card source a format's fuzz plays with and the names its decks are drawn
    from (the pool's own names; () for the whole pool): the format's cards the pool
    defines, and those the Oracle compiler compiles, added to the source. A card the
    compiler refuses is left out: the fuzz tests what plays."""
    wanted = format_names(fmt)
    if not wanted:
        return source, ()
    from mtgsim.engine.cards.oracle.corpus import fold
    from mtgsim.engine.cards.oracle.library import Found, resolve
    from mtgsim.engine.cards.pool import compile_card

    pool = source.load()
    known = {fold(n): n for n in pool}
    names = {known[fold(w)] for w in wanted if fold(w) in known}
    found = resolve([w for w in wanted if fold(w) not in known], compile_card)
    corpus = sorted({f.name for f in found.values() if isinstance(f, Found)})
    return (source.with_corpus(corpus) if corpus else source), tuple(sorted({*names, *corpus}))


class DeckMaker:
    """Draws fuzz decks from a card pool (from ``only`` of its cards, when given)."""

    def __init__(self, pool: Mapping[str, Card], only: Sequence[str] = ()) -> None:
        self.pool = pool
        names = sorted(only) if only else sorted(pool)
        self.basics = sorted(n for n in names if "basic" in pool[n].supertypes)
        self.nonbasic = [n for n in names if "basic" not in pool[n].supertypes]
        self.lands = [n for n in self.nonbasic if pool[n].type_mask & T_LAND]
        self.spells = [n for n in self.nonbasic if not pool[n].type_mask & T_LAND]
        self.basic_of = {c: b for c, b in BASIC_OF.items() if b in pool}

    def deck(self, rng: Rng) -> tuple[str, list[str]]:
        """(style, card names) of a random deck."""
        style = STYLES[rng.below(len(STYLES))]
        size = 40 + 5 * rng.below(9)  # 40 .. 80
        lands = size * (14 + rng.below(8)) // 40  # 35% .. 52% lands
        counts: Counter[str] = Counter()
        names: list[str] = []

        def take(name: str) -> None:
            if counts[name] < 4 or name in self.basics:
                counts[name] += 1
                names.append(name)

        if style == "any":  # 36 and more distinct cards: room for four of each
            while len(names) < size - lands:
                take(rng.choice(self.nonbasic))
            while len(names) < size:
                names.append(rng.choice(self.basics))
        elif style == "colours":
            chosen = sorted({rng.choice(list(self.basic_of)) for _ in range(1 + rng.below(3))})
            mask = sum(COLOURS[c] for c in chosen)
            fits = [n for n in self.spells if not self.pool[n].color_mask & ~mask]
            distinct = [rng.choice(fits) for _ in range(6 + rng.below(14))]
            room = min(size - lands, 4 * len(set(distinct)))  # the rest: more lands
            while len(names) < room:
                take(rng.choice(distinct))
            for _ in range(rng.below(5)):
                take(rng.choice(self.lands))
            while len(names) < size:
                names.append(self.basic_of[rng.choice(chosen)])
        else:
            distinct = [rng.choice(self.nonbasic) for _ in range(2 + rng.below(7))]
            room = min(size - lands, 4 * len(set(distinct)))  # four of each at most
            while len(names) < room:
                take(rng.choice(distinct))
            while len(names) < size:
                names.append(rng.choice(self.basics))
        rng.shuffle(names)
        return style, names


def game_seed(seed: int, index: int) -> int:
    """The seed of fuzz game ``index`` of a run with ``seed``."""
    return mix(mix(seed ^ 0x46555A5A) ^ index)


@dataclass
class Outcome:
    """One fuzz game: how it ended, or the failure."""

    index: int
    seed: int
    styles: tuple[str, str]
    reason: str = ""
    decisions: int = 0
    error: str = ""
    invariant: bool = False  # the failure is a broken invariant (fuzz_checks), not a raise
    replay: bytes = b""
    traceback: str = ""


def play_fuzz_game(maker: DeckMaker, card_hash: str, index: int, seed: int,
                   policies: Sequence[str] = ("random", "random"), max_turns: int = 60,
                   ) -> Outcome:
    """Fuzz game ``index`` of a run with ``seed``: its decks, how it ended or failed."""
    g = game_seed(seed, index)
    rng = Rng(g)
    (sa, deck_a), (sb, deck_b) = maker.deck(rng), maker.deck(rng)
    cards = [[maker.pool[n] for n in deck_a], [maker.pool[n] for n in deck_b]]
    seeds = [policy_seed(g, 0), policy_seed(g, 1)]
    players = [make_policy(p, s) for p, s in zip(policies, seeds, strict=True)]
    out = Outcome(index, g, (sa, sb))
    try:
        state = new_game(cards, g, max_turns=max_turns, stops=policy_stops(players, cards),
                         keep_log=True)
        play_checked(state, players, (len(deck_a), len(deck_b)))
        assert state.result is not None
        out.reason = state.result.reason
        out.decisions = state.actions_taken
    except Exception as exc:  # noqa: BLE001 - what the fuzz is for
        failure = record_failure([(f"fuzz-{index}-a", deck_a), (f"fuzz-{index}-b", deck_b)],
                                 cards, list(policies), seeds, g, max_turns, card_hash, exc)
        out.error = failure.error
        out.invariant = isinstance(exc, InvariantBroken)
        out.traceback = failure.traceback
        out.replay = msgspec.json.encode(failure.replay)
    return out


@dataclass
class FuzzResult:
    games: int = 0
    seconds: float = 0.0
    reasons: Counter[str] = field(default_factory=Counter)
    styles: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    failures: list[Outcome] = field(default_factory=list)
    invariants: int = 0  # of the failures, broken invariants (the rest raised)
    # Ctrl-C or SIGTERM before the last game (run_fuzz with ``stoppable``): the counts
    # are those of the chunks that finished
    interrupted: KeyboardInterrupt | None = None

    def add(self, o: Outcome) -> None:
        self.games += 1
        self.decisions += o.decisions
        self.styles.update(o.styles)
        if o.error:
            self.failures.append(o)
            self.invariants += o.invariant
        else:
            self.reasons[o.reason] += 1


_MAKER: tuple[CardSource, tuple[str, ...], DeckMaker, str] | None = None


def _chunk(args: Chunk) -> list[Outcome]:
    """A worker's share: games ``start`` .. ``start + n - 1``. The deck maker is made once
    per process and source (a second run in one process, with other cards or another
    format, makes its own)."""
    global _MAKER
    cards, only, seed, start, n, policies, max_turns = args
    if _MAKER is None or _MAKER[:2] != (cards, only):
        _MAKER = (cards, only, DeckMaker(cards.load(), only), cards.hash())
    maker, card_hash = _MAKER[2], _MAKER[3]
    return [play_fuzz_game(maker, card_hash, i, seed, policies, max_turns)
            for i in range(start, start + n)]


Chunk = tuple[CardSource, tuple[str, ...], int, int, int, tuple[str, str], int]


def run_fuzz(games: int, seed: int = 0, *, start: int = 0, workers: int = 1,
             policies: tuple[str, str] = ("random", "random"), max_turns: int = 60,
             cards: CardSource | None = None, fmt: str = "any", chunk: int = 25,
             progress: Callable[[int], None] | None = None,
             stoppable: bool = False) -> FuzzResult:
    """Play fuzz games ``start`` .. ``start + games - 1`` on ``workers`` processes.
    Chunks of ``chunk`` games are made as they are handed out, at most two per worker
    ahead (``--games 10**12`` once built every chunk first and never started), so any
    count runs in the same memory. ``stoppable``: Ctrl-C or SIGTERM ends the run with
    the chunks that finished (``FuzzResult.interrupted``) instead of raising. ``fmt``:
    the cards decks are drawn from (``FORMATS``)."""
    check_seed(seed)
    source, only = format_source(cards or CardSource(), fmt)
    jobs: Iterator[Chunk] = ((source, only, seed, s, min(chunk, start + games - s), policies,
                              max_turns) for s in range(start, start + games, chunk))
    result = FuzzResult()
    t0 = time.perf_counter()
    if progress is not None:  # the bar's clock starts with the one of result.seconds
        progress(0)

    def take(batch: list[Outcome]) -> None:
        for o in batch:
            result.add(o)
        if progress is not None:
            progress(result.games)

    try:
        if workers <= 1:
            for job in jobs:
                take(_chunk(job))
        else:
            _run_pool(jobs, workers, take)
    except KeyboardInterrupt as exc:
        if not stoppable:
            raise
        result.interrupted = exc
    result.seconds = time.perf_counter() - t0
    return result


def _run_pool(jobs: Iterator[Chunk], workers: int,
              take: Callable[[list[Outcome]], None]) -> None:
    """The chunks on a process pool, in order, with ``2 * workers`` in flight."""
    ex = ProcessPoolExecutor(max_workers=workers)
    ahead: deque[Future[list[Outcome]]] = deque()
    try:
        for job in jobs:
            ahead.append(ex.submit(_chunk, job))
            if len(ahead) >= 2 * workers:
                take(ahead.popleft().result())
        while ahead:
            take(ahead.popleft().result())
    except BaseException:
        ex.shutdown(wait=False, cancel_futures=True)  # a stop: no new chunk starts
        raise
    ex.shutdown()


def write_failures(out: Path, result: FuzzResult) -> list[Path]:
    """Each failure's replay in ``out`` (``fuzz-<index>.json``) and its traceback
    (``fuzz-<index>.txt``)."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for f in result.failures:
        path = out / f"fuzz-{f.index}.json"
        path.write_bytes(f.replay + b"\n")
        (out / f"fuzz-{f.index}.txt").write_text(f"{f.error}\n\n{f.traceback}")
        paths.append(path)
    return paths
