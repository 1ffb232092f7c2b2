"""The parts of a game's derived data (``engine.state.derived.Derived``), each a cache kept
for the rules module it serves: ``Layers``, characteristics (613, engine.rules.layers) and
the facts about the battlefield keyed on its refresh count; ``Checks``, what the next
state-based check must look at (704, engine.rules.sba); ``Mana``, each player's mana
units and the permanents with mana abilities (106, 605, engine.rules.mana_units and
engine.rules.mana_sources); ``Hands``, the legal actions' view of each hand (117.1,
engine.rules.priority_actions); ``Counts``, the permanents with abilities that casting
and entering look for (601.2f, 614.1c); ``Memo``, engine.state.memo's entries.

What invalidates each, and why none of it is game state, is engine.state.derived's
docstring: its invalidation points are the only writers of these flags and counters
besides each part's owner. Each part copies itself for a clone (``copy``: the flags and
counts, never the facts found, which hold another state's objects) and for a player's
view, which owns every part that can be written (``Derived.for_view``): ``Layers``,
``Mana`` and ``Hands`` by a ``for_view`` of their own (the battlefield's facts and the
public mana entries held with the flags; the other player's hand counted from what the
view holds), the others by their ``copy``, but ``Counts``, a frozen Struct which its
points replace, and which a clone and a view hold. The facts ``Layers``, ``Checks`` and
``Mana`` keep are immutable values (tuples, frozen Structs), replaced at their
invalidation points and never changed in place, so a view and the state may both hold
one: neither can write the other's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from mtgsim.engine.rules.activation import Activators
    from mtgsim.engine.rules.mana import Units
    from mtgsim.engine.rules.mana_sources import ManaSources
    from mtgsim.engine.rules.mana_units import ManaEntry
    from mtgsim.engine.rules.priority_actions import HandPlan, Idle
    from mtgsim.engine.state.game_state import GameObject, GameState
    from mtgsim.engine.state.memo import Memoised

# ``Layers.stale``: characteristics are current; only permanents entered since the last
# refresh (``Layers.entered``), whose characteristics alone may need setting; anything
# may have changed (every permanent is recomputed). Readers that need characteristics
# current ask ``if layers.stale: ensure(state)``, one read where two were (a flag and a list).
CURRENT, ENTERED, CHANGED = 0, 1, 2


_new = object.__new__  # an instance without __init__ (the copies set every slot)
# a Struct's shallow copy, every field at once, in C (msgspec's ``Struct.__copy__``, which
# its stubs do not declare): the parts a view copies (``Layers``, ``Checks``)
# are Structs for it, a copy then costing one call instead of a read and write per slot
_copy: Callable[[Any], Any] = msgspec.Struct.__copy__  # type: ignore[attr-defined]


class Layers(msgspec.Struct):
    """Characteristics (engine.rules.layers.refresh) and the facts found with them (a
    Struct for its copies, never encoded: derived data is not game state).

    Its fields are flags, counts and immutable values (ints, tuples, a frozen Struct):
    a fact is never changed in place but replaced by a new value at its invalidation
    point (``permanent_entered``, ``refreshed``, ``refreshed_entered``, a refresh), so a
    shallow copy (``for_view``) owns every part that can be written and holds the facts
    by reference, as values, without copying them."""

    # whether characteristics must be recomputed (CURRENT, ENTERED, CHANGED above):
    # characteristics_changed, permanent_entered; refreshed and refreshed_entered
    # make it CURRENT
    stale: int = CHANGED
    # permanents that entered the battlefield since the last refresh (permanent_entered,
    # which makes a new tuple; the refresh empties it): the refresh may recompute only
    # these when nothing else changed
    entered: tuple[int, ...] = ()
    # the objects of GameState.battlefield, in its order, as of the last refresh
    # (``permanents``): every battlefield change marks characteristics stale or a
    # permanent entered, and the refresh that clears them replaces this tuple (never
    # kept for a clone, whose objects are others; a view holds the state's, ``for_view``)
    permanents: tuple[GameObject, ...] | None = None
    # a permanent on the battlefield has a static ability whose effect may change
    # without the battlefield changing (Card.dynamic; as of the last refresh): only
    # then does conditions_changed mark characteristics stale (threshold, "for each
    # card in your hand", "as long as it's your turn")
    dynamic_statics: bool = True
    # a static on the battlefield affects permanents other than itself and what it is
    # attached to ("creatures you control get +1/+1"), or may change (as above)
    nonlocal_statics: bool = True
    # the last refresh found nothing layered and no resolved effect, so every
    # permanent older than refreshed_clock has its printed characteristics
    plain: bool = False
    refreshed_clock: int = -1
    # refreshes so far: the facts about the battlefield key on it
    refreshes: int = 0
    # the refresh (its count) that found only permanents entering, when the last one
    # did (refreshed_entered): the others kept their characteristics
    entered_refresh: int = -1
    # engine.rules.activation.activators' answer, as of a refresh (a frozen Struct of
    # tuples, replaced, never changed; not kept for a clone; a view holds the state's)
    activators: Activators | None = None

    def only_entered_since(self, refreshes: int) -> bool:
        """Whether the one refresh since the ``refreshes``-th found only permanents
        entering (``refreshed_entered``): a fact about the battlefield found then is
        brought up to date by adding the permanents at the battlefield's end that it had
        not seen (engine.players.worth.board, engine.rules.activation.activators)."""
        return refreshes == self.refreshes - 1 and self.entered_refresh == self.refreshes

    def copy(self) -> Layers:
        """The flags and counts, without the facts found (they hold another state's objects)."""
        new: Layers = _copy(self)
        new.permanents = None
        new.activators = None
        return new

    def for_view(self) -> Layers:
        """A player's view's ``Layers`` (``Derived.for_view``): its own object, with the
        flags and counts and, unlike a clone's ``copy``, the facts found, so that the
        view's readers do not find them again at each decision. One shallow copy (in C):
        every field is a flag, a count or an immutable value (the entered ids and the
        battlefield's objects as tuples, the activators a frozen Struct of tuples), so
        the view owns all that it can write and holds the facts as values, which neither
        side can change for the other (a new value replaces one at its invalidation
        point, on the view's ``Layers`` or on the state's).

        Why each fact is valid for the view: a view is shallow (engine.state.view), its
        ``battlefield`` the state's list and its objects on the battlefield the state's
        objects (the battlefield is public, 400.2: every permanent is in every view), so
        ``permanents`` (the battlefield's objects as of the last refresh) holds the
        objects the view's own refresh would list, and ``activators`` (ids of
        permanents with activated abilities, each player's, keyed on ``refreshes``,
        which is copied with it) what the view's own search would find. What
        invalidates them is what invalidates the state's, by name
        (engine.state.derived's points): ``permanent_entered``, ``permanent_left`` and
        ``characteristics_changed`` mark the flags copied here stale, and ``refreshed``
        and ``refreshed_entered`` replace the tuple and move the count the activators
        key on."""
        new: Layers = _copy(self)
        return new


class Checks(msgspec.Struct):
    """What the next state-based check (engine.rules.sba.check) must look at (a Struct for
    its copies, as ``Layers``: flags and tuples of ids, each tuple replaced by a new one
    where it grows or is emptied, never changed in place)."""

    # something changed that a state-based action may care about: set by every point
    # that makes characteristics stale and by checks_due, life_changed,
    # creature_damaged; cleared by a check that found nothing to do
    needed: bool = True
    # characteristics were recomputed in full since the last check (refreshed): every
    # permanent gets every check
    full: bool = True
    # permanents whose characteristics were set since the last check when nothing
    # else's changed (refreshed_entered): with ``full`` False, only these need more
    # than the damage check
    entered: tuple[int, ...] = ()
    # creatures dealt damage (or marked by a deathtouch source) since the last check
    # (creature_damaged): with ``full`` False, the others need no damage check
    damaged: tuple[int, ...] = ()

    def copy(self) -> Checks:
        """Every flag and tuple, for a clone and for a player's view (``Derived.for_view``):
        one shallow copy, the tuples held as values. A check holds no fact found, only
        ids of public permanents (entered, damaged) that the view's own check looks at as
        the state's would."""
        new: Checks = _copy(self)
        return new


class Mana:
    """Each player's mana (engine.rules.mana_units.mana_units) and what it keys on.

    The facts found (each player's ``ManaEntry``, the ``ManaSources``, the sources
    entered since) are immutable values in immutable tuples, replaced and never changed
    in place, so a player's view holds the state's (``for_view``) and a clone the
    entries that hold for it (``copy``); what can be written (the counts, the answers
    with their ``Units``, which memoise ``can_pay``'s answers) is each state's own."""

    __slots__ = ("taps", "refreshes", "entered", "units", "shared", "answers", "sources",
                 "seen")

    def __init__(self) -> None:
        # per player, taps and untaps of their mana sources (GameState.set_tapped)
        self.taps = [0, 0]
        # per player, refreshes that may have changed their mana sources: every full
        # one, and those where a mana source of theirs, or an Aura, entered
        # (refreshed, refreshed_entered)
        self.refreshes = [0, 0]
        # since the last full refresh, each new mana source that alone moved a player's
        # ``refreshes``: (the two counts before, after, its id); engine.rules.payment adds
        # it to the sources it had instead of searching the battlefield again (a tuple,
        # replaced as one enters: a clone starts with none, a view holds the state's)
        self.entered: tuple[tuple[tuple[int, int], tuple[int, int], int], ...] = ()
        # per player, mana_units' key and answer (frozen ManaEntry values in a tuple,
        # both replaced by ``keep``, never changed)
        self.units: tuple[ManaEntry | None, ManaEntry | None] = (None, None)
        # the public ones among them (keyed without the whole state: ``ManaEntry`` says
        # why they are), None for the others: what a clone and a view hold as their
        # ``units`` (``copy``, ``for_view``; each state finds the others itself)
        self.shared: tuple[ManaEntry | None, ManaEntry | None] = (None, None)
        # per player, what mana_units answers for ``units``' entry: this state's own
        # ``Units`` of it (made from the entry when it was held from another state) and
        # its sources (never copied: the Units memoise what their reader works out)
        self.answers: list[tuple[Units, tuple[tuple[int, int], ...]] | None] = [None, None]
        # the permanents with mana abilities, as of the ``refreshes`` above
        # (engine.rules.mana_sources._mana_sources; a frozen Struct, replaced: a view
        # holds the state's, a clone, whose objects are others, none)
        self.sources: ManaSources | None = None
        # the game's mana units by content, or by content, filters, dual filters and the
        # filters' colours where there are filters (engine.rules.mana_units._units_of;
        # never copied)
        self.seen: dict[tuple[object, ...], Units] = {}

    def keep(self, player: int, entry: ManaEntry) -> None:
        """``entry`` as ``player``'s (``mana_units``), and as their public one unless it is
        keyed on the whole state: new tuples, as a clone or a view may hold the old ones.
        (The caller sets the answer.)"""
        public = entry if entry.whole is None else None
        units, shared = self.units, self.shared
        if player == 0:
            self.units = (entry, units[1])
            self.shared = (public, shared[1])
        else:
            self.units = (units[0], entry)
            self.shared = (shared[0], public)

    def copy(self) -> Mana:
        """A clone's: the counts, and the public entries (``shared``: ids and colours, no
        object, keyed on the counts copied here); not the sources, which hold the
        original's objects."""
        new = _new(Mana)
        new.taps = self.taps.copy()
        new.refreshes = self.refreshes.copy()
        new.entered = ()
        new.units = new.shared = self.shared
        new.answers = [None, None]
        new.sources = None
        new.seen = {}
        return new

    def for_view(self) -> Mana:
        """A player's view's (``Derived.for_view``): the counts and the public entries, as
        a clone's (``copy``), and the mana sources and those entered since, which hold
        for the view as for the state (``ManaSources``: the battlefield's objects,
        public). Each is a value held by reference; the view writes its own counts and
        answers, and replaces the tuples it holds."""
        new = self.copy()
        new.entered = self.entered
        new.sources = self.sources
        return new


class Hands:
    """What the legal-action checks (engine.rules.priority_actions) keep about each player's
    hand."""

    __slots__ = ("changes", "instants", "zone_actions", "plans", "idle")

    def __init__(self) -> None:
        # per player, cards put into or taken from their hand (zones._hand_counts)
        self.changes = [0, 0]
        # per player, their cards in hand or graveyard usable from there (Card.zone_actions:
        # flashback, transmute, ...), counted by engine.rules.zones (``Derived.recount``
        # counts them in a state)
        self.zone_actions = [0, 0]
        # per player, the cards in hand with instant speed (Card.instant_speed), kept by
        # zones._hand_counts once casting counted them (None: not counted in this state)
        self.instants: list[int | None] = [None, None]
        # per player, the hand's plan for the legal-action checks as of a count of
        # ``changes`` (priority_actions._hand_plan; never copied, like memo entries)
        self.plans: list[HandPlan | None] = [None, None]
        # per player, casting's verdict that they can do nothing at instant speed for want
        # of mana, or of a spell to target (priority_actions._idle; never copied)
        self.idle: list[Idle | None] = [None, None]

    def copy(self) -> Hands:
        new = Hands()
        new.changes = self.changes.copy()
        new.zone_actions = self.zone_actions.copy()
        return new

    def for_view(self, view: GameState, me: int) -> Hands:
        """``me``'s view's counts (``Derived.for_view``): the changes, ``me``'s own counts,
        and the other player's counted from the cards of theirs the view holds (a hidden
        card of their hand counts nowhere); no plan and no idle verdict.

        The other player's counts are counts of a part of what the state counts for them:
        the state's ``zone_actions`` counts every card of their hand and graveyard usable
        from there (and their foretold cards), the view's the cards of their hand it holds
        and their graveyard; the state's ``instants``, once counted, every card of their
        hand with instant speed, the view's those of their hand it holds. Where the
        state's count is 0 the view's is 0 too, and it is not counted again: the view
        gets the number its own cards give, so nothing of the hidden hand passes (a
        count the view would otherwise compute, not a hidden count), and most views of a
        game whose decks have nothing usable from a graveyard skip both scans."""
        new = _new(Hands)
        new.changes = self.changes.copy()
        new.plans = [None, None]
        new.idle = [None, None]
        other = 1 - me
        usable = self.zone_actions[other]
        instants = self.instants[other]
        if usable or instants != 0:
            usable, instants = _view_counts(view, other, usable != 0)
        zone_actions = self.zone_actions.copy()
        zone_actions[other] = usable
        new.zone_actions = zone_actions
        counted = self.instants.copy()
        counted[other] = instants
        new.instants = counted
        return new


def _view_counts(view: GameState, other: int, usable: bool) -> tuple[int, int]:
    """The other player's cards a view holds usable from their hand or graveyard, and
    those of their hand with instant speed (``Hands.for_view``); ``usable`` False: the
    state counts none of theirs, so the view holds none."""
    objects = view.objects
    p = view.players[other]
    count = instants = 0
    for oid in p.hand:
        o = objects.get(oid)
        if o is not None:
            card = o.card
            if card.zone_actions:
                count += 1
            if card.instant_speed:
                instants += 1
    if usable:
        for oid in p.graveyard:
            if objects[oid].card.zone_actions:
                count += 1
    return count, instants


class Counts(msgspec.Struct, frozen=True):
    """The permanents with "spells you cast have ..." abilities and with "as ... enters"
    replacements, counted as they enter and leave (permanent_entered, permanent_left,
    permanent_card_changed; ``Derived.recount`` counts them in a state) so that casting a
    spell and a permanent entering need not scan the battlefield for them. Frozen: those
    points replace it with a new count (rare: few cards have such abilities), so a clone
    and a player's view hold the state's by reference, without a copy (they count
    permanents, which every view holds: public, 400.2)."""

    spell_granters: int = 0
    enter_replacers: int = 0


class Memo:
    """engine.state.memo's entries, and the counters its whole-state key reads."""

    __slots__ = ("entries", "changes", "resolved")

    def __init__(self) -> None:
        self.entries: dict[str, Memoised] = {}  # by name (never copied)
        # taps and untaps of permanents other than mana sources, damage and life changes
        # (GameState.set_tapped, creature_damaged, life_changed, damage_removed)
        self.changes = 0
        # stack objects resolved (or that did nothing) so far (object_resolved)
        self.resolved = 0

    def copy(self) -> Memo:
        new = _new(Memo)
        new.entries = {}
        new.changes = self.changes
        new.resolved = self.resolved
        return new



__all__ = ["CHANGED", "CURRENT", "ENTERED", "Checks", "Counts", "Hands", "Layers", "Mana", "Memo"]
