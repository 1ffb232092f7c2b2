"""Building game positions directly and driving them, for rules tests.

``Setup`` makes a started two-player game with no mulligans, puts named cards into zones,
and hands the state to the caller positioned at a chosen step with the active player
holding priority. The module-level helpers drive it through ``engine.rules.turn.advance`` and
``engine.rules.turn.answer`` exactly as a policy would.

A "beacon" is a test-only artifact with a free activated ability that does nothing. A
player who controls one is always asked when they get priority (the engine passes for a
player whose only legal action is to pass), so ``goto`` can stop in any step that has
priority. Setups have beacons for both players unless ``beacons=False``.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from mtgsim.decks import DECKS_DIR
from mtgsim.engine.cards import Activated, CardDef, Cost
from mtgsim.engine.cards.card import Card, CardPool
from mtgsim.engine.cards.pool import known_cards, load_pool
from mtgsim.engine.decklists.deck import load_deck
from mtgsim.engine.game import deck_cards, policy_stops, step
from mtgsim.engine.players.policies import HeuristicPolicy, make_policy
from mtgsim.engine.players.policies.combat_ai import choose_attackers
from mtgsim.engine.rules.turn import advance, answer, new_game
from mtgsim.engine.rules.zones import new_object
from mtgsim.engine.scenario.runner import Runner, load_scenario, play_scenario
from mtgsim.engine.state.decisions import DecisionKind
from mtgsim.engine.state.derived import characteristics_changed, game_card
from mtgsim.engine.state.game_state import (
    ACTIVATE,
    BATTLEFIELD,
    CAST,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    MAIN1,
    NONE,
    PASS,
    PLAY,
    Action,
    Answer,
    Decision,
    GameObject,
    GameState,
)

POOL = load_pool()
TESTS = Path(__file__).resolve().parent  # scenario files are named relative to it
_DECKS: dict[str, list[Card]] = {}

BEACON = CardDef(
    name="Test Beacon",
    types=("artifact",),
    abilities=(Activated(cost=Cost(), effects=()),),
    text="(test only) {0}: Nothing happens.",
)

_ZONES = {
    "battlefield": BATTLEFIELD,
    "hand": HAND,
    "library": LIBRARY,
    "graveyard": GRAVEYARD,
    "exile": EXILE,
}


def bundled_deck(name: str) -> list[Card]:
    """The main deck of decks/NAME.txt as cards of POOL (loaded once per test run)."""
    if name not in _DECKS:
        deck = load_deck(DECKS_DIR / f"{name}.txt", known_cards(POOL))
        _DECKS[name] = deck_cards(POOL, deck.main_cards())
    return _DECKS[name]


def heuristic_midgame() -> GameState:
    """The bench matchup (gruul_stompy against azorius_skies, seed 1) played by the
    heuristic on both seats to its first decision of turn 3: a real position, with
    libraries and hands, for the search's rollouts to start from."""
    cards = [bundled_deck("gruul_stompy"), bundled_deck("azorius_skies")]
    policies = [make_policy("heuristic", 1), make_policy("heuristic", 2)]
    state = new_game(cards, 1, stops=policy_stops(policies, cards))
    while state.turn < 3:
        assert step(state, policies) is not None
    assert advance(state) is not None
    return state


def heuristic_attackers(state: GameState, spec: str) -> list[str]:
    """The names of the attackers the heuristic of ``spec`` declares, in the decision's
    order, priority passed (action 0) until the attackers are declared: the attack
    settings' tests (test_attack_race, test_attack_guards) read the choice itself, with
    the policy's own price of life, race and guard rules."""
    d = advance(state)
    while d is not None and d.kind != DecisionKind.ATTACKERS:
        answer(state, 0)
        d = advance(state)
    assert d is not None
    policy = make_policy(spec, 1)
    assert isinstance(policy, HeuristicPolicy)
    picks = choose_attackers(state, d, policy.price, policy.race, policy.cover)
    return [state.objects[d.options[i]].card.name for i in picks]


