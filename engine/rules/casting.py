"""Casting spells (601.2) and playing lands (305.1).

A cast chosen among ``engine.rules.priority_actions.legal_actions`` runs as a ``CastTask``
(``cast_task``): the steps of 601.2 in order, asking as they need. What keywords add to
casting comes from the table of ``engine.rules.spell_costs``, which each keyword module
fills; this module names none of them. Additional costs are asked in 601.2b in the
table's order; a cost reduction pays part of the total cost once it is known (601.2f).
Whether a spell can be cast, with which modes and costs, is ``engine.rules.castability``'s;
activated abilities are ``engine.rules.activation``'s; the parts of additional and
alternative costs other than mana are asked and paid through ``engine.rules.costs``'
table, as an ability's are.
"""

from __future__ import annotations

from mtgsim.engine.cards import Cost, Target
from mtgsim.engine.cards.card import Card
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules import triggers
from mtgsim.engine.rules.cast_this_turn import record_cast
from mtgsim.engine.rules.castability import (
    additional_of,
    cast_keeps,
    castable_modes,
    permission_costs,
    spell_effects,
    spell_targets,
    split_payable,
)
from mtgsim.engine.rules.cost_changes import (
    depends_on_targets,
    generic_cut,
    reduce_total,
    reduced,
)
from mtgsim.engine.rules.costs import (
    CostPart,
    Payment,
    Stage,
    ask_costs,
    mana_keeps,
    parts_of,
    pay_costs,
)
from mtgsim.engine.rules.flagbearer import flagbearer_options
from mtgsim.engine.rules.mana import ManaCost, can_pay
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.payment import (
    max_x,
    pay_symbols,
    plan_mana_sacrifices,
    sacrificed_for_mana,
    total_cost,
    units_without,
)
from mtgsim.engine.rules.phyrexian import choose_phyrexian
from mtgsim.engine.rules.spell_costs import (
    ADDITIONAL,
    ALT_ALTERNATIVE,
    CostReduction,
    SpellPlan,
    permission,
    permission_name,
    reduction_of,
    spell_face,
)
from mtgsim.engine.rules.targets import (
    expand_targets,
    later_options,
    legal_targets,
    target_options,
)
from mtgsim.engine.rules.zones import describe, log, move
from mtgsim.engine.state.ask import Asker, IllegalAnswer
from mtgsim.engine.state.decisions import ForSpell, Modes, TargetOf
from mtgsim.engine.state.game_state import (
    EXILE,
    GRAVEYARD,
    NONE,
    STACK,
    CastTask,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.state.stats import count

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_MODE = DecisionKind.MODE
_KIND_TARGET = DecisionKind.TARGET
_KIND_X = DecisionKind.X
_STAGE_PAID = Stage.PAID

# --- the costs a cast pays (601.2b, 601.2h, 118.9) -------------------------------------------


def _x_target_cap(state: GameState, specs: tuple[Target, ...], player: int,
                  source: int) -> int | None:
    """The largest X for which "X target ..." can find X different targets."""
    caps = [len(legal_targets(state, s, player, source)) for s in specs if s.x_times]
    return min(caps) if caps else None


def _other_costs(card: Card, alt: int, extra: Cost | None = None) -> list[Cost]:
    """The costs whose parts other than mana a cast with permission ``alt`` pays: the
    spell's additional cost (601.2b), the card's alternative cost (118.9)."""
    costs = []
    additional = additional_of(card, alt)
    if additional is not None:
        costs.append(additional)
    if alt == ALT_ALTERNATIVE and card.alternative_cost is not None:
        costs.append(card.alternative_cost)
    if extra is not None:  # a permission's cost other than mana (flashback's sacrifice)
        costs.append(extra)
    return costs


def _permission_other(state: GameState, task: CastTask, obj: GameObject,
                      base: list[ManaCost]) -> Cost | None:
    """The parts other than mana of the permission's cost chosen (601.2b, 601.2h)."""
    perm = permission(task.alt) if task.alt else None
    if perm is None or perm.other_cost is None or not base:
        return None
    return perm.other_cost(state, obj, base[0])


# --- doing it -------------------------------------------------------------------------


def play_land(state: GameState, player: int, oid: int) -> None:
    """Playing a land is a special action (305.1, 116.2a)."""
    p = state.players[player]
    p.lands_played += 1
    obj = state.objects[oid]
    if state.log is not None:
        log(state, "play", player, obj.card.name)
    rep.enter(state, obj, player)


def _ask_mode(state: GameState, asker: Asker, task: CastTask, obj: GameObject) -> int:
    """601.2b: the mode of a modal spell (-1: not modal)."""
    card = spell_face(state, obj, task.alt)
    if card.spell is None or not card.spell.modes:
        return -1
    modes = castable_modes(state, card, task.player, obj.oid,
                           None if task.free else cast_keeps(state, task.player, obj, task.alt),
                           task.alt)
    labels = tuple([card.spell.modes[m].label for m in modes])
    pick = asker.choose(Decision(
        _KIND_MODE, task.player, f"mode for {card.name}: " + " or ".join(labels),
        options=modes, source=obj.oid, about=Modes(labels)))
    return modes[pick]


def _plan_costs(state: GameState, asker: Asker, task: CastTask, obj: GameObject, mode: int,
                units: list[int]) -> SpellPlan:
    """601.2b: the mana cost to pay (the permission's, chosen among several), X, then the
    additional costs in the table's order and the permission's own other costs."""
    player = task.player
    card = spell_face(state, obj, task.alt)
    plan = SpellPlan([])
    # convoke's creatures counted twice in ``units`` beside Springleaf Drum's: the exact
    # test the optional costs' and Phyrexian symbols' choices ask too (``plan_fits``)
    plan.exact = split_payable(state, player, reduction_of(state, player, obj))
    perm = permission(task.alt) if task.alt else None
    if not task.free:
        if perm is not None and perm.choose_cost is not None:  # flashback (702.34a)
            cost0 = perm.choose_cost(state, asker, player, obj, units)
        else:
            cost0 = permission_costs(state, obj, task.alt)[0]
        plan.mana.append(cost0)
        if cost0.x:
            # X may be as large as the mana pays once the reduction is taken off (601.2f)
            cut = generic_cut(state, player, obj) if card.reductions else 0
            top = max_x(reduced(cost0, cut), units) + max(cut - cost0.generic, 0) // cost0.x
            split = plan.exact
            while split is not None and top > 0 and not split(
                    state, player, *reduce_total(*total_cost([cost0], top), cut), ()):
                top -= 1  # convoke's creatures counted twice in ``units``: the real X
            cap = _x_target_cap(state, spell_targets(card, mode), player, obj.oid)
            if cap is not None:
                top = min(top, cap)
            plan.x = asker.choose(Decision(
                _KIND_X, player, f"X for {card.name}", options=list(range(top + 1)),
                source=obj.oid, about=ForSpell(card)))
        if cost0.phyrexian:  # 601.2f: mana or 2 life for each Phyrexian symbol (107.4f)
            plan.mana[0], plan.life = choose_phyrexian(state, asker, player, obj, cost0,
                                                       plan.x, units, plan)
    # Additional costs may be paid also when cast without paying its mana cost (601.2b).
    for extra in ADDITIONAL:
        if extra.may(state, obj):
            extra.ask(state, asker, player, obj, plan, units)
    if perm is not None and perm.ask_other is not None:
        perm.ask_other(state, asker, player, obj, plan, units)
    return plan


def cast_task(state: GameState, task: CastTask) -> None:
    """Handler of CastTask: the steps of 601.2 in order, asking as they need."""
    asker = Asker(state, task)
    player = task.player
    obj = state.objects[task.oid]
    card = spell_face(state, obj, task.alt)  # an Adventure's characteristics (715.3a)
    # 601.2b: modes, the cost and additional costs, X.
    mode = _ask_mode(state, asker, task, obj)
    reduction = reduction_of(state, player, obj)
    units = reduction.pool(state, player)[0] if reduction is not None else \
        mana_units(state, player)[0]
    plan = _plan_costs(state, asker, task, obj, mode, units)
    base, x = plan.mana, plan.x
    # 601.2f: the spell's own reductions, counted before anything is paid (the total
    # is locked in then); a spell cast without paying its mana cost has nothing to reduce
    cut = generic_cut(state, player, obj) if card.reductions and not task.free else 0
    # "As an additional cost to cast this spell, put a -1/-1 counter on ..." (601.2b);
    # 118.9: "sacrifice four Eldrazi Spawn rather than pay this spell's mana cost"
    others = [(Payment(state, player, obj, c), parts_of(c, spell=True))
              for c in _other_costs(card, task.alt, _permission_other(state, task, obj, base))]
    keeps = mana_keeps(state, player, *reduce_total(*total_cost(base, x), cut), reduction) \
        if others else None
    # Permanents another part of the cost uses don't also pay mana (601.2g-h).
    committed: set[int] = set()
    for payment, parts in others:
        ask_costs(state, asker, payment, parts, keeps)
        committed |= payment.committed
        if payment.kept:  # returned to hand: not sacrificed for mana first (601.2g-h)
            committed |= sacrificed_for_mana(state, player, payment.kept)
    if plan.exiles:  # escape's graveyard cards: delve can't exile them too
        committed.update(plan.exiles)
    if plan.sacrifices:  # bargain's permanent: it makes no mana (601.2g-h)
        committed.update(plan.sacrifices)
    # 601.2c: targets.
    specs = expand_targets(spell_targets(card, mode), x)
    by_targets = bool(cut) and depends_on_targets(obj)  # "if it targets a tapped ..."
    targets = _choose_targets(state, asker, player, obj, card, specs,
                              by_targets and reduction is None, base, x, committed)
    # 601.2f-h: total cost, what pays part of it instead of mana, mana abilities, payment.
    if by_targets:  # the reduction as the targets chosen make it
        cut = generic_cut(state, player, obj, targets)
    used, discarded, sacrificed = _pay_total_cost(state, asker, player, obj, card, plan,
                                                  others, reduction, cut, committed)
    _put_on_stack(state, task, obj, mode, plan, specs, targets)
    if discarded:
        state.stack[-1].discarded = tuple(discarded)
    if sacrificed:
        state.stack[-1].sacrificed = tuple(sacrificed)
    for payment, _ in others:  # "the creature you chose or the card you revealed"
        for oid in (*payment.chosen.get("choose", ()), *payment.chosen.get("reveal_card", ())):
            state.stack[-1].chosen = oid
    if used and reduction is not None and reduction.statistic:
        count(state, player, reduction.statistic, len(used))
    perm = permission(task.alt) if task.alt else None
    if perm is not None and perm.statistic:
        count(state, player, perm.statistic)
    item = state.stack[-1]
    state.players[player].cast_this_turn += 1  # (storm counts them, 702.40a)
    record_cast(state, player, item)
    triggers.cast(state, state.objects[item.sid], item)
    if targets:
        triggers.became_target(state, item)  # ward (702.21a)
    state.passes = 0


def _choose_targets(state: GameState, asker: Asker, player: int, obj: GameObject, card: Card,
                    specs: tuple[Target, ...], payable_only: bool, base: list[ManaCost],
                    x: int, committed: set[int]) -> list[int]:
    """601.2c: a target for each of the spell's targets, in order (``payable_only``: the
    first among those that leave the total cost payable, ``_payable_targets``)."""
    targets: list[int] = []
    for i, spec in enumerate(specs):
        options = target_options(state, specs, i, player, obj.oid, targets, spell=True)
        if spec.optional:  # "up to N target ...": NONE leaves this one unchosen
            options.append(NONE)
            options = flagbearer_options(state, player, i, len(specs), targets, options,
                                         later_options(state, specs, player, obj.oid, True))
        if payable_only and i == 0:
            options = _payable_targets(state, player, obj, base, x, committed, options)
        if not options:
            raise IllegalAnswer(f"{card.name}: no legal target left while casting")
        pick = asker.choose(Decision(
            _KIND_TARGET, player, f"target for {card.name}", options=options,
            source=obj.oid, about=TargetOf("spell", card, len(targets), spec)))
        targets.append(options[pick])
    return targets


def _pay_total_cost(state: GameState, asker: Asker, player: int, obj: GameObject, card: Card,
                    plan: SpellPlan, others: list[tuple[Payment, tuple[CostPart, ...]]],
                    reduction: CostReduction | None, cut: int, committed: set[int]
                    ) -> tuple[list[int], list[Card], list[Card]]:
    """601.2f-h: the total cost (``cut``: the spell's own reduction), the permanents a
    cost reduction uses to pay part of it (convoke), the mana abilities' sacrifices and
    their replacement effects chosen (616.1), then, with nothing left to ask (the task
    ends), the cost paid: mana, life for Phyrexian symbols, the cards discarded, exiled
    and sacrificed, and the other parts of the additional or alternative costs. Returns
    the permanents the reduction used and the cards discarded and sacrificed (the spell
    remembers them)."""
    symbols, generic = reduce_total(*total_cost(plan.mana, plan.x), cut)
    used = reduction.ask(state, asker, player, obj, symbols, generic, committed) \
        if reduction is not None and (symbols or generic) else []
    if used:
        assert reduction is not None
        left = reduction.apply(state, symbols, generic, used,
                               units_without(state, player, used))
        if left is None:
            raise IllegalAnswer(f"{reduction.keyword}: a permanent used pays nothing for "
                                f"{card.name}")
        symbols, generic = left
    if not can_pay(symbols, generic, units_without(state, player, [*used, *committed])):
        raise IllegalAnswer(f"{card.name}: cannot pay the rest of its cost")
    # 616.1: what the mana abilities will sacrifice, its replacement effects chosen now
    sacrifices = plan_mana_sacrifices(state, player, ManaCost(generic, symbols), 0,
                                      {*used, *committed}, asker)
    extra_plans = rep.plan_leaving(state, [state.objects[oid] for oid in plan.sacrifices],
                                   GRAVEYARD, asker) if plan.sacrifices else {}
    state.tasks.pop()
    if used:
        assert reduction is not None
        reduction.pay(state, used)
    if not pay_symbols(state, player, symbols, generic, committed, sacrifices):
        raise RuntimeError(f"{card.name}: payment failed after the solver found one")
    if plan.life:  # Phyrexian symbols paid with life (107.4f, 119.4)
        rep.lose_life(state, player, plan.life)
    discarded = [state.objects[oid].card for oid in plan.discards]
    discarded += [state.objects[oid].card for payment, _ in others
                  for oid in payment.chosen.get("discard", ())]
    sacrificed = [state.objects[oid].card for payment, _ in others
                  for oid in payment.chosen.get("sacrifice", ())]
    sacrificed += [state.objects[oid].card for oid in plan.sacrifices]
    for oid in plan.discards:
        move(state, state.objects[oid], GRAVEYARD)
    for oid in plan.exiles:  # escape's other graveyard cards (702.138a, 601.2h)
        move(state, state.objects[oid], EXILE)
    for oid in plan.sacrifices:  # bargain's artifact, enchantment or token (702.166a)
        rep.sacrifice(state, state.objects[oid], plan=extra_plans.get(oid))
    for payment, parts in others:
        pay_costs(payment, parts, _STAGE_PAID)
    return used, discarded, sacrificed


def _payable_targets(state: GameState, player: int, obj: GameObject, base: list[ManaCost],
                     x: int, committed: set[int], options: list[int]) -> list[int]:
    """The first target's options that leave the total cost payable once the reduction
    they bring (or not) is taken off (601.2c before 601.2f: a spell that costs {3} less
    if it targets a tapped permanent, with mana only for the reduced cost, must target
    one)."""
    units = units_without(state, player, committed)
    out: list[int] = []
    for o in options:
        cut = generic_cut(state, player, obj, [o])
        if can_pay(*reduce_total(*total_cost(base, x), cut), units):
            out.append(o)
    return out


def _put_on_stack(state: GameState, task: CastTask, obj: GameObject, mode: int,
                  plan: SpellPlan, specs: tuple[Target, ...], targets: list[int]) -> None:
    """601.2a (done last here: nothing was asked of it before): the card moves to the
    stack as a spell with the choices made for it. Cast as an Adventure, the spell has
    only its Adventure's characteristics (715.3a, 715.4): its ``card`` is the Adventure's
    and ``front`` the card's own, which it has again wherever it goes next."""
    player = task.player
    card = spell_face(state, obj, task.alt)
    from_zone = obj.zone
    spell = move(state, obj, STACK)
    spell.controller = player
    if card is not spell.card:
        spell.front = spell.card
        spell.card = card
    state.stack.append(StackItem(
        spell.oid, player, spell.oid, card, True, tuple(spell_effects(card, mode)),  # type: ignore[arg-type]
        specs, targets, x=plan.x, mode=mode, label=card.name,
        cast_from=from_zone, alt=task.alt, replicated=sum(plan.replicate_counts),
        kicked=plan.kicked, replicate_counts=plan.replicate_counts, paid=tuple(plan.paid),
    ))
    if state.log is not None:
        how = f" ({permission_name(task.alt)})" if task.alt else ""
        log(state, "cast", player, card.name + how,
            ", ".join(describe(state, t) for t in targets), plan.x)


__all__ = ["cast_task", "play_land"]
