"""The parts of costs (118.3, 602.1a), each registered in ``engine.rules.costs``' table: mana,
tapping and untapping the source ({T}, {Q}), tapping other untapped permanents,
counters (on the source, or removed from and put on permanents you control), paying
life, discarding, returning or sacrificing permanents, revealing or discarding the card
itself, sacrificing the source.

The order here is the order in which the parts are checked and paid (601.2h lets the
player pay them in any order; the engine's is fixed, so games are reproducible).
"""

from __future__ import annotations

from mtgsim.engine.cards import KW_HASTE, T_CREATURE, Cost, Filter
from mtgsim.engine.players.worth import card_want, is_creature, perm_value, value
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.costs import (
    COST_PARTS,
    CostPart,
    CostWorth,
    Keeps,
    Payment,
    Stage,
    controlled,
    cost_part,
    keeps_ok,
    source_spent,
    untapped_matching,
)
from mtgsim.engine.rules.enchanted_events import tap_permanent
from mtgsim.engine.rules.mana import ManaCost, parse_cost
from mtgsim.engine.rules.mana_units import mana_units
from mtgsim.engine.rules.payment import (
    affordable,
    pay_symbols,
    plan_mana_sacrifices,
    sacrificed_for_mana,
    units_without,
)
from mtgsim.engine.rules.x_costs import has_x, mana_with_x
from mtgsim.engine.rules.zones import log, move, reveal, simultaneously
from mtgsim.engine.state.ask import Asker, IllegalAnswer
from mtgsim.engine.state.decisions import CostOf
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
)

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_COST = DecisionKind.COST
_KIND_COST_COUNTER = DecisionKind.COST_COUNTER
_KIND_COST_DISCARD = DecisionKind.COST_DISCARD
_KIND_COST_TAP = DecisionKind.COST_TAP

NO_CHOICE_SOURCE = "it is paid with the source itself"


def _always(state: GameState, player: int, src: GameObject, cost: Cost,
            keeps: Keeps | None) -> bool:
    return True


def _summoning_sick(o: GameObject) -> bool:
    """302.6: a creature's {T} and {Q} abilities need it under control since the turn began."""
    return o.sick and bool((o.card.type_mask | o.extra_types) & T_CREATURE) and \
        not o.kw & KW_HASTE


# --- tapping other permanents ---------------------------------------------------------------


def _tap_untapped_payable(state: GameState, player: int, src: GameObject, cost: Cost,
                          keeps: Keeps | None) -> bool:
    assert cost.tap_untapped is not None
    return len([o for o in untapped_matching(state, player, cost.tap_untapped, src.oid)
                if keeps_ok(keeps, {o})]) >= cost.tap_untapped_count


def _ask_tap_untapped(state: GameState, asker: Asker, player: int, src: GameObject,
                      cost: Cost, keeps: Keeps | None) -> tuple[int, ...]:
    assert cost.tap_untapped is not None
    options = [o for o in untapped_matching(state, player, cost.tap_untapped, src.oid)
               if keeps_ok(keeps, {o})]
    n = cost.tap_untapped_count
    if len(options) < n:
        raise IllegalAnswer(f"{src.card.name}: not enough untapped permanents to tap")
    picks = asker.choose_many(Decision(
        _KIND_COST_TAP, player, f"tap {n} for {src.card.name}", options=options,
        multi=True, min_count=n, max_count=n, source=src.oid, about=CostOf("tap", src.card)))
    return tuple(options[i] for i in picks)


def _tap_chosen(p: Payment, chosen: tuple[int, ...]) -> None:
    for oid in chosen:
        tap_permanent(p.state, p.state.objects[oid])


TAP_UNTAPPED = cost_part(CostPart(
    "tap_untapped", ("tap_untapped", "tap_untapped_count"),
    present=lambda c: c.tap_untapped is not None, can_pay=_tap_untapped_payable,
    pay=_tap_chosen, stage=Stage.PAID, ask=_ask_tap_untapped, ask_rank=4, uses_keeps=True,
    why_not_valued="the creatures tapped are chosen to be those that would not attack or "
                   "block (engine.players.policies.choice_costs)"))


