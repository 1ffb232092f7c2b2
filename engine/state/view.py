"""What one player may know of a game: ``player_view(state, me)``, the state policies
decide from (``Policy.decide(view, decision)``; ``engine.game.decide`` makes the view).

A view is a state built for ``me`` at each decision, with what ``me`` may not know left out:

- ``objects`` holds only the objects ``me`` may see: everything in a public zone
  (battlefield, graveyards, exile, the stack, 400.2), their own hand, the cards of their
  own library (they know their deck, not its order), cards revealed to everyone (a
  forecast card in hand, a transmuted card or one a search reveals, a hand an effect
  reveals, a card put into a hand or library from a public zone) or that ``me`` looked at
  (the cards an effect puts back on top; ``GameObject.known``), and the cards the pending
  question shows them: the options of a question whose options are objects
  (``decisions.OBJECT_OPTIONS``: the cards of a search), never those of a question whose
  options are numbers (X, colours, a block declaration's pair indices), whatever object
  has that id.
- the other player's hand lists the ids of the cards ``me`` knows and ``NONE`` for the
  others, in its order: its ``len`` is what the view says of it.
- the other player's exile lists a card exiled face down (foretold, 702.143a) as ``NONE``
  at its place, as the other player's hand shows its hidden cards: a face-down card with
  no characteristics (406.3: only its owner may look at it), its identity and id hidden,
  so the view still tells how many cards are in that exile and that one is face down (a
  search's determinization deals its card with the cards it does not see).
- each player's ``library`` lists no order: in one's own, the cards ``me`` knows the place
  of stay at their place and the others fill the rest in id order; in the other's, every
  card but those ``me`` knows is ``NONE``. A shuffle forgets what was known (701.24).
- the random generator's state, the event log, the recorded answers (which name what each
  player drew) and ``sight`` (what each player may see: the other player's hand) are left
  out.
- its derived data is its own (``Derived.for_view``): the flags and counts of public
  things, the counts of the other player's hand and graveyard made from what the view
  holds of them, and no memo entry of the state's; what a policy computes on its view is
  memoised in the view's and goes with it. Every part that can be written is the view's
  own object, none the state's; its ``Layers`` comes with the facts the state found about
  the battlefield (``Layers.for_view``) and its ``Mana`` with the mana sources and each
  player's mana where it is public (``Mana.for_view``: found from plain mana abilities of
  permanents, the pool and the turn; mana that may depend on anything, a hidden card
  included, the view finds itself), immutable values (tuples, frozen Structs) it holds
  by reference, so a view's refresh writes the view's parts only.

What a view keeps is public: the battlefield, stack, graveyards, exile, combat, the
effects, the triggered abilities waiting to be put on the stack, the tasks in progress
(the spell being cast, the effect resolving) and the pending decision. No hidden object
of the game is reachable from it (``tests/players/test_view.py`` walks every reference
from the views policies are given): the state's ``objects``, ``sight`` and derived data
stay with the state. A view is shallow (the lists and objects it shows are the state's,
so reading a view costs what reading the state costs): read it, never change it.

A search policy samples what it cannot see from ``known_hand`` (the cards it knows in a
player's hand), the counts, and ``decklist`` (a player's deck list as the game was started
from it: what a tournament's open deck lists tell, never read from a library).
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from mtgsim.engine.cards.card import Card
from mtgsim.engine.state.decisions import OBJECT_OPTIONS
from mtgsim.engine.state.derived import UNBOUND
from mtgsim.engine.state.game_state import NONE, GameObject, GameState, Player
from mtgsim.engine.state.sight import UNSEEN, LibraryView

_replace = msgspec.structs.replace  # a shallow copy with fields changed, in C
# a shallow copy, in C (msgspec's ``Struct.__copy__``, which its stubs do not declare)
_copy: Callable[[GameState], GameState] = GameState.__copy__  # type: ignore[attr-defined]


def player_view(state: GameState, me: int) -> GameState:
    """The game as player ``me`` may know it (see the module's docstring)."""
    objects, lib0, lib1 = _known(state, me)
    p0, p1 = state.players
    if me == 0:
        mine = _replace(p0, library=lib0)
        theirs = _replace(p1, library=lib1, hand=_other_hand(p1.hand, objects),
                          exile=_other_exile(p1.exile, objects))
        players = [mine, theirs]
    else:
        theirs = _replace(p0, library=lib0, hand=_other_hand(p0.hand, objects),
                          exile=_other_exile(p0.exile, objects))
        mine = _replace(p1, library=lib1)
        players = [theirs, mine]
    # a shallow copy (in C) with the fields changed: ``__copy__`` and a store per field cost
    # less than ``replace``, which looks each keyword up among the state's 56 fields;
    # the derived data is the view's own, made from what the view holds
    view = _copy(state)
    view.objects = objects
    view.players = players
    view.rng = 0
    view.log = None
    view.decisions = None
    view.sight = UNSEEN
    view.derived = UNBOUND  # (not the state's, even while ``for_view`` runs)
    view.derived = state.derived.for_view(view, me)
    return view


def _other_hand(hand: list[int], objects: dict[int, GameObject]) -> list[int]:
    """The other player's hand as the view shows it: the ids of the cards it shows
    (revealed), ``NONE`` for the others."""
    return [oid if oid in objects else NONE for oid in hand]


def _other_exile(exile: list[int], objects: dict[int, GameObject]) -> list[int]:
    """The other player's exile as the view shows it: a card exiled face down (a foretold
    card, 702.143a, 406.3: its owner alone may look at it), of which the view holds no
    object, is ``NONE`` at its place (a face-down card, as a hidden hand card is); the
    list itself when there is none (most views)."""
    for oid in exile:
        if oid not in objects:
            return [o if o in objects else NONE for o in exile]
    return exile


def _known(state: GameState, me: int) -> tuple[dict[int, GameObject], list[int], list[int]]:
    """The objects ``me`` may see and the two libraries as ``me`` may know them."""
    sight = state.sight
    objects = sight.visible[me]
    pending = state.pending
    if pending is not None and pending.options and pending.player == me and \
            pending.kind in OBJECT_OPTIONS:
        every = state.objects
        shown = [o for o in pending.options if o >= 2 and o not in objects and o in every]
        if shown:  # the cards a search or a look shows this player now
            objects = dict(objects)
            for oid in shown:
                objects[oid] = every[oid]
    # each player with the library as ``me`` may know it (the hot path: a cached list)
    p0, p1 = state.players
    changes = sight.library_changes
    cache = sight.views
    hit = cache[me]  # (slot 2 * owner + is-other-player: 0 or 1 for player 0's library)
    lib0 = hit.ids if hit is not None and hit.changes == changes[0] and \
        len(hit.ids) == len(p0.library) else _library(state, p0, me)
    hit = cache[3 - me]
    lib1 = hit.ids if hit is not None and hit.changes == changes[1] and \
        len(hit.ids) == len(p1.library) else _library(state, p1, me)
    return objects, lib0, lib1


def _library(state: GameState, p: Player, me: int) -> list[int]:
    """``p``'s library as ``me`` may know it, cached in ``Sight.views`` (slot ``2 * owner +
    is-other-player``) until its cards or what is known of them change (engine.rules.zones
    counts both in ``Sight.library_changes``)."""
    library = p.library
    if not state.sight.library_known[p.idx]:  # the common case: nobody knows a card of it
        shown = state.sight.libraries[me].copy() if p.idx == me else [NONE] * len(library)
    elif p.idx == me:
        known = 1 << me
        objects = state.objects
        places = [oid if objects[oid].known & known else NONE for oid in library]
        rest = iter(sorted([oid for oid, at in zip(library, places, strict=True) if at == NONE]))
        shown = [at if at != NONE else next(rest) for at in places]
    else:
        known = 1 << me
        objects = state.objects
        shown = [oid if objects[oid].known & known else NONE for oid in library]
    state.sight.views[p.idx * 2 + (p.idx != me)] = LibraryView(
        state.sight.library_changes[p.idx], shown)
    return shown


def known_hand(view: GameState, player: int) -> list[GameObject]:
    """The cards of ``player``'s hand the view's player knows (all of their own; of the
    other's, those revealed)."""
    objects = view.objects
    return [objects[oid] for oid in view.players[player].hand if oid in objects]


def decklist(view: GameState, player: int) -> tuple[Card, ...] | None:
    """``player``'s deck list as the game was started with it (None when not known: a
    decoded game, a scenario)."""
    lists = view.derived.decklists
    return lists[player] if lists is not None else None
