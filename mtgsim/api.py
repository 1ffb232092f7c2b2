"""The Python facade of mtgsim, for scripts and notebooks (``import mtgsim``).

In the spirit of python-chess: a few small objects that say what they are.

* :class:`CardPool`: the bundled cards, your own card files added (or a directory that
  replaces them); it loads decks from bundled names, files in any supported format, or
  pasted text.
* :class:`Game`: one game as a state machine. ``game.decision`` is the question the game
  asks now (``None`` once it is over), ``game.choices()`` describes its options,
  ``game.answer(i)`` answers it, ``game.step()`` lets the seat's policy answer it,
  ``game.play()`` plays to the end. ``game.replay()`` records it, :func:`replay` re-plays
  a recording and checks it.
* :func:`gauntlet` and :func:`versus`: batch jobs, in this process or on Ray, whose
  :class:`Results` is a pyarrow Table with ``to_pandas()`` and ``to_polars()``.

A game is a pure function of (card data, decks, policies, seed): ``Game(a, b,
seed=11).play()`` is the game ``mtgsim play A B --seed 11`` prints.

Everything this module needs from the engine goes through the small adapter at the top
(``_start``, ``_pending``, ``_give``, ``_view``, ``_describe``): when the engine's decision
types or player view change, that is the one place to follow them.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from mtgsim.cluster.seeds import policy_seed
from mtgsim.engine.cards import COLOR_BIT
from mtgsim.engine.cards.card import Card
from mtgsim.engine.cards.pool import CardSource, known_cards, read_extra
from mtgsim.engine.decklists.corpus import lines_of, needed_cards
from mtgsim.engine.decklists.deck import parse_deck
from mtgsim.engine.decklists.lines import DeckError
from mtgsim.engine.game import deck_cards, play, policy_stops
from mtgsim.engine.game import step as engine_step
from mtgsim.engine.players.policies import POLICIES, PolicySpecError, make_policy, parse_policy
from mtgsim.engine.rules.special_actions import special
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.rules.zones import describe
from mtgsim.engine.state.ask import IllegalAnswer
from mtgsim.engine.state.game_state import (
    CAST,
    PASS,
    PLAY,
    SPECIAL,
    Answer,
    Decision,
    GameResult,
    GameState,
)
from mtgsim.engine.state.view import player_view
from mtgsim.pipelines.replay import (
    Replay,
    ReplayMismatch,
    make_replay,
    mismatches,
    read_replay,
    rerun,
    write_replay,
)
from mtgsim.pipelines.runner import DECKS_DIR, LoadedDeck, load_decks

if TYPE_CHECKING:
    import pandas
    import polars
    import pyarrow

__all__ = [
    "POLICIES",
    "CardPool",
    "Deck",
    "Game",
    "IllegalAnswer",
    "Policy",
    "Replay",
    "ReplayMismatch",
    "Results",
    "bundled_decks",
    "gauntlet",
    "load_replay",
    "read_results",
    "replay",
    "versus",
]

Deck = LoadedDeck  # a checked main deck: name, path, card names and compiled Cards


class Policy(Protocol):
    """A player: answers the decisions of its seat (``engine.game.Policy``)."""

    name: str

    def decide(self, view: GameState, decision: Decision) -> Answer: ...


# --- the engine adapter: the only code here that knows how the engine asks and is told ---

def _start(decks: Sequence[Deck], seed: int, policies: Sequence[Policy], max_turns: int,
           log: bool, record: bool) -> GameState:
    cards = [d.cards for d in decks]
    return new_game(cards, seed, keep_log=log, record=record, max_turns=max_turns,
                    stops=policy_stops(policies, cards))


def _pending(state: GameState) -> Decision | None:
    return advance(state)


def _give(state: GameState, value: Answer) -> None:
    answer(state, value)


def _is_spec(name: str) -> bool:
    try:
        parse_policy(name)
    except PolicySpecError:
        return False
    return True


def _view(state: GameState, player: int) -> GameState:
    return player_view(state, player)


def _describe(state: GameState, decision: Decision) -> list[str]:
    """Each option of a decision in words, in answer-index order."""
    if decision.kind == "priority":
        out = []
        for action in decision.actions:
            if action.kind == PASS:
                out.append("pass")
                continue
            verb = "play" if action.kind == PLAY else "cast" if action.kind == CAST else \
                special(action.index).keyword if action.kind == SPECIAL else "activate"
            extra = f" (ability {action.index})" if verb == "activate" else ""
            out.append(f"{verb} {describe(state, action.oid)}{extra}")
        return out
    if decision.pairs:
        return [f"{describe(state, b)} blocks {describe(state, a)}" for b, a in decision.pairs]
    words = _OPTION_WORDS.get(decision.kind)
    if words is not None:
        return [words.get(o, str(o)) for o in decision.options]
    players = decision.kind == "target"  # the only kind whose options may be players
    return [describe(state, o) if o in state.objects or (players and o < 2) else str(o)
            for o in decision.options]


_COLOR_WORDS = {bit: {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green",
                      "C": "colorless"}[c] for c, bit in COLOR_BIT.items()}
_OPTION_WORDS: dict[str, dict[int, str]] = {
    "mulligan": {0: "keep", 1: "mulligan"},
    "color": _COLOR_WORDS,
    "colors": _COLOR_WORDS,
}


# --- cards and decks --------------------------------------------------------------------


class CardPool:
    """The cards games are played with.

    ``CardPool()`` is the bundled pool; ``cards=["my_cards/", "bolt.toml"]`` adds your own
    files (a name already in the pool is an error unless ``override=True``);
    ``card_data="dir"`` replaces the bundled cards. Raises ``CardDataError``.

    A deck naming a card the pool's files do not define gets it from the Oracle compiler,
    as on the command line (``engine.decklists.corpus``): loading the deck adds the card
    to this pool, so the pool's ``hash()`` (recorded in replays) covers it. A list with a
    card that cannot be played raises ``DeckError`` naming every such card.
    """

    def __init__(self, cards: Sequence[str | Path] = (), *, card_data: str | Path | None = None,
                 override: bool = False) -> None:
        self.source = CardSource(base=str(card_data) if card_data else "",
                                 extra=read_extra(cards), override=override)
        self.cards: Mapping[str, Card] = self.source.load()

    def copy(self) -> CardPool:
        """A pool of the same cards whose later growth (corpus cards its decks add) is its
        own."""
        other = CardPool.__new__(CardPool)
        other.source, other.cards = self.source, self.cards
        return other

    def learn(self, names: Sequence[str]) -> None:
        """Add these cards from the Oracle compiler (names the pool already has are
        skipped; raises ``CardDataError`` for a name the corpus lacks or cannot compile)."""
        new = [n for n in names if n not in self.cards]
        if new:
            self._become(self.source.with_corpus(new))

    def _become(self, source: CardSource) -> None:
        if source != self.source:
            self.source, self.cards = source, source.load()

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def __getitem__(self, name: str) -> Card:
        return self.cards[name]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.cards))

    def __repr__(self) -> str:
        return f"<CardPool of {len(self)} cards>"

    def deck(self, name_or_path: str | Path) -> Deck:
        """A bundled deck by name (``"gruul_stompy"``) or a deck file of any supported
        format (raises ``DeckError`` naming file and line)."""
        source, decks = load_decks(self.source, [str(name_or_path)])
        self._become(source)
        return decks[0]

    def parse_deck(self, text: str, name: str = "deck") -> Deck:
        """A deck from pasted text (any text format, or .dek XML)."""
        try:
            deck = parse_deck(text, file=name, known_cards=known_cards(self.cards))
        except DeckError:
            wanted = needed_cards(lines_of(text, name), name, self.cards)
            if not wanted:
                raise
            self.learn(wanted)
            deck = parse_deck(text, file=name, known_cards=known_cards(self.cards))
        names = deck.main_cards()
        return Deck(deck.name, Path(name), names, deck_cards(self.cards, names))

    def hash(self) -> str:
        """The content hash of the pool's card files (recorded in replays and jobs)."""
        return self.source.hash()


