"""Whether a spell can be cast, and with what (601.2a-h, 601.3): the targets and effects of
a spell's mode (601.2b-c; an Aura's enchant target, 303.4a), the modes it can be cast with,
the mana costs a cast may pay (its own, an alternative cost's, 118.9, or a casting
permission's, with its own cost reductions taken off, 601.2f, and each way to pay its
Phyrexian symbols, 107.4f), and whether the whole total cost can be paid: mana, what pays
part of it instead (convoke, 702.51a), and the parts other than mana of an additional or
alternative cost (601.2b, 601.2h: the mana abilities activated first, 601.2g, leave them
payable).

``engine.rules.priority_actions`` asks it which cards to offer, ``engine.rules.casting``
which modes, costs and payments to ask for once a cast is chosen: both give the same
answer, so a cast offered never needs reversing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from mtgsim.engine.cards import Cost, Mode, SpellAbility, Target
from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.cost_changes import generic_cut, reduce_total, reduced
from mtgsim.engine.rules.costs import Keeps, costs_payable, mana_keeps, parts_of
from mtgsim.engine.rules.mana import ManaCost, can_pay, can_pay_cost, parse_cost
from mtgsim.engine.rules.mana_units import any_helped, mana_units
from mtgsim.engine.rules.payment import total_cost
from mtgsim.engine.rules.phyrexian import payable_ways
from mtgsim.engine.rules.spell_costs import (
    ALT_ALTERNATIVE,
    ALT_NORMAL,
    ALT_OTHER_ADDITIONAL,
    REDUCTIONS,
    CastPermission,
    CostReduction,
    permission,
    reduction_of,
    spell_face,
)
from mtgsim.engine.rules.targets import targets_available
from mtgsim.engine.state.game_state import GameObject, GameState

# --- the spell's modes and targets (601.2b-c) -----------------------------------------


def aura_target(card: Card) -> Target:
    """An Aura spell targets what its enchant abilities allow (303.4a, 702.5a-d)."""
    assert card.aura_target is not None, f"{card.name} is not an Aura"
    return card.aura_target


def spell_targets(card: Card, mode: int) -> tuple[Target, ...]:
    """The targets of the spell cast with ``mode`` (-1: not modal; 601.2c)."""
    if card.is_aura:
        return (aura_target(card),)
    cast = _cast_part(card, mode)
    return () if cast is None else cast.targets


def spell_effects(card: Card, mode: int) -> tuple[object, ...]:
    """The effects of the spell cast with ``mode`` (-1: not modal; 608.2c)."""
    cast = _cast_part(card, mode)
    return () if cast is None else cast.effects


def _cast_part(card: Card, mode: int) -> SpellAbility | Mode | None:
    """What of the spell is cast: the mode chosen (601.2b), the spell itself when it is
    not modal (``mode`` -1), nothing when the card has no spell ability."""
    spell = card.spell
    if spell is None:
        return None
    if mode >= 0:
        return spell.modes[mode]
    return spell


def additional_of(card: Card, alt: int) -> Cost | None:
    """The additional cost a cast with permission ``alt`` pays (601.2b): the spell's, or
    for "[A] or [B]" the one ``alt`` chose (``ALT_OTHER_ADDITIONAL``: B)."""
    spell = card.spell
    if spell is None:
        return None
    return spell.additional_cost_or if alt == ALT_OTHER_ADDITIONAL else spell.additional_cost


def castable_modes(state: GameState, card: Card, controller: int, source: int,
                   keeps: Keeps | None = None, alt: int = ALT_NORMAL) -> list[int]:
    """The modes the spell can be cast with (``[-1]`` for a modeless spell); ``keeps``:
    the mana of its cost stays payable (see ``Keeps``); ``alt``: the way it is cast
    (which of "[A] or [B]" additional costs it pays)."""
    spell = card.spell
    extra = additional_of(card, alt)
    if extra is not None and \
            not _other_parts_payable(state, controller, state.objects[source], extra, keeps):
        return []  # 601.2b, 601.2h: an additional cost it can't pay (Scarscale Ritual)
    if spell is None or not spell.modes:
        return [-1] if targets_available(
            state, spell_targets(card, -1), controller, source, spell=True) else []
    return [i for i, m in enumerate(spell.modes)
            if targets_available(state, m.targets, controller, source, spell=True)]



# --- its costs (601.2b, 601.2f-h, 118) -----------------------------------------------


def permission_costs(state: GameState, obj: GameObject, alt: int) -> list[ManaCost]:
    """The mana costs a cast with permission ``alt`` may pay before additional costs (any
    payable one will do; the first unless the permission lets the player choose)."""
    p = permission(alt) if alt else None
    if p is not None:
        return p.costs(state, obj)
    card = obj.card
    if alt == ALT_ALTERNATIVE and card.alternative_cost is not None:
        return [parse_cost(card.alternative_cost.mana)]
    assert card.cost is not None
    if alt == ALT_OTHER_ADDITIONAL:  # "... or pay {5}" (Lightning Axe): its mana too
        extra = additional_of(card, alt)
        if extra is not None and extra.mana:
            return [parse_cost(card.mana_cost + extra.mana, phyrexian=True)]
    return [card.cost]


def castable_costs(state: GameState, player: int, obj: GameObject, alt: int) -> list[ManaCost]:
    """``permission_costs`` with the spell's own cost reductions taken off (601.2f,
    ``engine.rules.cost_changes``): what a cast with no X and no optional additional cost
    pays, for the legal-action checks."""
    costs = permission_costs(state, obj, alt)
    if any([c.phyrexian for c in costs]):  # each way to pay them (107.4f)
        costs = [w for c in costs for w in (payable_ways(state, player, c) if c.phyrexian
                                            else [c])]
    if not obj.card.reductions:
        return costs
    cut = generic_cut(state, player, obj)
    return [reduced(c, cut) for c in costs]


def reduction_for(state: GameState, player: int, obj: GameObject,
                  grants: bool = True) -> CostReduction | None:
    """What pays part of this spell's cost (``engine.rules.spell_costs.reduction_of``);
    ``grants`` False: no permanent gives spells keywords, so only printed ones count."""
    if not grants:
        kw = obj.card.keyword_names
        if not kw:
            return None
        for r in REDUCTIONS:
            if r.keyword in kw:
                return r
        return None
    return reduction_of(state, player, obj)


def split_payable(state: GameState, player: int, reduction: CostReduction | None
                   ) -> Callable[[GameState, int, tuple[int, ...], int, Collection[int]],
                                 bool] | None:
    """The reduction's exact test when its pool counts permanents twice (convoke's
    creatures beside Springleaf Drum's: ``CostReduction.payable``), else None (its pool
    is exact)."""
    if reduction is None or reduction.payable is None:
        return None
    mana_units(state, player)  # (any_helped reads what it found)
    return reduction.payable if any_helped(state, player) else None


def can_cast(state: GameState, player: int, obj: GameObject, alt: int,
              units: list[int], grants: bool = True) -> bool:
    """``grants``: whether any permanent gives spells keywords ("spells you cast have
    convoke"); False lets the hot path skip that search."""
    card = obj.card if alt == ALT_NORMAL else spell_face(state, obj, alt)
    reduction = reduction_for(state, player, obj, grants)
    if reduction is not None:
        pool = reduction.pool(state, player)[0]
    else:
        pool = units
        if alt == ALT_NORMAL:  # the hot path: a quick count before the solver
            cost = card.cost
            assert cost is not None
            if card.reductions:  # "costs {1} less to cast for each ..." (601.2f)
                cost = reduced(cost, generic_cut(state, player, obj))
            if cost.phyrexian:  # mana or 2 life for each (107.4f)
                if not any([can_pay_cost(c, pool) for c in payable_ways(state, player, cost)]):
                    return False
            elif len(pool) < cost.generic + len(cost.symbols) or not can_pay_cost(cost, pool):
                return False
            if card.spell is None and not card.is_aura:
                return True  # a permanent spell with no target and no additional cost
    if pool is not units or alt != ALT_NORMAL:
        split = split_payable(state, player, reduction)
        if not any(can_pay(cost.symbols, cost.generic, pool) if split is None else
                   split(state, player, cost.symbols, cost.generic, ())
                   for cost in castable_costs(state, player, obj, alt)):
            return False
    p = permission(alt) if alt else None
    if p is not None and p.other_payable is not None and \
            not p.other_payable(state, player, obj):
        return False  # retrace's land card to discard
    if p is not None and p.other_cost is not None and \
            not _permission_other_payable(state, player, obj, card, alt, p, reduction):
        return False  # sneak's attacker, needed for the mana by sacrificing it
    alternative = card.alternative_cost
    if alt == ALT_ALTERNATIVE and alternative is not None:
        if card.alternative_if is not None and not condition_holds(
                state, card.alternative_if, player, obj):
            return False  # "If you control a Swamp, you may pay 4 life rather ..." (118.9)
        if not _other_parts_payable(state, player, obj, alternative, None):
            return False  # "sacrifice four Eldrazi Spawn rather than pay ..." (118.9)
    return bool(castable_modes(state, card, player, obj.oid,
                               cast_keeps(state, player, obj, alt), alt))


def _other_parts_payable(state: GameState, player: int, obj: GameObject, cost: Cost,
                         keeps: Keeps | None) -> bool:
    """Can the parts of a spell's additional or alternative cost other than mana (part of
    its total cost, 601.2f) be paid, the mana still payable (``keeps``)?"""
    return costs_payable(state, player, obj, cost, parts_of(cost, spell=True),
                         lambda state, player, obj, cost: keeps)


def _permission_other_payable(state: GameState, player: int, obj: GameObject, card: Card,
                              alt: int, perm: CastPermission,
                              reduction: CostReduction | None) -> bool:
    """Can the permission's costs other than mana (sneak's unblocked attacker returned to
    hand, flashback's sacrifice) be paid beside the mana of one of its costs (X = 0)?
    Asked with the ``Keeps`` test the cast's own questions use (``cast``, 601.2g-h: mana
    abilities are activated before costs are paid, so an attacker whose mana would
    sacrifice it can't also be returned when that mana is needed), so that the cast is
    offered only when its questions will have an answer."""
    assert perm.other_cost is not None
    cut = generic_cut(state, player, obj) if card.reductions else 0
    for c in permission_costs(state, obj, alt):
        other = perm.other_cost(state, obj, c)
        if other is None:
            return True
        keeps = mana_keeps(state, player, *reduce_total(*total_cost([c], 0), cut), reduction)
        if _other_parts_payable(state, player, obj, other, keeps):
            return True
    return False


def cast_keeps(state: GameState, player: int, obj: GameObject, alt: int) -> Keeps | None:
    """``Keeps`` for casting ``obj`` with permission ``alt`` (any of its possible costs,
    X = 0), or None when the card has no additional cost that uses permanents."""
    card = obj.card if alt == ALT_NORMAL else spell_face(state, obj, alt)
    if additional_of(card, alt) is None:
        return None
    reduction = reduction_of(state, player, obj)
    tests = [mana_keeps(state, player, c.symbols, c.generic, reduction)
             for c in castable_costs(state, player, obj, alt)]
    if any(t is None for t in tests):
        return None
    return lambda gone: any(t(gone) for t in tests if t is not None)


