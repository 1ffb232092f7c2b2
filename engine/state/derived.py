"""What a game's state implies but does not hold (``GameState.derived``): never serialized,
rebuilt after decoding, copied by a clone. This docstring is the authority for it.

``Derived`` holds the game's card table (objects refer to cards by handle,
``engine.cards.card``: the pool's cards and tokens first, then the cards this game made as
it went, a text-changed copy or a spell with a gained keyword, whose definitions the state
keeps in ``GameState.extra_cards`` and this object holds compiled), and the rules' caches
in parts (their classes in engine.state.caches), each read by one rules module:
``layers`` (characteristics, engine.rules.layers, and the facts about the battlefield
keyed on its refresh count), ``checks`` (the next state-based check, engine.rules.sba),
``mana`` (engine.rules.payment), ``hands`` (the legal actions' view of each hand,
engine.rules.priority_actions), ``counts`` (permanents with abilities that casting and
entering look for) and ``memo`` (engine.state.memo).

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
a permanent's card changed               ``permanent_card_changed``   transform, bestow
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

A player's view (engine.state.view) owns its derived data: no mutable part of the state's
(no cache object, no list or dict of one) is reachable from it. ``Derived.for_view`` copies
the flags and counts of public things, and with ``Layers`` holds the facts found about the
battlefield (``Layers.for_view``: the battlefield's objects and the activators, valid for
the view because its battlefield and the objects on it are the state's), with ``Mana``
the mana sources and each player's mana entry where it is public (``Mana.for_view``,
``mana_units.ManaEntry``: found from plain mana abilities of permanents, the pool and the
turn; an entry that may depend on anything, a hidden card included, is found by each
viewer). Those facts, the ids ``Layers`` and ``Checks`` keep, the mana facts and the card
table are immutable values (tuples, frozen Structs), which the points below (and
``mana_units``, which replaces an entry) replace and never change in place, so the state
and its views hold them by reference and neither can write the other's; a clone holds
the public mana entries too (ids and colours, no object). It counts the other
player's hand and graveyard from what the view holds of them, and takes no memo entry
(the other player's hand plan and idle verdict come from their hidden hand; what a
policy memoises on its view stays there). The invalidation points and a refresh, run on
the view, write the view's parts, never the state's.

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
from mtgsim.engine.state.caches import (
    CHANGED,
    CURRENT,
    ENTERED,
    Checks,
    Counts,
    Hands,
    Layers,
    Mana,
    Memo,
)

if TYPE_CHECKING:
    from mtgsim.engine.rules.turn import StopTable
    from mtgsim.engine.state.game_state import GameObject, GameState

_HAND, _BATTLEFIELD, _GRAVEYARD = 1, 2, 3  # engine.state.game_state's zone numbers


class Derived:
    """A game's derived data. ``pool`` is the pool the game was started (or decoded)
    with; ``extra`` the compiled ``GameState.extra_cards``, by handle past the pool's."""

    __slots__ = ("pool", "extra", "keys", "layers", "checks", "mana", "hands", "counts",
                 "memo", "stop_table", "decklists", "mechanics")

    def __init__(self, pool: CardPool, extra_cards: tuple[CardDef, ...],
                 compiled: tuple[Card, ...] | None = None) -> None:
        self.pool = pool
        base = len(pool.cards)
        # the cards the game made, by handle past the pool's, and the content key of each
        # at its place (``game_card``, ``card_of``): tuples, replaced when the game makes a
        # card, so that a view holds them by reference (a card its reader makes is its own)
        self.extra: tuple[Card, ...] = tuple(compiled) if compiled is not None else tuple([
            pool.compile(d, base + i) for i, d in enumerate(extra_cards)])
        self.keys: tuple[bytes, ...] = tuple([content_key(c.defn) for c in self.extra])
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
        self.counts = Counts(granters, replacers)
        self.hands.zone_actions = zone_actions
        self.mechanics = _mechanics_of(state, self.extra)
        return self

    def copy(self) -> Derived:
        """The derived data of a clone: the same pool and compiled cards, flags and
        counts; no memo entries (they hold the original's objects). Made without
        ``__init__``, as a view's is (``for_view``): its empty caches would be replaced at
        once, and its card table's content keys are the original's (the same cards; a
        search clones its deals hundreds of times a game)."""
        d = Derived.__new__(Derived)
        d.pool = self.pool
        d.extra = self.extra
        d.keys = self.keys
        d.layers = self.layers.copy()
        d.checks = self.checks.copy()
        d.mana = self.mana.copy()
        d.hands = self.hands.copy()
        d.counts = self.counts  # (frozen: held, as a view holds it)
        d.memo = self.memo.copy()
        # (held: a table is never changed, and it holds while the state has the same
        # masks, the int objects ``GameState.stops`` holds, which a clone's copy of the
        # list holds too)
        d.stop_table = self.stop_table
        d.decklists = self.decklists
        d.mechanics = self.mechanics
        return d

    def for_view(self, view: GameState, me: int) -> Derived:
        """The derived data of ``me``'s view ``view`` (engine.state.view), its own and
        none of this state's, every part that can be written a new object: the card table
        (held: its tuples are values, and a card the view's reader compiles replaces the
        view's, not the game's), the flags and counts of the
        battlefield, the stack, mana and state-based checks (``Layers``, ``Checks``,
        ``Mana``, ``Counts``, ``Memo``: public things, which the view holds as the state
        does), with ``Layers`` the facts found about the battlefield (``Layers.for_view``
        says why they hold for the view: found once by the state, not again at each
        decision; held, not copied: immutable), with ``Mana`` the mana sources and the
        public mana entries (``Mana.for_view``; the view makes its own ``Units`` of an
        entry), each hand's count of changes (public: a card into or out of a hand is
        seen), ``me``'s counts of their hand (they see it) and the other player's counted
        from what the view holds of theirs: their graveyard and the cards of their hand
        ``me`` knows. No memo entry is taken: a fact memoised on the state was found from
        the state's objects, the other player's hand plan (``Hands.plans``) and idle
        verdict (``Hands.idle``) from their hidden hand; a policy's questions memoise
        their answers in the view's. A view's refresh and invalidation points write
        these copies only."""
        d = Derived.__new__(Derived)
        d.pool = self.pool
        d.extra = self.extra
        d.keys = self.keys
        d.layers = self.layers.for_view()
        d.checks = self.checks.copy()
        d.mana = self.mana.for_view()
        d.hands = self.hands.for_view(view, me)
        d.counts = self.counts  # (frozen: held)
        d.memo = self.memo.copy()
        d.stop_table = None
        d.decklists = self.decklists
        d.mechanics = self.mechanics
        return d

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


