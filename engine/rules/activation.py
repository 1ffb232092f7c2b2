"""Activating abilities (602): which activated abilities a player may activate now, and
the steps of 602.2 (targets, costs, onto the stack). Mana abilities are engine.rules.payment's
(605); costs are paid through engine.rules.costs' table of cost parts.
"""

from __future__ import annotations

import msgspec

import mtgsim.engine.rules.cost_parts  # noqa: F401  (registers the parts of costs)
import mtgsim.engine.rules.cost_parts_cards  # noqa: F401  (after cost_parts: its order)
from mtgsim.engine.cards import KW_NO_ACTIVATE, Activated, Cost, Target
from mtgsim.engine.rules import triggers
from mtgsim.engine.rules.costs import (
    CostPart,
    Keeps,
    Payment,
    Stage,
    ask_costs,
    costs_payable,
    mana_keeps,
    parts_of,
    pay_costs,
    source_spent,
)
from mtgsim.engine.rules.flagbearer import flagbearer_options
from mtgsim.engine.rules.mana import parse_cost
from mtgsim.engine.rules.targets import (
    expand_targets,
    later_options,
    legal_targets,
    targets_available,
)
from mtgsim.engine.rules.x_costs import bind_x, has_x, mana_with_x, x_options
from mtgsim.engine.rules.zones import describe, log
from mtgsim.engine.state.ask import Asker, IllegalAnswer
from mtgsim.engine.state.decisions import ForSpell, TargetOf
from mtgsim.engine.state.game_state import (
    END_COMBAT,
    NONE,
    UPKEEP,
    ActivateTask,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.state.stats import count

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_TARGET = DecisionKind.TARGET
_KIND_X = DecisionKind.X
_STAGE_AFTER_STACKED = Stage.AFTER_STACKED
_STAGE_MANA = Stage.MANA
_STAGE_PAID = Stage.PAID
_STAGE_SOURCE_MOVES = Stage.SOURCE_MOVES


class Activators(msgspec.Struct, frozen=True):
    """Each player's permanents with activated abilities (``players``, in battlefield
    order), found at the ``refreshes``-th refresh over the battlefield's first ``size``
    permanents (``Layers.activators``). Frozen, of tuples: a new answer replaces it, so a
    player's view holds the state's by reference (``Layers.for_view``)."""

    refreshes: int
    players: tuple[tuple[int, ...], tuple[int, ...]]
    size: int


def activators(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each player's permanents with activated abilities in battlefield order
    (characteristics current). Only a refresh changes who controls what and which
    abilities a permanent has, and every battlefield change is followed by one; after a
    refresh that found only permanents entering (``layers._refresh_entered``) the others
    are as they were, so only those that entered (at the battlefield's end) are looked at.
    Kept as ``Layers.activators``."""
    layers = state.derived.layers
    refreshes = layers.refreshes
    hit = layers.activators
    if hit is not None and hit.refreshes == refreshes:
        return hit.players
    found: tuple[list[int], list[int]]
    if hit is not None and layers.only_entered_since(hit.refreshes):
        found = (list(hit.players[0]), list(hit.players[1]))
        start = hit.size
    else:
        found = ([], [])
        start = 0
    objects = state.objects
    battlefield = state.battlefield
    for oid in battlefield[start:] if start else battlefield:
        o = objects[oid]
        if o.card.activated or o.granted_activated:
            found[o.controller].append(oid)
    players = (tuple(found[0]), tuple(found[1]))
    layers.activators = Activators(refreshes, players, len(battlefield))
    return players


def activated_abilities(o: GameObject) -> tuple[Activated, ...]:
    """An object's activated abilities: its own (unless it lost all abilities) and those
    static abilities of other objects give it ("enchanted creature has '{T}: ...'"); an
    ACTIVATE action's index counts in this order. Only the object's controller activates
    them, granted ones included (602.2, 303.4e)."""
    own = () if o.lost_abilities else o.card.activated
    return own + o.granted_activated if o.granted_activated else own


def can_activate(state: GameState, player: int, o: GameObject, idx: int, ab: Activated,
                 sorcery_ok: bool) -> bool:
    if ab.sorcery_speed and not sorcery_ok:
        return False
    if ab.your_turn_only and state.active != player:
        return False
    if ab.upkeep_only and (state.active != player or state.step != UPKEEP):
        return False
    if ab.during_step and state.step != END_COMBAT:  # (the one step named so far)
        return False
    if ab.once_per_turn and o.used_once & (1 << idx):
        return False
    if o.kw & KW_NO_ACTIVATE:
        return False
    if ab.condition is not None:  # "Activate only if ..." (602.5b)
        from mtgsim.engine.rules.conditions import condition_holds

        if not condition_holds(state, ab.condition, player, o):
            return False
    cost = ab.cost
    if not costs_payable(state, player, o, cost, parts_of(cost), _activation_keeps):
        return False
    if cost.mana and has_x(cost):  # an X with a legal target for it (601.2b-c)
        return bool(x_options(state, player, o, ab))
    return targets_available(state, ab.targets, player, o.oid)


def _activation_keeps(state: GameState, player: int, o: GameObject,
                      cost: Cost, x: int = 0) -> Keeps | None:
    """``Keeps`` for an activated ability's mana cost (X as announced), ``o`` itself not
    paying when the cost taps or sacrifices it."""
    if not cost.mana:
        return None
    if has_x(cost):  # X announced (601.2b) before the other costs' choices
        symbols, generic = mana_with_x(cost, x)
        return mana_keeps(state, player, symbols, generic,
                          exclude=o.oid if source_spent(cost) else -1)
    mc = parse_cost(cost.mana)
    return mana_keeps(state, player, mc.symbols, mc.generic,
                      exclude=o.oid if source_spent(cost) else -1)


def activate_task(state: GameState, task: ActivateTask) -> None:
    """Handler of ActivateTask (602.2): X (601.2b), targets, then costs, then onto the
    stack."""
    asker = Asker(state, task)
    obj = state.objects[task.oid]
    ab = activated_abilities(obj)[task.index]
    cost = ab.cost
    specs = ab.targets
    x = 0
    if cost.mana and has_x(cost):  # 601.2b: X is announced before the targets
        options = x_options(state, task.player, obj, ab)
        if not options:
            raise IllegalAnswer(f"{obj.card.name}: no X its cost and targets allow")
        x = options[asker.choose(Decision(
            _KIND_X, task.player, f"X for {obj.card.name}'s ability", options=options,
            source=obj.oid, about=ForSpell(obj.card)))]
        specs = expand_targets(bind_x(specs, x), x)  # "X target lands": X of them
    targets = _ask_targets(state, asker, task.player, obj, specs)
    # 602.2b: the choices of the costs, each leaving the mana part payable without the
    # permanents chosen (``keeps``); those permanents then pay no mana (601.2g-h).
    parts = parts_of(cost)
    payment = Payment(state, task.player, obj, cost, x=x)
    ask_costs(state, asker, payment, parts,
              _activation_keeps(state, task.player, obj, cost, x))
    # Pay: mana first (mana abilities), then the other costs (601.2h, any order).
    pay_costs(payment, parts, _STAGE_MANA)
    state.tasks.pop()
    pay_costs(payment, parts, _STAGE_PAID)
    _activated(state, task, obj, ab)
    _put_on_stack(state, task, obj, ab, specs, targets, payment, parts)


def _ask_targets(state: GameState, asker: Asker, player: int, obj: GameObject,
                 specs: tuple[Target, ...]) -> list[int]:
    """602.2b (601.2c): the targets, one question each (a Flagbearer first if one
    binds the player: ``engine.rules.flagbearer``)."""
    targets: list[int] = []
    later = later_options(state, specs, player, obj.oid)
    for i, spec in enumerate(specs):
        options = legal_targets(state, spec, player, obj.oid, targets)
        if spec.optional:
            options.append(NONE)
        options = flagbearer_options(state, player, i, len(specs), targets, options, later)
        if not options:
            raise IllegalAnswer(f"{obj.card.name}: no legal target left while activating")
        pick = asker.choose(Decision(
            _KIND_TARGET, player, f"target for {obj.card.name}'s ability",
            options=options, source=obj.oid,
            about=TargetOf("ability", obj.card, len(targets), spec)))
        targets.append(options[pick])
    return targets


def _activated(state: GameState, task: ActivateTask, obj: GameObject, ab: Activated) -> None:
    """What activating it counts: once per turn (602.5b), the keyword's statistic."""
    if ab.once_per_turn:
        obj.used_once |= 1 << task.index
    if ab.keyword:
        count(state, task.player, ab.keyword.replace(" ", "_") + "_activations")


def _put_on_stack(state: GameState, task: ActivateTask, obj: GameObject, ab: Activated,
                  specs: tuple[Target, ...], targets: list[int], payment: Payment,
                  parts: tuple[CostPart, ...]) -> None:
    """602.2a: the ability goes on the stack, its source's last known information kept
    for the costs that move the source (discarding or sacrificing it)."""
    player = task.player
    sid = state.next_oid
    state.next_oid += 1
    pay_costs(payment, parts, _STAGE_SOURCE_MOVES)
    x = payment.x  # {X} in the cost (107.3, 602.2b: announced before the targets)
    for p in parts:
        if p.sets_x:  # "Reveal X white cards from your hand" (107.3)
            x += len(payment.chosen.get(p.name, ()))
    state.stack.append(StackItem(
        sid, player, obj.oid, obj.card, False, ab.effects, specs, targets, x=x,
        source_lki=obj, label=f"{obj.card.name} ability",
    ))
    if targets:
        triggers.became_target(state, state.stack[-1])  # ward (702.21a)
    pay_costs(payment, parts, _STAGE_AFTER_STACKED)
    if state.log is not None:
        log(state, "activate", player, obj.card.name + (f" ({ab.keyword})" if ab.keyword
                                                         else ""),
            ", ".join(describe(state, t) for t in targets))
    state.passes = 0
