"""The one amount evaluator: what a dynamic number of card text (``{ of = "..." }``) is
now, wherever it is asked — an effect resolving (608.2h), a static ability applying
(613), a filter comparing ("mana value less than or equal to the number of Faeries you
control", 608.2b), or the AI estimating an effect it has not cast yet.

Each amount has one rule, ``AMOUNTS[type]``: how its value is computed from an ``At``
(who is asking and about what) and what the AI may assume about it (``ai``). The rules
are registered where what they read lives: here the amounts that read only the state,
in ``engine.rules.filters`` those that count objects matching a filter (so that filters, whose
comparisons hold amounts, and amounts, which count by filters, are one evaluator without
an import circle), in ``engine.rules.layers`` the ones that read current characteristics
(power), which must be brought up to date first outside the layer system.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from mtgsim.engine.cards import (
    AttachedAuras,
    AttackedWithThisTurn,
    CardsDrawnThisTurn,
    CardsInHand,
    ColorsOfAffected,
    CountersOnSelf,
    CountPlayers,
    ExiledManaValue,
    SacrificedManaValue,
    ThatMuch,
    X,
)
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.state.game_state import BATTLEFIELD, GameObject, GameState, StackItem


class UnknownAmount(TypeError):
    """The amount cannot be computed where it is asked (X of a static ability, "that
    much" without a triggering event, the AI's estimate of a spell not yet cast)."""


class At:
    """Where an amount is asked: seen from ``controller``, for the object ``source``
    (``obj``: it or its last known information, None if neither is known), the spell's
    ``x`` (None: there is none), the resolving spell or ability ``item`` (None: a static
    ability, a filter or an estimate), and for a static ability the object it is being
    applied to (``affected``)."""

    __slots__ = ("controller", "source", "obj", "x", "item", "affected")

    def __init__(self, controller: int, source: int, obj: GameObject | None,
                 x: int | None = None, item: StackItem | None = None,
                 affected: GameObject | None = None) -> None:
        self.controller = controller
        self.source = source
        self.obj = obj
        self.x = x
        self.item = item
        self.affected = affected

    @classmethod
    def resolving(cls, state: GameState, item: StackItem) -> At:
        """A spell or ability resolving: its source or the source's last known info."""
        obj = state.objects.get(item.source)
        return cls(item.controller, item.source, obj if obj is not None else item.source_lki,
                   item.x, item)

    @classmethod
    def static(cls, source: GameObject, affected: GameObject | None = None) -> At:
        """A static ability of ``source`` (no X: statics have none)."""
        return cls(source.controller, source.oid, source, None, None, affected)

    def player(self, state: GameState, ref: str) -> int:
        """The player ``ref`` names: through the resolving item's references, else "you"
        (the controller) or the opponent."""
        if self.item is not None:
            found = players_of(state, self.item, ref)
            if not found:
                raise UnknownAmount(f"no player for {ref!r}")
            return found[0]
        return self.controller if ref == "you" else 1 - self.controller

    def source_obj(self) -> GameObject:
        if self.obj is None:
            raise UnknownAmount("the source is unknown")
        return self.obj


# How the AI may take an amount while it estimates: "exact" (computed as the rules would,
# from the estimating player's side), "source" (computed only when the source is on the
# battlefield), or "guess" (taken as 1, a reason given).
AiUse = Literal["exact", "source", "guess"]


@dataclass(frozen=True, slots=True)
class AmountRule:
    kind: type
    value: Callable[[GameState, Any, At], int]
    ai: AiUse
    why_guess: str = ""  # the reason, for ai == "guess"


AMOUNTS: dict[type, AmountRule] = {}


def amount_rule(kind: type, ai: AiUse, why_guess: str = ""
                ) -> Callable[[Callable[[GameState, Any, At], int]],
                              Callable[[GameState, Any, At], int]]:
    """Register the evaluator of the amount ``kind``."""
    def deco(fn: Callable[[GameState, Any, At], int]) -> Callable[[GameState, Any, At], int]:
        AMOUNTS[kind] = AmountRule(kind, fn, ai, why_guess)
        return fn
    return deco


def amount_value(state: GameState, amount: object, at: At) -> int:
    """The value of ``amount`` now, asked from ``at``."""
    if type(amount) is int:
        return amount
    rule = AMOUNTS.get(type(amount))
    if rule is None:
        raise TypeError(f"unsupported amount {amount!r}")
    return rule.value(state, amount, at)


def estimate_amount(state: GameState, amount: object, me: int, source: int, x: int) -> int:
    """The AI's estimate of ``amount`` for ``me`` (its spell or ability from ``source``
    with X = ``x``): computed where the rule allows (``AmountRule.ai``), else 1."""
    if type(amount) is int:
        return amount
    rule = AMOUNTS.get(type(amount))
    if rule is None or rule.ai == "guess":
        return 1
    if rule.ai == "exact":
        return rule.value(state, amount, At(me, source, None, x))
    src = state.objects.get(source)
    if src is None or src.zone != BATTLEFIELD:  # a static reading of its source
        return 1
    try:
        return rule.value(state, amount, At.static(src))
    except Exception:  # noqa: BLE001 - an amount this estimate can't compute
        return 1


# --- amounts that read the state ---------------------------------------------------------


@amount_rule(X, "exact")
def x_value(state: GameState, amount: X, at: At) -> int:
    """107.3: the X chosen as the spell was cast (0 while none is on the stack)."""
    if at.x is None:
        raise UnknownAmount("X of a static ability")
    return at.x * amount.times


@amount_rule(CardsInHand, "exact")
def cards_in_hand(state: GameState, amount: CardsInHand, at: At) -> int:
    return len(state.players[at.player(state, amount.who)].hand)


@amount_rule(CardsDrawnThisTurn, "exact")
def cards_drawn_this_turn(state: GameState, amount: CardsDrawnThisTurn, at: At) -> int:
    """The cards the player drew this turn (121.1), counted by engine.rules.zones."""
    return state.players[at.player(state, amount.who)].drawn_this_turn * amount.times


@amount_rule(AttackedWithThisTurn, "exact")
def attacked_with_this_turn(state: GameState, amount: AttackedWithThisTurn, at: At) -> int:
    """The creatures the player declared as attackers this turn (508.1a: only the active
    player attacks, in each combat of the turn, ``combat.record_attackers``), each once
    (a creature attacking in two combats is one creature), counted whether or not they
    are still on the battlefield (a creature is the object that attacked: one that left
    and came back is a new object, 400.7, that did not)."""
    if state.attacked_turn != state.turn or state.active != at.controller:
        return 0
    return len(set(state.attacked_this_turn))


@amount_rule(CountersOnSelf, "source")
def counters_on_self(state: GameState, amount: CountersOnSelf, at: At) -> int:
    return at.source_obj().counters.get(amount.counter, 0)


@amount_rule(AttachedAuras, "source")
def attached_auras(state: GameState, amount: AttachedAuras, at: At) -> int:
    """Auras attached to the source (Kor Spiritdancer)."""
    host = at.source_obj().oid
    n = 0
    for oid in state.battlefield:
        o = state.objects[oid]
        if o.attached_to == host and o.card.is_aura:
            n += 1
    return n * amount.times


@amount_rule(ExiledManaValue, "guess", "known only once the exile happened")
def exiled_mana_value(state: GameState, amount: ExiledManaValue, at: At) -> int:
    if at.item is None:
        raise UnknownAmount("no card was exiled yet")
    return at.item.data  # set by exile_until


@amount_rule(SacrificedManaValue, "guess", "known only once the cost is paid")
def sacrificed_mana_value(state: GameState, amount: SacrificedManaValue, at: At) -> int:
    """The mana value of what was sacrificed to cast the spell, as it last existed
    (608.2h); nothing sacrificed (the spell cast without its cost, 0)."""
    if at.item is None:
        raise UnknownAmount("no spell")
    return sum(c.mana_value for c in at.item.sacrificed)


@amount_rule(ThatMuch, "guess", "the number of an event that has not happened")
def that_much(state: GameState, amount: ThatMuch, at: At) -> int:
    if at.item is None:
        raise UnknownAmount("no triggering event")
    return at.item.data  # set from the triggering event (engine.rules.triggers.dealt_damage)


@amount_rule(CountPlayers, "guess",
             "the estimate has taken it as 1 since it was added (kept: play unchanged)")
def count_players(state: GameState, amount: CountPlayers, at: At) -> int:
    """"For each player": every player still in the game (102.1, 800.4a)."""
    return amount.times * sum(1 for p in state.players if not p.lost)


@amount_rule(ColorsOfAffected, "guess", "counted for each object a static affects")
def colors_of_affected(state: GameState, amount: ColorsOfAffected, at: At) -> int:
    """"For each of its colors" (105.2): counted for the object the static affects."""
    if at.affected is None:
        raise UnknownAmount("no affected object")
    return bin(at.affected.color & 31).count("1") * amount.times