def _mechanics_of(state: GameState, extra: tuple[Card, ...]) -> int:
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
    if card.spell_grants or card.enter_replacements:
        _count(d, None, card)
    layers = d.layers
    layers.entered += (obj.oid,)  # (a new tuple: a view may hold the old one)
    if not layers.stale:
        layers.stale = ENTERED
    d.checks.needed = True


def permanent_left(state: GameState, obj: GameObject) -> None:
    """``obj`` left the battlefield (called by ``zones.remove_from_zone``): uncounted, and
    characteristics are stale (``characteristics_changed``: what it gave others, what
    was attached to it, the facts that listed it)."""
    card = obj.card
    if card.spell_grants or card.enter_replacements:
        _count(state.derived, card, None)
    characteristics_changed(state)


def permanent_card_changed(state: GameState, old: Card, new: Card) -> None:
    """A permanent's card changed from ``old`` to ``new`` (a transform, 701.28; a bestowed
    Aura becoming a creature, 702.103f): its abilities counted again (``Counts``). The
    caller marks characteristics stale (``characteristics_changed``) as for any change
    of abilities."""
    if old.spell_grants or old.enter_replacements or new.spell_grants or \
            new.enter_replacements:
        _count(state.derived, old, new)


def _count(d: Derived, old: Card | None, new: Card | None) -> None:
    """``Counts`` replaced by a new one (frozen: a clone or a view may hold the old one)
    with ``old``'s abilities uncounted and ``new``'s counted."""
    granters, replacers = d.counts.spell_granters, d.counts.enter_replacers
    if old is not None:
        granters -= 1 if old.spell_grants else 0
        replacers -= 1 if old.enter_replacements else 0
    if new is not None:
        granters += 1 if new.spell_grants else 0
        replacers += 1 if new.enter_replacements else 0
    d.counts = Counts(granters, replacers)


