"""Costs (118): the table of cost parts, and paying a cost through it.

A ``Cost`` (``engine.cards.schema``: "{1}{B}, {T}, Sacrifice a creature") is data, a struct
of fields. Each kind of part of it (118.3: mana, tapping, sacrificing, discarding, paying
life, counters, ...) is one ``CostPart`` registered here by ``engine.rules.cost_parts``: which
fields of ``Cost`` it reads, whether it can be paid now, the choices it needs before
anything is paid (601.2b, 602.2b), how it is paid (601.2h), and what the AI thinks it
gives up (or why the AI does not value it). Activating (``engine.rules.activation``) and
casting (``engine.rules.casting``) ask and pay the parts of a cost through this table only;
``tests/rules/test_cost_table.py`` fails for a part missing one of these and for a ``Cost``
field no part reads.

Every choice is offered only if the whole cost can still be paid afterwards: a permanent
used for one part of a cost can't also make mana for it (601.2g-h: mana abilities are
activated before the costs are paid), which the ``Keeps`` tests check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from typing import TYPE_CHECKING

from mtgsim.engine.cards import Cost, Filter
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.mana import can_pay, filters_of
from mtgsim.engine.rules.mana_units import any_helped, mana_units
from mtgsim.engine.rules.payment import sacrificed_for_mana, units_without
from mtgsim.engine.rules.spell_costs import CostReduction
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameObject, GameState

if TYPE_CHECKING:
    from mtgsim.engine.rules.replacement import ZonePlan


def controlled(state: GameState, player: int, f: Filter, source: int) -> list[int]:
    """The permanents matching ``f`` the player controls, in battlefield order."""
    return [oid for oid in state.battlefield
            if state.objects[oid].controller == player
            and matches(state, f, state.objects[oid], player, source)]


def untapped_matching(state: GameState, player: int, f: Filter, source: int) -> list[int]:
    """Untapped permanents matching ``f`` the player controls ("Tap two untapped white
    and/or blue creatures you control")."""
    return [oid for oid in controlled(state, player, f, source)
            if not state.objects[oid].tapped]


# Whether the mana part of a cost can still be paid when these permanents are used for
# its other parts (601.2g-h: mana abilities are activated before the costs are paid, so a
# permanent that gets a counter or is tapped or sacrificed for the cost can't also be
# sacrificed or tapped for mana). ``None``: no mana to pay.
Keeps = Callable[[set[int]], bool]


def mana_keeps(state: GameState, player: int, symbols: tuple[int, ...], generic: int,
               reduction: CostReduction | None = None, exclude: int = -1) -> Keeps | None:
    """The ``Keeps`` test for paying ``symbols`` and ``generic`` (with what ``reduction``
    adds: convoke's creatures), ``exclude`` never paying (the source tapped by ``{T}``)."""
    if not symbols and not generic:
        return None
    if reduction is None:
        units, sources = mana_units(state, player)
        if filters_of(units) or any_helped(state, player):
            # (units_without: the filters kept, and no more units of abilities that tap a
            # creature than creatures left to tap, as the payment will find them)
            def keeps_mana(gone: set[int]) -> bool:
                return can_pay(symbols, generic,
                               units_without(state, player, gone if exclude < 0 else
                                             {*gone, exclude}))
            return keeps_mana
        owners = [s[0] for s in sources]
    else:
        units, owners = reduction.pool(state, player)
        payable = reduction.payable
        if payable is not None and any_helped(state, player):
            # (convoke's creatures are also those Springleaf Drum taps: each does one)
            def keeps_split(gone: set[int]) -> bool:
                assert payable is not None
                return payable(state, player, symbols, generic,
                               gone if exclude < 0 else {*gone, exclude})
            return keeps_split

    def keeps(gone: set[int]) -> bool:
        return can_pay(symbols, generic, [u for u, o in zip(units, owners, strict=True)
                                          if o not in gone and o != exclude])
    return keeps


def keeps_ok(keeps: Keeps | None, gone: set[int]) -> bool:
    return keeps is None or keeps(gone)


# --- the table ----------------------------------------------------------------------------


class Stage(IntEnum):
    """When a part is paid (601.2h, 602.2b: in any order; the engine's is fixed)."""

    MANA = 0  # first: mana abilities are activated before the other parts are paid
    PAID = 1  # the other parts, in the table's order
    SOURCE_MOVES = 2  # the card itself leaves its zone as its ability is put on the stack
    AFTER_STACKED = 3  # once the ability is on the stack ("Sacrifice this": its LKI)


# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_STAGE_MANA = Stage.MANA


@dataclass(slots=True)
class Payment:
    """One payment of one cost: who pays, for what, the permanents each part chose (by
    part name), and those that pay no mana (``committed``: chosen for another part)."""

    state: GameState
    player: int
    source: GameObject
    cost: Cost
    chosen: dict[str, tuple[int, ...]] = field(default_factory=dict)
    committed: set[int] = field(default_factory=set)
    # those a ``stays`` part chose: they make no mana by sacrificing themselves
    # (``payment.sacrificed_for_mana``), and may make it otherwise
    kept: set[int] = field(default_factory=set)
    # the replacement effects of the permanents the parts move off the battlefield, chosen
    # with the other choices (616.1: by their controller, before anything is paid)
    plans: dict[int, ZonePlan] = field(default_factory=dict)
    x: int = 0  # the X announced for an activated ability's {X} (engine.rules.x_costs)


@dataclass(frozen=True, slots=True)
class CostWorth:
    """What the AI needs to value a cost for ``me``: two judgements only a policy can make
    (is this creature about to die anyway; what would tapping it now give up: an attack,
    a block), as its callbacks."""

    state: GameState
    me: int
    doomed: Callable[[GameObject], bool]
    tap_loss: Callable[[GameObject], float]


# present(cost): does the cost have this part
Present = Callable[[Cost], bool]
# can_pay(state, player, source, cost, keeps): can it be paid now (with the mana part
# still payable without the permanents it uses: ``keeps``)
CanPay = Callable[[GameState, int, GameObject, Cost, "Keeps | None"], bool]
# ask(state, asker, player, source, cost, keeps): the permanents it uses, chosen
Ask = Callable[[GameState, Asker, int, GameObject, Cost, "Keeps | None"], tuple[int, ...]]
# pay(payment, chosen): pay it with the permanents chosen for it
Pay = Callable[[Payment, tuple[int, ...]], None]
# plan(payment, chosen, asker): choose the replacement effects of the permanents it will
# move off the battlefield (616.1) into ``payment.plans``, before anything is paid
Plan = Callable[[Payment, tuple[int, ...], Asker], None]
# worth(w, source, cost): what paying it gives up, in engine.players.worth's currency
Worth = Callable[[CostWorth, GameObject, Cost], float]


@dataclass(frozen=True, slots=True)
class CostPart:
    name: str
    fields: tuple[str, ...]  # the fields of Cost it reads
    present: Present
    can_pay: CanPay
    pay: Pay
    stage: Stage
    ask: Ask | None = None
    ask_rank: int = 0  # the order of the choices (601.2b, 602.2b)
    why_no_choice: str = ""  # required when ``ask`` is None
    worth: Worth | None = None
    why_not_valued: str = ""  # required when ``worth`` is None
    uses_keeps: bool = False  # its check needs the ``Keeps`` test
    spends_source: bool = False  # taps or sacrifices the source: it makes no mana for it
    plan: Plan | None = None  # it moves permanents off the battlefield
    # the permanents it uses may still make mana for the cost, which is paid first
    # (601.2g-h: a land tapped for mana, then returned to its owner's hand): its choice
    # commits nothing, and needs no ``Keeps`` test unless ``stays``
    mana_first: bool = False
    # (a ``mana_first`` part) the permanents it uses must still be on the battlefield
    # when it is paid (returned to hand): they may tap for mana, not be sacrificed for it
    # (``Payment.kept``; its ``Keeps`` test is asked about those sacrificed only)
    stays: bool = False
    # X is the number of objects it chose ("Reveal X white cards from your hand", 107.3)
    sets_x: bool = False


COST_PARTS: list[CostPart] = []  # in the order the parts are checked and paid


def cost_part(part: CostPart) -> CostPart:
    """Register a part (once: a second registration is a bug)."""
    if any(p.name == part.name for p in COST_PARTS):
        raise ValueError(f"cost part {part.name} registered twice")
    if part.ask is None and not part.why_no_choice:
        raise ValueError(f"cost part {part.name}: no choice and no reason why")
    if part.worth is None and not part.why_not_valued:
        raise ValueError(f"cost part {part.name}: not valued and no reason why")
    COST_PARTS.append(part)
    return part


@cache
def parts_of(cost: Cost, spell: bool = False) -> tuple[CostPart, ...]:
    """The parts a cost has, in the table's order; for a spell (``spell``) without its
    mana, which is part of the spell's total cost (601.2f, ``engine.rules.casting``). A pure
    function of the (immutable) cost, remembered: it is asked at every priority."""
    return tuple(p for p in COST_PARTS
                 if p.present(cost) and not (spell and p.stage == _STAGE_MANA))


@cache
def source_spent(cost: Cost) -> bool:
    """Does the cost tap or sacrifice its source (so it makes no mana for it)?"""
    return any(p.spends_source and p.present(cost) for p in COST_PARTS)


# keeps_of(state, player, source, cost): the ``Keeps`` test of the cost's mana part
KeepsOf = Callable[[GameState, int, GameObject, Cost], "Keeps | None"]


def costs_payable(state: GameState, player: int, source: GameObject, cost: Cost,
                  parts: tuple[CostPart, ...], keeps_of: KeepsOf) -> bool:
    """Can every part in ``parts`` be paid now? ``keeps_of`` makes the ``Keeps`` test,
    asked only when a part needs it."""
    test: Keeps | None = None
    made = False
    for p in parts:
        if p.uses_keeps and not made and (not p.mana_first or p.stays):
            test, made = keeps_of(state, player, source, cost), True
        if not p.can_pay(state, player, source, cost, _part_keeps(state, player, p, test)):
            return False
    return True


def _part_keeps(state: GameState, player: int, p: CostPart, keeps: Keeps | None
                ) -> Keeps | None:
    """The ``Keeps`` test a part's choice is asked with: ``keeps``; none for a
    ``mana_first`` part; for a ``stays`` one, ``keeps`` of those of the permanents chosen
    whose mana would sacrifice them (601.2g-h: the mana is made first, and they must still
    be there)."""
    if not p.mana_first:
        return keeps
    if not p.stays or keeps is None:
        return None
    test = keeps

    def kept(chosen: set[int]) -> bool:
        return test(sacrificed_for_mana(state, player, chosen))
    return kept


def ask_costs(state: GameState, asker: Asker, payment: Payment, parts: tuple[CostPart, ...],
              keeps: Keeps | None) -> None:
    """The choices of the parts (601.2b, 602.2b), before anything is paid, in the table's
    choice order; each chosen permanent is committed (it makes no mana for the cost),
    except a ``mana_first`` part's (a ``stays`` part's are kept: ``Payment.kept``)."""
    for p in sorted((p for p in parts if p.ask is not None), key=_rank):
        assert p.ask is not None
        picked = p.ask(state, asker, payment.player, payment.source, payment.cost,
                       _part_keeps(state, payment.player, p, keeps))
        payment.chosen[p.name] = picked
        if not p.mana_first:
            payment.committed.update(o for o in picked if o >= 0)
        elif p.stays:
            payment.kept.update(o for o in picked if o >= 0)
    for p in parts:
        if p.plan is not None:
            p.plan(payment, payment.chosen.get(p.name, ()), asker)


def _rank(p: CostPart) -> int:
    return p.ask_rank


def pay_costs(payment: Payment, parts: tuple[CostPart, ...], stage: Stage) -> None:
    """Pay the parts of one stage, in the table's order."""
    for p in parts:
        if p.stage == stage:
            p.pay(payment, payment.chosen.get(p.name, ()))


def costs_worth(w: CostWorth, source: GameObject, cost: Cost) -> float:
    """What paying ``cost`` for ``source`` gives up, for the AI (its valued parts)."""
    loss = 0.0
    for p in COST_PARTS:
        if p.worth is not None and p.present(cost):
            loss += p.worth(w, source, cost)
    return loss
