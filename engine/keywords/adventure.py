"""Adventurer cards (715) and Omen cards: casting the second half, where the card goes as
it resolves, and casting an adventurer's creature from exile afterwards.

- 715.2: an adventurer card has its creature's characteristics and, as alternative
  characteristics, its Adventure's: an instant or sorcery with the subtype "Adventure"
  (``CardDef.adventure``, read from the corpus by ``engine.cards.oracle.adventures``).
- 715.3, 715.3a: as the card is cast its controller chooses whether to cast it as an
  Adventure; cast so, the spell has only the Adventure's characteristics (its mana cost,
  types, effects and targets: ``CastPermission.face``, which ``engine.rules.casting``
  casts with and leaves on the stack, the card's own in ``GameObject.front``). The
  choice is a casting permission from the hand (code 8), offered at the Adventure's own
  speed (an instant Adventure at instant speed, the creature at its own).
- 715.3d: an Adventure that resolves is exiled instead of going to its owner's graveyard
  (``SPELL_DONE_HOOKS``), and for as long as that card stays exiled its controller may
  cast it, as the creature only (code 10: ``GameObject.adventurer``, set as it is exiled).
  An Adventure countered, or leaving the stack any other way, goes to the graveyard as
  any card does (the permission is not given), and a copy of one ceases to exist.
- 715.4: in every zone but the stack, and on the stack unless cast as an Adventure, the
  card has only its creature's characteristics: a zone change gives the new object the
  card's own (``engine.rules.zones.move`` reads ``front``), so an exiled adventurer is a
  creature card in exile, seen by both players (exile is public, 400.2).
- Omen cards (Tarkir: Dragonstorm) are cast the same way as their Omen half (code 8), and
  as the Omen resolves the card is shuffled into its owner's library instead (the
  half's reminder text: "Then shuffle this card into its owner's library"); nothing
  lets it be cast from there.

The creature cast from exile (code 9) is offered with the other casts from exile, at
sorcery speed (``engine.rules.casting``): the compiler refuses an adventurer whose
creature has flash. Only the card's owner is offered it (a player's own exile is
looked at), so an Adventure whose controller is not its owner is exiled with no cast.
"""

from __future__ import annotations

from collections.abc import Callable

from mtgsim.engine.cards import CardDef
from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules.mana import ManaCost
from mtgsim.engine.rules.resolution import SPELL_DONE_HOOKS, SPELL_MOVED_HOOKS
from mtgsim.engine.rules.spell_costs import CastPermission, cast_permission
from mtgsim.engine.rules.zones import log, shuffle_library
from mtgsim.engine.state.derived import game_card
from mtgsim.engine.state.game_state import (
    EXILE,
    HAND,
    LIBRARY,
    GameObject,
    GameState,
    StackItem,
)

ADVENTURE_CAST = 8  # an adventurer card cast as its Adventure (715.3)
OMEN_CAST = 9  # an Omen card cast as its Omen
CREATURE_FROM_EXILE = 10  # the creature of an adventurer card exiled on an adventure (715.3d)


def second_half(card: Card, kind: str) -> CardDef | None:
    """The card's second half if it is of this kind ("Adventure" or "Omen")."""
    half = card.adventure
    return half if half is not None and kind in half.subtypes else None


def _face(kind: str) -> Callable[[GameState, GameObject], Card]:
    def face(state: GameState, obj: GameObject) -> Card:
        half = second_half(obj.card, kind)
        assert half is not None, obj.card.name
        return game_card(state, half)
    return face


def _costs(kind: str) -> Callable[[GameState, GameObject], list[ManaCost]]:
    face = _face(kind)

    def costs(state: GameState, obj: GameObject) -> list[ManaCost]:
        return [face(state, obj).cost]
    return costs


def _in_hand(kind: str) -> Callable[[GameState, GameObject], bool]:
    def has(state: GameState, obj: GameObject) -> bool:
        return obj.zone == HAND and second_half(obj.card, kind) is not None
    return has


def _own_cost(state: GameState, obj: GameObject) -> list[ManaCost]:
    """The creature is cast for its own mana cost (715.3d: "cast it", no other cost)."""
    assert obj.card.cost is not None
    return [obj.card.cost]


def on_adventure(state: GameState, obj: GameObject) -> bool:
    """A card exiled as its Adventure resolved, which its owner may cast (715.3d)."""
    return obj.zone == EXILE and obj.adventurer == obj.owner


ADVENTURE = cast_permission(CastPermission(
    "adventure", code=ADVENTURE_CAST, zone=HAND, has=_in_hand("Adventure"),
    costs=_costs("Adventure"), printed=lambda card: second_half(card, "Adventure") is not None,
    face=_face("Adventure")))
OMEN = cast_permission(CastPermission(
    "omen", code=OMEN_CAST, zone=HAND, has=_in_hand("Omen"), costs=_costs("Omen"),
    printed=lambda card: second_half(card, "Omen") is not None, face=_face("Omen")))
FROM_EXILE = cast_permission(CastPermission(
    "adventure creature", code=CREATURE_FROM_EXILE, zone=EXILE, has=on_adventure,
    costs=_own_cost))


def _resolved(state: GameState, item: StackItem, card_obj: GameObject) -> int | None:
    """715.3d: a resolving Adventure is exiled; an Omen goes to its owner's library (and
    ``_moved`` shuffles it in)."""
    if item.alt == ADVENTURE_CAST:
        return EXILE
    if item.alt == OMEN_CAST:
        return LIBRARY
    return None


def _moved(state: GameState, item: StackItem, new: GameObject) -> None:
    if item.alt == ADVENTURE_CAST and new.zone == EXILE:
        new.adventurer = item.controller
        if state.log is not None:
            log(state, "adventure", item.controller, new.card.name)
    elif item.alt == OMEN_CAST and new.zone == LIBRARY:
        shuffle_library(state, new.owner)


SPELL_DONE_HOOKS.append(_resolved)
SPELL_MOVED_HOOKS.append(_moved)

__all__ = ["ADVENTURE", "OMEN", "FROM_EXILE", "on_adventure", "second_half"]