def card(state: GameState, name: str | CardDef) -> Card:
    """A card of the pool by name, or a definition made in the test, which joins the
    game's card table."""
    return game_card(state, name) if isinstance(name, CardDef) else POOL[name]


class Setup:
    """A started game to fill with cards, then ``go()`` to get the state."""

    def __init__(self, *, active: int = 0, step: int = MAIN1, turn: int = 3, seed: int = 1,
                 library: int = 20, library_card: str = "Island", beacons: bool = True,
                 keep_log: bool = True, life: tuple[int, int] = (20, 20)) -> None:
        state = new_game([[], []], seed, pool=POOL, keep_log=keep_log)
        state.started = True
        self.state = state
        self.active = active
        self.step = step
        self.turn = turn
        self.beacons: list[int] = []
        for p in (0, 1):
            state.players[p].life = life[p]
            for _ in range(library):
                self.add(library_card, p, "library")
            if beacons:
                self.beacons.append(self.add(BEACON, p))

    def add(self, name: str | CardDef, player: int, zone: str = "battlefield", *,
            tapped: bool = False, sick: bool = False, damage: int = 0,
            counters: dict[str, int] | None = None, attached_to: int = NONE,
            token: bool = False) -> int:
        """Put a card into ``player``'s zone (library: on top) and return its object id."""
        state = self.state
        z = _ZONES[zone]
        obj = new_object(state, card(state, name), player, z, token=token)
        if z == BATTLEFIELD:
            state.set_tapped(obj, tapped)
            obj.sick = sick
            obj.damage = damage
            obj.counters = dict(counters or {})
            obj.attached_to = attached_to
            state.battlefield.append(obj.oid)
        else:
            p = state.players[player]
            {HAND: p.hand, LIBRARY: p.library, GRAVEYARD: p.graveyard, EXILE: p.exile}[z] \
                .append(obj.oid)
        characteristics_changed(state)
        return obj.oid

    def bf(self, name: str | CardDef, player: int, **kw: object) -> int:
        return self.add(name, player, "battlefield", **kw)  # type: ignore[arg-type]

    def hand(self, name: str | CardDef, player: int) -> int:
        return self.add(name, player, "hand")

    def lands(self, name: str, player: int, n: int, **kw: object) -> list[int]:
        return [self.bf(name, player, **kw) for _ in range(n)]

    def go(self) -> GameState:
        """Position the game: the active player has priority in ``step`` of ``turn``."""
        state = self.state
        state.turn = self.turn
        state.active = self.active
        state.step = self.step
        state.in_priority = True
        state.priority = self.active
        state.passes = 0
        characteristics_changed(state)  # (and a state-based check due)
        return state


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Fail (instead of hanging) when the block runs longer than ``seconds``.

    An engine loop that never reaches a decision would hang the test run; this turns it
    into a TimeoutError. Uses SIGALRM, so only in the main thread on POSIX.
    """

    def _expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"no decision within {seconds} s: the engine is looping")

    old = signal.signal(signal.SIGALRM, _expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# --- reading decisions --------------------------------------------------------------------


def action_index(d: Decision, kind: int, oid: int = NONE, index: int = 0) -> int:
    """The index of ``Action(kind, oid, index)`` among a priority decision's actions."""
    assert d.kind == "priority", f"expected a priority decision, got {d.kind}: {d.prompt}"
    want = Action(kind, oid, index)
    for i, a in enumerate(d.actions):
        if a == want:
            return i
    raise AssertionError(f"{want} is not a legal action; actions are {d.actions}")


def has_action(d: Decision | None, kind: int, oid: int = NONE) -> bool:
    return d is not None and d.kind == "priority" and any(
        a.kind == kind and a.oid == oid for a in d.actions)


def option_index(d: Decision, value: int) -> int:
    assert value in d.options, f"{value} is not an option of {d.kind} {d.prompt}: {d.options}"
    return d.options.index(value)


def pass_index(d: Decision) -> int:
    return action_index(d, PASS)


# --- driving --------------------------------------------------------------------------------


