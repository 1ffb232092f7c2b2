"""Improvise (702.126).

702.126a: a static ability that functions while the spell with improvise is on the
stack: "For each generic mana in this spell's total cost, you may tap an untapped artifact
you control rather than pay that mana." Tapping an artifact this way is not a {T} cost, so
an artifact creature that came under your control this turn can improvise.
702.126b: it is neither an additional nor an alternative cost and applies only after the
total cost is determined: this module registers it in engine.rules.spell_costs as a cost
reduction, as convoke (702.51) and delve (702.66) are. ``ask_improvise`` asks
"improvise_tap" questions, one artifact at a time, while generic mana is left; each
artifact pays one generic mana, never a coloured symbol (a unit of no colour, mask 0, in
the payment pool). An artifact whose tapping would leave the rest unpayable (a Mind Stone
whose mana the rest needs) is not offered, so every answer is legal.
Beside mana abilities that tap an untapped creature too (Springleaf Drum), an artifact
creature either improvises or is tapped for such an ability's cost, never both (601.2g-h,
605.1a): ``improvise_payable`` tries the real splits (``convoke_helped.helped_payable``), for
castability (``CostReduction.payable``) and for the artifacts each question offers.
702.126c: multiple instances are redundant: the spell has improvise or not.
"""

from __future__ import annotations

from collections.abc import Collection

from mtgsim.engine.cards import T_ARTIFACT
from mtgsim.engine.keywords.convoke_helped import helped_payable
from mtgsim.engine.rules.enchanted_events import tap_permanent
from mtgsim.engine.rules.mana import can_pay
from mtgsim.engine.rules.mana_units import any_helped, mana_units
from mtgsim.engine.rules.payment import units_without
from mtgsim.engine.rules.spell_costs import CostReduction, ask_one_more, cost_reduction
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import DecisionKind, GameObject, GameState

# Enum members read in functions, as module constants (see DecisionKind)
_KIND_IMPROVISE_TAP = DecisionKind.IMPROVISE_TAP


def spell_has_improvise(state: GameState, player: int, obj: GameObject) -> bool:
    """The spell has improvise (printed; instances are redundant, 702.126c)."""
    return "improvise" in obj.card.keyword_names


def improvise_candidates(state: GameState, player: int) -> list[int]:
    """Untapped artifacts the player controls (702.126a)."""
    objects = state.objects
    out: list[int] = []
    for oid in state.battlefield:  # (a loop: Cython miscompiles long and-chains in comprehensions)
        o = objects[oid]
        if o.controller == player and not o.tapped and \
                (o.card.type_mask | o.extra_types) & T_ARTIFACT:
            out.append(oid)
    return out


def improvise_pool(state: GameState, player: int) -> tuple[list[int], list[int]]:
    """The player's mana units plus one of no colour (it pays generic mana alone,
    702.126a) for each untapped artifact they control that makes no mana; an artifact
    that is a mana source stays one unit (it is tapped once: for its mana or to
    improvise, and its mana pays at least what improvising would)."""
    units, sources = mana_units(state, player)
    owners = [oid for oid, _ in sources]
    seen = set(owners)
    extra = [oid for oid in improvise_candidates(state, player) if oid not in seen]
    return [*units, *([0] * len(extra))], [*owners, *extra]


def apply_improvise(state: GameState, symbols: tuple[int, ...], generic: int,
                    used: list[int], units: list[int] | None = None
                    ) -> tuple[tuple[int, ...], int] | None:
    """The cost left once each tapped artifact paid one generic mana; None if more were
    tapped than there is generic mana (702.126a)."""
    if len(used) > generic:
        return None
    return symbols, generic - len(used)


def ask_improvise(state: GameState, asker: Asker, player: int, obj: GameObject,
                  symbols: tuple[int, ...], generic: int,
                  committed: Collection[int] | None = None) -> list[int]:
    """702.126a-b: the artifacts to tap rather than pay generic mana, one question at a
    time while generic mana is left; each offered artifact leaves the rest payable (by
    mana or more artifacts), and none may be chosen once mana pays the rest."""
    chosen: list[int] = []
    held = list(committed or ())
    candidates = [oid for oid in improvise_candidates(state, player) if oid not in held]
    while len(chosen) < generic:
        left = generic - len(chosen)
        can_stop = can_pay(symbols, left, units_without(state, player, [*chosen, *held]))
        options = [oid for oid in candidates if oid not in chosen
                   and _keeps_payable(state, player, symbols, left - 1,
                                      [*chosen, oid, *held], candidates)]
        if not options:
            break
        pick = ask_one_more(asker, _KIND_IMPROVISE_TAP, player, obj,
                            f"tap an artifact to improvise {obj.card.name}", options, can_stop)
        if pick is None:
            break
        chosen.append(pick)
    return chosen


def _keeps_payable(state: GameState, player: int, symbols: tuple[int, ...], generic: int,
                   gone: list[int], candidates: list[int]) -> bool:
    """Can the rest (``symbols`` and ``generic``) still be paid once the artifacts and
    permanents of ``gone`` are used, by mana or by tapping the other artifacts?"""
    mana_units(state, player)  # (any_helped reads what it found)
    if any_helped(state, player):  # the artifacts a Springleaf Drum would tap
        return improvise_payable(state, player, symbols, generic, gone)
    units = units_without(state, player, gone)
    _, sources = mana_units(state, player)
    makers = {oid for oid, _ in sources}
    more = sum(1 for oid in candidates if oid not in gone and oid not in makers)
    return can_pay(symbols, generic, [*units, *([0] * more)])


def improvise_unit(o: GameObject) -> int:
    """What ``o`` pays by improvising (702.126a): generic mana, a unit of no colour (mask
    0), if it is an untapped artifact, else -1 (it cannot improvise; untapped it pays
    nothing). ``convoke_helped.split_pool``'s ``unit`` for improvise."""
    if o.tapped or not (o.card.type_mask | o.extra_types) & T_ARTIFACT:
        return -1
    return 0


def improvise_payable(state: GameState, player: int, symbols: tuple[int, ...], generic: int,
                      gone: Collection[int] = ()) -> bool:
    """Can ``player`` pay ``symbols`` and ``generic`` with mana and improvise, none of
    the permanents in ``gone`` paying, each artifact creature either improvising or
    tapped for a mana ability's cost (601.2g-h, 605.1a, 702.126a)? Improvise pays
    generic mana only: its units have no colour."""
    return helped_payable(state, player, symbols, generic, gone, improvise_unit)


def tap_improvisers(state: GameState, used: list[int]) -> None:
    """Tapping the artifacts that improvised the spell: not a {T} cost (702.126a)."""
    for oid in used:
        tap_permanent(state, state.objects[oid])


IMPROVISE = cost_reduction(CostReduction(
    "improvise", has=spell_has_improvise, pool=improvise_pool, ask=ask_improvise,
    apply=apply_improvise, pay=tap_improvisers, statistic="", payable=improvise_payable))
