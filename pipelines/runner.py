"""Running games for the command line: deck lookup, seeding, and serial batches.

Seeds are derived, never drawn. ``play --seed G`` plays the game with seed ``G``, its
policies seeded by ``cluster.seeds.policy_seed(G, seat)``; game ``i`` of ``batch A B
--seed S`` is game ``i`` of the pairing of A and B under job seed ``S``
(``cluster.seeds.Pairing``), the very game ``versus A --field B --seed S`` and
``gauntlet`` play, so a games row's seed replays with ``play``. A game is therefore
reproducible from its seed alone.

:func:`game_seed`, :func:`policy_seed` and :func:`make_policies` are the seeds of the
scripts' fixed game sets (``scripts/fingerprints.py``, ``scripts/instructions.py``), kept
as they were so those scripts keep playing the same games.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mtgsim import engine
from mtgsim.cluster import seeds
from mtgsim.decks import DECKS_DIR
from mtgsim.engine.cards.card import Card, CardPool
from mtgsim.engine.cards.pool import CardSource, known_cards, read_extra
from mtgsim.engine.decklists.deck import DeckError, load_deck
from mtgsim.engine.game import Policy, deck_cards, play_game
from mtgsim.engine.players.policies import make_policy
from mtgsim.engine.state.game_state import GameState

REPO_ROOT = Path(engine.__file__).resolve().parent.parent
BUNDLED_MATCHUP = ("gruul_stompy", "azorius_skies")
SEED_STRIDE = 1_000_003


@dataclass(frozen=True)
class LoadedDeck:
    """A validated main deck: its name, where it came from, and its cards in file order."""

    name: str
    path: Path
    names: list[str]
    cards: list[Card]

    @property
    def title(self) -> str:
        """The deck's name for people: ``gruul_stompy`` -> ``Gruul Stompy``."""
        return self.name.replace("_", " ").replace("-", " ").title()


def resolve_deck_path(arg: str) -> Path:
    """``arg`` as a path if it exists, else the bundled deck ``decks/<arg>.txt`` if that does
    (``pauper/elves``: a deck of a bundled metagame's folder).

    A path that resolves to nothing is returned unchanged, so the deck loader reports it.
    """
    path = Path(arg)
    if path.exists():
        return path
    if not path.is_absolute() and ".." not in path.parts and len(path.parts) == 2:
        candidate = DECKS_DIR / f"{arg}.txt"
        if candidate.is_file():
            return candidate
    if path.name == arg:  # a bare name, no directory part
        for candidate in (DECKS_DIR / f"{arg}.txt", DECKS_DIR / arg):
            if candidate.is_file():
                return candidate
    return path


def card_source(card_data: str | None = None, cards: Sequence[str] = (),
                override: bool = False) -> CardSource:
    """The pool a command asked for: ``--card-data DIR`` replaces the bundled cards,
    ``--cards PATH`` (files or directories) adds the user's own, ``--override`` lets those
    replace cards of the same name (raises ``CardDataError``)."""
    return CardSource(base=str(card_data) if card_data else "", extra=read_extra(cards),
                      override=override)


def load_card_pool(source: CardSource | str | None = None) -> CardPool:
    """The card pool of ``source`` (a directory replaces the bundled cards; raises
    ``CardDataError`` on a bad or missing card data directory or file)."""
    if isinstance(source, str):
        source = CardSource(base=source)
    return (source or CardSource()).load()


def load_main_deck(arg: str, pool: Mapping[str, Card]) -> LoadedDeck:
    """Load and validate a deck given as a path or bundled name (raises ``DeckError``)."""
    path = resolve_deck_path(arg)
    deck = load_deck(path, known_cards(pool))
    names = deck.main_cards()
    return LoadedDeck(deck.name, path, names, deck_cards(pool, names))


def load_decks(source: CardSource, args: Sequence[str]
               ) -> tuple[CardSource, list[LoadedDeck]]:
    """Load the decks given as paths or bundled names. A card the pool's files do not
    define comes from the Oracle compiler (``engine.decklists.corpus``): the source
    returned holds those cards (give it to whatever plays the decks: workers build
    their pool from it). Raises ``DeckError`` (every card of a list that cannot be played
    named at once) or ``CardDataError``."""
    pool = source.load()
    try:
        return source, [load_main_deck(a, pool) for a in args]
    except DeckError:
        from mtgsim.engine.decklists.corpus import load_with_corpus

        found = load_with_corpus(source, [resolve_deck_path(a) for a in args])
        if found == source:
            raise
    pool = found.load()
    return found, [load_main_deck(a, pool) for a in args]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of the scripts' game sets with ``seed``."""
    return seed * SEED_STRIDE + index


def policy_seed(seed: int, seat: int) -> int:
    """The seed of the policy in ``seat`` (0 or 1) of a scripts' game with ``seed``."""
    return seed * 2 + seat


def make_policies(names: Sequence[str], seed: int) -> list[Policy]:
    """Fresh policies for seats 0 and 1 of a scripts' game with ``seed``."""
    return [make_policy(name, policy_seed(seed, seat)) for seat, name in enumerate(names)]