_DEFAULT_POOL: list[CardPool] = []


def _pool(pool: CardPool | None) -> CardPool:
    if pool is not None:
        return pool
    if not _DEFAULT_POOL:  # loaded once; each game gets its own copy to grow
        _DEFAULT_POOL.append(CardPool())
    return _DEFAULT_POOL[0].copy()


def _deck(deck: Deck | str | Path, pool: CardPool) -> Deck:
    return deck if isinstance(deck, LoadedDeck) else pool.deck(deck)


def bundled_decks() -> list[str]:
    """The names of the bundled decks (``mtgsim decks`` lists them with archetypes)."""
    return sorted(p.stem for p in DECKS_DIR.glob("*.txt"))


# --- one game -----------------------------------------------------------------------------


class Game:
    """One game between two decks; ``deck_a`` is player A (seat 0), on the play.

    ``policies`` are names (``"heuristic"``, ``"random"``, ``"goldfish"``) or objects with
    ``decide(view, decision)`` (``view``: what the deciding player may know, as ``view()``
    gives it); named ones are seeded from ``seed`` exactly as the command
    line seeds them, so the same arguments give the same game anywhere.
    """

    def __init__(self, deck_a: Deck | str | Path, deck_b: Deck | str | Path, *, seed: int = 0,
                 policies: Sequence[str | Policy] = ("heuristic", "heuristic"),
                 max_turns: int = 60, pool: CardPool | None = None, log: bool = True,
                 record: bool = True) -> None:
        self.pool = _pool(pool)
        self.decks = (_deck(deck_a, self.pool), _deck(deck_b, self.pool))
        self.seed = seed
        self.max_turns = max_turns
        if len(policies) != 2:
            raise ValueError("give two policies, one per seat")
        self.policies: list[Policy] = [
            make_policy(p, policy_seed(seed, seat)) if isinstance(p, str) else p
            for seat, p in enumerate(policies)]
        self.state = _start(self.decks, seed, self.policies, max_turns, log, record)

    # what the game asks ---------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """The question the game asks now (``None`` once the game is over)."""
        return _pending(self.state)

    def choices(self) -> list[str]:
        """The options of the current decision in words (empty when the game is over)."""
        d = self.decision
        return [] if d is None else _describe(self.state, d)

    def answer(self, value: Answer) -> None:
        """Answer the current decision: an option's index, or a list of indices for a
        multiple choice. Raises ``IllegalAnswer`` (and changes nothing) if it does not fit.
        """
        if self.decision is None:
            raise IllegalAnswer("the game is over")
        _give(self.state, value)

    def view(self, player: int | None = None) -> GameState:
        """What ``player`` (default: the one deciding now) may know of the game: the state
        a policy's ``decide`` is given (engine.state.view.player_view: no other player's hand, no
        library's order). Read it, never change it."""
        if player is None:
            d = self.decision
            if d is None:
                raise ValueError("the game is over: name the player whose view you want")
            player = d.player
        return _view(self.state, player)

    def step(self) -> Answer | None:
        """Let the deciding seat's policy answer the current decision, from its player's
        view; its answer (``None`` when the game is over). An answer the engine rejects
        raises ``IllegalAnswer`` naming the decision and the answer, as ``play()`` does
        (engine.game.step)."""
        return engine_step(self.state, self.policies)

    def play(self) -> GameResult:
        """Play to the end with the policies; the result."""
        play(self.state, self.policies)
        assert self.state.result is not None
        return self.state.result

    # what the game is -----------------------------------------------------------------

    def is_over(self) -> bool:
        return self.decision is None

    @property
    def result(self) -> GameResult | None:
        """Winner (0: A, 1: B, -1: a draw), reason and turns, once the game is over."""
        return self.state.result

    @property
    def turn(self) -> int:
        return self.state.turn

    def life(self) -> tuple[int, int]:
        return (self.state.players[0].life, self.state.players[1].life)

    def hand(self, player: int) -> list[str]:
        """The names of the cards in ``player``'s hand (yours to look at, not a policy's:
        a fair policy sees only its own)."""
        return [self.state.objects[o].card.name for o in self.state.players[player].hand]

    def battlefield(self, player: int | None = None) -> list[str]:
        """The permanents (of ``player``, or all) by name, in the order they entered."""
        objs = (self.state.objects[o] for o in self.state.battlefield)
        return [o.card.name for o in objs if player is None or o.controller == player]

    def log(self) -> list[str]:
        """The game log as ``mtgsim play`` prints it (needs ``log=True``)."""
        from mtgsim.pipelines.render import render_log

        if self.state.log is None:
            raise ValueError("this game keeps no log (Game(..., log=True))")
        return render_log(self.state.log, self.state.result)

    def replay(self) -> Replay:
        """The recording of the finished game (needs ``log=True, record=True``). A replay
        names its policies, so it is made of games between the named policies only."""
        names = [getattr(p, "name", "") for p in self.policies]
        if any(not _is_spec(n) for n in names):
            raise ValueError(f"a replay records policies by name ({', '.join(POLICIES)}); "
                             f"this game has {names}")
        return make_replay(self.state, [(d.name, d.names) for d in self.decks], self.seed,
                           names, self.max_turns, self.pool.hash())

    def save_replay(self, path: str | Path) -> None:
        write_replay(path, self.replay())

    def __repr__(self) -> str:
        a, b = (d.name for d in self.decks)
        r = self.state.result
        status = f"over: {r.reason}, winner {r.winner}" if r else f"turn {self.turn}"
        return f"<Game {a} vs {b}, seed {self.seed}, {status}>"


