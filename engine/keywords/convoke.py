"""Convoke (702.51).

702.51a: a static ability that functions while the spell with convoke is on the stack:
for each coloured mana in the spell's total cost you may tap an untapped creature of that
colour you control rather than pay that mana, and for each generic mana an untapped
creature you control. Tapping a creature this way is not a {T} cost, so a creature that
came under your control this turn can convoke.
702.51b: it is neither an additional nor an alternative cost and applies only after the
total cost is known: this module registers it in engine.rules.spell_costs as a cost reduction;
engine.rules.casting.cast_task totals the cost (mana cost or alternative cost, X, replicate,
kicker) first, then ``ask_convoke`` asks "convoke_tap" questions, one creature at a time,
and ``apply_convoke`` matches each tapped creature to one coloured symbol of one of its
colours or one generic mana. A creature that would pay nothing (or leave the rest
unpayable) is never offered, so such a cast is illegal. Legal-action checks count each
untapped creature as one more mana unit (``convoke_pool``), so X and additional costs
can be convoked too; beside mana abilities that tap a creature too (Springleaf Drum),
whose creatures are convoke's too, they ask ``convoke_helped.convoke_payable`` instead.
702.51c: the creatures tapped this way "convoked" the spell; they are counted in the
``convoked_creatures`` statistic.
702.51d: multiple instances are redundant: the spell either has convoke or not
(``spell_has_convoke``), whether printed or granted ("Artifact spells you cast have
convoke": a static ability with applies_to = "spells_you_cast").
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from mtgsim.engine.cards import T_CREATURE
from mtgsim.engine.keywords.convoke_helped import convoke_payable
from mtgsim.engine.rules.enchanted_events import tap_permanent
from mtgsim.engine.rules.mana import can_pay
from mtgsim.engine.rules.mana_units import any_helped, mana_units
from mtgsim.engine.rules.payment import units_without
from mtgsim.engine.rules.spell_costs import (
    CostReduction,
    ask_one_more,
    cost_reduction,
    spell_keyword_granted,
)
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import DecisionKind, GameObject, GameState

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_CONVOKE_TAP = DecisionKind.CONVOKE_TAP


def spell_has_convoke(state: GameState, player: int, obj: GameObject) -> bool:
    """The spell ``player`` casts (or is casting) has convoke: printed or granted; any
    number of instances count as one (702.51d)."""
    return obj.card.has_keyword("convoke") or (
        state.derived.counts.spell_granters > 0 and spell_keyword_granted(state, player, obj, "convoke"))


def convoke_candidates(state: GameState, player: int) -> list[int]:
    """Untapped creatures the player controls (702.51a)."""
    objects = state.objects
    return [oid for oid in state.battlefield
            if objects[oid].controller == player and not objects[oid].tapped
            and (objects[oid].card.type_mask | objects[oid].extra_types) & T_CREATURE]


def convoke_pool(state: GameState, player: int) -> tuple[list[int], list[int]]:
    """The player's mana units plus what convoke adds (702.51a), with the object each
    unit comes from (-1: floating mana): each untapped creature they control pays one
    generic mana or one mana of one of its colours. A creature that is also a mana source
    is one unit either way (it is tapped once): it makes its mana or pays its colour."""
    units, sources = mana_units(state, player)
    units = list(units)
    owners = [oid for oid, _ in sources]
    objects = state.objects
    seen: set[int] = set()
    for i, oid in enumerate(owners):
        if oid >= 0 and oid not in seen:
            seen.add(oid)
            o = objects[oid]
            if not o.tapped and (o.card.type_mask | o.extra_types) & T_CREATURE:
                units[i] |= o.color & 31
    for oid in convoke_candidates(state, player):
        if oid not in seen:
            units.append(objects[oid].color & 31)
            owners.append(oid)
    return units, owners


def convoke_keeps_payable(state: GameState, player: int, symbols: tuple[int, ...],
                          generic: int, convokers: list[int],
                          committed: Collection[int] | None = None) -> bool:
    """Can these creatures each pay one mana of the cost, and the rest still be paid
    (by mana, or by tapping more creatures), none of ``committed`` (permanents another
    part of the cost uses) paying?"""
    gone = set(convokers)
    mana_units(state, player)  # (any_helped reads what it found)
    if any_helped(state, player):
        # the creatures left split between convoke and Springleaf Drum's cost: tried
        # exactly (convoke_helped), not as convoke_pool counts them (both at once)
        out = {*gone, *(committed or ())}
        left = apply_convoke(state, symbols, generic, convokers,
                             fits=lambda s, g: convoke_payable(state, player, s, g, out))
        return left is not None and convoke_payable(state, player, left[0], left[1], out)
    units, owners = convoke_pool(state, player)
    rest_units = [u for u, o in zip(units, owners, strict=True)
                  if o not in gone and (not committed or o not in committed)]
    left = apply_convoke(state, symbols, generic, convokers, rest_units)
    return left is not None and can_pay(left[0], left[1], rest_units)


def can_convoke(state: GameState, oid: int, symbols: tuple[int, ...], generic: int) -> bool:
    """Could this creature pay anything of the cost (702.51a)?"""
    colors = state.objects[oid].color & 31
    return generic > 0 or any(need & colors for need in symbols)


def apply_convoke(state: GameState, symbols: tuple[int, ...], generic: int,
                  convokers: list[int], units: list[int] | None = None,
                  fits: Callable[[tuple[int, ...], int], bool] | None = None,
                  ) -> tuple[tuple[int, ...], int] | None:
    """Let each convoking creature pay one coloured symbol of one of its colours or one
    generic mana of the total cost (702.51a-b); every one of them must pay something.

    Returns the cost left to pay with mana, or None if no assignment lets each creature
    pay something. With ``units`` (the mana the player can still make, without the
    convoking creatures), the assignment is one whose rest those units can pay if there
    is one (else any assignment: the caller finds the rest unpayable); with ``fits`` (the
    rest's test), one the test accepts. Coloured symbols are preferred to generic mana.
    """
    conv = sorted(state.objects[oid].color & 31 for oid in convokers)
    if len(conv) > len(symbols) + generic:
        return None
    kinds: list[int] = []
    for sym in symbols:
        if sym not in kinds:
            kinds.append(sym)
    counts = [symbols.count(k) for k in kinds]
    n_kinds = len(kinds)  # choice n_kinds: the creature pays generic mana
    found: list[tuple[tuple[int, ...], int]] = []

    def rest(gen_left: int) -> tuple[tuple[int, ...], int]:
        left = dict(zip(kinds, counts, strict=True))
        out = []
        for sym in symbols:
            if left[sym]:
                left[sym] -= 1
                out.append(sym)
        return tuple(out), gen_left

    def assign(i: int, prev: int, gen_left: int) -> bool:
        if i == len(conv):
            r = rest(gen_left)
            if not found:
                found.append(r)
            if fits is not None and fits(r[0], r[1]) or fits is None and (
                    units is None or can_pay(r[0], r[1], units)):
                found[0] = r
                return True
            return False
        m = conv[i]
        # Creatures of the same colours are interchangeable: choices in order only.
        start = prev if i and conv[i - 1] == m else 0
        for c in range(start, n_kinds + 1):
            if c < n_kinds:
                if not counts[c] or not kinds[c] & m:
                    continue
                counts[c] -= 1
                ok = assign(i + 1, c, gen_left)
                counts[c] += 1
            else:
                if not gen_left:
                    continue
                ok = assign(i + 1, c, gen_left - 1)
            if ok:
                return True
        return False

    assign(0, 0, generic)
    return found[0] if found else None


def ask_convoke(state: GameState, asker: Asker, player: int, obj: GameObject,
                symbols: tuple[int, ...], generic: int,
                committed: set[int] | None = None) -> list[int]:
    """702.51a-b: once the total cost is known, the creatures to tap rather than pay
    mana, one "convoke_tap" question at a time: each offers the untapped creatures whose
    tapping still lets the whole cost be paid (each creature paying one mana it can pay),
    and may be answered with none once the rest can be paid with mana alone. So every
    answer is legal; summoning-sick and smaller creatures are offered first."""
    chosen: list[int] = []
    objects = state.objects
    while True:
        rest_units = units_without(state, player, [*chosen, *(committed or ())])
        left = apply_convoke(state, symbols, generic, chosen, rest_units) if chosen else \
            (symbols, generic)
        can_stop = left is not None and can_pay(left[0], left[1], rest_units)
        if len(chosen) >= len(symbols) + generic:
            break
        options = [oid for oid in convoke_candidates(state, player)
                   if oid not in chosen and can_convoke(state, oid, symbols, generic)
                   and (not committed or oid not in committed)
                   and convoke_keeps_payable(state, player, symbols, generic,
                                             chosen + [oid], committed)]
        if not options:
            break
        options.sort(key=lambda oid: (not objects[oid].sick, objects[oid].power, oid))
        pick = ask_one_more(asker, _KIND_CONVOKE_TAP, player, obj,
                            f"tap a creature to convoke {obj.card.name}", options, can_stop)
        if pick is None:
            break
        chosen.append(pick)
    return chosen


def tap_convokers(state: GameState, convokers: list[int]) -> None:
    """Tapping the creatures that convoked the spell: not a {T} cost (702.51a)."""
    for oid in convokers:
        tap_permanent(state, state.objects[oid])


CONVOKE = cost_reduction(CostReduction(
    "convoke", has=spell_has_convoke, pool=convoke_pool, ask=ask_convoke,
    apply=apply_convoke, pay=tap_convokers, statistic="convoked_creatures",
    payable=convoke_payable))
