"""Card text of the devour, graft, bloodthirst and wither cards beyond their keywords.

Effects, conditions and amounts of the family C block of engine/carddefs/families.py, "enters with
counters" replacement effects (614.1c) and the blocking restriction of static abilities
("can't be blocked by creatures with power less than this creature's power", 509.1b).
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine import replacement as rep
from mtgsim.engine.ask import Asker
from mtgsim.engine.card import Card
from mtgsim.engine.cards import (
    CantGainLife,
    DelayedAt,
    Devoured,
    DevouredCount,
    GainAbility,
    GainKeyword,
    Kicked,
    Not,
    PutFromTopOntoBattlefield,
    ReturnToBattlefield,
    RevealTop,
    Triggered,
)
from mtgsim.engine.combat import BLOCK_RESTRICTIONS
from mtgsim.engine.conditions import condition_handler, condition_holds
from mtgsim.engine.decisions import DecisionKind
from mtgsim.engine.effects import (
    amount_of,
    handles,
    handles_amount,
    players_of,
    refs_of,
    source_object,
)
from mtgsim.engine.filters import matches
from mtgsim.engine.layers import static_amount
from mtgsim.engine.replacement import ENTER_HOOKS, AfterEnter
from mtgsim.engine.state import (
    BATTLEFIELD,
    GRAVEYARD,
    HAND,
    STACK,
    ContinuousEffect,
    Decision,
    DelayedTrigger,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.stats import count
from mtgsim.engine.zones import log, move, reveal, shuffle_library

# --- effects ----------------------------------------------------------------------------


@handles(GainKeyword)
def gain_keyword(state: GameState, item: StackItem, eff: Any, asker: Asker,
                 queue: list[Any]) -> None:
    """"It gains bloodthirst 3": the spell has it, and so does the permanent it becomes
    (400.7a; engine.replacement.with_keywords applies it as the permanent enters)."""
    for r in refs_of(state, item, eff.what):
        obj = state.objects.get(r)
        if obj is None or r < 2 or obj.zone != STACK:
            continue
        obj.gained_keywords = [*obj.gained_keywords, eff.keyword]
        if state.log is not None:
            log(state, "gains", item.controller, obj.card.name, eff.keyword)


@handles(RevealTop)
def reveal_top(state: GameState, item: StackItem, eff: Any, asker: Asker,
               queue: list[Any]) -> None:
    for p in players_of(state, item, eff.who):
        library = state.players[p].library
        if not library:
            continue
        top = state.objects[library[-1]]
        if state.log is not None:
            log(state, "reveal", p, top.card.name)
        reveal(state, top)
        if matches(state, eff.filter, top, p, item.source):
            reveal(state, move(state, top, HAND))


@handles(PutFromTopOntoBattlefield)
def put_from_top(state: GameState, item: StackItem, eff: Any, asker: Asker,
                 queue: list[Any]) -> None:
    p = item.controller
    n = amount_of(state, item, eff.amount)
    library = state.players[p].library
    looked = list(reversed(library[-n:])) if n > 0 else []
    options = [oid for oid in looked
               if matches(state, eff.filter, state.objects[oid], p, item.source)]
    chosen: list[int] = []
    if options:
        picks = asker.choose_many(Decision(
            DecisionKind.DIG, p, "put any number of them onto the battlefield", options=options,
            multi=True, min_count=0, max_count=len(options), source=item.source))
        chosen = [options[i] for i in picks]
    for oid in chosen:
        obj = state.objects.get(oid)
        if obj is not None:
            rep.enter(state, obj, p, tapped=eff.tapped)
    shuffle_library(state, p)


@handles(CantGainLife)
def cant_gain_life(state: GameState, item: StackItem, eff: Any, asker: Asker,
                   queue: list[Any]) -> None:
    for p in players_of(state, item, eff.who):
        state.players[p].cant_gain_life = True
        if state.log is not None:
            log(state, "cant_gain_life", p)


@handles(GainAbility)
def gain_ability(state: GameState, item: StackItem, eff: Any, asker: Asker,
                 queue: list[Any]) -> None:
    """Layer 6: the permanent has the ability until end of turn (engine.triggers reads
    granted triggered abilities through ``abilities_of``)."""
    if eff.ability is None:
        return
    for r in refs_of(state, item, eff.what):
        obj = state.objects.get(r)
        if obj is None or r < 2 or obj.zone != BATTLEFIELD:
            continue
        state.clock += 1
        state.effects.append(ContinuousEffect(
            obj.oid, state.clock, until_eot=eff.until_end_of_turn, ability=eff.ability))


@handles(DelayedAt)
def delayed_at(state: GameState, item: StackItem, eff: Any, asker: Asker,
               queue: list[Any]) -> None:
    """603.7: a delayed triggered ability, controlled by this ability's controller
    (603.7d), about what "it" refers to now ("that creature")."""
    state.clock += 1
    state.delayed.append(DelayedTrigger(
        eff.when, item.controller, item.source, item.card,
        Triggered(when=eff.when, effects=eff.effects), state.clock, any_player=True,
        subject=item.subject, subject_lki=item.subject_lki))


@handles(ReturnToBattlefield)
def return_to_battlefield(state: GameState, item: StackItem, eff: Any, asker: Asker,
                          queue: list[Any]) -> None:
    for r in refs_of(state, item, eff.what):
        card_obj = state.objects.get(r)
        if card_obj is None or card_obj.zone != GRAVEYARD:
            continue
        ctrl = card_obj.owner if eff.under == "owner" else item.controller
        after = rep.prepare_enter(state, card_obj.card, ctrl, asker)
        if eff.counters > 0:
            after.append(_enter_with(eff.counter, eff.counters))  # 614.1c
        rep.enter(state, card_obj, ctrl, asker=asker, after=after)
        if item.trigger is not None and item.trigger.keyword:
            count(state, item.controller, item.trigger.keyword + "_returns")


def _enter_with(counter: str, n: int) -> AfterEnter:
    def put(state: GameState, obj: GameObject) -> None:
        from mtgsim.engine.effects import add_counters

        add_counters(state, obj, counter, n)
    return put


# --- conditions and amounts --------------------------------------------------------------


def _stack_item_of(state: GameState, obj: GameObject) -> StackItem | None:
    for it in state.stack:
        if it.sid == obj.oid:
            return it
    return None


@condition_handler(Kicked)
def kicked(state: GameState, cond: Any, controller: int, source: GameObject,
           subject: GameObject | None) -> bool:
    it = _stack_item_of(state, source)
    return bool(it is not None and it.kicked)


@condition_handler(Not)
def not_(state: GameState, cond: Any, controller: int, source: GameObject,
         subject: GameObject | None) -> bool:
    if cond.condition is None:
        return False
    inner = cond.condition
    return not condition_holds(state, inner, controller, source, subject)


def devoured_matching(state: GameState, obj: GameObject, f: Any) -> int:
    """How many of what ``obj`` devoured (as they last existed) match ``f`` (702.82b)."""
    return sum(1 for lki in obj.devoured_lki
               if matches(state, f, lki, obj.controller, obj.oid))


@condition_handler(Devoured)
def devoured(state: GameState, cond: Any, controller: int, source: GameObject,
             subject: GameObject | None) -> bool:
    need: int = cond.at_least
    return devoured_matching(state, source, cond.filter) >= need


@handles_amount(DevouredCount)
def devoured_count(state: GameState, item: StackItem, amount: Any) -> int:
    times: int = amount.times
    return devoured_matching(state, source_object(state, item), amount.filter) * times


# --- "enters with counters" (614.1c) ----------------------------------------------------


def enters_with_counters(state: GameState, card: Card, controller: int,
                         asker: Asker | None) -> AfterEnter | None:
    """"[This] enters with N [kind] counters on it" of the entering card, and "each other
    creature you control enters with an additional X +1/+1 counters" of permanents
    already on the battlefield (X evaluated for that permanent now)."""
    if not card._enter_replacements and not state.derived.enter_replacers:
        return None  # the common case: nothing to add, known before a probe is made
    adds: list[tuple[str, int]] = []
    probe = GameObject(-1, card, controller, controller, BATTLEFIELD,
                       color=card._color_mask)  # its colours (layer 5 field)
    for r in card._enter_replacements:
        if r.kind == "enters_with_counters":
            adds.append((r.counter, static_amount(state, r.amount, probe)))
    for oid in state.battlefield:
        src = state.objects[oid]
        if src.lost_abilities or not src.card._enter_replacements:
            continue
        for r in src.card._enter_replacements:
            if r.kind == "others_enter_with_counters" and matches(
                    state, r.filter, probe, src.controller, src.oid):
                adds.append((r.counter, static_amount(state, r.amount, src)))
    adds = [(k, n) for k, n in adds if n > 0]
    if not adds:
        return None

    def put(state: GameState, obj: GameObject) -> None:
        from mtgsim.engine.effects import add_counters

        for kind, n in adds:
            add_counters(state, obj, kind, n)
    return put


ENTER_HOOKS.append(enters_with_counters)


# --- blocking restrictions (509.1b) -------------------------------------------------------


def cant_be_blocked_by(state: GameState, blocker: GameObject, attacker: GameObject) -> bool:
    """False if a static ability of the attacker says this blocker can't block it."""
    if attacker.lost_abilities:
        return True
    for st in attacker.card._statics:
        f = st.cant_be_blocked_by
        if f is None:
            continue
        if st.condition is not None and not condition_holds(
                state, st.condition, attacker.controller, attacker):
            continue
        if matches(state, f, blocker, attacker.controller, attacker.oid):
            return False
    return True


BLOCK_RESTRICTIONS.append(cant_be_blocked_by)