def load_replay(path: str | Path) -> Replay:
    """Read a replay file (``mtgsim play --replay``, ``Game.save_replay``)."""
    return read_replay(path)


def replay(recording: Replay | str | Path, pool: CardPool | None = None) -> Game:
    """Re-play a recording from its decisions alone and check that it gives the same
    result and log; the finished game (raises ``ReplayMismatch`` if it does not)."""
    rec = recording if isinstance(recording, Replay) else read_replay(recording)
    p = _pool(pool)
    missing = sorted({n for d in rec.decks for n in d.cards if n not in p})
    if missing:  # cards the game's decks took from the Oracle compiler
        p = p.copy()
        p.learn(missing)
    state = rerun(rec, p.cards)
    problems = mismatches(rec, state)
    if problems:
        raise ReplayMismatch("; ".join(problems))
    game = Game.__new__(Game)
    game.pool = p
    game.decks = tuple(Deck(d.name, Path(d.name), list(d.cards), deck_cards(p.cards, d.cards))
                       for d in rec.decks)  # type: ignore[assignment]
    game.seed, game.max_turns, game.state = rec.seed, rec.max_turns, state
    game.policies = [make_policy(n, policy_seed(rec.seed, s)) for s, n in
                     enumerate(rec.policies)]
    return game


# --- many games ---------------------------------------------------------------------------


