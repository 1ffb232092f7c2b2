"""A spell's own cost reductions (601.2f, 118.7): "This spell costs {1} less to cast for
each instant and sorcery card in your graveyard" (Tolarian Terror), "... costs {2} less to
cast if you control a Human creature" (Of One Mind), and affinity for [text] (702.41a:
"This spell costs {1} less to cast for each [text] you control").

601.2f: the total cost is the mana cost or alternative cost, plus additional costs and
cost increases, minus cost reductions; the mana part can't go below {0}. 118.7a: a
reduction by an amount of generic mana reduces only the generic component: coloured
symbols stay (Myr Enforcer with seven artifacts is {0}, Tolarian Terror with nine
instants is still {U}). The reduction is applied to the whole total (X and kicker
included), once, when the total is determined, after modes, costs and targets are
chosen (601.2b-c) and before anything is paid (601.2g-h), so a card the payment moves
(a sacrificed artifact, 601.2h) does not change it.

A reduction "if it targets a tapped permanent" (Ride's End) depends on the targets,
which 601.2c chooses before 601.2f totals the cost: ``generic_cut`` without the targets
counts it when some legal target of the spell's first target matches (what the
legal-action check and the cost's planning may count on), and with the targets chosen
(``targets``) when one of them does; casting offers as targets only those that leave
the total payable (``engine.rules.casting``).

A reduction is a characteristic of the card (``CardDef.cost_reductions``, and affinity's
keyword, ``engine.keywords.affinity``); ``Card.reductions`` holds them all. The casting
rules (``engine.rules.casting``) ask ``generic_cut`` for what they take off; the
legal-action check asks it the same way, so a spell is offered only when its reduced
cost can be paid.
"""

from __future__ import annotations

from mtgsim.engine.cards import Filter
from mtgsim.engine.rules.amounts import At, amount_value
from mtgsim.engine.rules.conditions import condition_holds
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.mana import ManaCost
from mtgsim.engine.rules.targets import target_options
from mtgsim.engine.state.game_state import GameObject, GameState


def generic_cut(state: GameState, player: int, obj: GameObject,
                targets: list[int] | None = None) -> int:
    """How much generic mana the spell ``player`` casts (or is casting) costs less now:
    each of its reductions whose condition holds, ``generic`` times its count (702.41b:
    several instances of affinity each apply). ``targets``: the targets chosen, for a
    reduction that depends on them (None: counted if a legal target would do)."""
    total = 0
    for r in obj.card.reductions:
        if r.condition is not None and not condition_holds(state, r.condition, player, obj):
            continue
        if r.if_targets is not None and not _targets_match(state, player, obj, r.if_targets,
                                                           targets):
            continue
        n = 1 if r.per is None else amount_value(state, r.per, At(player, obj.oid, obj))
        total += r.generic * max(n, 0)
    return total


def reduced(cost: ManaCost, cut: int) -> ManaCost:
    """``cost`` with ``cut`` generic mana taken off (118.7a: not below {0}, coloured
    symbols untouched); the cost itself when nothing is taken off."""
    if cut <= 0 or not cost.generic:
        return cost
    return cost.plus_generic(-min(cut, cost.generic))


def reduce_total(symbols: tuple[int, ...], generic: int, cut: int) -> tuple[tuple[int, ...], int]:
    """A totalled cost (``payment.total_cost``) with its reduction applied (601.2f)."""
    return symbols, max(generic - cut, 0)


def _targets_match(state: GameState, player: int, obj: GameObject, f: Filter,
                   targets: list[int] | None) -> bool:
    """One of the chosen ``targets`` matches ``f``; or, not chosen yet (None), one of the
    legal targets of the spell's first target does."""
    objects = state.objects
    if targets is None:
        spell = obj.card.spell
        if spell is None or not spell.targets:
            return False
        # the options casting offers for it (601.2c), the Flagbearer requirement
        # included: with a Standard Bearer to target, a tapped creature is no option
        targets = target_options(state, tuple(spell.targets), 0, player, obj.oid, [],
                                 spell=True)
    for t in targets:
        o = objects.get(t)
        if o is not None and t >= 2 and matches(state, f, o, player, obj.oid):
            return True
    return False


def depends_on_targets(obj: GameObject) -> bool:
    """Has the spell a reduction that depends on its targets?"""
    for r in obj.card.reductions:
        if r.if_targets is not None:
            return True
    return False
