"""Starting the game (103): a new game's state with its players' libraries made from their
decks, then (103.2-103.5) the libraries shuffled, the opening hands drawn and the mulligans
taken in turn order (London mulligan, 103.5: shuffle and draw seven again, then put one
card on the bottom per mulligan). ``engine.rules.turn`` starts it at the game's first
step, before the first turn's untap step (103.8)."""

from __future__ import annotations

from collections.abc import Sequence

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.card import Card, CardPool
from mtgsim.engine.rules.zones import draw_card, log, move, shuffle_library
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import Mulligans
from mtgsim.engine.state.derived import Derived, game_card
from mtgsim.engine.state.game_state import (
    LIBRARY,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
    MulliganTask,
    Player,
)
from mtgsim.engine.state.rng import seed_state
from mtgsim.engine.state.sight import Sight

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_BOTTOM = DecisionKind.BOTTOM
_KIND_MULLIGAN = DecisionKind.MULLIGAN

KEEP, MULLIGAN = 0, 1
HAND_SIZE = 7  # the starting hand size (103.5)


def new_game(decks: Sequence[Sequence[Card | CardDef]], seed: int, *,
             pool: CardPool | None = None, keep_log: bool = False, record: bool = False,
             max_turns: int = 60, max_actions: int = 5000,
             stops: Sequence[int] | None = None) -> GameState:
    """A new two-player game. ``decks`` are lists of cards (top of library last): cards
    of ``pool`` (by default the pool the first deck's cards come from), or definitions
    made in code, which join the game's card table; ``stops``: each player's stops
    (engine.state.game_state.ALL_STOPS when not given)."""
    if pool is None:
        pool = next((c.pool for deck in decks for c in deck
                     if isinstance(c, Card) and c.pool is not None), None)
        if pool is None:
            raise ValueError("new_game: no card pool (give pool= when the decks hold none "
                             "of its cards)")
    state = GameState(players=[Player(0), Player(1)], rng=seed_state(seed),
                      max_turns=max_turns, max_actions=max_actions)
    state.derived = Derived(pool, ())
    state.derived.mechanics = 0  # counted from here on: the decks' cards, then each made
    state.sight = Sight()
    if stops is not None:
        state.stops = list(stops)
    if keep_log:
        state.log = []
    if record:
        state.decisions = []
    state.derived.decklists = tuple(_fill_library(state, p, deck, pool)
                                    for p, deck in enumerate(decks))
    return state


def _fill_library(state: GameState, player: int, deck: Sequence[Card | CardDef],
                  pool: CardPool) -> tuple[Card, ...]:
    """Put ``deck``'s cards into ``player``'s library in one pass (what ``new_object``
    does for each, with the library's visibility bookkept once: its owner sees its cards,
    in id order, which is deck order); the cards, the player's deck list."""
    cards = tuple([card if isinstance(card, Card) and card.pool is pool else game_card(
        state, card if isinstance(card, CardDef) else card.defn) for card in deck])
    objects = state.objects
    visible = state.sight.visible[player]
    oid = state.next_oid
    clock = state.clock
    ids = list(range(oid, oid + len(cards)))
    for card in cards:
        clock += 1
        objects[oid] = visible[oid] = GameObject(
            oid, card, player, player, LIBRARY, clock, card.color_mask, player)
        oid += 1
    state.next_oid = oid
    state.clock = clock
    mechanics = state.derived.mechanics
    for card in cards:
        mechanics |= card.mechanics
    state.derived.mechanics = mechanics  # (engine.rules.mechanics: the decks' cards)
    state.players[player].library.extend(ids)
    state.sight.libraries[player].extend(ids)
    state.sight.library_changes[player] += len(ids)
    return cards


def start_game(state: GameState) -> None:
    """103.2-103.5: shuffle, draw seven, mulligans in turn order."""
    state.started = True
    for p in (0, 1):
        shuffle_library(state, p)
        for _ in range(HAND_SIZE):
            draw_card(state, p)
    state.tasks.append(MulliganTask(player=1))
    state.tasks.append(MulliganTask(player=0))


def mulligan_task(state: GameState, task: MulliganTask) -> None:
    """London mulligan (103.5): shuffle and draw seven, then bottom one card per mulligan."""
    asker = Asker(state, task)
    p = state.players[task.player]
    if p.mulligans < HAND_SIZE:
        choice = asker.choose(Decision(
            _KIND_MULLIGAN, task.player,
            f"keep this hand ({p.mulligans} mulligans)?", options=[KEEP, MULLIGAN],
            about=Mulligans(p.mulligans)))
    else:
        choice = KEEP
    if choice == MULLIGAN:
        p.mulligans += 1
        for oid in list(p.hand):
            move(state, state.objects[oid], LIBRARY)
        shuffle_library(state, task.player)
        for _ in range(HAND_SIZE):
            draw_card(state, task.player)
        task.answers = []
        if state.log is not None:
            log(state, "mulligan", task.player, amount=p.mulligans)
        return
    n = min(p.mulligans, len(p.hand))
    if n:
        hand = list(p.hand)
        picks = asker.choose_many(Decision(
            _KIND_BOTTOM, task.player, f"put {n} on the bottom", options=hand,
            multi=True, min_count=n, max_count=n))
        for i in picks:
            if state.log is not None:
                log(state, "bottom", task.player, state.objects[hand[i]].card.name)
            move(state, state.objects[hand[i]], LIBRARY, bottom=True)
    if state.log is not None:  # the hand kept, one event per card: what a game starts with
        for oid in p.hand:
            log(state, "opening_hand", task.player, state.objects[oid].card.name,
                amount=p.mulligans)
    state.tasks.pop()


__all__ = ["new_game", "mulligan_task", "start_game"]