class Results:
    """The games of a job: one row per game (schema ``results.schema.GAMES``).

    ``table`` is a pyarrow Table; ``to_pandas()`` and ``to_polars()`` convert it (pandas
    and polars are the ``mtgsim[frames]`` extra); ``win_rates()`` counts each deck's games
    in both seats.
    """

    def __init__(self, table: pyarrow.Table, path: str | None = None) -> None:
        self.table = table
        self.path = path

    def __len__(self) -> int:
        return int(self.table.num_rows)

    def __repr__(self) -> str:
        where = f" in {self.path}" if self.path else ""
        return f"<Results of {len(self)} games{where}>"

    def to_pandas(self) -> pandas.DataFrame:
        return self.table.to_pandas()

    def to_polars(self) -> polars.DataFrame:
        import polars as pl

        return pl.from_arrow(self.table)  # type: ignore[return-value]

    def win_rates(self) -> pyarrow.Table:
        """Per deck: games, wins, draws and win rate over the games it played in either
        seat (a draw counts as no win), sorted by win rate."""
        import pyarrow as pa
        import pyarrow.compute as pc

        t = self.table
        sides = []
        for deck, seat in (("deck_a", 0), ("deck_b", 1)):
            sides.append(pa.table({
                "deck": pc.cast(t[deck], pa.string()),
                "won": pc.cast(pc.equal(t["winner"], seat), pa.int64()),
                "drew": pc.cast(pc.equal(t["winner"], -1), pa.int64()),
            }))
        both = pa.concat_tables(sides)
        g = both.group_by("deck").aggregate([("won", "count"), ("won", "sum"),
                                             ("drew", "sum")])
        games = g["won_count"]
        out = pa.table({"deck": g["deck"], "games": games, "wins": g["won_sum"],
                        "draws": g["drew_sum"],
                        "win_rate": pc.divide(pc.cast(g["won_sum"], pa.float64()), games)})
        return out.sort_by([("win_rate", "descending"), ("deck", "ascending")])

    def matchups(self) -> pyarrow.Table:
        """Per pair of decks: games and wins of each side (the job's ``matchups.parquet``)."""
        import pyarrow.parquet as pq

        from mtgsim.results.storage import open_dataset_source

        if self.path is None:
            raise ValueError("matchups() needs the job folder (Results.path)")
        fs, where = open_dataset_source(self.path)
        return pq.read_table(f"{where}/matchups.parquet", filesystem=fs)


