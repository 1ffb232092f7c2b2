"""What a game's state implies but does not hold (``GameState.derived``): never serialized,
rebuilt after decoding, copied by a clone.

- The game's card table. Objects refer to cards by handle (``engine.cards.card``): the pool's
  cards (and the tokens they create) first, then the cards this game made as it went (a
  text-changed copy, a spell with a gained keyword, a card of a test), whose definitions
  the state keeps in ``GameState.extra_cards`` and this object holds compiled.
- Invalidation flags of the incremental computations (characteristics, state-based
  actions), counts the zones keep so that hot paths need not scan, the counters memoised
  facts key on, and the memo entries themselves (``engine.state.memo``).

None of it is game state: a freshly built ``Derived`` (everything marked stale, counts
recounted) plays the same game as the one the state had, only with more recomputation at
first; ``tests/state/test_clone.py`` holds decoded and cloned games to that.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mtgsim.engine.cards.card import Card, CardPool, content_key
from mtgsim.engine.cards.schema.carddef import CardDef

if TYPE_CHECKING:
    from mtgsim.engine.rules.mana import Units
    from mtgsim.engine.state.game_state import GameObject, GameState

_LIBRARY, _HAND, _BATTLEFIELD, _GRAVEYARD = 0, 1, 2, 3  # engine.state.game_state's zone numbers


class Derived:
    """A game's derived data. ``pool`` is the pool the game was started (or decoded)
    with; ``extra`` the compiled ``GameState.extra_cards``, by handle past the pool's."""

    __slots__ = (
        "pool", "extra", "index", "dirty", "sba_needed", "sba_chars", "sba_entered", "damaged",
        "dynamic_statics",
        "nonlocal_statics", "entered", "plain", "refreshed_clock", "refreshes", "entered_refresh",
        "mana_refreshes", "mana_entered", "spell_granters", "enter_replacers", "zone_action_cards",
        "resolved", "taps", "memo", "mana_memo", "units_seen", "hand_changes", "hand_plans",
        "hand_instants", "idle", "stop_table", "decklists", "permanents",
    )

    def __init__(self, pool: CardPool, extra_cards: list[CardDef],
                 compiled: list[Card] | None = None) -> None:
        self.pool = pool
        base = len(pool.cards)
        self.extra: list[Card] = list(compiled) if compiled is not None else [
            pool.compile(d, base + i) for i, d in enumerate(extra_cards)]
        self.index: dict[bytes, Card] = {content_key(c.defn): c for c in self.extra}
        # characteristics must be recomputed (engine.rules.layers.refresh)
        self.dirty = True
        # something changed that a state-based action may care about (engine.rules.sba)
        self.sba_needed = True
        # characteristics were recomputed since the last state-based check
        self.sba_chars = True
        # permanents whose characteristics were set since the last state-based check when
        # nothing else's changed (layers._refresh_entered): with sba_chars False, only
        # these need more than the damage check
        self.sba_entered: list[int] = []
        # creatures dealt damage (or marked by a deathtouch source) since the last
        # state-based check: with sba_chars False, the others need no damage check
        self.damaged: list[int] = []
        # a permanent on the battlefield has a static ability whose effect may change
        # without the battlefield changing (Card.dynamic; as of the last refresh, and
        # every battlefield change marks the state dirty): only then do cards moving
        # between hand, graveyard and library, or a new turn, recompute characteristics
        # (threshold, "for each card in your hand", "as long as it's your turn")
        self.dynamic_statics = True
        # a static on the battlefield affects permanents other than itself and what it
        # is attached to ("creatures you control get +1/+1") or may change (as above)
        self.nonlocal_statics = True
        # permanents that entered the battlefield since the last refresh (like dirty:
        # characteristics are stale until then; refresh may recompute only these)
        self.entered: list[int] = []
        # the last refresh found nothing layered and no resolved effect, so every
        # permanent older than refreshed_clock has its printed characteristics
        self.plain = False
        self.refreshed_clock = -1
        self.refreshes = 0  # layers.refresh calls: memoised facts key on it
        # the refresh (its count) that found only permanents entering, when the last one
        # did (layers._refresh_entered): the others kept their characteristics
        self.entered_refresh = -1
        # per player, refreshes that may have changed their mana sources (all but those
        # where only permanents without mana abilities, or another player's, entered):
        # engine.rules.payment keys on it
        self.mana_refreshes = [0, 0]
        # since the last full refresh, each new mana source that alone moved a player's
        # mana_refreshes: (the two counts before, after, its id); engine.rules.payment adds it
        # to the sources it had instead of searching the battlefield again
        self.mana_entered: list[tuple[tuple[int, int], tuple[int, int], int]] = []
        self.spell_granters = 0  # permanents with "spells you cast have ..." abilities
        self.enter_replacers = 0  # permanents with "as ... enters" replacement abilities
        # per player, their cards in hand or graveyard usable from there (flashback,
        # transmute, ...)
        self.zone_action_cards = [0, 0]
        self.resolved = 0  # stack objects resolved so far
        # taps and untaps: of each player's mana sources (0, 1), of anything else and
        # other changes memoised facts depend on, such as damage (2). engine.rules.payment keys
        # a player's mana on theirs, engine.state.memo on the sum.
        self.taps = [0, 0, 0]
        self.memo: dict[str, Any] = {}  # engine.state.memo's entries
        # per player, engine.rules.payment.mana_units' entry: its key's parts, then the units
        # (like memo entries, never copied)
        self.mana_memo: list[tuple[Any, ...] | None] = [None, None]
        # the game's mana units by content (engine.rules.payment._units_of; never copied)
        self.units_seen: dict[tuple[int, ...], Units] = {}
        # per player, cards put into or taken from their hand (engine.rules.zones), and the
        # hand's plan for the legal-action checks as of a count (engine.rules.casting._hand_plan:
        # like memo entries, never copied)
        self.hand_changes = [0, 0]
        self.hand_plans: list[tuple[int, Any] | None] = [None, None]
        # per player, the cards in hand with instant speed (Card.instant_speed), kept by
        # engine.rules.zones once engine.rules.casting counted them (None: not counted in this state)
        self.hand_instants: list[int | None] = [None, None]
        # per player, engine.rules.casting's verdict that they can do nothing at instant speed
        # for want of mana (or of a spell to target): the hand count and mana entry it
        # holds for, and whether it needs the stack empty (like memo entries, never copied)
        self.idle: list[tuple[int, tuple[Any, ...], bool] | None] = [None, None]
        # GameState.stops as a flag per step for each player (engine.rules.turn._stop_table)
        self.stop_table: tuple[Any, ...] | None = None
        # the players' deck lists, when the game was started from them (what a player
        # may know of the other's deck: engine.state.view.decklist)
        self.decklists: tuple[tuple[Card, ...], ...] | None = None
        # the objects of GameState.battlefield, in its order (``permanents``), as of the
        # last refresh: every battlefield change marks the state dirty or a permanent
        # entered, and the refresh that clears them drops this list (like memo entries,
        # never copied)
        self.permanents: list[GameObject] | None = None

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
            elif c.zone_actions and (o.zone == _HAND or o.zone == _GRAVEYARD):
                zone_actions[o.owner] += 1
        self.spell_granters = granters
        self.enter_replacers = replacers
        self.zone_action_cards = zone_actions
        return self

    def only_entered_since(self, refreshes: int) -> bool:
        """Whether the one refresh since the ``refreshes``-th found only permanents
        entering (``layers._refresh_entered``): a fact about the battlefield found then is
        brought up to date by adding the permanents at the battlefield's end that it had
        not seen (engine.players.worth.board, engine.rules.activation.activators)."""
        return refreshes == self.refreshes - 1 and self.entered_refresh == self.refreshes

    def copy(self) -> Derived:
        """The derived data of a clone: the same pool and compiled cards, flags and
        counts; no memo entries (they hold the original's objects)."""
        d = Derived(self.pool, [], self.extra)
        d.dirty = self.dirty
        d.sba_needed = self.sba_needed
        d.sba_chars = self.sba_chars
        d.sba_entered = self.sba_entered.copy()
        d.damaged = self.damaged.copy()
        d.dynamic_statics = self.dynamic_statics
        d.nonlocal_statics = self.nonlocal_statics
        d.entered = self.entered.copy()
        d.plain = self.plain
        d.refreshed_clock = self.refreshed_clock
        d.refreshes = self.refreshes
        d.entered_refresh = self.entered_refresh
        d.mana_refreshes = self.mana_refreshes.copy()
        d.spell_granters = self.spell_granters
        d.enter_replacers = self.enter_replacers
        d.zone_action_cards = self.zone_action_cards.copy()
        d.resolved = self.resolved
        d.taps = self.taps.copy()
        d.hand_changes = self.hand_changes.copy()
        d.decklists = self.decklists
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


