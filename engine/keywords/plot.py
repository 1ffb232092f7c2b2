"""Plot (702.170): "Plot [cost]" works while the card is in its owner's hand: "Any time
you have priority during your main phase while the stack is empty, you may exile this
card from your hand and pay [cost]. It becomes a plotted card." (702.170a). Plotting is
a special action (702.170b, 116.2k): it does not use the stack. A plotted card's owner
may cast it from exile without paying its mana cost during their main phase while the
stack is empty, on any turn after the turn it became plotted (702.170d); it stays
plotted only while it stays in exile (a new object elsewhere, 400.7).

This module registers the special action (code 1, ``engine.rules.special_actions``) and
the casting permission from exile (code 6, ``engine.rules.spell_costs``: its mana cost
is nothing, as "without paying its mana cost", 118.9; additional costs still apply).
``GameObject.plotted`` is the turn the card was plotted.
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
from mtgsim.engine.rules.zones import log, move
from mtgsim.engine.state.game_state import EXILE, GameObject, GameState
from mtgsim.engine.state.stats import count

PLOT_ACTION = 1
PLOT_CAST = 6
_FREE = parse_cost("")


@compiles("plot")
def compile_plot(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    """Nothing to add: the special action and the permission read the keyword."""
    parse_cost(inst.cost)  # a cost the engine pays, or the card is refused
    return []


def _plot_cost(card: Card) -> ManaCost:
    return parse_cost(card.instances("plot")[0].cost)


def offered(state: GameState, player: int) -> list[int]:
    """The cards in hand that may be plotted now (the caller checked the timing: the
    player's main phase, the stack empty) whose plot cost can be paid; one per name."""
    out: list[int] = []
    names: set[str] = set()
    objects = state.objects
    units: list[int] | None = None
    for oid in state.players[player].hand:
        card = objects[oid].card
        if card.name in names or not card.has_keyword("plot"):
            continue
        cost = _plot_cost(card)
        if units is None:
            units = mana_units(state, player)[0]
        if can_pay(cost.symbols, cost.generic, units):
            names.add(card.name)
            out.append(oid)
    return out


def take(state: GameState, player: int, oid: int) -> None:
    """Pay the plot cost and exile the card from the hand: it is plotted this turn."""
    obj = state.objects[oid]
    pay_cost(state, player, _plot_cost(obj.card), 0)
    new = move(state, obj, EXILE)
    new.plotted = state.turn
    if state.log is not None:
        log(state, "plot", player, new.card.name)
    count(state, player, "plots")


def can_cast_plotted(state: GameState, obj: GameObject) -> bool:
    """A plotted card, plotted on an earlier turn (702.170d)."""
    return obj.plotted != 0 and obj.plotted < state.turn


PLOT = special_action(SpecialAction("plot", PLOT_ACTION, offered=offered, take=take))
PLOTTED = cast_permission(CastPermission(
    "plot", code=PLOT_CAST, zone=EXILE, has=can_cast_plotted,
    costs=lambda state, obj: [_FREE], statistic="plot_casts"))
