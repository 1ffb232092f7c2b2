"""Resolving spells and abilities (rule 608) and the effect vocabulary of card text.

A ``ResolveTask`` works through a queue of effects, one at a time; an effect asks all its
questions (through the task's Asker) before it changes anything, so a resumed task
replays the answers of the current effect only. "You may", "if" and "choose one" push
their inner effects onto the front of the queue instead of running them inline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgsim.engine import mana as mana_mod
from mtgsim.engine import replacement as rep
from mtgsim.engine.ask import Asker
from mtgsim.engine.cards import (
    T_INSTANT,
    T_SORCERY,
    AddCounters,
    AddMana,
    AttachedAuras,
    Bounce,
    CardsInHand,
    CopySpell,
    CountersOnSelf,
    CounterSpell,
    CountPermanents,
    CreateToken,
    Damage,
    Destroy,
    Discard,
    Draw,
    EffectT,
    Exile,
    ForEachTarget,
    GainControl,
    GainLife,
    If,
    LoseLife,
    May,
    Mill,
    PowerOf,
    Pump,
    PutOnLibrary,
    Regenerate,
    ReturnFromGraveyard,
    Sacrifice,
    Search,
    Tap,
    Untap,
    X,
    keyword_mask,
)
from mtgsim.engine.conditions import condition_holds
from mtgsim.engine.copies import choose_new_targets, copy_spell
from mtgsim.engine.decisions import (
    AboutT,
    Discarding,
    MayEffect,
    MayPay,
    Modes,
    Sacrificing,
    Searching,
)
from mtgsim.engine.derived import game_card
from mtgsim.engine.filters import matches
from mtgsim.engine.layers import ensure
from mtgsim.engine.rng import randbelow
from mtgsim.engine.state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    NONE,
    STACK,
    ContinuousEffect,
    Decision,
    DecisionKind,
    GameObject,
    GameState,
    ResolveTask,
    StackItem,
)
from mtgsim.engine.stats import count
from mtgsim.engine.targets import is_legal_target
from mtgsim.engine.zones import (
    describe,
    forget_object,
    log,
    move,
    reveal,
    shuffle_library,
    simultaneously,
)

YES, NO = 1, 0

# Effects of keyword abilities register their handlers here (engine/keywords/*).
EffectHandler = Callable[[GameState, StackItem, Any, Asker, list[Any]], None]
EFFECT_HANDLERS: dict[type, EffectHandler] = {}
# 608.2n: where a resolving instant or sorcery card goes; a hook may return another zone
# (rebound, flashback) and set up what follows. (state, item, card object) -> zone | None
SpellDoneHook = Callable[[GameState, StackItem, GameObject], int | None]
SPELL_DONE_HOOKS: list[SpellDoneHook] = []
# After a spell resolved (epic): (state, item) -> None
RESOLVED_HOOKS: list[Callable[[GameState, StackItem], None]] = []
# Amounts added by keyword/family modules: (state, item, amount) -> int
AmountHandler = Callable[[GameState, StackItem, Any], int]
AMOUNT_HANDLERS: dict[type, AmountHandler] = {}


def handles_amount(amount_type: type) -> Callable[[AmountHandler], AmountHandler]:
    def deco(fn: AmountHandler) -> AmountHandler:
        AMOUNT_HANDLERS[amount_type] = fn
        return fn
    return deco


def handles(effect_type: type) -> Callable[[EffectHandler], EffectHandler]:
    def deco(fn: EffectHandler) -> EffectHandler:
        EFFECT_HANDLERS[effect_type] = fn
        return fn
    return deco


def source_object(state: GameState, item: StackItem) -> GameObject:
    obj = state.objects.get(item.source)
    if obj is not None:
        return obj
    if item.source_lki is not None:
        return item.source_lki
    raise KeyError(f"source of {item.label} is gone without last known information")


def amount_of(state: GameState, item: StackItem, amount: object) -> int:
    if isinstance(amount, int):
        return amount
    if isinstance(amount, X):
        return item.x * amount.times
    if isinstance(amount, CountPermanents):
        n = 0
        src = item.source
        for oid in state.battlefield:
            if matches(state, amount.filter, state.objects[oid], item.controller, src):
                n += 1
        return n * amount.times
    if isinstance(amount, CardsInHand):
        return len(state.players[players_of(state, item, amount.who)[0]].hand)
    if isinstance(amount, CountersOnSelf):
        return source_object(state, item).counters.get(amount.counter, 0)
    if isinstance(amount, AttachedAuras):
        host = source_object(state, item).oid
        return amount.times * sum(
            1 for oid in state.battlefield
            if state.objects[oid].attached_to == host and state.objects[oid].card.is_aura
        )
    if isinstance(amount, PowerOf):
        refs = refs_of(state, item, amount.what)
        if not refs:
            # 608.2h: "its power" of a source that left the battlefield: last known info
            if amount.what == "self" and item.source_lki is not None:
                return item.source_lki.power
            return 0
        ensure(state)
        obj = state.objects.get(refs[0])
        return obj.power if obj is not None else 0
    handler = AMOUNT_HANDLERS.get(type(amount))
    if handler is not None:
        return handler(state, item, amount)
    raise TypeError(f"unsupported amount {amount!r}")


def refs_of(state: GameState, item: StackItem, ref: str) -> list[int]:
    """Resolve a symbolic reference of card text to player ids / object ids."""
    if ref[0] == "t" and ref[1:].isdigit():
        i = int(ref[1:])
        if i < len(item.targets):
            t = item.targets[i]
            if t != NONE:
                return [t]
        return []
    if ref == "targets":  # every (still legal) target: "X target creature cards"
        return [t for t in item.targets if t != NONE]
    if ref == "0" or ref == "1":
        return [int(ref)]
    if ref == "self":
        return [item.source] if item.source in state.objects else []
    if ref == "you":
        return [item.controller]
    if ref == "each_opponent":
        return [1 - item.controller]
    if ref == "each_player":
        return [state.active, 1 - state.active]
    if ref == "defending_player":
        combat = state.combat
        return [combat.defender if combat is not None else 1 - item.controller]
    if ref == "it":
        if 0 <= item.subject < 2:  # a player ("that player": deals damage to a player)
            return [item.subject]
        return [item.subject] if item.subject in state.objects else []
    if ref == "created":  # the tokens this ability created so far as it resolves
        return [oid for oid in item.created if oid in state.objects]
    if ref == "it_card" or ref == "self_card":
        lki = item.subject_lki if ref == "it_card" else item.source_lki
        if lki is not None and lki.moved_to in state.objects:
            return [lki.moved_to]
        return []
    if ref == "enchanted":
        src = source_object(state, item)
        return [src.attached_to] if src.attached_to != NONE else []
    if ref.startswith("controller_of:"):
        inner = refs_of(state, item, ref.split(":", 1)[1])
        if inner:
            if inner[0] < 2:
                return [inner[0]]
            o = state.objects.get(inner[0])
            if o is not None:
                return [o.controller]
        elif item.subject_lki is not None and ref.endswith("it"):
            return [item.subject_lki.controller]
        return []
    raise ValueError(f"unknown reference {ref!r} in {item.label}")


def players_of(state: GameState, item: StackItem, ref: str) -> list[int]:
    out = []
    for r in refs_of(state, item, ref):
        if r < 2:
            out.append(r)
        else:
            o = state.objects.get(r)
            if o is not None:
                out.append(o.controller)
    return out


def permanents(state: GameState, refs: list[int]) -> list[GameObject]:
    out = []
    for r in refs:
        if r >= 2:
            o = state.objects.get(r)
            if o is not None and o.zone == BATTLEFIELD:
                out.append(o)
    return out


def each_matching(state: GameState, item: StackItem, f: object) -> list[GameObject]:
    from mtgsim.engine.cards import Filter

    assert isinstance(f, Filter)
    return [
        state.objects[oid] for oid in list(state.battlefield)
        if matches(state, f, state.objects[oid], item.controller, item.source)
    ]


def yes_no(asker: Asker, player: int, prompt: str, source: int, about: AboutT) -> bool:
    """Ask a "may" question (yes: option 0); ``about`` says what it is about."""
    return asker.choose(Decision(DecisionKind.MAY, player, prompt, options=[YES, NO],
                                 source=source, about=about)) == 0


def run_effect(state: GameState, item: StackItem, eff: EffectT, asker: Asker,
               queue: list[EffectT]) -> None:
    """Do one effect. Inner effects of May/If/choose go to the front of ``queue``."""
    if isinstance(eff, Damage):
        src = source_object(state, item)
        n = amount_of(state, item, eff.amount)
        if eff.each is not None:
            for o in each_matching(state, item, eff.each):
                rep.deal_damage(state, src, o.oid, n)
        else:
            for r in refs_of(state, item, eff.to):
                rep.deal_damage(state, src, r, n)
    elif isinstance(eff, Destroy):
        targets = each_matching(state, item, eff.each) if eff.each is not None else \
            permanents(state, refs_of(state, item, eff.what))
        with simultaneously(state):  # "destroy all ...": one event (603.10a)
            for o in targets:
                rep.destroy(state, o, eff.no_regenerate)
    elif isinstance(eff, Exile):
        with simultaneously(state):
            for r in refs_of(state, item, eff.what):
                found = state.objects.get(r)
                if found is None:
                    continue
                if found.zone == BATTLEFIELD:
                    rep.leave_battlefield(state, found, EXILE)
                elif found.zone != STACK:
                    move(state, found, EXILE)
    elif isinstance(eff, Bounce):
        with simultaneously(state):
            for o in permanents(state, refs_of(state, item, eff.what)):
                rep.leave_battlefield(state, o, HAND)
    elif isinstance(eff, Draw):
        n = amount_of(state, item, eff.amount)
        players = players_of(state, item, eff.who)
        if n == 1 and len(players) == 1:
            rep.draw(state, players[0], asker)
        elif n > 0:
            # Each draw may be replaced (dredge) with its own question: one at a time.
            queue[0:0] = [Draw(1, str(p)) for p in players for _ in range(n)]
    elif isinstance(eff, Discard):
        n = amount_of(state, item, eff.amount)
        discarders = players_of(state, item, eff.who)
        if len(discarders) > 1 and not eff.random:
            # One player at a time: each answers before anything changes (a resumed
            # effect replays its answers, so no discard may happen before the last one).
            queue[0:0] = [Discard(n, str(p), eff.random) for p in discarders]
            return
        for p in discarders:
            hand = state.players[p].hand
            k = min(n, len(hand))
            if k == 0:
                continue
            if eff.random:
                chosen = []
                pool = list(hand)
                for _ in range(k):
                    state.rng, j = randbelow(state.rng, len(pool))
                    chosen.append(pool.pop(j))
            else:
                picks = asker.choose_many(Decision(
                    DecisionKind.DISCARD, p, f"discard {k}", options=list(hand), multi=True,
                    min_count=k, max_count=k, source=item.source, about=Discarding("effect")))
                chosen = [hand[i] for i in picks]
            for oid in chosen:
                o = state.objects[oid]
                if state.log is not None:
                    log(state, "discard", p, o.card.name)
                move(state, o, GRAVEYARD)
    elif isinstance(eff, Mill):
        from mtgsim.engine.zones import mill

        n = amount_of(state, item, eff.amount)
        for p in players_of(state, item, eff.who):
            mill(state, p, n)
    elif isinstance(eff, GainLife):
        n = amount_of(state, item, eff.amount)
        for p in players_of(state, item, eff.who):
            rep.gain_life(state, p, n)
    elif isinstance(eff, LoseLife):
        n = amount_of(state, item, eff.amount)
        for p in players_of(state, item, eff.who):
            rep.lose_life(state, p, n)
    elif isinstance(eff, Pump):
        dp = amount_of(state, item, eff.power)
        dt = amount_of(state, item, eff.toughness)
        if eff.negative:
            dp, dt = -dp, -dt
        kw = keyword_mask(eff.keywords)
        targets = each_matching(state, item, eff.each) if eff.each is not None else \
            permanents(state, refs_of(state, item, eff.what))
        for o in targets:
            state.clock += 1
            state.effects.append(ContinuousEffect(o.oid, state.clock, dp, dt, kw))
            if state.log is not None:
                log(state, "pump", item.controller, o.card.name, f"{dp:+d}/{dt:+d}")
        state.derived.dirty = True
    elif isinstance(eff, AddCounters):
        n = amount_of(state, item, eff.amount)
        targets = each_matching(state, item, eff.each) if eff.each is not None else \
            permanents(state, refs_of(state, item, eff.what))
        for o in targets:
            add_counters(state, o, eff.counter, n)
    elif isinstance(eff, CreateToken):
        n = amount_of(state, item, eff.amount)
        players = players_of(state, item, eff.who)
        if n * len(players) > 1:
            # One token at a time: each may ask its own "as it enters" questions (a
            # Dragon token's devour, 702.82a) before anything changes.
            queue[0:0] = [CreateToken(eff.token, 1, str(p), eff.tapped)
                          for p in players for _ in range(n)]
            return
        for p in players:
            for _ in range(n):
                token = rep.create_token(state, game_card(state, eff.token), p, eff.tapped,
                                         asker)
                item.created.append(token.oid)
    elif isinstance(eff, Tap):
        for o in permanents(state, refs_of(state, item, eff.what)):
            state.set_tapped(o, True)
    elif isinstance(eff, Untap):
        for o in permanents(state, refs_of(state, item, eff.what)):
            state.set_tapped(o, False)
    elif isinstance(eff, Search):
        _search(state, item, eff, asker)
    elif isinstance(eff, ReturnFromGraveyard):
        with simultaneously(state):  # "return X target creature cards": they enter at once
            for r in refs_of(state, item, eff.what):
                card_obj = state.objects.get(r)
                if card_obj is None or card_obj.zone != GRAVEYARD:
                    continue
                if eff.to == "hand":
                    move(state, card_obj, HAND)
                else:  # an Aura asks what it enchants (303.4f)
                    rep.enter(state, card_obj, item.controller, asker=asker)
    elif isinstance(eff, Sacrifice):
        _sacrifice(state, item, eff, asker)
    elif isinstance(eff, CounterSpell):
        _counter(state, item, eff, asker)
    elif isinstance(eff, PutOnLibrary):
        with simultaneously(state):
            for r in refs_of(state, item, eff.what):
                found = state.objects.get(r)
                if found is None or found.zone == STACK:
                    continue
                if found.zone == BATTLEFIELD:
                    new = rep.leave_battlefield(state, found, LIBRARY)
                else:
                    new = move(state, found, LIBRARY)
                library = state.players[new.owner].library
                if eff.position != 0 and new.oid in library:
                    library.remove(new.oid)
                    if eff.position < 0:
                        library.insert(0, new.oid)
                    else:
                        library.insert(max(0, len(library) - eff.position), new.oid)
    elif isinstance(eff, CopySpell):
        for r in refs_of(state, item, eff.what):
            original = next((i for i in state.stack if i.sid == r), None)
            if original is None:
                continue
            new_targets = choose_new_targets(state, asker, original, item.controller) \
                if eff.new_targets and original.target_specs else None
            copy_spell(state, original, item.controller, new_targets)
    elif isinstance(eff, GainControl):
        until_leaves = NONE
        if eff.while_source_on_battlefield:
            # 611.2b: if the source already left the battlefield, the effect does nothing.
            src_obj = state.objects.get(item.source)
            if src_obj is None or src_obj.zone != BATTLEFIELD:
                return
            until_leaves = src_obj.oid
        for o in permanents(state, refs_of(state, item, eff.what)):
            state.clock += 1
            state.effects.append(ContinuousEffect(
                o.oid, state.clock, control=item.controller, until_eot=eff.until_end_of_turn,
                until_leaves=until_leaves))
            if o.controller != item.controller:
                o.sick = True
            state.derived.dirty = True
    elif isinstance(eff, Regenerate):
        for o in permanents(state, refs_of(state, item, eff.what)):
            o.regen_shields += 1
    elif isinstance(eff, AddMana):
        cost = mana_mod.parse_cost(eff.mana)
        pool = state.players[item.controller].pool
        pool.extend(cost.symbols)
        pool.extend([mana_mod.C] * cost.generic)
    elif isinstance(eff, May):
        if yes_no(asker, item.controller, f"{item.label}: do it?", item.source,
                  MayEffect(eff.effects)):
            queue[0:0] = eff.effects
    elif isinstance(eff, If):
        src = source_object(state, item)
        if condition_holds(state, eff.condition, item.controller, src, item.subject_lki):
            queue[0:0] = eff.effects
        else:
            queue[0:0] = eff.otherwise
    elif isinstance(eff, ForEachTarget):
        labels = list(eff.labels) or [str(i) for i in range(len(eff.options))]
        pick = asker.choose(Decision(
            DecisionKind.MODE, item.controller, f"{item.label}: " + " or ".join(labels),
            options=list(range(len(eff.options))), source=item.source,
            about=Modes(tuple(labels))))
        queue[0:0] = eff.options[pick]
    else:
        handler = EFFECT_HANDLERS.get(type(eff))
        if handler is None:
            raise TypeError(f"unknown effect {eff!r}")
        handler(state, item, eff, asker, queue)


def add_counters(state: GameState, obj: GameObject, counter: str, n: int) -> None:
    if n <= 0:
        return
    if counter == "level":
        count(state, obj.controller, "levels_gained", n)
    obj.counters[counter] = obj.counters.get(counter, 0) + n
    state.derived.dirty = True
    if state.log is not None:
        log(state, "counters", obj.controller, obj.card.name, counter, n)


def _search(state: GameState, item: StackItem, eff: Search, asker: Asker) -> None:
    p = item.controller
    library = state.players[p].library
    options = [oid for oid in reversed(library)
               if matches(state, eff.filter, state.objects[oid], p, item.source)]
    found: list[int] = []
    if options:
        picks = asker.choose_many(Decision(
            DecisionKind.SEARCH, p, "search your library", options=options, multi=True,
            min_count=0, max_count=1, source=item.source, about=Searching(p)))
        found = [options[i] for i in picks]
    for oid in found:
        o = state.objects[oid]
        if state.log is not None:
            log(state, "search", p, o.card.name)
        if eff.to == "hand":
            new = move(state, o, HAND)
            if eff.reveal:  # "reveal it, put it into your hand"
                reveal(state, new)
        elif eff.to == "graveyard":
            move(state, o, GRAVEYARD)
        else:
            rep.enter(state, o, p, tapped=eff.tapped, asker=asker)
    shuffle_library(state, p)


def _sacrifice(state: GameState, item: StackItem, eff: Sacrifice, asker: Asker) -> None:
    """701.17: each player chooses (in turn order, 101.4) before anything is sacrificed,
    then all the chosen permanents are sacrificed at once, one event (603.10a)."""
    if eff.what is not None:
        with simultaneously(state):
            for o in permanents(state, refs_of(state, item, eff.what)):
                if o.controller == item.controller:
                    rep.sacrifice(state, o)
        return
    n = amount_of(state, item, eff.amount)
    chosen: list[int] = []
    for p in players_of(state, item, eff.who):
        options = [oid for oid in state.battlefield
                   if state.objects[oid].controller == p
                   and matches(state, eff.filter, state.objects[oid], p, item.source)]
        k = min(n, len(options))
        if k == 0:
            continue
        picks = asker.choose_many(Decision(
            DecisionKind.SACRIFICE, p, f"sacrifice {k}", options=options, multi=True,
            min_count=k, max_count=k, source=item.source, about=Sacrificing()))
        chosen.extend(options[i] for i in picks)
    with simultaneously(state):
        for oid in chosen:
            victim = state.objects.get(oid)
            if victim is not None and victim.zone == BATTLEFIELD:
                rep.sacrifice(state, victim)


def _counter(state: GameState, item: StackItem, eff: CounterSpell, asker: Asker) -> None:
    from mtgsim.engine.payment import mana_units, pay_cost

    for r in refs_of(state, item, eff.what):
        target = next((i for i in state.stack if i.sid == r), None)
        if target is None or cant_be_countered(target):
            continue
        if eff.unless_pay is not None:
            cost = mana_mod.parse_cost(eff.unless_pay)
            units, _ = mana_units(state, target.controller)
            if mana_mod.can_pay(cost.symbols, cost.generic, units):
                if yes_no(asker, target.controller, f"pay {eff.unless_pay}?", item.source,
                          MayPay(eff.unless_pay, "unless", target.card)):
                    pay_cost(state, target.controller, cost, 0)
                    continue
        counter_item(state, target)


def cant_be_countered(target: StackItem) -> bool:
    """"This spell can't be countered" (a static ability that works on the stack)."""
    return target.is_spell and target.card._cant_be_countered


def counter_item(state: GameState, target: StackItem) -> None:
    """Counter a spell or ability (701.5): off the stack, a spell card to the graveyard."""
    if cant_be_countered(target):
        return
    state.stack.remove(target)
    if state.log is not None:
        log(state, "countered", target.controller, target.card.name)
    if target.is_spell and not target.is_copy:
        obj = state.objects.get(target.sid)
        if obj is not None:
            move(state, obj, EXILE if target.alt == 1 else GRAVEYARD)
    elif target.is_spell:
        forget_object(state, target.sid)  # a copy of a spell ceases to exist (707.10a)


def resolve_top(state: GameState, task: ResolveTask) -> None:
    """Handler of ResolveTask (608.2)."""
    item = state.stack[-1]
    if item.sid != task.sid:  # a spell was cast while this resolved (cascade): find ours
        item = next(i for i in state.stack if i.sid == task.sid)
    if not task.started:
        if item.target_specs and any(t != NONE for t in item.targets):
            # 608.2b: only a spell that has targets can lose them ("up to" may have none).
            legal = [
                t != NONE and is_legal_target(state, spec, t, item.controller, item.source)
                for spec, t in zip(item.target_specs, item.targets, strict=False)
            ]
            if not any(legal):
                # 608.2b: all its targets are illegal: it doesn't resolve.
                if state.log is not None:
                    log(state, "fizzle", item.controller, item.label or item.card.name)
                state.tasks.pop()
                state.stack.pop()
                state.derived.resolved += 1
                _spell_done(state, item, to_battlefield=False)
                return
            item.targets = [t if ok else NONE for t, ok in zip(item.targets, legal,
                                                                 strict=False)]
        trig = item.trigger
        if trig is not None and trig.condition is not None:
            src = source_object(state, item)
            if not condition_holds(state, trig.condition, item.controller, src,
                                   item.subject_lki):
                state.tasks.pop()  # 603.4: removed, it does nothing (it counts as done)
                state.stack.pop()
                state.derived.resolved += 1
                return
        if state.log is not None:
            log(state, "resolve", item.controller, item.label or item.card.name,
                ", ".join(describe(state, t) for t in item.targets if t != NONE))
        if trig is not None and trig.keyword:
            count(state, item.controller, trig.keyword.replace(" ", "_") + "_triggers")
        task.queue = list(item.effects)
        if trig is not None and trig.optional:
            task.queue = [May(tuple(item.effects))]
        task.started = True
    queue = task.queue
    while queue:
        asker = Asker(state, task)
        eff = queue[0]
        del queue[0]
        try:
            run_effect(state, item, eff, asker, queue)
        except BaseException:
            queue.insert(0, eff)
            raise
        task.answers = []
        if state.tasks[-1] is not task:
            return  # an effect started a task (casting a card during resolution): run it
    # 608.3: a permanent spell enters; its "as it enters" questions come first.
    after = None
    attach = NONE
    card = item.card
    enters = item.is_spell and card.is_permanent_card
    if enters:
        asker = Asker(state, task)
        if card.is_aura:
            attach = item.targets[0] if item.targets else NONE
        if not card.is_aura or attach != NONE:
            spell_obj = state.objects.get(item.sid)
            if spell_obj is not None and spell_obj.gained_keywords:
                # 400.7a: abilities an effect gave the spell apply as it enters.
                card = rep.with_keywords(state, card, spell_obj.gained_keywords)
            after = rep.prepare_enter(state, card, item.controller, asker)
    state.tasks.pop()
    state.derived.resolved += 1
    if state.stack and state.stack[-1] is item:
        state.stack.pop()
    elif item in state.stack:
        state.stack.remove(item)
    _spell_done(state, item, to_battlefield=True, attach=attach, after=after)
    for hook in RESOLVED_HOOKS:
        hook(state, item)


def _spell_done(state: GameState, item: StackItem, to_battlefield: bool, attach: int = NONE,
                after: list[rep.AfterEnter] | None = None) -> None:
    """608.2n / 608.3: an instant or sorcery goes to the graveyard; a permanent enters."""
    if not item.is_spell:
        return
    obj = state.objects.get(item.sid)
    if obj is None or obj.zone != STACK:
        return
    card = obj.card
    if item.is_copy:
        forget_object(state, item.sid)
        if to_battlefield and card.is_permanent_card:  # 608.3f: it becomes a token
            rep.create_token(state, card, item.controller)
        return
    if card._type_mask & (T_INSTANT | T_SORCERY) or not to_battlefield:
        zone = EXILE if item.alt == 1 else GRAVEYARD  # flashback: exiled (702.34a)
        if to_battlefield and zone == GRAVEYARD:
            for hook in SPELL_DONE_HOOKS:
                other = hook(state, item, obj)
                if other is not None:
                    zone = other
                    break
        new = move(state, obj, zone)
        if zone == GRAVEYARD and to_battlefield and new.card._triggered:
            from mtgsim.engine import triggers

            triggers.spell_to_graveyard(state, new)
        return
    if card.is_aura and attach == NONE:
        move(state, obj, GRAVEYARD)
        return
    if item.alt:
        alt = item.alt

        def remember_alt(_state: GameState, new: GameObject) -> None:
            new.cast_alt = alt  # "if its evoke cost was paid" (702.74a)

        after = [*(after or []), remember_alt]
    rep.enter(state, obj, item.controller, attach_to=attach, after=after or [])


__all__ = ["resolve_top", "run_effect", "counter_item", "add_counters"]