def default_answer(state: GameState, d: Decision) -> Answer:
    """What a passive player answers: pass priority, attack and block with nothing,
    discard the first cards offered."""
    if d.kind == "priority":
        return pass_index(d)
    if d.kind in ("attackers", "blockers"):
        return []
    if d.kind == "discard" and d.multi:  # cleanup: the first cards offered
        return list(range(d.min_count))
    raise AssertionError(f"unexpected decision {d.kind} for player {d.player}: {d.prompt}")


Predicate = Callable[[GameState, Decision | None], bool]


def pass_until(state: GameState, pred: Predicate, limit: int = 2000) -> Decision | None:
    """Give default answers until ``pred(state, pending decision)`` holds; return it."""
    for _ in range(limit):
        d = advance(state)
        if pred(state, d):
            return d
        if d is None:
            raise AssertionError(f"the game ended first: {state.result}")
        answer(state, default_answer(state, d))
    raise AssertionError("pass_until: predicate never held")


def decision_of(kind: str, player: int | None = None) -> Predicate:
    def pred(state: GameState, d: Decision | None) -> bool:
        return d is not None and d.kind == kind and (player is None or d.player == player)

    return pred


def goto(state: GameState, step: int, player: int | None = None,
         turn: int | None = None) -> Decision:
    """Pass until ``player`` (default: the active player) has priority in ``step``."""

    def pred(s: GameState, d: Decision | None) -> bool:
        who = s.active if player is None else player
        return (d is not None and d.kind == "priority" and s.step == step and d.player == who
                and (turn is None or s.turn == turn))

    d = pass_until(state, pred)
    assert d is not None
    return d


def priority(state: GameState, player: int | None = None) -> Decision:
    d = advance(state)
    assert d is not None and d.kind == "priority", f"expected priority, got {d}"
    if player is not None:
        assert d.player == player, f"player {d.player} has priority, expected {player}"
    return d


def _answer_choices(state: GameState, player: int, kind: str,
                    values: Iterable[int]) -> None:
    """Answer the next ``kind`` questions with ``values``; a forced question is skipped."""
    for v in values:
        d = advance(state)
        if d is not None and d.kind == kind and d.player == player:
            answer(state, option_index(d, v))


def cast(state: GameState, oid: int, targets: Sequence[int] = (), *, x: int | None = None,
         mode: int | None = None) -> None:
    """Cast the card ``oid`` (its owner must hold priority now) with these choices.

    Afterwards the spell is checked to be on top of the stack with exactly those targets.
    """
    d = advance(state)
    assert d is not None and d.kind == "priority", f"expected priority, got {d}"
    player = d.player
    name = state.objects[oid].card.name
    answer(state, action_index(d, CAST, oid))
    if mode is not None:
        _answer_choices(state, player, "mode", [mode])
    if x is not None:
        _answer_choices(state, player, "x", [x])
    _answer_choices(state, player, "target", targets)
    advance(state)
    top = state.stack[-1]
    assert top.is_spell and top.card.name == name, f"{name} is not on top of the stack"
    assert top.targets == list(targets), f"{name} targets {top.targets}, wanted {targets}"
    if x is not None:
        assert top.x == x


def activate(state: GameState, oid: int, targets: Sequence[int] = (), index: int = 0) -> None:
    d = advance(state)
    assert d is not None and d.kind == "priority"
    player = d.player
    answer(state, action_index(d, ACTIVATE, oid, index))
    _answer_choices(state, player, "target", targets)
    advance(state)
    top = state.stack[-1]
    assert not top.is_spell and top.source == oid and top.targets == list(targets)


def resolve(state: GameState) -> Decision | None:
    """Both players pass until the top object of the stack has left it (or a non-priority
    question comes up, which is returned)."""
    assert state.stack, "the stack is empty"
    sid = state.stack[-1].sid

    def pred(s: GameState, d: Decision | None) -> bool:
        gone = all(item.sid != sid for item in s.stack)
        return gone or (d is not None and d.kind != "priority") or d is None

    return pass_until(state, pred)


