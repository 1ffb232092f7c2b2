"""Effects, amounts and hooks of the Aura, umbra armor and haunt cards (family D).

Each handler implements one typed effect of ``engine.cards`` (family D block) in general
terms, citing its rules:

* ``attach`` (701.3): move an Aura onto another object ("Attach Felidar Umbra to target
  creature you control").
* ``set_base_power_toughness`` (613.4b, 611.2c): "each other creature has base power and
  toughness 1/1 until end of turn".
* ``add_chosen_color_mana`` and the triggered mana abilities of Auras (605.1b, 106.12a):
  "Whenever enchanted land is tapped for mana, its controller adds an additional {G}"
  (Wild Growth) or "... one mana of the chosen color" (Utopia Sprawl).
* "As this enters, choose a color" (614.12): the ``choose_color`` replacement ability.
* ``count_players``: "for each player".
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine import payment
from mtgsim.engine import replacement as rep
from mtgsim.engine.ask import Asker
from mtgsim.engine.card import Card
from mtgsim.engine.cards import (
    COLOR_BIT,
    AddChosenColorMana,
    AddMana,
    Attach,
    CountPlayers,
    Replacement,
    SetBasePowerToughness,
)
from mtgsim.engine.decisions import ColorFor, DecisionKind
from mtgsim.engine.effects import each_matching, handles, handles_amount, refs_of, source_object
from mtgsim.engine.mana import parse_cost
from mtgsim.engine.sba import can_enchant
from mtgsim.engine.state import (
    BATTLEFIELD,
    ContinuousEffect,
    Decision,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.zones import describe, log

# The colours "choose a color" offers (105.1), as colour bits, in WUBRG order.
COLOR_CHOICES = [COLOR_BIT[c] for c in "WUBRG"]


@handles(Attach)
def attach(state: GameState, item: StackItem, eff: Any, asker: Asker,
           queue: list[Any]) -> None:
    """701.3a-c: attach an Aura on the battlefield to another object or player."""
    auras = [state.objects[r] for r in refs_of(state, item, eff.what)
             if r >= 2 and r in state.objects]
    to = refs_of(state, item, eff.to)
    if not auras or not to:
        return
    aura = auras[0]
    target = to[0]
    if aura.zone != BATTLEFIELD or not aura.card.is_aura:
        return
    if aura.attached_to == target:  # 701.3c: no effect, no new timestamp
        return
    if not can_enchant(state, aura.card, aura.oid, aura.controller, target):  # 701.3b
        return
    aura.attached_to = target
    state.clock += 1
    aura.timestamp = state.clock  # 613.7e: a new timestamp when attached elsewhere
    state.derived.dirty = True
    if state.log is not None:
        log(state, "attach", item.controller, aura.card.name, describe(state, target))


@handles(SetBasePowerToughness)
def set_base_power_toughness(state: GameState, item: StackItem, eff: Any, asker: Asker,
                             queue: list[Any]) -> None:
    """Layer 7b for each object matching now (611.2c: later arrivals are unaffected)."""
    for o in each_matching(state, item, eff.each):
        state.clock += 1
        state.effects.append(ContinuousEffect(
            o.oid, state.clock, until_eot=eff.until_end_of_turn,
            set_base=(eff.power, eff.toughness)))
    state.derived.dirty = True


@handles(AddChosenColorMana)
def add_chosen_color_mana(state: GameState, item: StackItem, eff: Any, asker: Asker,
                          queue: list[Any]) -> None:
    color = source_object(state, item).chosen_color
    if color:
        state.players[item.controller].pool.extend([color] * eff.amount)


@handles_amount(CountPlayers)
def count_players(state: GameState, item: StackItem, amount: Any) -> int:
    """"For each player": every player still in the game (102.1, 800.4a)."""
    assert isinstance(amount, CountPlayers)
    return amount.times * sum(1 for p in state.players if not p.lost)


# --- "As this enters, choose a color" (614.12) -----------------------------------------


def _choose_color(state: GameState, card: Card, controller: int,
                  asker: Asker | None) -> rep.AfterEnter | None:
    if not card._enter_replacements or not any(
            isinstance(a, Replacement) and a.kind == "choose_color" for a in card.abilities):
        return None
    pick = 0
    if asker is not None:
        pick = asker.choose(Decision(DecisionKind.COLOR, controller,
                                     f"{card.name}: choose a color",
                                     options=list(COLOR_CHOICES),
                                     about=ColorFor("as_enters", card)))
    color = COLOR_CHOICES[pick]
    return _color_setter(color)


class _ColorSetter:
    """Sets the chosen colour on the permanent once it is on the battlefield."""

    __slots__ = ("color",)

    def __init__(self, color: int) -> None:
        self.color = color

    def __call__(self, state: GameState, obj: GameObject) -> None:
        obj.chosen_color = self.color
        if state.log is not None:
            log(state, "choose_color", obj.controller, obj.card.name,
                "WUBRG"[COLOR_CHOICES.index(self.color)])


def _color_setter(color: int) -> rep.AfterEnter:
    return _ColorSetter(color)


rep.ENTER_HOOKS.append(_choose_color)


# --- triggered mana abilities of Auras (605.1b) ------------------------------------------


def aura_mana(state: GameState, land: GameObject) -> list[int]:
    """The extra mana (colour bits) the Auras attached to ``land`` add when it is tapped
    for mana: "Whenever enchanted land is tapped for mana, its controller adds an
    additional ..." (a triggered mana ability: it resolves at once, 605.1b, 605.4a)."""
    out: list[int] = []
    objects = state.objects
    for oid in state.battlefield:
        aura = objects[oid]
        if aura.attached_to != land.oid or aura.lost_abilities:
            continue
        for ab in aura.card._triggered:
            if ab.when != "enchanted_tapped_for_mana":
                continue
            for eff in ab.effects:
                if isinstance(eff, AddMana):
                    cost = parse_cost(eff.mana)
                    out.extend(cost.symbols)
                    out.extend([32] * cost.generic)  # {C}: colourless
                elif isinstance(eff, AddChosenColorMana) and aura.chosen_color:
                    out.extend([aura.chosen_color] * eff.amount)
    return out


payment.MANA_TRIGGER_HOOKS.append(aura_mana)
