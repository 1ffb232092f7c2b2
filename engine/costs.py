"""Costs other than mana (118.3), shared by spells (601.2b, 601.2h) and activated
abilities (602.2b): sacrificing, tapping, removing and putting counters on permanents.

Every choice is offered only if the whole cost can still be paid afterwards: a permanent
used for one part of a cost can't also make mana for it (601.2g-h: mana abilities are
activated before the costs are paid), which the ``Keeps`` tests check.
"""

from __future__ import annotations

from collections.abc import Callable

from mtgsim.engine.ask import Asker, IllegalAnswer
from mtgsim.engine.card import Card
from mtgsim.engine.cards import Cost, Filter
from mtgsim.engine.decisions import CostOf
from mtgsim.engine.filters import matches
from mtgsim.engine.mana import can_pay
from mtgsim.engine.payment import mana_units
from mtgsim.engine.spell_costs import CostReduction
from mtgsim.engine.state import Decision, DecisionKind, GameState


def controlled(state: GameState, player: int, f: Filter, source: int) -> list[int]:
    """The permanents matching ``f`` the player controls, in battlefield order."""
    return [oid for oid in state.battlefield
            if state.objects[oid].controller == player
            and matches(state, f, state.objects[oid], player, source)]


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
    if reduction is not None:
        units, owners = reduction.pool(state, player)
    else:
        units, sources = mana_units(state, player)
        owners = [s[0] for s in sources]

    def keeps(gone: set[int]) -> bool:
        return can_pay(symbols, generic, [u for u, o in zip(units, owners, strict=True)
                                          if o not in gone and o != exclude])
    return keeps


def keeps_ok(keeps: Keeps | None, gone: set[int]) -> bool:
    return keeps is None or keeps(gone)


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


def other_costs_payable(state: GameState, player: int, cost: Cost, source: int,
                        keeps: Keeps | None = None) -> bool:
    """Counter costs on other permanents (118.3): "Remove two +1/+1 counters from among
    creatures you control", "put a -1/-1 counter on a creature you control", and tapping
    untapped creatures, each with the mana part still payable (``keeps``)."""
    if cost.remove_counters_among is not None or cost.put_counter_on is not None:
        left = _counter_stock(state, player, cost, source) \
            if cost.remove_counters_among is not None else {}
        need = cost.remove_counters_n if cost.remove_counters_among is not None else 0
        if not _finish_counter_costs(state, player, cost, source, left, set(), need, keeps):
            return False
    if cost.tap_untapped is not None and len([
            o for o in untapped_matching(state, player, cost.tap_untapped, source)
            if keeps_ok(keeps, {o})]) < cost.tap_untapped_count:
        return False
    return True


def untapped_matching(state: GameState, player: int, f: Filter, source: int) -> list[int]:
    """Untapped permanents matching ``f`` the player controls ("Tap two untapped white
    and/or blue creatures you control")."""
    return [oid for oid in controlled(state, player, f, source)
            if not state.objects[oid].tapped]


def ask_counter_costs(state: GameState, asker: Asker, player: int, cost: Cost, source: int,
                      card: Card, keeps: Keeps | None = None) -> tuple[list[int], int]:
    """Choose the permanents for counter costs (601.2b/602.2b), before paying anything:
    one question per counter removed (the same permanent may be chosen again while it has
    counters left), and the permanent that gets a counter. Only choices after which the
    whole cost can still be paid are offered (``keeps``: the mana part)."""
    name = card.name
    removed: list[int] = []
    if cost.remove_counters_among is not None:
        kind = cost.remove_counters_kind
        left = _counter_stock(state, player, cost, source)
        need = cost.remove_counters_n
        for i in range(need):
            options = []
            for oid, n in left.items():
                if n > 0:
                    after = dict(left)
                    after[oid] -= 1
                    if _finish_counter_costs(state, player, cost, source, after,
                                             set(removed) | {oid}, need - i - 1, keeps):
                        options.append(oid)
            if not options:
                raise IllegalAnswer(f"{name}: not enough {kind} counters to remove")
            pick = options[asker.choose(Decision(
                DecisionKind.COST_COUNTER, player, f"remove a {kind} counter for {name} from",
                options=options, source=source,
                about=CostOf("remove_counter", card, counter=kind)))]
            left[pick] -= 1
            removed.append(pick)
    put_on = -1
    if cost.put_counter_on is not None:
        gone = set(removed)
        options = [c for c in controlled(state, player, cost.put_counter_on, source)
                   if keeps_ok(keeps, gone | {c})]
        if not options:
            raise IllegalAnswer(f"{name}: no permanent to put a counter on")
        put_on = options[asker.choose(Decision(
            DecisionKind.COST_COUNTER, player, f"put a {cost.put_counter} counter for {name} on",
            options=options, source=source,
            about=CostOf("put_counter", card, counter=cost.put_counter or "")))]
    return removed, put_on


def ask_sacrifices(state: GameState, asker: Asker, player: int, cost: Cost, source: int,
                   card: Card, keeps: Keeps | None = None) -> list[int]:
    """Choose the ``sacrifice_n`` permanents a "Sacrifice N [filter]" cost sacrifices
    (601.2b, 601.2h), before paying anything."""
    assert cost.sacrifice is not None
    options = [o for o in controlled(state, player, cost.sacrifice, source)
               if keeps_ok(keeps, {o})]
    n = cost.sacrifice_n
    if len(options) < n:
        raise IllegalAnswer(f"{card.name}: not enough permanents to sacrifice")
    picks = asker.choose_many(Decision(
        DecisionKind.COST, player, f"sacrifice {n} for {card.name}", options=options,
        multi=True, min_count=n, max_count=n, source=source, about=CostOf("sacrifice", card)))
    return [options[i] for i in picks]


def pay_counter_costs(state: GameState, cost: Cost, removed: list[int], put_on: int) -> None:
    from mtgsim.engine.effects.add_counters import add_counters

    kind = cost.remove_counters_kind
    for oid in removed:
        o = state.objects[oid]
        o.counters[kind] -= 1
        if not o.counters[kind]:
            del o.counters[kind]
        state.derived.dirty = True
    if put_on >= 0:
        add_counters(state, state.objects[put_on], cost.put_counter or "-1/-1", 1)