class Sight:
    """What each player may see of a game (``GameState.sight``, engine.state.view): kept by
    engine.rules.zones as objects come and go, so that a player's view costs a copy of two small
    structs and not a walk over the game. Derived like ``Derived`` (never serialized,
    rebuilt by ``Sight.of`` after decoding or cloning), but its own field, because a view
    keeps the state's ``derived`` and must not keep this: it holds the other player's
    hand."""

    __slots__ = ("visible", "library_changes", "library_known", "libraries", "views")

    def __init__(self) -> None:
        # per player, the objects they may see: every object in a public zone (400.2),
        # their own hand and library, and cards revealed to them or that they looked at
        # (GameObject.known)
        self.visible: tuple[dict[int, GameObject], dict[int, GameObject]] = ({}, {})
        # per player, changes to the cards of their library or to what is known of them
        # (a view's library list is worked out again only then)
        self.library_changes = [0, 0]
        # per player, the cards of their library someone knows (GameObject.known): while
        # none is, a view of the library needs no walk over it
        self.library_known = [0, 0]
        # per player, the ids of their library's cards in id order (ids only grow, so a
        # card put into a library is appended): one's own library as one's view shows it
        # while one knows the place of none of its cards
        self.libraries: tuple[list[int], list[int]] = ([], [])
        # engine.state.view's caches, one per library and viewer (2 * owner + is-other-player):
        # (library changes, the library as that view shows it)
        self.views: list[tuple[int, list[int]] | None] = [None, None, None, None]

    def __eq__(self, other: object) -> bool:
        """Like ``Derived``: a function of the state, never tells two states apart."""
        return isinstance(other, Sight)

    __hash__ = None  # type: ignore[assignment]

    @staticmethod
    def of(state: GameState) -> Sight:
        """What each player may see, worked out from the state's objects."""
        sight = Sight()
        mine = sight.visible
        for oid, o in state.objects.items():
            if o.zone >= _BATTLEFIELD:  # a public zone
                mine[0][oid] = o
                mine[1][oid] = o
            else:
                mine[o.owner][oid] = o
                for p in (0, 1):
                    if o.known >> p & 1:
                        mine[p][oid] = o
                if o.known and o.zone == _LIBRARY:
                    sight.library_known[o.owner] += 1
        for p, player in enumerate(state.players):
            sight.libraries[p].extend(sorted(player.library))
        return sight


# What a player's view holds instead of a Sight (engine.state.view): no attribute is set, so
# nothing can read the other player's hand through it.
UNSEEN = Sight.__new__(Sight)


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
    return card


def permanents(state: GameState) -> list[GameObject]:
    """The objects on the battlefield in its order (``state.battlefield``'s objects), for
    the scans that read every permanent: kept in ``Derived.permanents`` from one refresh
    to the next, so a scan reads a list instead of looking each id up in
    ``state.objects``. While a change awaits a refresh the answer is made and not kept:
    when permanents only entered (a departure marks the state dirty), the kept list and
    the newcomers at the battlefield's end. Read it, never change it."""
    d = state.derived
    perms = d.permanents
    if perms is not None and not d.dirty:
        if not d.entered:
            return perms
        objects = state.objects
        return perms + [objects[oid] for oid in state.battlefield[len(perms):]]
    objects = state.objects
    perms = [objects[oid] for oid in state.battlefield]
    if not d.dirty and not d.entered:
        d.permanents = perms
    return perms
