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

import re
from functools import cache

from mtgsim.engine.cards import Cost, Filter
from mtgsim.engine.rules.costs import costs_payable, parts_of
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


_PART = re.compile(r"(?P<mana>(?:\{[^}]+\})+)|Sacrifice an? (?P<subtype>[A-Z][a-z]+)|"
                   r"Pay (?P<life>\d+) life|Tap (?P<n>an|two|three|four|five) untapped "
                   r"(?P<tap>white|blue|black|red|green) (?P<noun>creatures?) you control")
_COUNT = {"an": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@cache
def flashback_cost(text: str) -> tuple[ManaCost, Cost | None]:
    """A flashback cost as printed: its mana part, and its other parts as a ``Cost``
    ("Flashback—Sacrifice a Mountain": no mana, a Mountain to sacrifice; "{1}{U}, Pay 3
    life"; "Tap an untapped white creature you control"; Battle Screech's "Tap three
    untapped white creatures you control": any untapped ones, summoning sick or not, since
    302.6 forbids only the {T} abilities of a creature not continuously controlled). A
    pure function of the text (remembered). Raises ValueError for a part the engine does
    not pay."""
    mana = ""
    sacrifice: Filter | None = None
    tap: Filter | None = None
    tap_n = 1
    life = 0
    for part in text.split(", "):
        m = _PART.fullmatch(part.strip())
        if m is None or (m.group("mana") and mana):
            raise ValueError(f"flashback cost {text!r}: {part!r} is not a cost the engine pays")
        if m.group("mana"):
            mana = m.group("mana")
        elif m.group("subtype") and sacrifice is None:
            sacrifice = Filter(subtypes=(m.group("subtype"),), controller="you")
        elif m.group("life") and not life:
            life = int(m.group("life"))
        elif m.group("tap") and tap is None:  # Prismatic Strands (118.3: an untapped one)
            tap_n = _COUNT[m.group("n")]
            if (tap_n > 1) != (m.group("noun") == "creatures"):
                raise ValueError(f"flashback cost {text!r}: {part!r} miscounts")
            tap = Filter(types=("creature",), colors=(_COLOR_LETTER[m.group("tap")],))
        else:
            raise ValueError(f"flashback cost {text!r}: {part!r} twice")
    other = Cost(sacrifice=sacrifice, pay_life=life, tap_untapped=tap,
                 tap_untapped_count=tap_n) \
        if sacrifice or life or tap else None
    return parse_cost(mana), other


def flashback_other(state: GameState, obj: GameObject, mana: ManaCost) -> Cost | None:
    """The parts other than mana of the printed flashback cost whose mana part was
    chosen (a granted flashback cost is mana only)."""
    for k in obj.card.instances("flashback"):
        m, other = flashback_cost(k.cost)
        if m == mana:
            return other
    return None


def other_payable(state: GameState, player: int, obj: GameObject) -> bool:
    """Some flashback cost's parts other than mana can be paid now (the mana is checked
    with the casting's other mana costs)."""
    if granted_flashback(state, obj.oid):
        return True
    for k in obj.card.instances("flashback"):
        other = flashback_cost(k.cost)[1]
        if other is None or costs_payable(state, player, obj, other,
                                          parts_of(other, spell=True),
                                          lambda state, player, obj, cost: None):
            return True
    return False


def flashback_costs(state: GameState, obj: GameObject) -> list[ManaCost]:
    """Every flashback cost the card has (its mana part), cheapest first, without
    repeats."""
    costs: list[ManaCost] = []
    printed = [flashback_cost(k.cost)[0] for k in obj.card.instances("flashback")]
    for c in printed + [parse_cost(t) for t in granted_flashback(state, obj.oid)]:
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
    granted=has_granted_flashback, other_payable=other_payable, other_cost=flashback_other))
