"""Delve (702.66).

702.66a: delve is a static ability that functions while the spell with it is on the
stack: "For each generic mana in this spell's total cost, you may exile a card from your
graveyard rather than pay that mana."
702.66b: it is neither an additional nor an alternative cost and applies only after the
total cost (with its reductions, engine.rules.cost_changes) is determined: this module
registers it in engine.rules.spell_costs as a cost reduction, as convoke is. Each card
exiled pays one generic mana, never a coloured one (a unit of no colour, mask 0, in the
payment pool: it counts toward generic mana and matches no symbol).
702.66c: multiple instances of delve are redundant.

``ask_delve`` asks "delve" questions one card at a time, each offering the graveyard
cards (not the spell itself, should it be cast from there) while generic mana is left to
pay and the rest stays payable; none may be chosen once mana pays the rest. The cards are
exiled as the cost is paid (601.2h).
"""

from __future__ import annotations

from collections.abc import Collection

from mtgsim.engine.rules.mana import can_pay
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.payment import units_without
from mtgsim.engine.rules.spell_costs import CostReduction, ask_one_more, cost_reduction
from mtgsim.engine.rules.zones import move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import EXILE, DecisionKind, GameObject, GameState

_KIND_DELVE = DecisionKind.DELVE


def spell_has_delve(state: GameState, player: int, obj: GameObject) -> bool:
    """The spell has delve (printed; instances are redundant, 702.66c)."""
    return "delve" in obj.card.keyword_names


def delve_pool(state: GameState, player: int) -> tuple[list[int], list[int]]:
    """The player's mana units and one more of no colour for each card in their
    graveyard (702.66a: it pays one generic mana), with each unit's object."""
    units, sources = mana_units(state, player)
    grave = state.players[player].graveyard
    return [*units, *([0] * len(grave))], [*(oid for oid, _ in sources), *grave]


def apply_delve(state: GameState, symbols: tuple[int, ...], generic: int, used: list[int],
                units: list[int] | None = None) -> tuple[tuple[int, ...], int] | None:
    """The cost left once each exiled card paid one generic mana; None if more cards
    were chosen than there is generic mana (702.66a)."""
    if len(used) > generic:
        return None
    return symbols, generic - len(used)


def ask_delve(state: GameState, asker: Asker, player: int, obj: GameObject,
              symbols: tuple[int, ...], generic: int,
              committed: Collection[int] | None = None) -> list[int]:
    """702.66a-b: the graveyard cards to exile rather than pay generic mana, one
    question at a time, while generic mana is left; none once mana pays the rest."""
    chosen: list[int] = []
    grave = [oid for oid in state.players[player].graveyard
             if oid != obj.oid and oid not in (committed or ())]  # not escape's cards
    while len(chosen) < generic:
        options = [oid for oid in grave if oid not in chosen]
        if not options:
            break
        rest = units_without(state, player, list(committed or ()))
        can_stop = can_pay(symbols, generic - len(chosen), rest)
        pick = ask_one_more(asker, _KIND_DELVE, player, obj,
                            f"exile a card from your graveyard to delve {obj.card.name}",
                            options, can_stop)
        if pick is None:
            break
        chosen.append(pick)
    return chosen


def exile_delved(state: GameState, used: list[int]) -> None:
    """The cards delved are exiled as the cost is paid (601.2h)."""
    for oid in used:
        move(state, state.objects[oid], EXILE)


DELVE = cost_reduction(CostReduction(
    "delve", has=spell_has_delve, pool=delve_pool, ask=ask_delve, apply=apply_delve,
    pay=exile_delved, statistic=""))