# --- revealing the card, {T}, {Q} -----------------------------------------------------------


def _reveal_self(p: Payment, chosen: tuple[int, ...]) -> None:
    reveal(p.state, p.source)  # forecast (702.57b): the card stays in hand, revealed
    if p.state.log is not None:
        log(p.state, "reveal", p.player, p.source.card.name)


REVEAL_SELF = cost_part(CostPart(
    "reveal_self", ("reveal_self",), present=lambda c: c.reveal_self, can_pay=_always,
    pay=_reveal_self, stage=Stage.PAID, why_no_choice=NO_CHOICE_SOURCE,
    why_not_valued="revealing a card costs nothing but information, which the AI does "
                   "not model"))


def _tap_payable(state: GameState, player: int, src: GameObject, cost: Cost,
                 keeps: Keeps | None) -> bool:
    return not src.tapped and not _summoning_sick(src)


def _tap_source(p: Payment, chosen: tuple[int, ...]) -> None:
    tap_permanent(p.state, p.source)


def _tap_worth(w: CostWorth, src: GameObject, cost: Cost) -> float:
    return w.tap_loss(src) if is_creature(src) else 0.0


TAP = cost_part(CostPart(
    "tap", ("tap",), present=lambda c: c.tap, can_pay=_tap_payable, pay=_tap_source,
    stage=Stage.PAID, why_no_choice=NO_CHOICE_SOURCE, worth=_tap_worth,
    spends_source=True))


def _untap_payable(state: GameState, player: int, src: GameObject, cost: Cost,
                   keeps: Keeps | None) -> bool:
    return src.tapped and not _summoning_sick(src)  # {Q} (107.6): only a tapped permanent


def _untap_source(p: Payment, chosen: tuple[int, ...]) -> None:
    p.state.set_tapped(p.source, False)


UNTAP = cost_part(CostPart(
    "untap", ("untap",), present=lambda c: c.untap, can_pay=_untap_payable,
    pay=_untap_source, stage=Stage.PAID, why_no_choice=NO_CHOICE_SOURCE,
    why_not_valued="an untap cost is paid with a permanent that is tapped already, so it "
                   "gives nothing up"))


# --- counters on other permanents -------------------------------------------------------------


def _counter_stock(state: GameState, player: int, cost: Cost, source: int) -> dict[int, int]:
    kind = cost.remove_counters_kind
    assert cost.remove_counters_among is not None
    return {oid: state.objects[oid].counters.get(kind, 0)
            for oid in controlled(state, player, cost.remove_counters_among, source)}


def _finish_counter_costs(state: GameState, player: int, cost: Cost, source: int,
                          left: dict[int, int], used: set[int], need: int,
                          keeps: Keeps | None) -> bool:
    """Can the counter costs be completed: ``need`` more counters removed (``left``: the
    counters each candidate still has; ``used``: permanents already chosen), then a
    permanent to put a counter on, with the mana still payable? Greedy, in battlefield
    order: counters on permanents already used first, then others."""
    picked = set(used)
    have = sum(left[o] for o in used)
    for oid, n in left.items():
        if have >= need:
            break
        if oid not in picked and n > 0 and keeps_ok(keeps, picked | {oid}):
            picked.add(oid)
            have += n
    if have < need or not keeps_ok(keeps, picked):
        return False
    if cost.put_counter_on is not None:
        return any(keeps_ok(keeps, picked | {c})
                   for c in controlled(state, player, cost.put_counter_on, source))
    return True


def _counters_payable(state: GameState, player: int, src: GameObject, cost: Cost,
                      keeps: Keeps | None) -> bool:
    """"Remove two +1/+1 counters from among creatures you control", "put a -1/-1 counter
    on a creature you control" (118.3), with the mana part still payable."""
    among = cost.remove_counters_among is not None
    left = _counter_stock(state, player, cost, src.oid) if among else {}
    need = cost.remove_counters_n if among else 0
    return _finish_counter_costs(state, player, cost, src.oid, left, set(), need, keeps)


