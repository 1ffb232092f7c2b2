"""The table of the costs keywords add to casting a spell: casting permissions with the
mana cost they pay (flashback, retrace, evoke: 118.9, 601.2b), additional costs (kicker,
replicate: 601.2b, 601.2f) and what pays part of the total cost instead of mana (convoke:
702.51b, applied once the total cost is known, 601.2f-h).

Each keyword module registers what it offers here (``cast_permission``,
``additional_cost``, ``cost_reduction``); ``engine.rules.casting`` iterates the table and names
no keyword. ``tests/rules/test_spell_costs.py`` fails for a keyword whose reminder text speaks
of casting or paying for a spell and that registers nothing here.

A permission's code is what ``Action.alt``, ``StackItem.alt`` and ``GameObject.cast_alt``
store, so each keyword keeps its code for good (saved games and replays hold it).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.mana import ManaCost, can_pay
from mtgsim.engine.state.decisions import ForSpell
from mtgsim.engine.state.game_state import (
    EXILE,
    GRAVEYARD,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
)
from mtgsim.engine.state.memo import memo

if TYPE_CHECKING:
    from mtgsim.engine.cards import Cost
    from mtgsim.engine.cards.card import Card
    from mtgsim.engine.state.ask import Asker

# The two ways to cast no keyword gives: from hand for the mana cost, and the card's own
# "You may [cost] rather than pay this spell's mana cost" (118.9, ``CardDef.alternative_cost``).
ALT_NORMAL = 0
ALT_ALTERNATIVE = 4
# "As an additional cost to cast this spell, [A] or [B]" (601.2b): cast from the hand
# paying B (``SpellAbility.additional_cost_or``); ALT_NORMAL pays A
ALT_OTHER_ADDITIONAL = 7


# payable(state, player, symbols, generic, gone): whether a total can be paid, exactly,
# when a pool's units are not independent (``CostReduction.payable``)
ExactPayable = Callable[[GameState, int, tuple[int, ...], int, Collection[int]], bool]


@dataclass(slots=True)
class SpellPlan:
    """The choices of one cast as 601.2b makes them, which the additional costs and
    permissions add to: the mana costs to total (601.2f), X, replicate payments per
    instance, whether it was kicked, and the cards to discard once the mana is paid."""

    mana: list[ManaCost]
    x: int = 0
    replicate_counts: list[int] = field(default_factory=list)
    kicked: bool = False
    discards: list[int] = field(default_factory=list)
    life: int = 0  # paid for Phyrexian symbols (107.4f, engine.rules.phyrexian)
    exiles: list[int] = field(default_factory=list)  # graveyard cards (escape, 702.138a)
    # permanents an optional additional cost sacrifices (bargain, 702.166a), at 601.2h
    sacrifices: list[int] = field(default_factory=list)
    paid: list[str] = field(default_factory=list)  # optional costs paid (StackItem.paid)
    # the reduction's exact test when the units the choices are asked with count a
    # permanent twice (convoke's creatures beside Springleaf Drum's: ``plan_fits``)
    exact: ExactPayable | None = None


def plan_fits(state: GameState, player: int, plan: SpellPlan, symbols: tuple[int, ...],
              generic: int, units: list[int]) -> bool:
    """Can ``player`` pay the total ``symbols`` and ``generic`` (601.2f-h)? ``units``
    (the pool the cast counts, convoke's creatures included) must pay it, and when they
    count a creature both as convoke's and for a mana ability's cost (Springleaf Drum,
    ``plan.exact``), a real split of the creatures must too (702.51a, 605.1a,
    engine.keywords.convoke_helped): an optional cost is offered only when payable."""
    if not can_pay(symbols, generic, units):
        return False
    return plan.exact is None or plan.exact(state, player, symbols, generic, ())


# has(state, obj): the card has this permission where it is now (printed or granted)
Has = Callable[[GameState, GameObject], bool]
# costs(state, obj): the mana costs it may be cast for, any one of them payable will do
Costs = Callable[[GameState, GameObject], list[ManaCost]]
# choose(state, asker, player, obj, units): the cost paid when there are several
ChooseCost = Callable[[GameState, "Asker", int, GameObject, list[int]], ManaCost]
# other_payable(state, player, obj): its costs besides mana can be paid (retrace's land)
# other_cost(state, obj, mana): the parts other than mana of the cost whose mana part
# ``mana`` was chosen ("Flashback—Sacrifice a Mountain"), paid as 601.2h pays them
OtherCost = Callable[[GameState, GameObject, ManaCost], "Cost | None"]
OtherPayable = Callable[[GameState, int, GameObject], bool]
# ask(state, asker, player, obj, plan, units): choose what its other costs use
AskOther = Callable[[GameState, "Asker", int, GameObject, SpellPlan, list[int]], None]


@dataclass(frozen=True, slots=True)
class CastPermission:
    """A way to cast a card other than from hand for its mana cost (``Action.alt``).
    From the hand it is the card's printed keyword (``Card.hand_casts``, set as the pool
    loads, for the hot path); from another zone ``has`` is asked (it may be granted)."""

    keyword: str
    code: int
    zone: int  # where the card is cast from (engine.state.game_state HAND or GRAVEYARD)
    has: Has
    costs: Costs
    choose_cost: ChooseCost | None = None
    other_payable: OtherPayable | None = None
    other_cost: OtherCost | None = None
    ask_other: AskOther | None = None
    # "exile this card instead of putting it anywhere else any time it would leave the
    # stack" (flashback, 702.34a)
    exiled_from_stack: bool = False
    # granted(state, player): an effect gives a card of this player's in ``zone`` this
    # permission (Snapcaster Mage's flashback), so that zone must be looked at
    granted: Callable[[GameState, int], bool] | None = None
    statistic: str = ""  # counted once per cast this way
    # printed(card): a card in hand has this permission by what it is rather than by a
    # keyword (an adventurer card's Adventure, 715.3), for ``Card.hand_casts``
    printed: Callable[[Card], bool] | None = None
    # face(obj): the characteristics of the spell cast this way when they are not the
    # card's own (an Adventure's, 715.3a); the spell has them on the stack
    face: Callable[[GameState, GameObject], Card] | None = None
    # cast this way at instant speed when ``other_payable`` allows (sneak, during the
    # declare blockers step): the card's ``instant_speed`` says some way to cast it has
    instant: bool = False
    # from exile, cast at the card's own timing (307.1: a foretold instant on the other
    # player's turn, 702.143a; impulse draw's cards); without it, from exile only at
    # sorcery timing (plot's 702.170d, an adventurer's creature)
    own_timing: bool = False
    # the permanent the spell becomes enters tapped (sneak: "enters tapped and attacking")
    enters_tapped: bool = False
    # entered(state, new): what happens to the permanent as it enters (sneak puts it
    # into combat, 506.3), after it is on the battlefield and before its triggers
    entered: Callable[[GameState, GameObject], None] | None = None
    # the permanent the spell becomes keeps the spell's characteristics (``face``), the
    # card's own in ``GameObject.front`` (a bestowed Aura spell becomes a bestowed Aura,
    # 702.103b); else it has the card's own as it enters
    keeps_face: bool = False


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """An optional additional cost asked as the spell is cast (601.2b), in ``order``."""

    keyword: str
    order: int
    # may(state, obj): the spell may have it (printed, or granted by a permanent)
    may: Callable[[GameState, GameObject], bool]
    # ask(state, asker, player, obj, plan, units): ask and add its mana to ``plan.mana``
    ask: AskOther


@dataclass(frozen=True, slots=True)
class CostReduction:
    """Something that pays part of the total cost instead of mana, once it is known
    (convoke's creatures, 702.51b), with permanents that would otherwise make mana."""

    keyword: str
    has: Callable[[GameState, int, GameObject], bool]  # (state, player, spell)
    # pool(state, player): the mana units with what it adds, and each unit's object
    pool: Callable[[GameState, int], tuple[list[int], list[int]]]
    # ask(state, asker, player, obj, symbols, generic, committed): the permanents used
    ask: Callable[[GameState, Asker, int, GameObject, tuple[int, ...], int, set[int]],
                  list[int]]
    # apply(state, symbols, generic, used, units): the rest to pay with mana, or None
    apply: Callable[[GameState, tuple[int, ...], int, list[int], list[int]],
                    tuple[tuple[int, ...], int] | None]
    # pay(state, used): what using them does (convoke taps them)
    pay: Callable[[GameState, list[int]], None]
    statistic: str = ""  # counted with the number of permanents used
    # payable(state, player, symbols, generic, gone): can the cost be paid with mana and
    # what it adds, none of ``gone`` paying, when ``pool``'s units are not independent
    # (convoke's creatures are also the creatures Springleaf Drum taps:
    # engine.keywords.convoke_helped); asked only then (``payment.any_helped``)
    payable: ExactPayable | None = None


def ask_one_more(asker: Asker, kind: DecisionKind, player: int, obj: GameObject, what: str,
                 options: list[int], can_stop: bool) -> int | None:
    """One more object to pay part of the total cost with (convoke's creature, delve's
    card, improvise's artifact: each pays one mana, 702.51a, 702.66a, 702.126a), asked one
    question at a time: the one chosen among ``options``, or None when the player answers
    with none, allowed only when mana can pay the rest (``can_stop``). ``what`` says what
    is done with it ("tap a creature to convoke [spell]")."""
    picks = asker.choose_many(Decision(
        kind, player, what + (" (none: pay the rest)" if can_stop else ""),
        options=options, multi=True, min_count=0 if can_stop else 1, max_count=1,
        source=obj.oid, about=ForSpell(obj.card)))
    return options[picks[0]] if picks else None


PERMISSIONS: list[CastPermission] = []
FROM_GRAVEYARD: list[CastPermission] = []  # those of PERMISSIONS that cast from there
FROM_EXILE: list[CastPermission] = []  # likewise from exile (plot; madness's is never offered)
GRANTED: list[Callable[[GameState, int], bool]] = []  # the permissions' ``granted``
ADDITIONAL: list[AdditionalCost] = []
REDUCTIONS: list[CostReduction] = []
NAMES: dict[int, str] = {ALT_NORMAL: "", ALT_ALTERNATIVE: "alternative cost",
                         ALT_OTHER_ADDITIONAL: "other additional cost"}


def _registered(keyword: str) -> bool:
    return any(p.keyword == keyword for p in PERMISSIONS) or \
        any(a.keyword == keyword for a in ADDITIONAL) or \
        any(r.keyword == keyword for r in REDUCTIONS)


def cast_permission(p: CastPermission) -> CastPermission:
    """Register a casting permission (once; its code is unique and kept for good)."""
    if p.code in NAMES or _registered(p.keyword):
        raise ValueError(f"casting permission {p.keyword} ({p.code}) registered twice")
    PERMISSIONS.append(p)
    PERMISSIONS.sort(key=lambda q: q.code)  # legal actions are offered in code order
    FROM_GRAVEYARD[:] = [q for q in PERMISSIONS if q.zone == GRAVEYARD]
    FROM_EXILE[:] = [q for q in PERMISSIONS if q.zone == EXILE]
    GRANTED[:] = [q.granted for q in PERMISSIONS if q.granted is not None]
    NAMES[p.code] = p.keyword
    return p


def additional_cost(a: AdditionalCost) -> AdditionalCost:
    """Register an additional cost (once)."""
    if _registered(a.keyword):
        raise ValueError(f"additional cost {a.keyword} registered twice")
    ADDITIONAL.append(a)
    ADDITIONAL.sort(key=lambda q: q.order)
    return a


def cost_reduction(r: CostReduction) -> CostReduction:
    """Register what pays part of a total cost (once)."""
    if _registered(r.keyword):
        raise ValueError(f"cost reduction {r.keyword} registered twice")
    REDUCTIONS.append(r)
    return r


def permission(code: int) -> CastPermission | None:
    """The keyword permission with this code (None: the normal way or 118.9's)."""
    for p in PERMISSIONS:
        if p.code == code:
            return p
    return None


def spell_face(state: GameState, obj: GameObject, alt: int) -> Card:
    """The characteristics ``obj`` is cast with by permission ``alt``: an Adventure's
    (715.3a), else the card's own."""
    p = permission(alt) if alt else None
    if p is not None and p.face is not None:
        return p.face(state, obj)
    return obj.card


def permission_name(code: int) -> str:
    """"flashback", "evoke", ...: what a cast with this code is called ("" normally)."""
    return NAMES.get(code, "")


def exiled_from_stack(code: int) -> bool:
    """Is a card cast this way exiled whenever it would leave the stack (702.34a)?"""
    p = permission(code) if code else None
    return p is not None and p.exiled_from_stack


def reduction_of(state: GameState, player: int, obj: GameObject) -> CostReduction | None:
    """What pays part of this spell's total cost (convoke, delve), if it has any. One per
    spell: the first registered it has (no card has both convoke and delve; two at once,
    a granted convoke on a delve spell, would let only the first pay)."""
    for r in REDUCTIONS:
        if r.has(state, player, obj):
            return r
    return None


# --- "[Quality] spells you cast have [keyword]" -----------------------------------------


def _granters(state: GameState) -> list[int]:
    """Permanents with "[quality] spells you cast have [keyword]" static abilities."""
    objects = state.objects
    return [oid for oid in state.battlefield
            if any(st.applies_to == "spells_you_cast" for st in objects[oid].card.statics)]


def spell_granters(state: GameState) -> list[int]:
    if not state.derived.counts.spell_granters:  # counted as permanents enter and leave (zones)
        return []
    return memo(state, "spell_granters", _granters)


def spell_keyword_granted(state: GameState, player: int, obj: GameObject, name: str) -> bool:
    """Does a static ability of a permanent ``player`` controls give this spell (cast by
    ``player``) the keyword ``name``: "[Quality] spells you cast have [keyword]"?"""
    objects = state.objects
    for oid in memo(state, "spell_granters", _granters):
        src = objects[oid]
        if src.controller != player or src.lost_abilities:
            continue
        for st in src.card.statics:
            if st.applies_to != "spells_you_cast" or not any(
                    k.lower() == name for k in st.spell_keywords):
                continue
            if st.condition is not None and not condition_holds(
                    state, st.condition, player, src):
                continue
            if matches(state, st.filter, obj, player, src.oid):
                return True
    return False
