"""Flashback (702.34): "You may cast this card from your graveyard if the resulting spell
is an instant or sorcery spell by paying [cost] rather than paying its mana cost. If
the flashback cost was paid, exile this card instead of putting it anywhere else any
time it would leave the stack."

This module registers the casting permission ``FLASHBACK`` (code 1) in
``engine.rules.spell_costs``: which cards have it — printed, or granted until end of turn by an
effect (Snapcaster Mage's ``grant_flashback``, a ContinuousEffect with
``flashback_cost``) — which flashback cost is paid (the player's choice when a card has
several, a printed one and a granted one, that they can pay), and that the card is exiled
whenever it would leave the stack (``engine.rules.resolution``, ``engine.effects.counter``).
"""

from __future__ import annotations

from mtgsim.engine.rules.mana import ManaCost, can_pay, parse_cost
from mtgsim.engine.rules.spell_costs import CastPermission, cast_permission
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import DecisionKind, FlashbackCosts
from mtgsim.engine.state.game_state import GRAVEYARD, Decision, GameObject, GameState

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_FLASHBACK_COST = DecisionKind.FLASHBACK_COST


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
        _KIND_FLASHBACK_COST, player,
        f"flashback cost for {obj.card.name}: " + " or ".join(texts),
        options=list(range(len(payable))), source=obj.oid, about=FlashbackCosts(texts)))
    return payable[pick]


FLASHBACK = cast_permission(CastPermission(
    "flashback", code=1, zone=GRAVEYARD, has=can_flashback, costs=flashback_costs,
    choose_cost=choose_flashback_cost, exiled_from_stack=True,
    granted=has_granted_flashback))