def _ask_counters(state: GameState, asker: Asker, player: int, src: GameObject, cost: Cost,
                  keeps: Keeps | None) -> tuple[int, ...]:
    """One question per counter removed (the same permanent may be chosen again while it
    has counters left), then the permanent that gets a counter (last in the answer).
    Only choices after which the whole cost can still be paid are offered."""
    name = src.card.name
    removed: list[int] = []
    if cost.remove_counters_among is not None:
        kind = cost.remove_counters_kind
        left = _counter_stock(state, player, cost, src.oid)
        need = cost.remove_counters_n
        for i in range(need):
            options = []
            for oid, n in left.items():
                if n > 0:
                    after = dict(left)
                    after[oid] -= 1
                    if _finish_counter_costs(state, player, cost, src.oid, after,
                                             set(removed) | {oid}, need - i - 1, keeps):
                        options.append(oid)
            if not options:
                raise IllegalAnswer(f"{name}: not enough {kind} counters to remove")
            pick = options[asker.choose(Decision(
                _KIND_COST_COUNTER, player, f"remove a {kind} counter for {name} from",
                options=options, source=src.oid,
                about=CostOf("remove_counter", src.card, counter=kind)))]
            left[pick] -= 1
            removed.append(pick)
    if cost.put_counter_on is not None:
        gone = set(removed)
        options = [c for c in controlled(state, player, cost.put_counter_on, src.oid)
                   if keeps_ok(keeps, gone | {c})]
        if not options:
            raise IllegalAnswer(f"{name}: no permanent to put a counter on")
        removed.append(options[asker.choose(Decision(
            _KIND_COST_COUNTER, player, f"put a {cost.put_counter} counter for {name} on",
            options=options, source=src.oid,
            about=CostOf("put_counter", src.card, counter=cost.put_counter or "")))])
    return tuple(removed)


def _pay_counters(p: Payment, chosen: tuple[int, ...]) -> None:
    from mtgsim.engine.effects.add_counters import add_counters

    state, cost = p.state, p.cost
    put_on = chosen[-1] if cost.put_counter_on is not None else -1
    kind = cost.remove_counters_kind
    for oid in chosen[:-1] if put_on >= 0 else chosen:
        o = state.objects[oid]
        o.counters[kind] -= 1
        if not o.counters[kind]:
            del o.counters[kind]
        characteristics_changed(state)
    if put_on >= 0:
        add_counters(state, state.objects[put_on], cost.put_counter or "-1/-1", 1)


COUNTERS = cost_part(CostPart(
    "counters", ("remove_counters_among", "remove_counters_n", "remove_counters_kind",
                 "put_counter_on", "put_counter"),
    present=lambda c: c.remove_counters_among is not None or c.put_counter_on is not None,
    can_pay=_counters_payable, pay=_pay_counters, stage=Stage.PAID, ask=_ask_counters,
    ask_rank=3, uses_keeps=True,
    worth=lambda w, src, c: 1.8 * c.remove_counters_n if c.remove_counters_among is not None
    else 0.0))


# --- life, cards, permanents ------------------------------------------------------------------


def _pay_life(p: Payment, chosen: tuple[int, ...]) -> None:
    rep.lose_life(p.state, p.player, p.cost.pay_life)


PAY_LIFE = cost_part(CostPart(
    "pay_life", ("pay_life",), present=lambda c: c.pay_life > 0,
    can_pay=lambda state, player, src, c, k: state.players[player].life >= c.pay_life,
    pay=_pay_life, stage=Stage.PAID, why_no_choice="the amount is the card's",
    worth=lambda w, src, c: 0.4 * c.pay_life))


def _hand_without(state: GameState, player: int, src: GameObject) -> list[int]:
    """The cards a cost may discard: the hand, but not the card whose cost it is."""
    return [o for o in state.players[player].hand if o != src.oid]


def _ask_discard(state: GameState, asker: Asker, player: int, src: GameObject, cost: Cost,
                 keeps: Keeps | None) -> tuple[int, ...]:
    hand = _hand_without(state, player, src)
    picks = asker.choose_many(Decision(
        _KIND_COST_DISCARD, player, f"discard for {src.card.name}", options=hand,
        multi=True, min_count=cost.discard, max_count=cost.discard, source=src.oid,
        about=CostOf("discard", src.card)))
    return tuple(hand[i] for i in picks)


