"""Family F (flash staples, convoke): effects, conditions and keywords their cards need.

* Evoke (702.74a), Briarhorn: "You may cast this spell by paying [cost] rather than
  paying its mana cost" is the casting permission engine.casting.ALT_EVOKE; "When this
  permanent enters, if its evoke cost was paid, its controller sacrifices it" compiles
  here into a triggered ability with an intervening "if" (603.4), ``AltCostPaid``; the
  permanent remembers the permission its spell was cast with (GameObject.cast_alt).
* Granted flashback (702.34a), Snapcaster Mage: ``GrantFlashback`` gives a card in a
  graveyard flashback until end of turn (a ContinuousEffect with ``flashback_cost``);
  engine.casting offers the cast from the graveyard (engine.casting.ALT_FLASHBACK, so
  the card is exiled whenever it would leave the stack), paying that cost rather than
  its mana cost. A card with two flashback costs (printed and granted) asks which.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.ask import Asker
from mtgsim.engine.card import Card
from mtgsim.engine.cards import (
    AbilityT,
    AltCostPaid,
    GrantFlashback,
    KeywordInstance,
    Sacrifice,
    Triggered,
)
from mtgsim.engine.conditions import condition_handler
from mtgsim.engine.decisions import DecisionKind, FlashbackCosts
from mtgsim.engine.effects import handles, refs_of
from mtgsim.engine.keywords import compiles
from mtgsim.engine.mana import ManaCost, can_pay, parse_cost
from mtgsim.engine.state import (
    GRAVEYARD,
    ContinuousEffect,
    Decision,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.zones import log

# --- evoke (702.74) -------------------------------------------------------------------


@compiles("evoke")
def compile_evoke(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    """702.74a: "When this permanent enters, if its evoke cost was paid, its controller
    sacrifices it." (The alternative cost itself is engine.casting.ALT_EVOKE.)"""
    return [Triggered(when="enters", condition=AltCostPaid("evoke"),
                      effects=(Sacrifice(what="self"),), keyword="evoke")]


@condition_handler(AltCostPaid)
def alt_cost_paid(state: GameState, cond: Any, controller: int, source: GameObject,
                  subject: GameObject | None) -> bool:
    from mtgsim.engine.casting import ALT_NAMES

    assert isinstance(cond, AltCostPaid)
    return ALT_NAMES.get(source.cast_alt) == cond.keyword


# --- granted flashback (702.34a) ------------------------------------------------------


@handles(GrantFlashback)
def grant_flashback(state: GameState, item: StackItem, eff: Any, asker: Asker,
                    queue: list[Any]) -> None:
    """The card gains flashback until end of turn (a casting permission, 702.34a)."""
    for r in refs_of(state, item, eff.what):
        card_obj = state.objects.get(r)
        if card_obj is None or card_obj.zone != GRAVEYARD:
            continue
        state.clock += 1
        state.effects.append(ContinuousEffect(
            card_obj.oid, state.clock, flashback_cost=eff.cost or card_obj.card.mana_cost))
        if state.log is not None:
            log(state, "gains", item.controller, card_obj.card.name, "flashback")


def granted_flashback(state: GameState, oid: int) -> list[str]:
    """Flashback costs that effects gave this object (it keeps them while it stays in
    its zone: a zone change makes a new object, 400.7)."""
    return [e.flashback_cost for e in state.effects
            if e.target == oid and e.flashback_cost is not None]


def has_granted_flashback(state: GameState, player: int) -> bool:
    """Does a card in this player's graveyard have flashback from an effect?"""
    objects = state.objects
    for e in state.effects:
        if e.flashback_cost is not None:
            o = objects.get(e.target)
            if o is not None and o.zone == GRAVEYARD and o.owner == player:
                return True
    return False


def can_flashback(state: GameState, obj: GameObject) -> bool:
    """The card has flashback, printed or granted (702.34a)."""
    return obj.card.has_keyword("flashback") or bool(granted_flashback(state, obj.oid))


def flashback_costs(state: GameState, obj: GameObject) -> list[ManaCost]:
    """Every flashback cost the card has, cheapest first, without repeats."""
    texts = [k.cost for k in obj.card.instances("flashback")]
    texts.extend(granted_flashback(state, obj.oid))
    costs: list[ManaCost] = []
    for text in texts:
        c = parse_cost(text)
        if c not in costs:
            costs.append(c)
    costs.sort(key=lambda c: c.mana_value)
    return costs


def choose_flashback_cost(state: GameState, asker: Asker, player: int, obj: GameObject,
                          units: list[int]) -> ManaCost:
    """The flashback cost paid rather than the mana cost: the player's choice when the
    card has several (a printed one and one from Snapcaster Mage) that they can pay."""
    costs = flashback_costs(state, obj)
    payable = [c for c in costs if can_pay(c.symbols, c.generic, units)] or costs
    if len(payable) == 1:
        return payable[0]
    texts = tuple(c.text for c in payable)
    pick = asker.choose(Decision(
        DecisionKind.FLASHBACK_COST, player,
        f"flashback cost for {obj.card.name}: " + " or ".join(texts),
        options=list(range(len(payable))), source=obj.oid, about=FlashbackCosts(texts)))
    return payable[pick]
