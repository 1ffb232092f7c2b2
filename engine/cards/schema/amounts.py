"""Schema of dynamic amounts (``{ of = "..." }``): numbers computed as an effect happens.

The ``Amount`` union of them is in ``engine.cards.schema.unions``; their one evaluator is
``engine.rules.amounts``.
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards.schema.base import _Frozen
from mtgsim.engine.cards.schema.filters import Filter

# --- amounts ---------------------------------------------------------------------------


class Dyn(_Frozen, tag_field="of", frozen=True):
    """A number computed from the game when the effect happens."""


class X(Dyn, tag="x", frozen=True):
    times: int = 1


class CountPermanents(Dyn, tag="count_permanents", frozen=True):
    filter: Filter = Filter()
    times: int = 1


class CardsInHand(Dyn, tag="cards_in_hand", frozen=True):
    who: str = "you"


class CountersOnSelf(Dyn, tag="counters_on_self", frozen=True):
    counter: str = "+1/+1"


class AttachedAuras(Dyn, tag="attached_auras", frozen=True):
    """Auras attached to the source (Kor Spiritdancer)."""

    times: int = 1


class PowerOf(Dyn, tag="power_of", frozen=True):
    what: str = "self"


class ExiledManaValue(Dyn, tag="exiled_mana_value", frozen=True):
    """The mana value of the card ``exile_until`` exiled last ("that card's mana
    value")."""


class SacrificedManaValue(Dyn, tag="sacrificed_mana_value", frozen=True):
    """The mana value of the permanent sacrificed to pay the spell's additional cost, as
    it last existed on the battlefield ("the sacrificed permanent's mana value", 608.2h;
    ``StackItem.sacrificed``)."""


class CountCards(Dyn, tag="count_cards", frozen=True):
    """Cards in a player's ``zone`` matching ``filter`` ("for each land card in your
    graveyard", "for each creature card in your graveyard")."""

    zone: Literal["graveyard", "hand", "library", "exile"] = "graveyard"
    who: str = "you"
    filter: Filter = Filter()
    times: int = 1


class ThatMuch(Dyn, tag="that_much", frozen=True):
    """The number of the triggering event: "you gain that much life" after "whenever ...
    deals damage" is the damage dealt (603.2, 120.3)."""


class DevouredCount(Dyn, tag="devoured", frozen=True):
    """"The number of creatures it devoured" / "Goblins it devoured" (702.82b)."""

    filter: Filter = Filter()
    times: int = 1


class CardsDrawnThisTurn(Dyn, tag="cards_drawn_this_turn", frozen=True):
    """"For each card you've drawn this turn" (Inspired Fire, Deem Inferior): the cards
    the player drew since the turn began (121.1, ``Player.drawn_this_turn``)."""

    who: str = "you"
    times: int = 1


class AttackedWithThisTurn(Dyn, tag="attacked_with_this_turn", frozen=True):
    """"For each creature you attacked with this turn" (Search Party Captain): the
    creatures the player declared as attackers this turn (508.1a), in every combat of it,
    each once, counted whether or not they are still on the battlefield."""


class CountPlayers(Dyn, tag="count_players", frozen=True):
    """"For each player": the players in the game (102.1)."""

    times: int = 1


class ColorsOfAffected(Dyn, tag="colors_of_affected", frozen=True):
    """"For each of its colors" (105.2): the number of colors of each object a static
    ability affects, counted for that object (Knight of New Alara)."""

    times: int = 1


class CountPermanentsOf(Dyn, tag="count_permanents_of", frozen=True):
    """The number of permanents matching ``filter`` that ``who`` controls ("equal to the
    number of nonbasic lands that player controls"; ``who`` = "t0": a target player)."""

    filter: Filter = Filter()
    who: str = "t0"
