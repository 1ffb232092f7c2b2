"""Random play with invariant checks after every answer.

The bundled decks (all of them), random 60-card decks drawn from the whole card pool, and
the fuzz's decks (``pipelines.fuzz.DeckMaker``: any cards, one to three colours, or a few
cards four times each; 40 to 80 cards) are played by uniformly random policies (which
reach every kind of decision) and by the heuristic against random, with the checks of
``mtgsim fuzz`` (``pipelines.fuzz_checks``). After every answer the game state must be
consistent:

* every object is in exactly one zone list (a spell or copy on the stack: in exactly one
  stack item), and zone lists hold only existing objects whose zone and owner match;
* each player owns as many non-token objects as their deck has cards for the whole game
  (cards are conserved);
* no object has negative damage or a negative counter;
* each player's life is 20 plus life gained, minus life lost, minus damage dealt to them,
  as recorded in the game log.

A failure names the seed and the answer number, which reproduce the game exactly.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from gamesetup import DECKS_DIR, bundled_deck, deadline

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.pool import known_cards, load_pool
from mtgsim.engine.game import decide
from mtgsim.engine.players.policies import HeuristicPolicy, RandomPolicy
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.state.game_state import (
    GameState,
)
from mtgsim.pipelines.fuzz import DeckMaker, Rng
from mtgsim.pipelines.fuzz_checks import Checker, InvariantBroken, state_based_actions_done

POOL = load_pool()
_KNOWN = known_cards(POOL)
GRUUL = bundled_deck("gruul_stompy")
SKIES = bundled_deck("azorius_skies")
BASICS = sorted(n for n, basic in _KNOWN.items() if basic)
NONBASICS = sorted(n for n, basic in _KNOWN.items() if not basic)
DECK_SIZE = 60
PLAYER_NAMES = ("player A", "player B")

# Totals over the whole module, for the coverage test and the report at the end.
STATS: Counter[str] = Counter()
PLAYED: set[str] = set()


def random_deck(rng: random.Random) -> list[CardDef]:
    """24 basic lands of random colours and 36 random other cards, at most 4 of each."""
    names = [rng.choice(BASICS) for _ in range(24)]
    counts: Counter[str] = Counter()
    while len(names) < DECK_SIZE:
        n = rng.choice(NONBASICS)
        if counts[n] < 4:
            counts[n] += 1
            names.append(n)
    rng.shuffle(names)
    return [POOL[n] for n in names]


InvariantError = InvariantBroken


def check_invariants(state: GameState, sizes: tuple[int, int] = (DECK_SIZE, DECK_SIZE)
                     ) -> None:
    """The checks ``mtgsim fuzz`` makes after every answer, the life from the whole log."""
    Checker(sizes).after_answer(state)


def run_checked(decks: list[list[CardDef]], policies: list, seed: int,
                label: str) -> GameState:
    state = new_game(decks, seed, keep_log=True)
    checker = Checker((len(decks[0]), len(decks[1])))
    n = 0
    while True:
        with deadline(10):
            d = advance(state)
        if d is None:
            break
        if d.kind == "priority":
            try:
                state_based_actions_done(state)
            except InvariantError as exc:
                raise InvariantError(f"{label} seed {seed}, before answer {n + 1}: "
                                     f"{exc}") from None
        a = decide(policies[d.player], state, d)
        answer(state, a)
        n += 1
        try:
            checker.after_answer(state)
        except InvariantError as exc:
            raise InvariantError(f"{label} seed {seed}, after answer {n} ({d.kind} by "
                                 f"player {d.player}: {a!r}): {exc}") from None
    checker.after_answer(state)
    assert state.result is not None
    STATS["games"] += 1
    STATS["answers"] += n
    STATS[f"reason:{state.result.reason}"] += 1
    for e in state.log:  # type: ignore[union-attr]
        if e.kind in ("cast", "play"):
            PLAYED.add(e.card)
    return state


BUNDLED_PAIRS = [(GRUUL, SKIES), (SKIES, GRUUL), (GRUUL, GRUUL), (SKIES, SKIES)]
CHUNK = 40


@pytest.mark.parametrize("chunk", range(5))
def test_random_policies_bundled_decks(chunk: int) -> None:
    for i in range(CHUNK):
        seed = 1000 + chunk * CHUNK + i
        a, b = BUNDLED_PAIRS[seed % len(BUNDLED_PAIRS)]
        run_checked([a, b], [RandomPolicy(seed), RandomPolicy(seed + 7)], seed, "bundled")


@pytest.mark.parametrize("chunk", range(20))
def test_random_policies_random_pool_decks(chunk: int) -> None:
    for i in range(CHUNK):
        seed = 5000 + chunk * CHUNK + i
        rng = random.Random(seed)
        decks = [random_deck(rng), random_deck(rng)]
        run_checked(decks, [RandomPolicy(seed), RandomPolicy(seed + 7)], seed, "pool")


MAKER = DeckMaker(POOL)
EVERY_BUNDLED = [bundled_deck(p.stem) for p in sorted(DECKS_DIR.glob("*.txt"))]


def fuzz_decks(seed: int) -> list[list[CardDef]]:
    """Two decks as ``mtgsim fuzz`` draws them (styles: any, colours, dense)."""
    rng = Rng(seed)
    return [[POOL[n] for n in MAKER.deck(rng)[1]] for _ in range(2)]


@pytest.mark.parametrize("chunk", range(8))
def test_random_policies_fuzz_decks(chunk: int) -> None:
    for i in range(CHUNK):
        seed = 40000 + chunk * CHUNK + i
        run_checked(fuzz_decks(seed), [RandomPolicy(seed), RandomPolicy(seed + 7)], seed,
                    "fuzz")


@pytest.mark.parametrize("chunk", range(3))
def test_random_policies_every_bundled_deck(chunk: int) -> None:
    """Each bundled deck against the next ones, in both seats."""
    n = len(EVERY_BUNDLED)
    for i in range(2 * n):
        seed = 60000 + chunk * 2 * n + i
        a = EVERY_BUNDLED[i % n]
        b = EVERY_BUNDLED[(i + 1 + chunk) % n]
        decks = [a, b] if i < n else [b, a]
        run_checked(decks, [RandomPolicy(seed), RandomPolicy(seed + 7)], seed, "bundled")


@pytest.mark.parametrize("chunk", range(4))
def test_heuristic_against_random(chunk: int) -> None:
    for i in range(CHUNK):
        seed = 9000 + chunk * CHUNK + i
        rng = random.Random(seed)
        if i % 4 == 1:
            decks = [random_deck(rng), random_deck(rng)]
        elif i % 4 == 3:
            decks = fuzz_decks(seed)
        elif i % 8 == 2:
            decks = [EVERY_BUNDLED[i % len(EVERY_BUNDLED)],
                     EVERY_BUNDLED[(i * 7 + chunk) % len(EVERY_BUNDLED)]]
        else:
            decks = list(BUNDLED_PAIRS[i // 2 % len(BUNDLED_PAIRS)])
        policies = [HeuristicPolicy(seed), RandomPolicy(seed + 7)]
        if seed % 3 == 0:
            policies.reverse()
        run_checked(decks, policies, seed, "heuristic")


def test_every_card_of_the_pool_gets_played() -> None:
    """Over the random-deck games (run here again if this test runs alone), every card
    of the pool is cast or played at least once."""
    seed = 20000
    while not set(POOL) <= PLAYED and seed < 20300:
        rng = random.Random(seed)
        decks = [random_deck(rng), random_deck(rng)]
        run_checked(decks, [RandomPolicy(seed), RandomPolicy(seed + 7)], seed, "coverage")
        seed += 1
    # Cards random decks rarely reach (fifteen-mana Eldrazi, a counterspell for
    # instants only): a focused deck, piloted by the heuristic, against random spells.
    for name in sorted(set(POOL) - PLAYED):
        card = POOL[name]
        colors = [c for c in "WUBRG" if card.color_mask & {"W": 1, "U": 2, "B": 4, "R": 8,
                                                             "G": 16}[c]] or ["G"]
        basics = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
        lands = [POOL[basics[colors[i % len(colors)]]] for i in range(56)]
        for seed in range(30000, 30020):
            rng = random.Random(seed)
            focused = [card] * 4 + lands
            rng.shuffle(focused)
            run_checked([focused, random_deck(rng)], [HeuristicPolicy(seed),
                                                      RandomPolicy(seed + 7)], seed, "focus")
            if name in PLAYED:
                break
    missing = sorted(set(POOL) - PLAYED)
    assert missing == [], f"never cast or played in {STATS['games']} games: {missing}"


def test_invariant_checker_detects_corruption() -> None:
    """The checker itself must be able to fail."""
    state = new_game([GRUUL, SKIES], 1, keep_log=True)
    d = advance(state)
    assert d is not None
    check_invariants(state)
    state.players[0].life -= 1
    with pytest.raises(InvariantError, match="life"):
        check_invariants(state)
    state.players[0].life += 1
    card = state.players[0].hand.pop()
    with pytest.raises(InvariantError, match="no zone list"):
        check_invariants(state)
    state.players[0].graveyard.append(card)
    with pytest.raises(InvariantError, match="zone 3"):
        check_invariants(state)
    state.players[0].graveyard.pop()
    state.players[0].hand.append(card)
    state.objects[card].damage = -1
    with pytest.raises(InvariantError, match="damage"):
        check_invariants(state)
    state.objects[card].damage = 0
    state.event_depth = 1
    with pytest.raises(InvariantError, match="zone-change event"):
        check_invariants(state)


def test_state_based_action_checker_detects_a_missed_action() -> None:
    from gamesetup import Setup, priority

    s = Setup()
    bears = s.bf("Grizzly Bears", 0)
    state = s.go()
    priority(state)
    state_based_actions_done(state)
    state.objects[bears].damage = 2
    with pytest.raises(InvariantError, match="lethal damage"):
        state_based_actions_done(state)
    state.objects[bears].damage = 0
    state.players[1].life = 0
    with pytest.raises(InvariantError, match="should have lost"):
        state_based_actions_done(state)