def resolve_all(state: GameState) -> None:
    while state.stack:
        d = resolve(state)
        if d is not None and d.kind != "priority":
            raise AssertionError(f"unexpected decision {d.kind}: {d.prompt}")


def attack(state: GameState, attackers: Sequence[int]) -> None:
    d = pass_until(state, decision_of("attackers"))
    assert d is not None
    answer(state, [option_index(d, a) for a in attackers])


def block(state: GameState, pairs: Sequence[tuple[int, int]]) -> None:
    """Declare blockers as (blocker, attacker) pairs."""
    d = pass_until(state, decision_of("blockers"))
    assert d is not None
    idx = []
    for pair in pairs:
        assert pair in d.pairs, f"{pair} is not a legal block; legal: {d.pairs}"
        idx.append(d.pairs.index(pair))
    answer(state, idx)


def block_pairs(state: GameState) -> list[tuple[int, int]]:
    """The legal (blocker, attacker) pairs of the pending block decision."""
    d = pass_until(state, decision_of("blockers"))
    assert d is not None
    return [tuple(p) for p in d.pairs]  # type: ignore[misc]


# --- reading the state --------------------------------------------------------------------


def obj(state: GameState, oid: int) -> GameObject:
    return state.objects[oid]


def alive(state: GameState, oid: int) -> bool:
    o = state.objects.get(oid)
    return o is not None and o.zone == BATTLEFIELD


def names(state: GameState, oids: Iterable[int]) -> list[str]:
    return [state.objects[o].card.name for o in oids]


def on_battlefield(state: GameState, player: int, name: str) -> list[int]:
    return [o for o in state.battlefield
            if state.objects[o].controller == player and state.objects[o].card.name == name]


def graveyard_names(state: GameState, player: int) -> list[str]:
    return names(state, state.players[player].graveyard)


def hand_names(state: GameState, player: int) -> list[str]:
    return names(state, state.players[player].hand)


__all__ = [
    "ACTIVATE", "BEACON", "CAST", "PASS", "PLAY", "POOL", "Setup", "action_index", "activate",
    "alive", "attack", "block", "block_pairs", "card", "cast", "deadline", "decision_of",
    "default_answer", "goto", "graveyard_names", "hand_names", "has_action", "names", "obj",
    "on_battlefield", "option_index", "pass_index", "pass_until", "play_file", "priority",
    "main_phase_state", "resolve", "resolve_all", "scenario_state",
]


def play_file(path: str, pool: CardPool | None = None) -> Runner:
    """Play a scenario file (the conformance format), given by its path under tests/, and
    check its expectations; the runner keeps the final state, for the checks a scenario
    can't express (statistics, hooks, playing on)."""
    return play_scenario(load_scenario(TESTS / path), POOL if pool is None else pool)


def scenario_state(tmp_path: Path, text: str) -> GameState:
    """The state a scenario written in a test (the conformance format, default card pool)
    sets up and plays to its end: a position built in a few lines of TOML. Written under
    ``tmp_path`` because the scenario loader reads files and names them in its errors."""
    f = tmp_path / "position.toml"
    f.write_text(text)
    return play_scenario(load_scenario(f)).state


def main_phase_state(tmp_path: Path, hand: list[str], lands: list[str],
                     library_a: Sequence[str], library_b: Sequence[str],
                     corpus: Sequence[str] = ()) -> GameState:
    """A's first main phase of turn 3 at 20 life each: ``hand`` and ``lands`` (its
    battlefield) and the two libraries, ``corpus`` the Oracle corpus's cards the position
    adds to the pool (``scenario_state``); the position of the heuristic's priority tests
    (test_priority_order, test_turn_plan)."""
    text = f"""name = "main phase"
corpus = {list(corpus)!r}
[setup]
turn = 3
active = "A"
step = "main1"
[setup.A]
life = 20
hand = {hand!r}
library = {list(library_a)!r}
battlefield = {lands!r}
[setup.B]
life = 20
library = {list(library_b)!r}
""".replace("'", '"')
    return scenario_state(tmp_path, text)