def _discard(p: Payment, chosen: tuple[int, ...]) -> None:
    for oid in chosen:
        move(p.state, p.state.objects[oid], GRAVEYARD)


DISCARD = cost_part(CostPart(
    "discard", ("discard",), present=lambda c: c.discard > 0,
    can_pay=lambda state, player, src, c, k: len(state.players[player].hand) - (
        1 if src.zone == HAND else 0) >= c.discard,
    pay=_discard, stage=Stage.PAID, ask=_ask_discard, ask_rank=0,
    worth=lambda w, src, c: 2.5 * c.discard))


def _ask_return(state: GameState, asker: Asker, player: int, src: GameObject, cost: Cost,
                keeps: Keeps | None) -> tuple[int, ...]:
    assert cost.return_to_hand is not None
    options = [o for o in controlled(state, player, cost.return_to_hand, src.oid)
               if keeps_ok(keeps, {o})]
    pick = asker.choose(Decision(
        _KIND_COST, player, f"return for {src.card.name}", options=options,
        source=src.oid, about=CostOf("return", src.card)))
    return (options[pick],)


def _return(p: Payment, chosen: tuple[int, ...]) -> None:
    for oid in chosen:
        rep.leave_battlefield(p.state, p.state.objects[oid], HAND, plan=p.plans.get(oid))


def _plan_return(p: Payment, chosen: tuple[int, ...], asker: Asker) -> None:
    p.plans.update(rep.plan_leaving(p.state, [p.state.objects[o] for o in chosen], HAND,
                                    asker))


def _spare(state: GameState, player: int, f: Filter, src: GameObject,
           keeps: Keeps | None) -> int:
    """How many permanents matching ``f`` the player could sacrifice or return for a
    cost and still pay its mana part (601.2g-h: mana abilities are activated before the
    costs are paid, so a land sacrificed for "as an additional cost, sacrifice a land"
    cannot also tap for the spell's mana): the options the cost's question offers."""
    return sum(1 for o in controlled(state, player, f, src.oid) if keeps_ok(keeps, {o}))


RETURN_TO_HAND = cost_part(CostPart(
    "return_to_hand", ("return_to_hand",), present=lambda c: c.return_to_hand is not None,
    can_pay=lambda state, player, src, c, k: _spare(
        state, player, c.return_to_hand, src, k) > 0,  # type: ignore[arg-type]
    pay=_return, stage=Stage.PAID, ask=_ask_return, ask_rank=1, plan=_plan_return,
    uses_keeps=True, mana_first=True, stays=True,
    why_not_valued="the land returned is played again (Karoo-like costs): the AI takes "
                   "it as free"))


def _ask_sacrifices(state: GameState, asker: Asker, player: int, src: GameObject,
                    cost: Cost, keeps: Keeps | None) -> tuple[int, ...]:
    """"Sacrifice a creature" (one question) or "Sacrifice N [filter]" (one question for
    all N), before anything is paid (601.2b, 602.2b)."""
    assert cost.sacrifice is not None
    name = src.card.name
    options = [o for o in controlled(state, player, cost.sacrifice, src.oid)
               if keeps_ok(keeps, {o})]
    n = cost.sacrifice_n
    if n == 1:
        return (options[asker.choose(Decision(
            _KIND_COST, player, f"sacrifice for {name}", options=options,
            source=src.oid, about=CostOf("sacrifice", src.card)))],)
    if len(options) < n:
        raise IllegalAnswer(f"{name}: not enough permanents to sacrifice")
    picks = asker.choose_many(Decision(
        _KIND_COST, player, f"sacrifice {n} for {name}", options=options,
        multi=True, min_count=n, max_count=n, source=src.oid,
        about=CostOf("sacrifice", src.card)))
    return tuple(options[i] for i in picks)


def _sacrifice(p: Payment, chosen: tuple[int, ...]) -> None:
    state = p.state
    if len(chosen) == 1:
        rep.sacrifice(state, state.objects[chosen[0]], plan=p.plans.get(chosen[0]))
        return
    with simultaneously(state):  # "Sacrifice N ...": at once (603.10a)
        for oid in chosen:
            rep.sacrifice(state, state.objects[oid], plan=p.plans.get(oid))


