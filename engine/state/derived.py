"""What a game's state implies but does not hold (``GameState.derived``): never serialized,
rebuilt after decoding, copied by a clone. This docstring is the authority for it.

``Derived`` holds the game's card table (objects refer to cards by handle,
``engine.cards.card``: the pool's cards and tokens first, then the cards this game made as
it went, a text-changed copy or a spell with a gained keyword, whose definitions the state
keeps in ``GameState.extra_cards`` and this object holds compiled), and the rules' caches
in parts, each read by one rules module: ``layers`` (characteristics, engine.rules.layers,
and the facts about the battlefield keyed on its refresh count), ``checks`` (the next
state-based check, engine.rules.sba), ``mana`` (engine.rules.payment), ``hands`` (the
legal actions' view of each hand, engine.rules.priority_actions), ``counts`` (permanents
with abilities that casting and entering look for) and ``memo`` (engine.state.memo).

Invalidation points. Each kind of change that makes derived data stale has one function,
called by the rules where the change happens, whose docstring says what it invalidates;
no other module sets these flags or bumps these counters (a part's owner keeps its own
memo entries, and a refresh clears what it recomputed):

=======================================  ===========================  =====================
the change                               point                        called by
=======================================  ===========================  =====================
characteristics may have changed         ``characteristics_changed``  effects, costs, sba...
something a dynamic static reads changed ``conditions_changed``       zones, turn, damage
a permanent entered the battlefield      ``permanent_entered``        ``zones.new_object``
a permanent left the battlefield         ``permanent_left``           ``zones.remove_from_zone``
a permanent tapped or untapped           ``GameState.set_tapped``     effects, costs, turn
a creature was dealt damage              ``creature_damaged``         ``replacement.deal_damage``
a player's life changed                  ``life_changed``             engine.rules.replacement
damage wore off (cleanup)                ``damage_removed``           ``steps._cleanup_finish``
a state-based action may apply           ``checks_due``               zones, turn
a stack object is done                   ``object_resolved``          engine.rules.resolution
characteristics were recomputed          ``refreshed``,               ``layers.refresh``
                                         ``refreshed_entered``
a card put into or taken from a hand     ``zones._hand_counts``       engine.rules.zones
a card joined the game (its mechanics)   ``game_card``, ``recount``   zones, turn, effects
=======================================  ===========================  =====================

(``zones._hand_counts`` stays in engine.rules.zones, where the compiled engine's table
declares it, and so do the counts of cards usable from a hand or graveyard, which only
the zones change.) A change that always brings others is one call: a permanent entering
is counted and joins ``Layers.entered``; a permanent leaving is uncounted and marks
characteristics stale; whatever marks characteristics stale marks a state-based check due
too (a refresh follows either, and the check runs after it), so priority asks one flag,
``Checks.needed``, and readers that need characteristics current one,
``Layers.stale``.

A player's view (engine.state.view) has derived data of its own, never the state's:
``Derived.for_view`` copies the flags and counts of public things, counts the other
player's hand and graveyard from what the view holds of them, and takes no memo entry
(the other player's hand plan and idle verdict come from their hidden hand; what a
policy memoises on its view stays there). Two parts it shares instead of copying,
because nothing a view's reader runs writes them except with what the state would
write: ``Counts`` (only zone moves change it, and a view is never played on; a clone of
a view copies it) and, while characteristics are current, ``Layers`` and ``Checks``
(only a refresh or an invalidation point writes their flags, and a current view is
never refreshed; the facts the view's readers add, the battlefield's objects and its
activators, are found from the battlefield the view and the state share).

None of it is game state: a freshly built ``Derived`` (everything marked stale, counts
recounted) plays the same game as the one the state had, only with more recomputation at
first; ``tests/state/test_clone.py`` holds decoded and cloned games to that, and
``tests/state/test_caches.py`` compares every cache with a fresh computation at every
decision of real games (a missed invalidation shows there as a difference).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgsim.engine.cards.card import Card, CardPool, content_key
from mtgsim.engine.cards.schema.carddef import CardDef

if TYPE_CHECKING:
    from mtgsim.engine.rules.activation import Activators
    from mtgsim.engine.rules.mana import Units
    from mtgsim.engine.rules.mana_sources import ManaSources
    from mtgsim.engine.rules.mana_units import ManaEntry
    from mtgsim.engine.rules.priority_actions import HandPlan, Idle
    from mtgsim.engine.rules.turn import StopTable
    from mtgsim.engine.state.game_state import GameObject, GameState
    from mtgsim.engine.state.memo import Memoised

_HAND, _BATTLEFIELD, _GRAVEYARD = 1, 2, 3  # engine.state.game_state's zone numbers

# ``Layers.stale``: characteristics are current; only permanents entered since the last
# refresh (``Layers.entered``), whose characteristics alone may need setting; anything
# may have changed (every permanent is recomputed). Readers that need characteristics
# current ask ``if layers.stale: ensure(state)``, one read where two were (a flag and a list).
CURRENT, ENTERED, CHANGED = 0, 1, 2


_new = object.__new__  # an instance without __init__ (the copies set every slot)


class Layers:
    """Characteristics (engine.rules.layers.refresh) and the facts found with them."""

    __slots__ = ("stale", "entered", "permanents", "dynamic_statics", "nonlocal_statics",
                 "plain", "refreshed_clock", "refreshes", "entered_refresh", "activators")

    def __init__(self) -> None:
        # whether characteristics must be recomputed (CURRENT, ENTERED, CHANGED above):
        # characteristics_changed, permanent_entered; refreshed and refreshed_entered
        # make it CURRENT
        self.stale = CHANGED
        # permanents that entered the battlefield since the last refresh (permanent_entered):
        # the refresh may recompute only these when nothing else changed
        self.entered: list[int] = []
        # the objects of GameState.battlefield, in its order, as of the last refresh
        # (``permanents``): every battlefield change marks characteristics stale or a
        # permanent entered, and the refresh that clears them drops this list (never copied)
        self.permanents: list[GameObject] | None = None
        # a permanent on the battlefield has a static ability whose effect may change
        # without the battlefield changing (Card.dynamic; as of the last refresh): only
        # then does conditions_changed mark characteristics stale (threshold, "for each
        # card in your hand", "as long as it's your turn")
        self.dynamic_statics = True
        # a static on the battlefield affects permanents other than itself and what it is
        # attached to ("creatures you control get +1/+1"), or may change (as above)
        self.nonlocal_statics = True
        # the last refresh found nothing layered and no resolved effect, so every
        # permanent older than refreshed_clock has its printed characteristics
        self.plain = False
        self.refreshed_clock = -1
        # refreshes so far: the facts about the battlefield key on it
        self.refreshes = 0
        # the refresh (its count) that found only permanents entering, when the last one
        # did (refreshed_entered): the others kept their characteristics
        self.entered_refresh = -1
        # engine.rules.activation.activators' answer, as of a refresh (never copied)
        self.activators: Activators | None = None

    def only_entered_since(self, refreshes: int) -> bool:
        """Whether the one refresh since the ``refreshes``-th found only permanents
        entering (``refreshed_entered``): a fact about the battlefield found then is
        brought up to date by adding the permanents at the battlefield's end that it had
        not seen (engine.players.worth.board, engine.rules.activation.activators)."""
        return refreshes == self.refreshes - 1 and self.entered_refresh == self.refreshes

    def copy(self) -> Layers:
        """The flags and counts, without the facts found (they hold another state's objects)."""
        new = _new(Layers)  # (no __init__: every slot is set here, at each view and clone)
        new.stale = self.stale
        new.entered = self.entered.copy()
        new.permanents = None
        new.dynamic_statics = self.dynamic_statics
        new.nonlocal_statics = self.nonlocal_statics
        new.plain = self.plain
        new.refreshed_clock = self.refreshed_clock
        new.refreshes = self.refreshes
        new.entered_refresh = self.entered_refresh
        new.activators = None
        return new


class Checks:
    """What the next state-based check (engine.rules.sba.check) must look at."""

    __slots__ = ("needed", "full", "entered", "damaged")

    def __init__(self) -> None:
        # something changed that a state-based action may care about: set by every point
        # that makes characteristics stale and by checks_due, life_changed,
        # creature_damaged; cleared by a check that found nothing to do
        self.needed = True
        # characteristics were recomputed in full since the last check (refreshed): every
        # permanent gets every check
        self.full = True
        # permanents whose characteristics were set since the last check when nothing
        # else's changed (refreshed_entered): with ``full`` False, only these need more
        # than the damage check
        self.entered: list[int] = []
        # creatures dealt damage (or marked by a deathtouch source) since the last check
        # (creature_damaged): with ``full`` False, the others need no damage check
        self.damaged: list[int] = []

    def copy(self) -> Checks:
        new = _new(Checks)
        new.needed = self.needed
        new.full = self.full
        new.entered = self.entered.copy()
        new.damaged = self.damaged.copy()
        return new


class Mana:
    """Each player's mana (engine.rules.mana_units.mana_units) and what it keys on."""

    __slots__ = ("taps", "refreshes", "entered", "units", "sources", "seen")

    def __init__(self) -> None:
        # per player, taps and untaps of their mana sources (GameState.set_tapped)
        self.taps = [0, 0]
        # per player, refreshes that may have changed their mana sources: every full
        # one, and those where a mana source of theirs, or an Aura, entered
        # (refreshed, refreshed_entered)
        self.refreshes = [0, 0]
        # since the last full refresh, each new mana source that alone moved a player's
        # ``refreshes``: (the two counts before, after, its id); engine.rules.payment adds
        # it to the sources it had instead of searching the battlefield again
        self.entered: list[tuple[tuple[int, int], tuple[int, int], int]] = []
        # per player, mana_units' answer with its key (never copied, like memo entries)
        self.units: list[ManaEntry | None] = [None, None]
        # the permanents with mana abilities, as of the ``refreshes`` above
        # (engine.rules.mana_sources._mana_sources; never copied)
        self.sources: ManaSources | None = None
        # the game's mana units by content (engine.rules.mana_units._units_of; never copied)
        self.seen: dict[tuple[int, ...], Units] = {}

    def copy(self) -> Mana:
        new = _new(Mana)
        new.taps = self.taps.copy()
        new.refreshes = self.refreshes.copy()
        new.entered = []
        new.units = [None, None]
        new.sources = None
        new.seen = {}
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


class Counts:
    """The permanents with "spells you cast have ..." abilities and with "as ... enters"
    replacements, counted as they enter and leave (permanent_entered, permanent_left;
    ``Derived.recount`` counts them in a state) so that casting a spell and a permanent
    entering need not scan the battlefield for them."""

    __slots__ = ("spell_granters", "enter_replacers")

    def __init__(self) -> None:
        self.spell_granters = 0
        self.enter_replacers = 0

    def copy(self) -> Counts:
        new = _new(Counts)
        new.spell_granters = self.spell_granters
        new.enter_replacers = self.enter_replacers
        return new


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


class Derived:
    """A game's derived data. ``pool`` is the pool the game was started (or decoded)
    with; ``extra`` the compiled ``GameState.extra_cards``, by handle past the pool's."""

    __slots__ = ("pool", "extra", "index", "layers", "checks", "mana", "hands", "counts",
                 "memo", "stop_table", "decklists", "mechanics", "shared")

    def __init__(self, pool: CardPool, extra_cards: list[CardDef],
                 compiled: list[Card] | None = None) -> None:
        self.pool = pool
        base = len(pool.cards)
        self.extra: list[Card] = list(compiled) if compiled is not None else [
            pool.compile(d, base + i) for i, d in enumerate(extra_cards)]
        self.index: dict[bytes, Card] = {content_key(c.defn): c for c in self.extra}
        # the caches, with the points that invalidate them (see the module docstring):
        # characteristics_changed, conditions_changed, permanent_entered, permanent_left;
        # refreshed and refreshed_entered
        self.layers = Layers()
        # the same, and checks_due, life_changed, creature_damaged; sba.check
        self.checks = Checks()
        # GameState.set_tapped, refreshed, refreshed_entered
        self.mana = Mana()
        # zones._hand_counts (and engine.rules.zones' counts of cards usable from a zone)
        self.hands = Hands()
        # permanent_entered, permanent_left
        self.counts = Counts()
        # GameState.set_tapped, creature_damaged, life_changed, damage_removed,
        # object_resolved, and with the refresh count and other counters of the state
        # (memo.state_key)
        self.memo = Memo()
        # GameState.stops as a flag per step for each player (engine.rules.turn._stop_table;
        # rebuilt when the state holds other masks)
        self.stop_table: StopTable | None = None
        # the players' deck lists, when the game was started from them (what a player
        # may know of the other's deck: engine.state.view.decklist)
        self.decklists: tuple[tuple[Card, ...], ...] | None = None
        # the union of ``Card.mechanics`` over the game's cards (engine.rules.mechanics,
        # the per-game gate): -1, every bit, until they are counted (``engine.rules
        # .game_start.new_game``, ``recount``); each card made or added to the table adds its bits
        # (``zones.new_object``, ``game_card``)
        self.mechanics = -1
        # a view's: its Layers and Checks are the state's (``for_view``) until its rules
        # would write them (``own_layers``)
        self.shared = False

    def __eq__(self, other: object) -> bool:
        """Derived data never tells two states apart: it is a function of the state."""
        return isinstance(other, Derived)

    __hash__ = None  # type: ignore[assignment]

    def recount(self, state: GameState) -> Derived:
        """Count what the zones keep counted, from the state (after decoding)."""
        granters = replacers = 0
        zone_actions = [0, 0]
        for o in state.objects.values():
            c = o.card
            if o.zone == _BATTLEFIELD:
                if c.spell_grants:
                    granters += 1
                if c.enter_replacements:
                    replacers += 1
            elif c.zone_actions and (o.zone == _HAND or o.zone == _GRAVEYARD) or o.foretold:
                zone_actions[o.owner] += 1  # (a foretold card: in exile, engine.keywords.foretell)
        self.counts.spell_granters = granters
        self.counts.enter_replacers = replacers
        self.hands.zone_actions = zone_actions
        self.mechanics = _mechanics_of(state, self.extra)
        return self

    def copy(self) -> Derived:
        """The derived data of a clone: the same pool and compiled cards, flags and
        counts; no memo entries (they hold the original's objects)."""
        d = Derived(self.pool, [], self.extra)
        d.layers = self.layers.copy()
        d.checks = self.checks.copy()
        d.mana = self.mana.copy()
        d.hands = self.hands.copy()
        d.counts = self.counts.copy()
        d.memo = self.memo.copy()
        d.decklists = self.decklists
        d.mechanics = self.mechanics
        return d

    def for_view(self, view: GameState, me: int) -> Derived:
        """The derived data of ``me``'s view ``view`` (engine.state.view), its own and
        none of this state's: the card table (copied: a card the view's reader compiles
        is not the game's), the flags and counts of the battlefield, the stack, mana and
        state-based checks (``Layers``, ``Checks``, ``Mana``, ``Counts``, ``Memo``: public
        things, which the view holds as the state does), each hand's count of changes
        (public: a card into or out of a hand is seen), ``me``'s counts of their hand
        (they see it) and the other player's counted from what the view holds of theirs:
        their graveyard and the cards of their hand ``me`` knows. No memo entry is taken:
        a fact memoised on the state was found from the state's objects, the other
        player's hand plan (``Hands.plans``) and idle verdict (``Hands.idle``) from their
        hidden hand; a policy's questions memoise their answers in the view's.
        ``Counts`` is the state's, and so are ``Layers`` and ``Checks`` while
        characteristics are current (the module's docstring says why): a copy of each was
        about 1.1 K instructions a view, and the facts a current ``Layers`` holds (the
        battlefield's objects, the activators) are not found again."""
        d = Derived.__new__(Derived)
        d.pool = self.pool
        d.extra = self.extra.copy()
        d.index = self.index.copy()
        layers = self.layers
        if layers.stale:  # the view's rules may refresh it: its own flags (and checks)
            d.layers = layers.copy()
            d.checks = self.checks.copy()
            d.shared = False
        else:
            d.layers = layers
            d.checks = self.checks
            d.shared = True
        d.mana = self.mana.copy()
        d.hands = self.hands.for_view(view, me)
        d.counts = self.counts
        d.memo = self.memo.copy()
        d.stop_table = None
        d.decklists = self.decklists
        d.mechanics = self.mechanics
        return d

    def own_layers(self) -> None:
        """Copy-on-write of a view's shared ``Layers`` and ``Checks`` (``for_view``),
        called before a refresh writes them (``engine.rules.layers.refresh``): a view
        kept past its decision, whose game has gone on and marked them stale, refreshes
        its own copy from its own objects, never the game's characteristics from the
        view's."""
        self.layers = self.layers.copy()
        self.checks = self.checks.copy()
        self.shared = False

    def card(self, handle: int) -> Card:
        """The card with ``handle`` in this game's table."""
        cards = self.pool.cards
        if 0 <= handle < len(cards):
            return cards[handle]
        i = handle - len(cards)
        if 0 <= i < len(self.extra):
            return self.extra[i]
        raise KeyError(f"no card with handle {handle} in this game's table "
                       f"({len(cards)} in the pool, {len(self.extra)} made in the game)")


def _mechanics_of(state: GameState, extra: list[Card]) -> int:
    """The union of ``Card.mechanics`` over the cards of ``state``'s objects (each face an
    object has: its card, its front face, its printed card) and the cards the game made."""
    mask = 0
    for c in extra:
        mask |= c.mechanics
    for o in state.objects.values():
        mask |= o.card.mechanics
        if o.front is not None:
            mask |= o.front.mechanics
        if o.printed is not None:
            mask |= o.printed.mechanics
    return mask


# --- invalidation points (see the module docstring) ---------------------------------------


def characteristics_changed(state: GameState) -> None:
    """Characteristics may have changed otherwise than by a permanent entering: an effect
    began or ended, counters, an attachment, control. Marks them stale (the next
    ``layers.refresh`` recomputes every permanent, and with it every fact keyed on the
    refresh count: activators, mana sources, the board, permanents with triggers) and a
    state-based check due."""
    d = state.derived
    d.layers.stale = CHANGED
    d.checks.needed = True


def conditions_changed(state: GameState) -> None:
    """Something changed that a static ability's condition or amount may read without the
    battlefield changing: cards moved between hands, libraries and graveyards, a turn or
    an untap step began, damage was dealt or removed. Characteristics are stale only
    while such a static is on the battlefield (``Layers.dynamic_statics``)."""
    if state.derived.layers.dynamic_statics:
        characteristics_changed(state)


def permanent_entered(state: GameState, obj: GameObject) -> None:
    """``obj`` is a new permanent (called by ``zones.new_object``): counted if it has
    spell-granting or "as ... enters" abilities; its characteristics are stale until the
    next refresh, which may recompute only the permanents that entered
    (``layers.entered``); a state-based check is due."""
    d = state.derived
    card = obj.card
    if card.spell_grants:
        d.counts.spell_granters += 1
    if card.enter_replacements:
        d.counts.enter_replacers += 1
    layers = d.layers
    layers.entered.append(obj.oid)
    if not layers.stale:
        layers.stale = ENTERED
    d.checks.needed = True


def permanent_left(state: GameState, obj: GameObject) -> None:
    """``obj`` left the battlefield (called by ``zones.remove_from_zone``): uncounted, and
    characteristics are stale (``characteristics_changed``: what it gave others, what
    was attached to it, the facts that listed it)."""
    d = state.derived
    card = obj.card
    if card.spell_grants:
        d.counts.spell_granters -= 1
    if card.enter_replacements:
        d.counts.enter_replacers -= 1
    characteristics_changed(state)


def creature_damaged(state: GameState, obj: GameObject) -> None:
    """``obj`` was dealt damage or marked by a deathtouch source: the next state-based
    check looks at it (``Checks.damaged``), facts memoised on the whole state are stale
    ("target damaged creature"), and so are characteristics if a static may count
    damaged creatures (``conditions_changed``)."""
    d = state.derived
    d.memo.changes += 1
    checks = d.checks
    checks.needed = True
    checks.damaged.append(obj.oid)
    conditions_changed(state)


def life_changed(state: GameState) -> None:
    """A player's life total changed (damage, loss, gain): a state-based check is due
    (704.5a) and facts memoised on the whole state are stale."""
    d = state.derived
    d.checks.needed = True
    d.memo.changes += 1


def damage_removed(state: GameState) -> None:
    """Damage wore off permanents (514.2): facts memoised on the whole state are stale."""
    state.derived.memo.changes += 1


def checks_due(state: GameState) -> None:
    """A state-based action may apply for another reason than those above (a draw from an
    empty library, 704.5b; a new turn's untap, a cleanup step)."""
    state.derived.checks.needed = True


def object_resolved(state: GameState) -> None:
    """A stack object resolved, or left the stack doing nothing (608.2b, 603.4): counted
    (``Memo.resolved``: facts memoised on the whole state key on it)."""
    state.derived.memo.resolved += 1


def refreshed(state: GameState) -> list[GameObject]:
    """``layers.refresh`` is recomputing every permanent: characteristics are no longer
    stale; every fact keyed on the refresh count is, and so is each player's mana
    (``Mana.refreshes``, and the mana sources entered since are forgotten); the next
    state-based check looks at every permanent. The battlefield's objects, kept as
    ``Layers.permanents``, are returned."""
    d = state.derived
    layers = d.layers
    layers.stale = CURRENT
    d.checks.full = True
    layers.refreshes += 1
    mana = d.mana
    mana.refreshes[0] += 1
    mana.refreshes[1] += 1
    if mana.entered:
        mana.entered = []
    objects = state.objects
    perms = layers.permanents = [objects[oid] for oid in state.battlefield]
    return perms


def refreshed_entered(state: GameState, entered: list[int], here: list[GameObject]) -> None:
    """``layers.refresh`` gave the permanents that entered (``entered``; ``here``, those
    still on the battlefield) their printed characteristics and left the others alone:
    characteristics are current; the refresh count moves on (``Layers.entered_refresh``
    says the facts keyed on it may add the newcomers, ``Layers.only_entered_since``), and
    the battlefield's list is made again (``permanents``); the next state-based check
    looks at the newcomers; an Aura makes every player's mana stale, a mana source its
    controller's, noted in ``Mana.entered`` so that the sources found before need only
    the new one."""
    d = state.derived
    checks = d.checks
    if not checks.full:
        checks.entered.extend(entered)
    layers = d.layers
    layers.stale = CURRENT
    layers.permanents = None
    refreshes = layers.refreshes + 1
    layers.refreshes = refreshes
    layers.entered_refresh = refreshes
    for o in here:
        if o.attached_to >= 2:  # an Aura on a mana source, perhaps
            counts = d.mana.refreshes
            counts[0] += 1
            counts[1] += 1
        elif o.card.mana_abilities:  # a new mana source for its controller
            mana = d.mana
            counts = mana.refreshes
            before = (counts[0], counts[1])
            counts[o.controller] += 1
            mana.entered.append((before, (counts[0], counts[1]), o.oid))


# The derived data of a state nobody bound to a pool yet (GameState's default): no
# attribute is set, so any use fails at once instead of sharing data between states.
UNBOUND = Derived.__new__(Derived)


def card_of(state: GameState, defn: CardDef) -> Card:
    """The card ``defn`` describes, as ``game_card`` finds it, but without adding it to the
    table (compiled apart when it is in neither): for a question about a card that may
    never exist, such as a policy's estimate of a token."""
    d = state.derived
    key = content_key(defn)
    card = d.pool.find(key) or d.index.get(key)
    return card if card is not None else d.pool.compile(defn, -1)


def game_card(state: GameState, defn: CardDef) -> Card:
    """The card ``defn`` describes, in this game's table: the pool's own card or token
    with that definition, else one this game made before, else ``defn`` compiled now and
    added to the table (and its definition to ``state.extra_cards``)."""
    d = state.derived
    key = content_key(defn)
    card = d.pool.find(key) or d.index.get(key)
    if card is None:
        card = d.pool.compile(defn, len(d.pool.cards) + len(d.extra))
        state.extra_cards.append(defn)
        d.extra.append(card)
        d.index[key] = card
    d.mechanics |= card.mechanics  # (a pool's token or face may be new to this game)
    return card


def permanents(state: GameState) -> list[GameObject]:
    """The objects on the battlefield in its order (``state.battlefield``'s objects), for
    the scans that read every permanent: kept in ``Layers.permanents`` from one refresh
    to the next, so a scan reads a list instead of looking each id up in
    ``state.objects``. While a change awaits a refresh the answer is made and not kept:
    when permanents only entered (a departure marks characteristics stale), the kept list
    and the newcomers at the battlefield's end. Read it, never change it."""
    layers = state.derived.layers
    perms = layers.permanents
    stale = layers.stale
    if perms is not None:
        if not stale:
            return perms
        if stale == ENTERED:
            objects = state.objects
            return perms + [objects[oid] for oid in state.battlefield[len(perms):]]
    objects = state.objects
    perms = [objects[oid] for oid in state.battlefield]
    if not stale:
        layers.permanents = perms
    return perms