def fingerprint_games(a: LoadedDeck, b: LoadedDeck, policies: Sequence[str], games: int,
                      seed: int = 0, max_turns: int = 60) -> list[list[object]]:
    """The fingerprints of games ``0 .. games-1`` of ``a`` against ``b`` as the scripts
    play them (``game_seed``, ``make_policies``; ``a`` on the play in the even games, the
    policies by seat): ``[winner, turns, reason, life of seat 0, life of seat 1,
    decisions]`` each, what the play guards compare (scripts/fingerprints.py,
    scripts/play_versions.py, tests/packaging/test_pythons.py)."""
    rows: list[list[object]] = []
    for i in range(games):
        seats = (a, b) if i % 2 == 0 else (b, a)
        s = game_seed(seed, i)
        state = play_game(seats[0].cards, seats[1].cards, make_policies(policies, s), s,
                          max_turns=max_turns)
        r = state.result
        assert r is not None
        p = state.players
        rows.append([r.winner, r.turns, r.reason, p[0].life, p[1].life,
                     state.actions_taken])
    return rows


def game_policies(names: Sequence[str], seed: int) -> list[Policy]:
    """Fresh policies for seats 0 (on the play) and 1 of the game with ``seed``, seeded
    as every job seeds them (``cluster.seeds.policy_seed``)."""
    return [make_policy(name, seeds.policy_seed(seed, seat))
            for seat, name in enumerate(names)]


def play_seeded(decks: Sequence[LoadedDeck], policies: Sequence[str], seed: int, *,
                max_turns: int = 60, keep_log: bool = False,
                record: bool = False, asked: list[str] | None = None) -> GameState:
    """One game; ``decks[0]`` is player A, on the play. ``asked``: note each question
    there (``pipelines.replay.Recorder``, for a replay file)."""
    players: list[Policy] = game_policies(policies, seed)
    if asked is not None:
        from mtgsim.pipelines.replay import Recorder

        players = [Recorder(p, asked) for p in players]
    return play_game(decks[0].cards, decks[1].cards, players, seed,
                     keep_log=keep_log, record=record, max_turns=max_turns)


@dataclass
class DeckStats:
    """One deck's record over a batch, split by whether it was on the play."""

    wins_on_play: int = 0
    games_on_play: int = 0
    wins_on_draw: int = 0
    games_on_draw: int = 0

    @property
    def wins(self) -> int:
        return self.wins_on_play + self.wins_on_draw

    @property
    def games(self) -> int:
        return self.games_on_play + self.games_on_draw


@dataclass
class BatchStats:
    """What a batch produced; ``seconds`` covers only the games, not loading."""

    games: int = 0
    draws: int = 0
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0
    decks: tuple[DeckStats, DeckStats] = field(default_factory=lambda: (DeckStats(), DeckStats()))
    reasons: Counter[str] = field(default_factory=Counter)
    # Ctrl-C or SIGTERM (a KeyboardInterrupt) before the last game: the games counted
    # are those that finished (run_batch with ``stoppable``)
    interrupted: KeyboardInterrupt | None = None

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def mean_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    @property
    def mean_decisions(self) -> float:
        return self.decisions / self.games if self.games else 0.0


def run_batch(deck_a: LoadedDeck, deck_b: LoadedDeck, games: int, seed: int,
              policies: Sequence[str] = ("heuristic", "heuristic"),
              max_turns: int = 60, stoppable: bool = False) -> BatchStats:
    """Play games 0 .. ``games - 1`` of the pairing of the two decks under ``seed``
    serially: the games ``versus`` plays (``cluster.seeds``), the decks alternating on the
    play. Each policy stays with its deck. Decisions are counted from
    ``state.actions_taken``. Games are made one at a time, so any count runs in the
    same memory. ``stoppable``: Ctrl-C or SIGTERM ends the batch with the games that
    finished (``BatchStats.interrupted``) instead of raising.
    """
    stats = BatchStats()
    start = time.perf_counter()
    try:
        _play_batch(stats, deck_a, deck_b, games, seed, policies, max_turns)
    except KeyboardInterrupt as exc:
        if not stoppable:
            raise
        stats.interrupted = exc
    stats.seconds = time.perf_counter() - start
    return stats


def _play_batch(stats: BatchStats, deck_a: LoadedDeck, deck_b: LoadedDeck, games: int,
                seed: int, policies: Sequence[str], max_turns: int) -> None:
    decks = (deck_a, deck_b)
    pairing = seeds.Pairing(seed, (deck_a.name, seeds.deck_digest(deck_a.names)),
                            (deck_b.name, seeds.deck_digest(deck_b.names)))
    for i in range(games):
        first = 0 if pairing.a_on_play(i) else 1  # index (0 = A, 1 = B) of the deck in seat 0
        seats = (first, 1 - first)
        g = pairing.seed(i)
        state = play_game(decks[seats[0]].cards, decks[seats[1]].cards,
                          game_policies([policies[d] for d in seats], g), g,
                          max_turns=max_turns)
        result = state.result
        assert result is not None
        stats.games += 1
        stats.turns += result.turns
        stats.decisions += state.actions_taken
        stats.reasons[result.reason] += 1
        for seat, d in enumerate(seats):
            ds = stats.decks[d]
            won = result.winner == seat
            if seat == 0:
                ds.games_on_play += 1
                ds.wins_on_play += won
            else:
                ds.games_on_draw += 1
                ds.wins_on_draw += won
        if result.winner < 0:
            stats.draws += 1