def _plan_sacrifice(p: Payment, chosen: tuple[int, ...], asker: Asker) -> None:
    p.plans.update(rep.plan_leaving(p.state, [p.state.objects[o] for o in chosen],
                                    GRAVEYARD, asker))


SACRIFICE = cost_part(CostPart(
    "sacrifice", ("sacrifice", "sacrifice_n"), present=lambda c: c.sacrifice is not None,
    can_pay=lambda state, player, src, c, k: _spare(
        state, player, c.sacrifice, src, k) >= c.sacrifice_n,  # type: ignore[arg-type]
    pay=_sacrifice, stage=Stage.PAID, ask=_ask_sacrifices, ask_rank=2, uses_keeps=True,
    plan=_plan_sacrifice, worth=lambda w, src, c: 1.5))


# --- counters on the source -------------------------------------------------------------------


def _put_counter_on_source(p: Payment, chosen: tuple[int, ...]) -> None:
    from mtgsim.engine.effects.add_counters import add_counters

    assert p.cost.put_counter is not None
    add_counters(p.state, p.source, p.cost.put_counter, 1)


PUT_COUNTER = cost_part(CostPart(
    "put_counter", ("put_counter",),
    present=lambda c: c.put_counter is not None and c.put_counter_on is None,
    can_pay=_always, pay=_put_counter_on_source, stage=Stage.PAID,
    why_no_choice=NO_CHOICE_SOURCE,
    why_not_valued="a counter put on the source is valued where it matters (level up's "
                   "own score; -1/-1 counters are not modelled)"))


def _remove_counter_from_source(p: Payment, chosen: tuple[int, ...]) -> None:
    obj, kind = p.source, p.cost.remove_counter
    assert kind is not None
    obj.counters[kind] -= 1
    if not obj.counters[kind]:
        del obj.counters[kind]
    characteristics_changed(p.state)


REMOVE_COUNTER = cost_part(CostPart(
    "remove_counter", ("remove_counter",), present=lambda c: c.remove_counter is not None,
    can_pay=lambda state, player, src, c, k: bool(
        src.counters.get(c.remove_counter)),  # type: ignore[arg-type]
    pay=_remove_counter_from_source, stage=Stage.PAID, why_no_choice=NO_CHOICE_SOURCE,
    why_not_valued="the counters a source holds are there to be spent (charge counters); "
                   "the AI takes it as free"))


# --- the source itself --------------------------------------------------------------------


def _discard_source(p: Payment, chosen: tuple[int, ...]) -> None:
    if p.source.zone == HAND:  # cycling, transmute: "Discard this card"
        move(p.state, p.source, GRAVEYARD)


DISCARD_SELF = cost_part(CostPart(
    "discard_self", ("discard_self",), present=lambda c: c.discard_self, can_pay=_always,
    pay=_discard_source, stage=Stage.SOURCE_MOVES, why_no_choice=NO_CHOICE_SOURCE,
    worth=lambda w, src, c: card_want(w.state, w.me, src.card) if src.zone == HAND else 0.0))


def _sacrifice_source(p: Payment, chosen: tuple[int, ...]) -> None:
    if p.source.zone == BATTLEFIELD:
        rep.sacrifice(p.state, p.source, plan=p.plans.get(p.source.oid))


def _plan_sacrifice_source(p: Payment, chosen: tuple[int, ...], asker: Asker) -> None:
    p.plans.update(rep.plan_leaving(p.state, [p.source], GRAVEYARD, asker))


def _sacrifice_self_worth(w: CostWorth, src: GameObject, cost: Cost) -> float:
    if is_creature(src) and src.zone == BATTLEFIELD and not w.doomed(src):
        return value(src)
    if src.zone == BATTLEFIELD and not is_creature(src):
        return perm_value(w.state, src, w.me)
    return 0.0


SACRIFICE_SELF = cost_part(CostPart(
    "sacrifice_self", ("sacrifice_self",), present=lambda c: c.sacrifice_self,
    can_pay=_always, pay=_sacrifice_source, stage=Stage.AFTER_STACKED,
    why_no_choice=NO_CHOICE_SOURCE, worth=_sacrifice_self_worth, spends_source=True,
    plan=_plan_sacrifice_source))


