"""What ``mtgsim fuzz`` checks while a game runs, beyond its not raising: the guarantees of
the rules that a bug can break without an exception. ``tests/state/test_fuzz.py`` plays
its random games with the same checks.

After every answer:

* **Zones** (400.1, 400.3, 400.7): every object is in exactly one zone list (each player's
  library, hand, graveyard and exile, the battlefield, a spell's stack item), and a zone
  list holds only live objects that say they are in that zone, owned by that player for
  a player's zone. Cards are conserved: each player owns as many non-token objects as
  their deck has cards, the whole game.
* **No negative counts**: damage marked on an object (120.3), counters (122.1), poison
  counters (122.1f), land plays, mulligans; floating mana is whole units.
* **Life** (119.3, 119.4): each player's life total is 20 plus the life gained, minus the
  life lost and the damage dealt to them, as the game's events record them; poison
  counters likewise (infect damage, 702.90b, gives them instead of life loss).
* A simultaneous zone-change event never spans a decision (its triggers were checked).

When a player receives priority (117.5, 704.3), no state-based action applies:
characteristics are current; no player at 0 or less life, with 10 or more poison
counters or who drew from an empty library (704.5a-c); no creature with toughness 0 or
less or lethal damage (704.5f-g); no permanent with +1/+1 and -1/-1 counters (704.5q); no
Aura attached to nothing (704.5m); no two legendary permanents of one name under one
controller (704.5j).

At the first decision of each step (500.4): both mana pools are empty, unless something
resolved or was activated in that step before it (mana made in the step stays until its
end). At the first
decision of every fourth turn and at the end, the state **serializes and comes back**
(``engine.state.serialize``): msgpack decoded with the same pool encodes to the same bytes
(at the end, in JSON too).

A broken invariant raises :class:`InvariantBroken`; the fuzz records it as a failure with
its replay, as it records an exception.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from mtgsim.engine.cards import KW_INDESTRUCTIBLE, T_CREATURE
from mtgsim.engine.game import Policy, step
from mtgsim.engine.rules.turn import advance
from mtgsim.engine.state.decisions import DecisionKind
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
    ZONE_NAMES,
    GameState,
)
from mtgsim.engine.state.serialize import from_msgpack, to_json, to_msgpack

PRIORITY = DecisionKind.PRIORITY
PLAYER_NAMES = ("player A", "player B")  # how the log names a player (state.log.describe)
STARTING_LIFE = 20  # 103.4
# A state is serialized and decoded at the first decision of every ROUND_TRIP_TURNS-th
# turn (and at the end, in JSON too): at every turn it cost as much as the game itself.
ROUND_TRIP_TURNS = 4


def _name(zone: int, owner: int) -> str:
    """A zone list as messages name it (a player's: "player 0 zone 3 (graveyard)")."""
    if owner < 0:
        return f"the {ZONE_NAMES[zone]}"
    return f"player {owner} zone {zone} ({ZONE_NAMES[zone]})"


def _mana_made_this_step(state: GameState) -> bool:
    """Something resolved or was activated in the current step before its first decision
    (a policy's stops let triggers resolve unasked): Burning-Tree Emissary's trigger adds
    {R}{G} in the upkeep, and that mana stays until the step ends (500.4)."""
    log = state.log
    if log is None:
        return False
    for e in reversed(log):
        if e.turn != state.turn or e.step != state.step:
            return False
        if e.kind == "resolve" or e.kind == "activate":
            return True
    return False


class InvariantBroken(AssertionError):
    """A guarantee of the rules that the game broke (the message says which)."""


class Checker:
    """One game's invariants, checked as it is played. ``sizes``: each player's deck
    size (cards are conserved). The game must keep its log (``new_game(...,
    keep_log=True)``): the life check reads it, from where the last check stopped."""

    def __init__(self, sizes: tuple[int, int]) -> None:
        self.sizes = sizes
        self.life = [STARTING_LIFE, STARTING_LIFE]  # what the events seen so far say
        self.poison = [0, 0]  # likewise (702.90b infect damage, "gets a poison counter")
        self.seen_events = 0
        self.step: tuple[int, int] = (-1, -1)  # (turn, step) of the last decision
        self.turn = 1 - ROUND_TRIP_TURNS  # the last turn whose state was serialized

    # --- after every answer -------------------------------------------------------------

    def after_answer(self, state: GameState) -> None:
        self.zones(state)
        self.counts(state)
        if state.event_depth or state.departures or state.arrivals or state.event_before:
            raise InvariantBroken(f"a zone-change event is still open (depth "
                                  f"{state.event_depth}, {len(state.departures)} "
                                  "departures)")
        self.life_totals(state)

    def zones(self, state: GameState) -> None:
        """Every object in exactly one zone list, of the right zone and owner (one pass
        over the lists, then the culprit looked for only when the counts disagree: this
        runs after every answer)."""
        objects = state.objects
        lists: list[tuple[int, int, Sequence[int], str]] = [
            (BATTLEFIELD, -1, state.battlefield, "the battlefield")]
        for p in state.players:
            lists += [(LIBRARY, p.idx, p.library, ""), (HAND, p.idx, p.hand, ""),
                      (GRAVEYARD, p.idx, p.graveyard, ""), (EXILE, p.idx, p.exile, "")]
        lists.append((STACK, -1, [it.sid for it in state.stack if it.is_spell], "the stack"))
        seen: set[int] = set()
        listed = 0
        for zone, owner, ids, _ in lists:
            for oid in ids:
                o = objects.get(oid)
                if o is None or o.zone != zone or (owner >= 0 and o.owner != owner):
                    said = "no object" if o is None else \
                        f"{o.card.name} of player {o.owner} in the {ZONE_NAMES[o.zone]}"
                    raise InvariantBroken(f"{_name(zone, owner)} lists {oid}: {said}")
            seen.update(ids)
            listed += len(ids)
        if listed != len(seen):
            where: dict[int, str] = {}
            for zone, owner, ids, _ in lists:
                for oid in ids:
                    if oid in where:
                        raise InvariantBroken(f"object {oid} is in {where[oid]} and in "
                                              f"{_name(zone, owner)}")
                    where[oid] = _name(zone, owner)
        if len(seen) != len(objects):
            stray = sorted(set(objects) - seen)
            raise InvariantBroken("objects in no zone list: " + ", ".join(
                f"{o} ({objects[o].card.name}, {ZONE_NAMES[objects[o].zone]})"
                for o in stray))

    def counts(self, state: GameState) -> None:
        """No negative count, and cards conserved (one pass over the objects)."""
        for p in state.players:
            for name, value in (("poison counters", p.poison),
                                ("land plays", p.lands_played), ("mulligans", p.mulligans)):
                if value < 0:
                    raise InvariantBroken(f"player {p.idx} has {value} {name}")
            if p.pool and min(p.pool) <= 0:
                raise InvariantBroken(f"player {p.idx}'s mana pool holds {p.pool}")
        cards = [0, 0]
        for o in state.objects.values():
            if not o.token:
                cards[o.owner] += 1
            if o.damage < 0:
                raise InvariantBroken(f"{o.card.name} has damage {o.damage}")
            if o.counters and min(o.counters.values()) < 0:
                raise InvariantBroken(f"{o.card.name} has negative counters: {o.counters}")
        if (cards[0], cards[1]) != self.sizes:
            raise InvariantBroken(f"non-token objects per owner: {cards[0]} and "
                                  f"{cards[1]}, the decks have {self.sizes}")

    def life_totals(self, state: GameState) -> None:
        log = state.log
        if log is None:
            raise InvariantBroken("the game keeps no log (keep_log=True): no life check")
        life = self.life
        for e in log[self.seen_events:]:
            kind = e.kind
            if kind == "gain_life":
                life[e.player] += e.amount
            elif kind == "lose_life":
                life[e.player] -= e.amount
            elif kind == "damage" and e.target in PLAYER_NAMES:
                life[PLAYER_NAMES.index(e.target)] -= e.amount
            elif kind == "infect":  # that damage gave poison counters, not life loss (702.90b)
                life[e.player] += e.amount
                self.poison[e.player] += e.amount
            elif kind == "poison":  # "each opponent gets a poison counter"
                self.poison[e.player] += e.amount
        self.seen_events = len(log)
        for p in state.players:
            if p.life != life[p.idx]:
                raise InvariantBroken(f"player {p.idx} has {p.life} life, the log says "
                                      f"{life[p.idx]}")
            if p.poison != self.poison[p.idx]:
                raise InvariantBroken(f"player {p.idx} has {p.poison} poison counters, the "
                                      f"log says {self.poison[p.idx]}")

    # --- at a decision ------------------------------------------------------------------

    def at_decision(self, state: GameState) -> None:
        """Before the pending decision is answered (or at the end, with no decision)."""
        if state.result is None:
            if (state.turn, state.step) != self.step:
                self.step = (state.turn, state.step)
                for p in state.players:
                    if p.pool and not _mana_made_this_step(state):
                        raise InvariantBroken(
                            f"player {p.idx}'s mana pool holds {p.pool} at the first "
                            "decision of a step (500.4: mana empties between steps)")
            if state.pending is not None and state.pending.kind == PRIORITY:
                state_based_actions_done(state)
        if state.result is not None:
            round_trip(state, json=True)
        elif state.turn >= self.turn + ROUND_TRIP_TURNS:
            self.turn = state.turn
            round_trip(state)


def state_based_actions_done(state: GameState) -> None:
    """When a player receives priority, no state-based action applies (117.5, 704.3)."""
    if state.derived.layers.stale:  # characteristics current when a player has priority
        raise InvariantBroken("priority with stale characteristics (derived.layers.stale)")
    objects = state.objects
    legends: Counter[tuple[int, str]] = Counter()
    for p in state.players:
        if p.life <= 0 or p.drew_from_empty or p.poison >= 10:
            raise InvariantBroken(f"player {p.idx} should have lost: {p.life} life, "
                                  f"{p.poison} poison")
    for oid in state.battlefield:
        o = objects[oid]
        c = o.card
        if (c.type_mask | o.extra_types) & T_CREATURE:
            if o.toughness <= 0:
                raise InvariantBroken(f"{c.name} has toughness {o.toughness}")
            if o.damage >= o.toughness and not o.kw & KW_INDESTRUCTIBLE:
                raise InvariantBroken(f"{c.name} has lethal damage {o.damage}/{o.toughness}")
        if "+1/+1" in o.counters and "-1/-1" in o.counters:
            raise InvariantBroken(f"{c.name} has +1/+1 and -1/-1 counters: {o.counters}")
        if c.is_aura:
            host = objects.get(o.attached_to)
            if o.attached_to >= 2 and (host is None or host.zone != BATTLEFIELD):
                raise InvariantBroken(f"{c.name} is attached to nothing ({o.attached_to})")
            if o.attached_to < 0:
                raise InvariantBroken(f"{c.name} is an unattached Aura")
        if "legendary" in c.supertypes:
            legends[(o.controller, c.name)] += 1
    for (controller, name), n in sorted(legends.items()):
        if n > 1:
            raise InvariantBroken(f"player {controller} controls {n} {name}")


def round_trip(state: GameState, json: bool = False) -> None:
    """The state serializes to msgpack and back to the same state: the decoded state
    encodes to the same bytes (``json``: in JSON too). (Bytes, not ``==``: a card the game
    made, a token's or a designation's, is compiled again by the decoding, and cards
    compare by identity.)"""
    data = to_msgpack(state)
    back = from_msgpack(data, state.derived.pool)
    if to_msgpack(back) != data:
        raise InvariantBroken("the state decoded from its msgpack encodes to other bytes")
    if json and to_json(back) != to_json(state):
        raise InvariantBroken("the state decoded from its msgpack encodes to other JSON")


def play_checked(state: GameState, policies: Sequence[Policy],
                 sizes: tuple[int, int]) -> GameState:
    """``engine.game.play`` with every invariant checked (raises ``InvariantBroken``,
    its message saying at which answer); ``sizes``: the decks' sizes."""
    checker = Checker(sizes)
    n = 0
    while True:
        d = advance(state)
        try:
            checker.at_decision(state)
        except InvariantBroken as exc:
            raise InvariantBroken(f"before answer {n + 1} (turn {state.turn}, step "
                                  f"{state.step}): {exc}") from None
        if d is None:
            return state
        a = step(state, policies)  # its advance returns the decision pending at once
        n += 1
        try:
            checker.after_answer(state)
        except InvariantBroken as exc:
            raise InvariantBroken(f"after answer {n} ({d.kind} by player {d.player}: "
                                  f"{a!r}): {exc}") from None
