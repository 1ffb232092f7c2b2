"""Recover [cost] (702.59): works only from the graveyard. "When a creature is put into
your graveyard from the battlefield, you may pay [cost]. If you do, return this card
from the graveyard to your hand. Otherwise, exile this card." The trigger event is
``your_creature_to_graveyard`` (engine.rules.triggers.left_battlefield): a creature card or token
put from the battlefield into the graveyard of the recover card's owner. Leaves-the-
battlefield triggers look back in time (603.10a), so a card does not see its own death nor
that of creatures dying at the same moment (it wasn't in the graveyard before). The
variant "Recover—Pay half your life, rounded up" (Garza's Assassin) pays life (119.4).
Counted: ``recover_returns``, ``recover_exiles`` (and ``recover_triggers``)."""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    AbilityT,
    Effect,
    KeywordInstance,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules import mana as mana_mod
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import effect_rules, unaffected, yes_no
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.payment import pay_cost
from mtgsim.engine.rules.zones import move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayPay
from mtgsim.engine.state.game_state import EXILE, GRAVEYARD, HAND, GameState, StackItem
from mtgsim.engine.state.stats import count


class RecoverPay(Effect, tag="recover_pay", frozen=True):
    """702.59a: pay the cost to return this card to hand, otherwise exile it."""

    cost: str
    pay_half_life: bool = False


@compiles("recover")
def compile_recover(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    half = inst.cost.lower().startswith("pay half your life")
    cost = "" if half else inst.cost
    return [Triggered(when="your_creature_to_graveyard", keyword="recover",
                      effects=(RecoverPay(cost=cost, pay_half_life=half),))]


def recover_pay(state: GameState, item: StackItem, eff: Any, asker: Asker,
                queue: list[Any]) -> None:
    card_obj = state.objects.get(item.source)
    if card_obj is None or card_obj.zone != GRAVEYARD:
        return
    player = item.controller
    if eff.pay_half_life:
        payable = True
    else:
        cost = mana_mod.parse_cost(eff.cost)
        payable = mana_mod.can_pay(cost.symbols, cost.generic, mana_units(state, player)[0])
    paid = payable and yes_no(
        asker, player, f"recover {card_obj.card.name}: pay {eff.cost or 'half your life'}?",
        card_obj.oid, MayPay(eff.cost or "half your life", "recover", card_obj.card))
    if paid:
        if eff.pay_half_life:
            life = state.players[player].life
            rep.lose_life(state, player, (life + 1) // 2)
        else:
            pay_cost(state, player, mana_mod.parse_cost(eff.cost), 0)
        move(state, card_obj, HAND)
        count(state, player, "recover_returns")
    else:
        move(state, card_obj, EXILE)
        count(state, player, "recover_exiles")


effect_rules(RecoverPay, resolve=recover_pay, estimate=None, sign=unaffected,
             why_not_valued="not estimated: the payment is its own decision (MayPay), valued by the cost choices")