def _exile_source(p: Payment, chosen: tuple[int, ...]) -> None:
    if p.source.zone == BATTLEFIELD:
        rep.leave_battlefield(p.state, p.source, EXILE)
    elif p.source.zone == GRAVEYARD:  # scavenge: "Exile this card from your graveyard"
        move(p.state, p.source, EXILE)


def _on_battlefield_or_graveyard(state: GameState, player: int, src: GameObject,
                                 cost: Cost, keeps: Keeps | None) -> bool:
    """Exiling the source: from the battlefield (Relic of Progenitus) or, for an ability
    that works in a graveyard (scavenge, 702.97a), from there."""
    return src.zone == BATTLEFIELD or src.zone == GRAVEYARD


# "Exile this artifact" (Relic of Progenitus): the source leaves for exile once the
# ability is on the stack (602.2b, 601.2h), which then resolves with its last known
# information (113.7a); exiling is not sacrificing (701.17). Valued as sacrificing it.
EXILE_SELF = cost_part(CostPart(
    "exile_self", ("exile_self",), present=lambda c: c.exile_self,
    can_pay=_on_battlefield_or_graveyard,
    pay=_exile_source, stage=Stage.AFTER_STACKED, why_no_choice=NO_CHOICE_SOURCE,
    worth=_sacrifice_self_worth, spends_source=True))


# --- mana (checked last: the dearest check) ------------------------------------------------------


def _mana_payable(state: GameState, player: int, src: GameObject, cost: Cost,
                  keeps: Keeps | None) -> bool:
    # (units_without: filters kept, and the creatures a Springleaf Drum would tap counted
    # without the source, as the payment will find them)
    units = units_without(state, player, (src.oid,)) if source_spent(cost) else \
        mana_units(state, player)[0]
    return affordable(parse_cost(cost.mana), units)


def _mana_committed(p: Payment) -> set[int]:
    """The permanents that make no mana for the cost: those another part uses, and of
    those a part needs on the battlefield (returned to hand), those whose mana ability
    sacrifices them (601.2g-h)."""
    committed = set(p.committed)
    if p.kept:
        committed |= sacrificed_for_mana(p.state, p.player, p.kept)
    if source_spent(p.cost):
        committed.add(p.source.oid)
    return committed


def _plan_mana(p: Payment, chosen: tuple[int, ...], asker: Asker) -> None:
    """616.1 for what the mana abilities will sacrifice, chosen before anything is paid."""
    symbols, generic = _to_pay(p)
    p.plans.update(plan_mana_sacrifices(p.state, p.player, ManaCost(generic, symbols),
                                        0, _mana_committed(p), asker))


def _to_pay(p: Payment) -> tuple[tuple[int, ...], int]:
    """The mana part's symbols and generic amount, X as announced (107.3, 601.2f)."""
    if p.cost.mana and has_x(p.cost):
        return mana_with_x(p.cost, p.x)
    mc = parse_cost(p.cost.mana)
    return mc.symbols, mc.generic


def _pay_mana(p: Payment, chosen: tuple[int, ...]) -> None:
    """Mana abilities, without the permanents another part uses (601.2g-h)."""
    symbols, generic = _to_pay(p)
    committed = _mana_committed(p)
    if not pay_symbols(p.state, p.player, symbols, generic, committed, p.plans):
        raise IllegalAnswer(f"{p.source.card.name}: cannot pay {p.cost.mana} without the "
                            "permanents chosen for its other costs")


MANA = cost_part(CostPart(
    # (``x_color``, "Spend only black mana on X", qualifies the mana: engine.rules.x_costs)
    "mana", ("mana", "x_color"), present=lambda c: bool(c.mana), can_pay=_mana_payable,
    pay=_pay_mana, stage=Stage.MANA, plan=_plan_mana,
    why_no_choice="mana abilities are activated as it is paid (601.2g, engine.rules.payment)",
    why_not_valued="the AI weighs mana against its reserve for other spells "
                   "(engine.players.policies.context.fits_reserve), not as a loss"))


__all__ = ["COST_PARTS"]
