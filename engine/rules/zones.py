"""Zones and zone changes (rules 400-406, 110.5, 111.7-8).

Every zone change makes a new object (rule 400.7): the moved card gets a fresh id, and
the old GameObject Struct, dropped from ``state.objects``, is its last known information.

Objects that change zones at the same time (state-based actions, 704.3; one effect that
destroys, exiles or sacrifices several permanents, 608.2; combat damage deaths; several
permanents sacrificed as one cost) form one event: ``simultaneously`` opens it, and when
the outermost one closes, the leaves-the-battlefield abilities of every permanent that was
on the battlefield immediately before it are checked against every permanent that left,
with last known information for both (603.10a, engine.rules.triggers.left_battlefield).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from mtgsim.engine.cards import T_CREATURE, T_LAND
from mtgsim.engine.cards.card import Card
from mtgsim.engine.state.clone import own
from mtgsim.engine.state.derived import (
    Derived,
    checks_due,
    conditions_changed,
    permanent_entered,
    permanent_left,
)
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
    Departure,
    GameObject,
    GameState,
)
from mtgsim.engine.state.log import describe as describe
from mtgsim.engine.state.log import log as log
from mtgsim.engine.state.rng import shuffle as rng_shuffle


def new_object(state: GameState, card: Card, owner: int, zone: int,
               token: bool = False, controller: int = -1, sick: bool = False) -> GameObject:
    """A new object (400.7); ``controller``: its controller if not its owner."""
    oid = state.next_oid
    state.next_oid = oid + 1
    state.clock += 1
    if controller < 0:
        controller = owner
    obj = GameObject(oid, card, owner, controller, zone, state.clock, card.color_mask,
                     controller, sick=sick, token=token)
    state.objects[oid] = obj
    derived = state.derived
    derived.mechanics |= card.mechanics  # (engine.rules.mechanics: the game's cards)
    visible = state.sight.visible
    if zone >= BATTLEFIELD:  # a public zone (400.2): battlefield, graveyard, exile, stack
        visible[0][oid] = obj
        visible[1][oid] = obj
    else:  # a hand or a library: its owner knows the card (a library's order stays hidden)
        visible[owner][oid] = obj
        if zone == LIBRARY:
            state.sight.library_changes[owner] += 1
            state.sight.libraries[owner].append(oid)  # the newest id: the list stays sorted
        else:
            _hand_counts(derived, owner, card, 1)
    if card.zone_actions and (zone == HAND or zone == GRAVEYARD):
        derived.hands.zone_actions[owner] += 1
    if zone == BATTLEFIELD:
        obj.entered_turn = state.turn
        permanent_entered(state, obj)
    return obj


def forget_object(state: GameState, oid: int) -> None:
    """An object leaves the game without a zone change (a copy of a spell, 707.10a)."""
    state.objects.pop(oid, None)
    visible = state.sight.visible
    visible[0].pop(oid, None)
    visible[1].pop(oid, None)


def reveal(state: GameState, obj: GameObject) -> None:
    """Reveal a card in a hidden zone to every player (701.16a): the players' views show
    it until it changes zones or its library is shuffled."""
    obj = own(state, obj)  # (a deal's clone changes its own copy: engine.state.clone)
    sight = state.sight
    if obj.zone == LIBRARY:
        sight.library_changes[obj.owner] += 1
        if not obj.known:
            sight.library_known[obj.owner] += 1
    obj.known = 3
    sight.visible[0][obj.oid] = obj
    sight.visible[1][obj.oid] = obj


def look_at(state: GameState, obj: GameObject, player: int) -> None:
    """``player`` looks at a card in a hidden zone (701.16b): only their view shows it."""
    obj = own(state, obj)
    sight = state.sight
    if obj.zone == LIBRARY:
        sight.library_changes[obj.owner] += 1
        if not obj.known:
            sight.library_known[obj.owner] += 1
    obj.known |= 1 << player
    sight.visible[player][obj.oid] = obj


def conceal(state: GameState, obj: GameObject) -> None:
    """What players saw of a card in a library is lost: it went there in a random order
    (cascade's "on the bottom of your library in a random order", 702.85a)."""
    obj = own(state, obj)
    if obj.known:
        obj.known = 0
        sight = state.sight
        sight.visible[1 - obj.owner].pop(obj.oid, None)
        sight.library_changes[obj.owner] += 1
        sight.library_known[obj.owner] -= 1


def hide_from_others(state: GameState, obj: GameObject) -> None:
    """``obj``, a card just put into exile face down (406.3: a foretold card,
    702.143a), is seen by its owner only: the other player's view holds no object of it
    (``engine.state.view`` leaves it out of their exile list too)."""
    state.sight.visible[1 - obj.owner].pop(obj.oid, None)


def zone_list(state: GameState, obj: GameObject) -> list[int] | None:
    zone = obj.zone
    if zone == BATTLEFIELD:
        return state.battlefield
    if zone == STACK:
        return None
    p = state.players[obj.owner]
    if zone == HAND:
        return p.hand
    if zone == LIBRARY:
        return p.library
    if zone == GRAVEYARD:
        return p.graveyard
    return p.exile


def _hand_counts(derived: Derived, owner: int, card: Card, step: int) -> None:
    """A card put into (``step`` 1) or taken from (-1) ``owner``'s hand, the invalidation
    point for a hand's change (engine.state.derived): the hand's change count
    (``Hands.changes``: engine.rules.casting's plan of the hand and its verdict that the
    player can do nothing key on it) and, once counted, its instant-speed cards
    (``Hands.instants``)."""
    hands = derived.hands
    hands.changes[owner] += 1
    if card.instant_speed:
        instants = hands.instants
        n = instants[owner]
        if n is not None:
            instants[owner] = n + step


def remove_from_zone(state: GameState, obj: GameObject) -> None:
    zone = obj.zone
    oid = obj.oid
    lst = zone_list(state, obj)
    if lst is not None:
        if lst and lst[-1] == oid:
            lst.pop()  # the top card of a library, the newest card of a zone
        else:
            lst.remove(oid)
    del state.objects[oid]
    sight = state.sight
    visible = sight.visible
    visible[0].pop(oid, None)
    visible[1].pop(oid, None)
    card = obj.card
    if zone == BATTLEFIELD:
        permanent_left(state, obj)
        _left_battlefield(state, obj)
    elif zone == LIBRARY:
        owner = obj.owner
        sight.library_changes[owner] += 1
        ids = sight.libraries[owner]
        del ids[bisect_left(ids, oid)]
        if obj.known:
            sight.library_known[owner] -= 1
    elif zone == HAND:
        derived = state.derived
        _hand_counts(derived, obj.owner, card, -1)
        if card.zone_actions:
            derived.hands.zone_actions[obj.owner] -= 1
    elif card.zone_actions and zone == GRAVEYARD:
        state.derived.hands.zone_actions[obj.owner] -= 1
    elif obj.foretold and zone == EXILE:  # (counted while foretold: engine.keywords.foretell)
        state.derived.hands.zone_actions[obj.owner] -= 1


def remove_from_combat(state: GameState, obj: GameObject) -> None:
    """506.4: the object stops being an attacking or blocking creature."""
    combat = state.combat
    if combat is not None:
        oid = obj.oid
        if oid in combat.attackers:
            combat.attackers.remove(oid)
            # Its blockers stay blocking but no longer block it (510.1d: no damage to it).
            for blocked in combat.blocking.values():
                if oid in blocked:
                    blocked.remove(oid)
        if oid in combat.blocking:
            for attacker in combat.blocking.pop(oid):
                blockers = combat.blockers.get(attacker)
                if blockers and oid in blockers:
                    blockers.remove(oid)
        combat.blockers.pop(oid, None)


def _left_battlefield(state: GameState, obj: GameObject) -> None:
    remove_from_combat(state, obj)
    if state.effects:
        # Its effects end, and so do those lasting "for as long as" it remains (611.2b).
        state.effects = [e for e in state.effects
                         if e.target != obj.oid and e.until_leaves != obj.oid]


# Replacements of discarding a card (madness, 702.35a): hook(state, card in hand) -> the
# card's new object if the hook moved it elsewhere, else None. Registered by keywords.
DISCARD_HOOKS: list[Callable[[GameState, GameObject], GameObject | None]] = []


def move(state: GameState, obj: GameObject, zone: int, *, bottom: bool = False,
         controller: int | None = None, tapped: bool = False,
         face: Card | None = None) -> GameObject:
    """Move ``obj`` to ``zone`` as a new object and return it. ``face``: onto the
    battlefield with that face up, its back face (712.14: transformed; ``front`` is the
    card's front face).

    Tokens that leave the battlefield cease to exist (704.5d, done at once here, after
    leaves-the-battlefield triggers have seen them through LKI). Cards go to their owner's
    zones (400.3). Entering the battlefield is done by ``engine.rules.replacement.enter``.
    """
    if state.sight.shared is not None:  # (a deal's clone: ``moved_to`` is written below)
        obj = own(state, obj)
    if zone == GRAVEYARD and obj.zone == HAND and DISCARD_HOOKS:
        # a card put from a hand into a graveyard is discarded (701.8a): madness
        for hook in DISCARD_HOOKS:
            instead = hook(state, obj)
            if instead is not None:
                return instead
    if zone == GRAVEYARD and obj.zone == STACK and obj.card.exiles_itself:
        zone = EXILE  # 614.1a: a spell with "exile it instead" (the battlefield's: a zone rule)
    remove_from_zone(state, obj)
    if zone != BATTLEFIELD and obj.zone != BATTLEFIELD:
        conditions_changed(state)  # statics may count cards in hands or graveyards (611.3a)
    if obj.token and zone != BATTLEFIELD:
        return obj
    card = obj.card if obj.printed is None else obj.printed  # text changes end (400.7)
    if obj.front is not None:  # a transformed permanent leaves as its front face (712.8a)
        card = obj.front
    if zone == BATTLEFIELD:
        new = new_object(state, card if face is None else face, obj.owner, zone, obj.token,
                         obj.owner if controller is None else controller, sick=True)
        if face is not None:
            new.front = card
        obj.moved_to = new.oid
        if tapped:
            state.set_tapped(new, True)
        state.battlefield.append(new.oid)
        return new
    new = new_object(state, card, obj.owner, zone, obj.token)
    obj.moved_to = new.oid
    if zone < BATTLEFIELD and obj.zone >= BATTLEFIELD:
        reveal(state, new)  # from a public zone into a hand or library: everyone saw which
    if zone != STACK:
        lst = zone_list(state, new)
        assert lst is not None
        if bottom and zone == LIBRARY:
            lst.insert(0, new.oid)
        else:
            lst.append(new.oid)
        if zone == GRAVEYARD and new.card.triggered:
            from mtgsim.engine.rules import triggers  # "put into a graveyard from anywhere"

            triggers.put_into_graveyard(state, new)
    return new


def shuffle_library(state: GameState, player: int) -> None:
    """Shuffle (701.24): what anyone had seen of the library's cards is forgotten."""
    library = state.players[player].library
    state.rng = rng_shuffle(state.rng, library)
    sight = state.sight
    if sight.library_known[player]:  # (none known, the common case: nothing to forget)
        objects = state.objects
        visible = sight.visible[1 - player]
        for oid in library:
            o = objects[oid]
            if o.known:
                o = own(state, o)
                o.known = 0
                visible.pop(oid, None)
        sight.library_known[player] = 0
    sight.library_changes[player] += 1


def draw_card(state: GameState, player: int) -> GameObject | None:
    """Draw one card (121.2) with no replacement: see ``replacement.draw`` for that."""
    p = state.players[player]
    if not p.library:
        p.drew_from_empty = True
        checks_due(state)
        return None
    oid = p.library[-1]
    obj = state.objects[oid]
    new = move(state, obj, HAND)
    if state.log is not None:
        log(state, "draw", player, new.card.name)
    p.drawn_this_turn += 1
    if p.drawn_this_turn == 3 and p.graveyard:
        from mtgsim.engine.rules import draw_triggers  # "your third card in a turn"
        draw_triggers.third_draw(state, player)
    return new


def mill(state: GameState, player: int, amount: int) -> list[GameObject]:
    p = state.players[player]
    moved = []
    for _ in range(amount):
        if not p.library:
            break
        obj = state.objects[p.library[-1]]
        moved.append(move(state, obj, GRAVEYARD))
    if state.log is not None and moved:
        log(state, "mill", player, ", ".join(o.card.name for o in moved), amount=len(moved))
    return moved


def exile(state: GameState, obj: GameObject) -> GameObject:
    return move(state, obj, EXILE)


def begin_event(state: GameState) -> None:
    """Open a simultaneous zone-change event (nested ones join the outermost): remember
    the battlefield as it is immediately before it (603.10a)."""
    if not state.event_depth:
        state.event_before = list(state.battlefield)
    state.event_depth += 1


def end_event(state: GameState) -> None:
    """Close the event; the outermost one checks the leaves-the-battlefield triggers of
    what left in it, looking back in time, then the enters-the-battlefield triggers of
    what entered, against the battlefield after it: the newcomers see each other enter
    (603.6a), a permanent that left in it sees nothing enter (603.10)."""
    state.event_depth -= 1
    if state.event_depth:
        return
    left = state.departures
    before = state.event_before
    entered = state.arrivals
    state.departures = []
    state.event_before = []
    state.arrivals = []
    if left or entered:
        from mtgsim.engine.rules import triggers

        if left:
            triggers.left_battlefield(state, left, before)
        for oid in entered:
            obj = state.objects.get(oid)
            if obj is not None and obj.zone == BATTLEFIELD:
                triggers.entered(state, obj)


@contextmanager
def simultaneously(state: GameState) -> Iterator[None]:
    """``with simultaneously(state): ...``: the zone changes inside are one event."""
    begin_event(state)
    try:
        yield
    finally:
        end_event(state)


def departed(state: GameState, lki: GameObject, zone: int, sacrificed: bool = False) -> None:
    """A permanent left the battlefield for ``zone``: inside an event, its triggers wait
    for the end of the event; alone, it is an event of its own and they are checked now
    (against the battlefield after it plus itself, which is the battlefield before it).
    A creature put into a graveyard records the turn ("if a creature died this turn",
    700.4: dies is put into a graveyard from the battlefield)."""
    if zone == GRAVEYARD and (lki.card.type_mask | lki.extra_types) & T_CREATURE:
        state.creature_died_turn = state.turn
    dep = Departure(lki, zone, sacrificed)
    if state.event_depth:
        state.departures.append(dep)
        return
    from mtgsim.engine.rules import triggers

    triggers.left_battlefield(state, [dep], None)


def arrived(state: GameState, obj: GameObject) -> None:
    """A permanent entered the battlefield: inside an event, its enters-the-battlefield
    triggers (and those of the others about it) wait for the end of the event; alone,
    they are checked now. A land records the turn it entered under its controller's
    control ("if you had a land enter the battlefield under your control this turn":
    landfall, 207.2c)."""
    if (obj.card.type_mask | obj.extra_types) & T_LAND:
        state.players[obj.controller].land_entered_turn = state.turn
    if state.event_depth:
        state.arrivals.append(obj.oid)
        return
    from mtgsim.engine.rules import triggers

    triggers.entered(state, obj)
