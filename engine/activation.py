"""Activating abilities (602): which activated abilities a player may activate now, and
the steps of 602.2 (targets, costs, onto the stack). Mana abilities are engine.payment's
(605); the costs they share with spells are engine.costs'.
"""

from __future__ import annotations

from mtgsim.engine import replacement as rep
from mtgsim.engine import triggers
from mtgsim.engine.ask import Asker, IllegalAnswer
from mtgsim.engine.cards import KW_HASTE, KW_NO_ACTIVATE, T_CREATURE, Activated, Cost
from mtgsim.engine.costs import (
    Keeps,
    ask_counter_costs,
    ask_sacrifices,
    controlled,
    keeps_ok,
    mana_keeps,
    other_costs_payable,
    pay_counter_costs,
    untapped_matching,
)
from mtgsim.engine.decisions import CostOf, TargetOf
from mtgsim.engine.mana import parse_cost
from mtgsim.engine.memo import memo_on
from mtgsim.engine.payment import affordable, mana_units, pay_symbols
from mtgsim.engine.state import (
    BATTLEFIELD,
    GRAVEYARD,
    HAND,
    NONE,
    UPKEEP,
    ActivateTask,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.stats import count
from mtgsim.engine.targets import legal_targets, targets_available
from mtgsim.engine.zones import describe, log, move, reveal, simultaneously


def activators(state: GameState) -> tuple[list[int], list[int]]:
    """Each player's permanents with activated abilities in battlefield order
    (characteristics current). Only a refresh changes who controls what and which
    abilities a permanent has, and every battlefield change is followed by one."""
    derived = state.derived
    hit = derived.memo.get("activators")  # memo_on's lookup, inline: asked at every priority
    if hit is not None and hit[0] == derived.refreshes:
        return hit[1]  # type: ignore[no-any-return]
    return memo_on(state, "activators", derived.refreshes, _find_activators)


def _find_activators(state: GameState) -> tuple[list[int], list[int]]:
    found: tuple[list[int], list[int]] = ([], [])
    objects = state.objects
    for oid in state.battlefield:
        o = objects[oid]
        if o.card._activated or o.granted_activated:
            found[o.controller].append(oid)
    return found


def activated_abilities(o: GameObject) -> tuple[Activated, ...]:
    """An object's activated abilities: its own (unless it lost all abilities) and those
    static abilities of other objects give it ("enchanted creature has '{T}: ...'"); an
    ACTIVATE action's index counts in this order. Only the object's controller activates
    them, granted ones included (602.2, 303.4e)."""
    own = () if o.lost_abilities else o.card._activated
    return own + o.granted_activated if o.granted_activated else own


def can_activate(state: GameState, player: int, o: GameObject, idx: int, ab: Activated,
                 sorcery_ok: bool) -> bool:
    if ab.sorcery_speed and not sorcery_ok:
        return False
    if ab.your_turn_only and state.active != player:
        return False
    if ab.upkeep_only and (state.active != player or state.step != UPKEEP):
        return False
    if ab.once_per_turn and o.used_once & (1 << idx):
        return False
    if o.kw & KW_NO_ACTIVATE:
        return False
    cost = ab.cost
    if cost.tap:
        if o.tapped:
            return False
        if o.sick and (o.card._type_mask | o.extra_types) & T_CREATURE and \
                not o.kw & KW_HASTE:
            return False
    hand_size = len(state.players[player].hand) - (1 if ab.zone == "hand" else 0)
    if cost.discard and hand_size < cost.discard:
        return False
    if cost.pay_life and state.players[player].life < cost.pay_life:
        return False
    if cost.return_to_hand is not None and not controlled(state, player, cost.return_to_hand,
                                                          o.oid):
        return False
    if cost.sacrifice is not None and len(controlled(state, player, cost.sacrifice,
                                                      o.oid)) < cost.sacrifice_n:
        return False
    if cost.remove_counter is not None and not o.counters.get(cost.remove_counter):
        return False
    if cost.untap:  # {Q} (107.6): only a tapped permanent; 302.6 for creatures
        if not o.tapped:
            return False
        if o.sick and (o.card._type_mask | o.extra_types) & T_CREATURE and \
                not o.kw & KW_HASTE:
            return False
    if (cost.remove_counters_among is not None or cost.put_counter_on is not None
            or cost.tap_untapped is not None) and not other_costs_payable(
                state, player, cost, o.oid, _activation_keeps(state, player, o, cost)):
        return False
    if ab.condition is not None:  # "Activate only if ..." (602.5b)
        from mtgsim.engine.conditions import condition_holds

        if not condition_holds(state, ab.condition, player, o):
            return False
    if cost.mana:
        units, sources = mana_units(state, player)
        if cost.tap or cost.sacrifice_self:
            units = [u for u, s in zip(units, sources, strict=True) if s[0] != o.oid]
        if not affordable(parse_cost(cost.mana), units):
            return False
    return targets_available(state, ab.targets, player, o.oid)


def _activation_keeps(state: GameState, player: int, o: GameObject,
                      cost: Cost) -> Keeps | None:
    """``Keeps`` for an activated ability's mana cost, ``o`` itself not paying when the
    cost taps or sacrifices it."""
    if not cost.mana:
        return None
    mc = parse_cost(cost.mana)
    return mana_keeps(state, player, mc.symbols, mc.generic,
                      exclude=o.oid if cost.tap or cost.sacrifice_self else -1)


def activate_task(state: GameState, task: ActivateTask) -> None:
    """Handler of ActivateTask (602.2): targets, then costs, then onto the stack."""
    asker = Asker(state, task)
    player = task.player
    obj = state.objects[task.oid]
    ab = activated_abilities(obj)[task.index]
    targets: list[int] = []
    for spec in ab.targets:
        options = legal_targets(state, spec, player, obj.oid, targets)
        if spec.optional:
            options.append(NONE)
        if not options:
            raise IllegalAnswer(f"{obj.card.name}: no legal target left while activating")
        pick = asker.choose(Decision(
            DecisionKind.TARGET, player, f"target for {obj.card.name}'s ability",
            options=options, source=obj.oid,
            about=TargetOf("ability", obj.card, len(targets), spec)))
        targets.append(options[pick])
    cost = ab.cost
    discards: list[int] = []
    if cost.discard:
        hand = [o for o in state.players[player].hand if o != obj.oid]
        picks = asker.choose_many(Decision(
            DecisionKind.COST_DISCARD, player, f"discard for {obj.card.name}", options=hand,
            multi=True, min_count=cost.discard, max_count=cost.discard, source=obj.oid,
            about=CostOf("discard", obj.card)))
        discards = [hand[i] for i in picks]
    # Each choice below leaves the mana part payable without the permanents chosen
    # (``keeps``); those permanents then pay no mana (601.2g-h).
    keeps = _activation_keeps(state, player, obj, cost)
    returned = -1
    if cost.return_to_hand is not None:
        options = [o for o in controlled(state, player, cost.return_to_hand, obj.oid)
                   if keeps_ok(keeps, {o})]
        pick = asker.choose(Decision(
            DecisionKind.COST, player, f"return for {obj.card.name}", options=options,
            source=obj.oid, about=CostOf("return", obj.card)))
        returned = options[pick]
    sacrificed = -1
    more_sacrificed: list[int] = []
    if cost.sacrifice is not None and cost.sacrifice_n > 1:  # "Sacrifice N ..."
        more_sacrificed = ask_sacrifices(state, asker, player, cost, obj.oid, obj.card,
                                         keeps)
    elif cost.sacrifice is not None:
        options = [o for o in controlled(state, player, cost.sacrifice, obj.oid)
                   if keeps_ok(keeps, {o})]
        pick = asker.choose(Decision(
            DecisionKind.COST, player, f"sacrifice for {obj.card.name}", options=options,
            source=obj.oid, about=CostOf("sacrifice", obj.card)))
        sacrificed = options[pick]
    removed, put_on = ask_counter_costs(state, asker, player, cost, obj.oid, obj.card,
                                        keeps)
    to_tap: list[int] = []
    if cost.tap_untapped is not None:
        options = [o for o in untapped_matching(state, player, cost.tap_untapped, obj.oid)
                   if keeps_ok(keeps, {o})]
        n = cost.tap_untapped_count
        if len(options) < n:
            raise IllegalAnswer(f"{obj.card.name}: not enough untapped permanents to tap")
        picks = asker.choose_many(Decision(
            DecisionKind.COST_TAP, player, f"tap {n} for {obj.card.name}", options=options,
            multi=True, min_count=n, max_count=n, source=obj.oid,
            about=CostOf("tap", obj.card)))
        to_tap = [options[i] for i in picks]
    # Pay: mana first (mana abilities), then the other costs (601.2h, any order).
    if cost.mana:
        mc = parse_cost(cost.mana)
        committed = {*removed, *to_tap, *more_sacrificed}
        committed.update(o for o in (returned, sacrificed, put_on) if o >= 0)
        if cost.tap or cost.sacrifice_self:
            committed.add(obj.oid)
        if not pay_symbols(state, player, mc.symbols, mc.generic, committed):
            raise IllegalAnswer(f"{obj.card.name}: cannot pay {cost.mana} without the "
                                "permanents chosen for its other costs")
    state.tasks.pop()
    for oid in to_tap:
        state.set_tapped(state.objects[oid], True)
    if cost.reveal_self:  # forecast (702.57b): the card stays in hand, revealed
        reveal(state, obj)
        if state.log is not None:
            log(state, "reveal", player, obj.card.name)
    if cost.tap:
        state.set_tapped(obj, True)
    if cost.untap:
        state.set_tapped(obj, False)
    pay_counter_costs(state, cost, removed, put_on)
    if cost.pay_life:
        rep.lose_life(state, player, cost.pay_life)
    for oid in discards:
        move(state, state.objects[oid], GRAVEYARD)
    if returned >= 0:
        rep.leave_battlefield(state, state.objects[returned], HAND)
    if sacrificed >= 0:
        rep.sacrifice(state, state.objects[sacrificed])
    if more_sacrificed:
        with simultaneously(state):  # "Sacrifice N ...": at once (603.10a)
            for oid in more_sacrificed:
                rep.sacrifice(state, state.objects[oid])
    if cost.put_counter is not None and cost.put_counter_on is None:
        from mtgsim.engine.effects.add_counters import add_counters

        add_counters(state, obj, cost.put_counter, 1)
    if cost.remove_counter is not None:
        obj.counters[cost.remove_counter] -= 1
        if not obj.counters[cost.remove_counter]:
            del obj.counters[cost.remove_counter]
        state.derived.dirty = True
    if ab.once_per_turn:
        obj.used_once |= 1 << task.index
    if ab.keyword:
        count(state, player, ab.keyword.replace(" ", "_") + "_activations")
    sid = state.next_oid
    state.next_oid += 1
    lki = obj
    if cost.discard_self and obj.zone == HAND:
        lki = obj
        move(state, obj, GRAVEYARD)
    state.stack.append(StackItem(
        sid, player, obj.oid, obj.card, False, ab.effects, ab.targets, targets,
        source_lki=lki, label=f"{obj.card.name} ability",
    ))
    if targets:
        triggers.became_target(state, state.stack[-1])  # ward (702.21a)
    if cost.sacrifice_self and obj.zone == BATTLEFIELD:
        rep.sacrifice(state, obj)
    if state.log is not None:
        log(state, "activate", player, obj.card.name + (f" ({ab.keyword})" if ab.keyword
                                                         else ""),
            ", ".join(describe(state, t) for t in targets))
    state.passes = 0
