"""A cheap structural copy of a game, for search: ``clone(state)``.

The clone shares what never changes during a game (cards, definitions, abilities and
effects, frozen values, log events) and copies everything else, keeping the state's own
aliasing: an object that is both in ``objects`` and a stack item's last known information
(the live permanent an ability's source still is) stays one object in the clone. It plays
on exactly as the original would (``tests/state/test_clone.py``), and changing either never
changes the other. Its derived data (engine.state.derived) is the original's flags and counts
with no memo entries.

A deal's clone (``SIGHT_DEALT``: a determinization, which is never played on, cloned for
each rollout) holds the deal's library objects themselves, not copies: most of a game's
objects are library cards, and a rollout of two turns draws a few of them and changes no
other. The rules change a library object only in engine.rules.zones (who knows it, 701.16;
the new id of a card that left, 400.7), and each of those first calls ``own``, which gives
the clone its own copy in place of the deal's: the deal stays as it was for its next
rollout (``tests/players/test_search_cost.py`` checks both on every rollout of search
games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import msgspec

from mtgsim.engine.state.game_state import (
    LIBRARY,
    Combat,
    DelayedTrigger,
    Departure,
    GameObject,
    GameState,
    PendingTrigger,
    Player,
    ResolveTask,
    StackItem,
)
from mtgsim.engine.state.sight import UNSEEN, Sight

_S = TypeVar("_S", bound=msgspec.Struct)

if TYPE_CHECKING:
    def _copy(struct: _S) -> _S: ...
else:
    _copy = msgspec.Struct.__copy__  # a shallow copy, in C (fields shared)


class _Cloner:
    """One clone in progress: the copies made so far, by the identity of their original
    (so shared references stay shared); it lives only while one state is copied."""

    __slots__ = ("objects", "items")

    def __init__(self) -> None:
        self.objects: dict[int, GameObject] = {}
        self.items: dict[int, StackItem] = {}

    def obj(self, o: GameObject) -> GameObject:
        # (``_objects`` copies an object with nothing devoured in its own loop, as here:
        # a change of what an object's copy copies goes in both)
        done = self.objects.get(id(o))
        if done is None:
            done = _copy(o)
            if o.counters:
                done.counters = o.counters.copy()
            else:
                done.counters = {}
            if o.devoured_lki:  # (``gained_keywords``, a tuple, is shared as it is)
                done.devoured_lki = tuple([self.obj(v) for v in o.devoured_lki])
            self.objects[id(o)] = done
        return done

    def lki(self, o: GameObject | None) -> GameObject | None:
        return None if o is None else self.obj(o)

    def item(self, it: StackItem | None) -> StackItem | None:
        if it is None:
            return None
        done = self.items.get(id(it))
        if done is None:
            done = _copy(it)
            self.items[id(it)] = done
            done.targets = it.targets.copy()
            done.replicate_counts = it.replicate_counts.copy()
            done.created = it.created.copy()
            if it.subject_lki is not None:
                done.subject_lki = self.obj(it.subject_lki)
            if it.source_lki is not None:
                done.source_lki = self.obj(it.source_lki)
            if it.spell is not None:
                done.spell = self.item(it.spell)
        return done


def _objects(c: _Cloner, objects: dict[int, GameObject]) -> dict[int, GameObject]:
    """``{oid: c.obj(o)}`` over ``objects``, the common object (nothing devoured) copied
    in the loop: a clone copies every object of the game, most of them library cards,
    and the search clones a deal for each rollout (docs/performance.md, "What the search
    spends"); the copies are ``obj``'s, in the same order, kept in the same map."""
    done_map = c.objects
    out: dict[int, GameObject] = {}
    for oid, o in objects.items():
        key = id(o)
        done = done_map.get(key)
        if done is None:
            if o.devoured_lki:
                done = c.obj(o)
            else:
                done = _copy(o)
                done.counters = o.counters.copy() if o.counters else {}
                done_map[key] = done
        out[oid] = done
    return out


def _sharing_objects(c: _Cloner, objects: dict[int, GameObject],
                     rest: list[int]) -> tuple[dict[int, GameObject], list[int]]:
    """``_objects`` for a clone that shares the library objects, and the ids of the
    objects copied: the library objects shared (the dict copied in C, which keeps the
    order), the others (``rest``, their ids) copied by ``_objects``. A library
    object some last known information already holds (``c.objects``: the clone copies
    those holders first) stays that one copy, so the aliasing is the original's; none does
    in practice (that information is of permanents, spells and cards put into
    graveyards)."""
    done_map = c.objects
    out = objects.copy()
    copied = rest
    if done_map:
        for key, held in list(done_map.items()):
            lib = objects.get(held.oid)
            if lib is not None and id(lib) == key and lib.zone == LIBRARY:
                out[held.oid] = held
                copied = copied + [held.oid]
    out.update(_objects(c, {oid: objects[oid] for oid in rest}))  # (same keys: order kept)
    return out, copied


def _outside_libraries(objects: dict[int, GameObject]) -> list[int]:
    """The ids of ``objects`` not in a library, in their order."""
    return [oid for oid, o in objects.items() if o.zone != LIBRARY]


def own(state: GameState, obj: GameObject) -> GameObject:
    """The object of ``state`` that the rules may change in place of ``obj``: ``obj``
    itself, unless ``state`` is a deal's clone and ``obj`` the deal's library object it
    shares (``clone.SIGHT_DEALT``); then its own copy, made now (in ``objects`` and the
    sight's dicts in place of the deal's) or before (``obj`` was read before a change
    and passed on: the same copy again). engine.rules.zones calls it before each change
    of an object that may be in a library."""
    sight = state.sight
    shared = sight.shared
    if shared is None:
        return obj
    oid = obj.oid
    if shared.get(oid) is not obj:
        return obj
    owned = sight.owned
    mine = owned.get(oid)
    if mine is not None:
        return mine
    mine = _copy(obj)
    mine.counters = obj.counters.copy() if obj.counters else {}
    owned[oid] = mine
    objects = state.objects
    if objects.get(oid) is obj:
        objects[oid] = mine
    for visible in sight.visible:
        if visible.get(oid) is obj:
            visible[oid] = mine
    return mine


def _player(p: Player) -> Player:
    q = _copy(p)
    q.library = p.library.copy()
    q.hand = p.hand.copy()
    q.graveyard = p.graveyard.copy()
    q.exile = p.exile.copy()
    q.pool = p.pool.copy()
    q.stats = p.stats.copy()
    return q


def _combat(c: Combat) -> Combat:
    return Combat(
        attackers=c.attackers.copy(), defender=c.defender,
        blockers={k: v.copy() for k, v in c.blockers.items()}, blocked=c.blocked.copy(),
        blocking={k: v.copy() for k, v in c.blocking.items()},
        first_strike_done=c.first_strike_done.copy())


# What a clone's ``sight`` (engine.state.sight) is made from: its objects (``Sight.of``);
# the original's, when it is what ``Sight.of`` gave a determinization not played on since
# (``Sight.onto``: the same dicts in the same order, without the walk over every object
# and its zone); or none (``UNSEEN``) when the caller changes the clone's cards first and
# makes it then (``determinize``, after dealing).
SIGHT_OF, SIGHT_DEALT, SIGHT_NONE = 0, 1, 2


def clone(state: GameState, sight: int = SIGHT_OF, share: bool = False) -> GameState:
    """An independent copy of ``state`` that plays on as it would; its ``sight`` made as
    ``sight`` says (``SIGHT_OF``; ``SIGHT_DEALT``: the deal's library objects shared,
    module docstring; ``SIGHT_NONE``). ``share``: the library objects shared with
    ``state`` too, which is not played on while the clone lives (a player's view, which
    ``determinize`` deals from); the caller sets the sight's ``shared`` once it makes it."""
    c = _Cloner()
    new = _copy(state)
    new.players = [_player(p) for p in state.players]
    # (the holders of last known information before ``objects``: a clone that shares the
    # library objects shares one only where none of them holds it, ``_sharing_objects``)
    new.stack = [c.item(it) for it in state.stack]  # type: ignore[misc]
    new.triggers = [_pending(c, t) for t in state.triggers]
    new.delayed = [_delayed(c, t) for t in state.delayed]
    new.departures = [Departure(c.obj(d.lki), d.zone, d.sacrificed) for d in state.departures]
    copied: list[int] = []
    if sight == SIGHT_DEALT:
        rest = state.sight.rest  # (found at the deal's first clone: it is never played on)
        if rest is None:
            rest = state.sight.rest = _outside_libraries(state.objects)
        new.objects, copied = _sharing_objects(c, state.objects, rest)
    elif share:
        new.objects = _sharing_objects(c, state.objects, _outside_libraries(state.objects))[0]
    else:
        new.objects = _objects(c, state.objects)
    new.battlefield = state.battlefield.copy()
    tasks = []
    for t in state.tasks:
        t2 = _copy(t)
        t2.answers = [a.copy() if isinstance(a, list) else a for a in t.answers]
        if isinstance(t2, ResolveTask):
            t2.queue = t2.queue.copy()
        tasks.append(t2)
    new.tasks = tasks
    if state.pending is not None:
        d = new.pending = _copy(state.pending)
        d.options = d.options.copy()
        d.actions = d.actions.copy()
        d.pairs = d.pairs.copy()
    new.haunters = state.haunters.copy()
    new.effects = [_copy(e) for e in state.effects]
    if state.combat is not None:
        new.combat = _combat(state.combat)
    if state.result is not None:
        new.result = _copy(state.result)
    if state.log is not None:
        new.log = state.log.copy()
    if state.decisions is not None:
        new.decisions = [a.copy() if isinstance(a, list) else a for a in state.decisions]
    new.stops = state.stops.copy()
    new.extra_combats = state.extra_combats.copy()
    new.attacked_this_turn = state.attacked_this_turn.copy()
    new.extra_turns = state.extra_turns.copy()
    new.spell_shields = state.spell_shields.copy()
    new.untargetable = state.untargetable.copy()
    new.event_before = state.event_before.copy()
    new.arrivals = state.arrivals.copy()
    new.derived = state.derived.copy()
    if sight == SIGHT_OF:
        new.sight = Sight.of(new)
    elif sight == SIGHT_DEALT:
        new.sight = state.sight.onto(state.objects, new.objects, copied)
    else:
        new.sight = UNSEEN
    return new


def _pending(c: _Cloner, t: PendingTrigger) -> PendingTrigger:
    t2 = _copy(t)
    t2.subject_lki = c.lki(t.subject_lki)
    t2.spell = c.item(t.spell)
    return t2


def _delayed(c: _Cloner, t: DelayedTrigger) -> DelayedTrigger:
    t2 = _copy(t)
    t2.subject_lki = c.lki(t.subject_lki)
    t2.spell = c.item(t.spell)
    return t2
