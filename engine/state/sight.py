"""What each player may see of a game (``GameState.sight``): kept by engine.rules.zones as
objects come and go, read by engine.state.view. Derived, like ``engine.state.derived``
(never serialized, rebuilt by ``Sight.of`` after decoding or cloning), but a field of its
own, because a player's view keeps the state's derived data and must not keep this: it
holds the other player's hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from mtgsim.engine.state.game_state import GameObject, GameState

_LIBRARY, _BATTLEFIELD = 0, 2  # engine.state.game_state's zone numbers


class LibraryView(msgspec.Struct):
    """A library as one player's view shows it (``Sight.views``, engine.state.view): the
    ids, or NONE where that player does not know the card, as of the library's count of
    changes (``Sight.library_changes``: cards in or out, cards known or forgotten)."""

    changes: int
    ids: list[int]


class Sight:
    """What each player may see of a game, kept as objects come and go so that a
    player's view costs a copy of two small structs and not a walk over the game."""

    __slots__ = ("visible", "library_changes", "library_known", "libraries", "views",
                 "shared", "owned", "rest")

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
        # engine.state.view's caches, one per library and viewer (2 * owner + is-other-player)
        self.views: list[LibraryView | None] = [None, None, None, None]
        # a deal's clone (``onto_shared``) holds the deal's library objects themselves
        # instead of copies: ``shared`` is the deal's objects (None in every other state),
        # ``owned`` the copies made of them where this game changed one
        # (engine.state.clone.own, called by engine.rules.zones before it writes a
        # library object)
        self.shared: dict[int, GameObject] | None = None
        self.owned: dict[int, GameObject] = {}
        # a deal's (never played on): the ids of its objects outside the libraries, which
        # its clones copy (engine.state.clone._dealt_objects), found at its first clone
        self.rest: list[int] | None = None

    def __eq__(self, other: object) -> bool:
        """Like the derived data: a function of the state, never tells two states apart."""
        return isinstance(other, Sight)

    __hash__ = None  # type: ignore[assignment]

    @staticmethod
    def of(state: GameState) -> Sight:
        """What each player may see, worked out from the state's objects (a walk over
        every object: a search makes one per deal, about a hundred objects, most of them
        library cards unknown to the other player, which the first tests let through)."""
        sight = Sight()
        seen0, seen1 = sight.visible
        library_known = sight.library_known
        for oid, o in state.objects.items():
            if o.foretold:  # exiled face down: its owner alone sees it (702.143a)
                if o.owner:
                    seen1[oid] = o
                else:
                    seen0[oid] = o
            elif o.zone >= _BATTLEFIELD:  # a public zone
                seen0[oid] = o
                seen1[oid] = o
            else:
                if o.owner:
                    seen1[oid] = o
                else:
                    seen0[oid] = o
                known = o.known
                if known:
                    if known & 1:
                        seen0[oid] = o
                    if known & 2:
                        seen1[oid] = o
                    if o.zone == _LIBRARY:
                        library_known[o.owner] += 1
        for p, player in enumerate(state.players):
            sight.libraries[p].extend(sorted(player.library))
        return sight

    def onto(self, deal: dict[int, GameObject], objects: dict[int, GameObject],
             copied: list[int]) -> Sight:
        """This sight for a clone of its state, a determinization not played on since
        ``of`` made this sight (the search clones each deal once per rollout,
        ``clone.SIGHT_DEALT``), whose objects are ``objects``: the deal's own (``deal``)
        for its library cards, shared, and copies for the others (``copied``, their ids).
        What ``of`` gives the clone, without its walk over every object and its zone and
        who knows it: this sight's dicts copied in C (the same ids in the same order: a
        view's objects are this dict, and the heuristic reads them in its order), the
        copies put in their entries, and ``shared`` set, so that the clone copies a library
        object before it changes one (engine.state.clone.own). A sight the zones kept
        since (objects come and gone, cards known, libraries changed) is not what ``of``
        finds for its state (its change counts go on from where they were), so this is for
        a deal alone (``tests/players/test_search_cost.py`` checks it against ``of``)."""
        sight = Sight()
        mine, yours = self.visible
        mine, yours = mine.copy(), yours.copy()
        for oid in copied:
            if oid in mine:
                mine[oid] = objects[oid]
            if oid in yours:
                yours[oid] = objects[oid]
        sight.visible = (mine, yours)
        sight.library_changes = self.library_changes.copy()
        sight.library_known = self.library_known.copy()
        sight.libraries = (self.libraries[0].copy(), self.libraries[1].copy())
        sight.shared = deal
        return sight


# What a player's view holds instead of a Sight (engine.state.view): no attribute is set, so
# nothing can read the other player's hand through it.
UNSEEN = Sight.__new__(Sight)