def read_results(path: str | Path) -> Results:
    """The games of a job folder (``--out`` of a gauntlet, versus or ablation): a path or
    a URI (``s3://bucket/prefix``, ``gs://``, ``hdfs://``, ``file://``)."""
    import pyarrow.dataset as ds

    from mtgsim.results.storage import open_dataset_source

    fs, where = open_dataset_source(str(path))
    dataset = ds.dataset(f"{where}/games", filesystem=fs, format="parquet",
                         partitioning="hive")
    return Results(dataset.to_table(), str(path))


def _job(kind: str, decks: Sequence[Deck | str | Path], pairs: list[tuple[int, int]],
         games: int, out: str | Path | None, pool: CardPool | None, **options: Any) -> Results:
    from mtgsim.pipelines.jobs import run_job

    p = _pool(pool)
    loaded = [_deck(d, p) for d in decks]
    names = [d.name for d in loaded]
    if len(set(names)) != len(names):
        raise ValueError(f"a deck is named twice: {', '.join(names)}")
    if out is not None:
        from mtgsim.results.storage import resolve_out

        where = resolve_out(str(out))
        try:
            where.begin(resume=False)  # a remote folder: locked there
            run_job(kind, loaded, pairs, games, where.local, cards=p.source,
                    progress=lambda done, total: where.push(), **options)
            where.push()
        finally:
            where.close()
        return read_results(out)
    tmp = tempfile.mkdtemp(prefix="mtgsim-")
    try:
        run_job(kind, loaded, pairs, games, Path(tmp) / "job", cards=p.source, **options)
        table = read_results(Path(tmp) / "job").table
        return Results(table.combine_chunks())
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def gauntlet(decks: Sequence[Deck | str | Path], games: int = 100, *,
             out: str | Path | None = None, seed: int = 0, executor: str = "serial",
             workers: int | None = None, address: str | None = None,
             policies: tuple[str, str] = ("heuristic", "heuristic"), max_turns: int = 60,
             unit_size: int = 200, pool: CardPool | None = None,
             record_events: bool = False) -> Results:
    """Every pair of ``decks``, ``games`` games each (decks alternate on the play).

    ``executor="serial"`` plays in this process; ``"ray"`` on local Ray with all cores, or
    the cluster at ``address``. With ``out`` the dataset is kept there (as ``mtgsim
    gauntlet --out`` writes it); without, it is read into memory and not kept.
    ``record_events``: also write the games' events and hands beside them in ``out``, as
    ``--record-events`` does (docs/events.md).
    """
    from mtgsim.pipelines.jobs import pairings

    return _job("gauntlet", decks, pairings(len(decks)), games, out, pool, seed=seed,
                executor=executor, workers=workers, address=address, policies=policies,
                max_turns=max_turns, unit_size=unit_size, record_events=record_events)


def versus(deck: Deck | str | Path, field: Sequence[Deck | str | Path], games: int = 100, *,
           out: str | Path | None = None, seed: int = 0, executor: str = "serial",
           workers: int | None = None, address: str | None = None,
           policies: tuple[str, str] = ("heuristic", "heuristic"), max_turns: int = 60,
           unit_size: int = 200, pool: CardPool | None = None,
           record_events: bool = False) -> Results:
    """``deck`` against each deck of ``field``, ``games`` games each (see gauntlet)."""
    from mtgsim.pipelines.jobs import field_pairings

    decks = [deck, *field]
    return _job("versus", decks, field_pairings(len(decks)), games, out, pool, seed=seed,
                executor=executor, workers=workers, address=address, policies=policies,
                max_turns=max_turns, unit_size=unit_size, record_events=record_events)