def creature_damaged(state: GameState, obj: GameObject) -> None:
    """``obj`` was dealt damage or marked by a deathtouch source: the next state-based
    check looks at it (``Checks.damaged``), facts memoised on the whole state are stale
    ("target damaged creature"), and so are characteristics if a static may count
    damaged creatures (``conditions_changed``)."""
    d = state.derived
    d.memo.changes += 1
    checks = d.checks
    checks.needed = True
    checks.damaged += (obj.oid,)  # (a new tuple: a view may hold the old one)
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


def refreshed(state: GameState) -> tuple[GameObject, ...]:
    """``layers.refresh`` is recomputing every permanent: characteristics are no longer
    stale; every fact keyed on the refresh count is, and so is each player's mana
    (``Mana.refreshes``, and the mana sources entered since are forgotten); the next
    state-based check looks at every permanent. The battlefield's objects, kept as
    ``Layers.permanents`` (a new tuple), are returned."""
    d = state.derived
    layers = d.layers
    layers.stale = CURRENT
    d.checks.full = True
    layers.refreshes += 1
    mana = d.mana
    mana.refreshes[0] += 1
    mana.refreshes[1] += 1
    if mana.entered:
        mana.entered = ()
    objects = state.objects
    perms = layers.permanents = tuple(map(objects.__getitem__, state.battlefield))
    return perms


def refreshed_entered(state: GameState, entered: tuple[int, ...],
                      here: list[GameObject]) -> None:
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
        checks.entered += entered  # (a new tuple: a view may hold the old one)
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
            mana.entered += ((before, (counts[0], counts[1]), o.oid),)


# The derived data of a state nobody bound to a pool yet (GameState's default): no
# attribute is set, so any use fails at once instead of sharing data between states.
UNBOUND = Derived.__new__(Derived)


def card_of(state: GameState, defn: CardDef) -> Card:
    """The card ``defn`` describes, as ``game_card`` finds it, but without adding it to the
    table (compiled apart when it is in neither): for a question about a card that may
    never exist, such as a policy's estimate of a token."""
    d = state.derived
    key = content_key(defn)
    card = d.pool.find(key) or _made(d, key)
    return card if card is not None else d.pool.compile(defn, -1)


def game_card(state: GameState, defn: CardDef) -> Card:
    """The card ``defn`` describes, in this game's table: the pool's own card or token
    with that definition, else one this game made before, else ``defn`` compiled now and
    added to the table (and its definition to ``state.extra_cards``)."""
    d = state.derived
    key = content_key(defn)
    card = d.pool.find(key) or _made(d, key)
    if card is None:
        card = d.pool.compile(defn, len(d.pool.cards) + len(d.extra))
        state.extra_cards += (defn,)  # (a new tuple: a view or clone holds the old one)
        d.extra += (card,)  # (new tuples: a view may hold the old ones)
        d.keys += (key,)
    d.mechanics |= card.mechanics  # (a pool's token or face may be new to this game)
    return card


def _made(d: Derived, key: bytes) -> Card | None:
    """The card with content key ``key`` among those the game made (``Derived.extra``),
    if any: a look along a short tuple (a game makes few cards, most none)."""
    keys = d.keys
    return d.extra[keys.index(key)] if key in keys else None


def permanents(state: GameState) -> tuple[GameObject, ...]:
    """The objects on the battlefield in its order (``state.battlefield``'s objects), for
    the scans that read every permanent: kept in ``Layers.permanents`` from one refresh
    to the next, so a scan reads a list instead of looking each id up in
    ``state.objects``. While a change awaits a refresh the answer is made and not kept:
    when permanents only entered (a departure marks characteristics stale), the kept tuple
    and the newcomers at the battlefield's end. A tuple: the state and its views may hold
    the same one (``Layers.for_view``)."""
    layers = state.derived.layers
    perms = layers.permanents
    stale = layers.stale
    if perms is not None:
        if not stale:
            return perms
        if stale == ENTERED:
            objects = state.objects
            return perms + tuple(map(objects.__getitem__, state.battlefield[len(perms):]))
    objects = state.objects
    perms = tuple(map(objects.__getitem__, state.battlefield))
    if not stale:
        layers.permanents = perms
    return perms
