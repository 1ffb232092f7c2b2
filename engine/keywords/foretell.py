"""Foretell (702.143): "Foretell [cost]" works while the card is in its owner's hand:
"Any time a player has priority during their turn, that player may pay {2} and exile a
card with foretell from their hand face down. That player may look at that card as long
as it remains in exile. They may cast that card after the current turn has ended by
paying any foretell cost it has rather than paying that spell's mana cost. Casting a
spell this way follows the rules for paying alternative costs in rules 601.2b and
601.2f-h." (702.143a). Exiling it is a special action (702.143b, 116.2h): it does not use
the stack, and the player gets priority again (116.3).

* the special action (code 2, ``engine.rules.special_actions``) is offered any time the
  player has priority during their own turn (``SpecialAction.own_turn``: not only at
  sorcery timing), for a card in hand with foretell while {2} can be paid; one per name;
* the card is exiled face down (406.3, 708.2: a face-down card in exile has no
  characteristics others may see): its owner may look at it (702.143a), the other player
  may not. ``GameObject.foretold`` is the turn it was foretold; ``engine.rules.zones``
  keeps it out of the other player's sight (``Sight.visible``) and a player's view shows
  the other player's exile without it (``engine.state.view``);
* the casting permission from exile (code 22, ``engine.rules.spell_costs``) pays the
  foretell cost rather than the mana cost (an alternative cost, 118.9: additional costs
  still apply) on any turn after the one it was foretold, at the card's own timing
  (``CastPermission.own_timing``: an instant on the other player's turn too);
* a foretold card counts among its owner's cards usable from a zone
  (``Hands.zone_actions``) while it stays foretold in exile, so the legal actions look
  at it at instant speed; it is a new object elsewhere (400.7) and stops being foretold.

The heuristic foretells in its second main phase with mana left over (a cheaper spell on
a later turn: ``engine.players.policies.heuristic``). Statistics: ``foretells``,
``foretell_casts``.
"""

from __future__ import annotations

from mtgsim.engine.cards import AbilityT, KeywordInstance
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules.mana import ManaCost, can_pay, parse_cost
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.payment import pay_cost
from mtgsim.engine.rules.special_actions import SpecialAction, special_action
from mtgsim.engine.rules.spell_costs import CastPermission, cast_permission
from mtgsim.engine.rules.zones import hide_from_others, log, move
from mtgsim.engine.state.game_state import EXILE, GameObject, GameState
from mtgsim.engine.state.stats import count

FORETELL_ACTION = 2
FORETELL_CAST = 22
FORETELL_ACTION_COST = parse_cost("{2}")  # 702.143a: the same for every card


@compiles("foretell")
def compile_foretell(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    """Nothing to add: the special action and the permission read the keyword."""
    parse_cost(inst.cost)  # a cost the engine pays, or the card is refused
    return []


def foretell_cost(card: Card) -> ManaCost:
    """The card's foretell cost (its first instance's)."""
    return parse_cost(card.instances("foretell")[0].cost)


def offered(state: GameState, player: int) -> list[int]:
    """The cards in hand that may be foretold now (the caller checked the timing: the
    player's own turn, with priority) while {2} can be paid; one per name."""
    out: list[int] = []
    names: set[str] = set()
    objects = state.objects
    units: list[int] | None = None
    cost = FORETELL_ACTION_COST
    for oid in state.players[player].hand:
        card = objects[oid].card
        if card.name in names or "foretell" not in card.keyword_names:
            continue
        if units is None:
            units = mana_units(state, player)[0]
            if not can_pay(cost.symbols, cost.generic, units):
                return []
        names.add(card.name)
        out.append(oid)
    return out


def take(state: GameState, player: int, oid: int) -> None:
    """Pay {2} and exile the card from the hand face down: foretold this turn (702.143a)."""
    obj = state.objects[oid]
    pay_cost(state, player, FORETELL_ACTION_COST, 0)
    new = move(state, obj, EXILE)
    new.foretold = state.turn
    hide_from_others(state, new)
    state.derived.hands.zone_actions[new.owner] += 1  # (zones takes it off as it leaves)
    if state.log is not None:
        log(state, "foretell", player)  # (face down: the card is not named)
    count(state, player, "foretells")


def can_cast_foretold(state: GameState, obj: GameObject) -> bool:
    """A foretold card, foretold on an earlier turn (702.143a: "after the current turn
    has ended")."""
    return obj.foretold != 0 and obj.foretold < state.turn


FORETELL = special_action(SpecialAction("foretell", FORETELL_ACTION, offered=offered,
                                        take=take, own_turn=True))
FORETOLD = cast_permission(CastPermission(
    "foretell", code=FORETELL_CAST, zone=EXILE, has=can_cast_foretold,
    costs=lambda state, obj: [foretell_cost(obj.card)], statistic="foretell_casts",
    own_timing=True))
