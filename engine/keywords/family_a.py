"""Effects, conditions and amounts of the cascade, epic, replicate and rebound cards.

Each handler implements one typed effect of ``engine.cards`` (family A block) in general
terms; the rules they follow are cited on the effect classes and below.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine import replacement as rep
from mtgsim.engine.ask import Asker
from mtgsim.engine.cards import (
    COLOR_BIT,
    TYPE_BIT,
    AdditionalCombat,
    Becomes,
    CardTypesInGraveyard,
    DoesntUntapNext,
    Exile,
    ExileAtNextEndStep,
    ExiledManaValue,
    ExileUntil,
    MoreLifeThanOpponent,
    OwnedByYou,
    ProtectionFromChosenColor,
    ReturnAtRandom,
    SearchLibrary,
    Triggered,
    UntapEach,
)
from mtgsim.engine.combat import ATTACK_HOOKS
from mtgsim.engine.conditions import condition_handler
from mtgsim.engine.decisions import ColorFor, DecisionKind, Searching
from mtgsim.engine.effects import (
    amount_of,
    each_matching,
    handles,
    handles_amount,
    permanents,
    players_of,
    refs_of,
)
from mtgsim.engine.filters import matches
from mtgsim.engine.rng import randbelow
from mtgsim.engine.state import (
    EXILE,
    HAND,
    ContinuousEffect,
    Decision,
    DelayedTrigger,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.zones import log, move, shuffle_library

# The colours a "color of your choice" answer can name (105.1), as colour bits.
COLOR_CHOICES = [COLOR_BIT[c] for c in "WUBRG"]
EXILE_AT_END = Triggered(when="end_step", effects=(Exile(what="it"),))


@handles(DoesntUntapNext)
def doesnt_untap_next(state: GameState, item: StackItem, eff: Any, asker: Asker,
                      queue: list[Any]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        o.skip_untap = True


@handles(Becomes)
def becomes(state: GameState, item: StackItem, eff: Any, asker: Asker,
            queue: list[Any]) -> None:
    mask = 0
    for t in eff.add_types:
        mask |= TYPE_BIT[t]
    for o in permanents(state, refs_of(state, item, eff.what)):
        state.clock += 1
        state.effects.append(ContinuousEffect(
            o.oid, state.clock, add_types=mask, set_base=(eff.power, eff.toughness),
            until_eot=eff.until_end_of_turn))
        if state.log is not None:
            log(state, "becomes", item.controller, o.card.name,
                f"{eff.power}/{eff.toughness} {' '.join(eff.add_types)}")
    state.derived.dirty = True


@handles(ProtectionFromChosenColor)
def protection_from_chosen_color(state: GameState, item: StackItem, eff: Any, asker: Asker,
                                 queue: list[Any]) -> None:
    targets = permanents(state, refs_of(state, item, eff.what))
    if not targets:
        return
    pick = asker.choose(Decision(
        DecisionKind.COLOR, item.controller, f"{item.label}: protection from which color?",
        options=list(COLOR_CHOICES), source=item.source, about=ColorFor("protection")))
    color = COLOR_CHOICES[pick]
    for o in targets:
        state.clock += 1
        state.effects.append(ContinuousEffect(o.oid, state.clock, protection=color))
        if state.log is not None:
            log(state, "protection", item.controller, o.card.name, "WUBRG"[pick])
    state.derived.dirty = True


@handles(ExileUntil)
def exile_until(state: GameState, item: StackItem, eff: Any, asker: Asker,
                queue: list[Any]) -> None:
    for p in players_of(state, item, eff.who)[:1]:
        library = state.players[p].library
        exiled: list[GameObject] = []
        item.data = 0
        while library:
            obj = state.objects[library[-1]]
            hit = matches(state, eff.filter, obj, p, item.source)
            exiled.append(move(state, obj, EXILE))
            if hit:
                item.data = obj.card._mana_value
                break
        if state.log is not None and exiled:
            log(state, "exile", p, ", ".join(o.card.name for o in exiled))


@handles_amount(ExiledManaValue)
def exiled_mana_value(state: GameState, item: StackItem, amount: Any) -> int:
    return item.data


@handles(SearchLibrary)
def search_library(state: GameState, item: StackItem, eff: Any, asker: Asker,
                   queue: list[Any]) -> None:
    owners = players_of(state, item, eff.whose)
    if not owners:
        return
    owner = owners[0]
    searcher = item.controller
    name = None
    if eff.same_name_as is not None:
        named = [state.objects[r] for r in refs_of(state, item, eff.same_name_as)
                 if r >= 2 and r in state.objects]
        if not named:
            shuffle_library(state, owner)
            return
        name = named[0].card.name
    n = amount_of(state, item, eff.amount)
    library = state.players[owner].library
    options = [oid for oid in reversed(library)
               if (name is None or state.objects[oid].card.name == name)
               and matches(state, eff.filter, state.objects[oid], searcher, item.source)]
    found: list[int] = []
    k = min(n, len(options))
    prompt = f"search {'your' if owner == searcher else 'their'} library"
    if k > 0 and name is None and eff.filter == SearchLibrary().filter:
        # 701.19c: "N cards" with no stated quality: find as many as possible, one by one
        left = list(options)
        for _ in range(k):
            pick = asker.choose_many(Decision(
                DecisionKind.SEARCH, searcher, prompt, options=list(left), multi=True,
                min_count=1, max_count=1, source=item.source, about=Searching(owner)))
            found.append(left.pop(pick[0]))
    elif k > 0:
        # 701.19b: cards with a stated quality: the searcher may fail to find them
        picks = asker.choose_many(Decision(
            DecisionKind.SEARCH, searcher, prompt, options=options, multi=True, min_count=0,
            max_count=k, source=item.source, about=Searching(owner)))
        found = [options[i] for i in picks]
    under = players_of(state, item, eff.under)
    for oid in found:
        o = state.objects[oid]
        if state.log is not None:
            log(state, "search", searcher, o.card.name)
        if eff.to == "battlefield":
            rep.enter(state, o, under[0] if under else searcher, asker=asker)
        else:
            move(state, o, HAND if eff.to == "hand" else EXILE)
    shuffle_library(state, owner)


@handles(ReturnAtRandom)
def return_at_random(state: GameState, item: StackItem, eff: Any, asker: Asker,
                     queue: list[Any]) -> None:
    for p in players_of(state, item, eff.who)[:1]:
        pool = [oid for oid in state.players[p].graveyard
                if matches(state, eff.filter, state.objects[oid], p, item.source)]
        if not pool:
            return
        state.rng, j = randbelow(state.rng, len(pool))
        o = state.objects[pool[j]]
        if state.log is not None:
            log(state, "return", p, o.card.name)
        move(state, o, HAND)


@handles(ExileAtNextEndStep)
def exile_at_next_end_step(state: GameState, item: StackItem, eff: Any, asker: Asker,
                           queue: list[Any]) -> None:
    for o in permanents(state, refs_of(state, item, eff.what)):
        state.clock += 1
        state.delayed.append(DelayedTrigger(
            "end_step", item.controller, o.oid, o.card, EXILE_AT_END, state.clock,
            any_player=True, subject=o.oid, subject_lki=o))


@handles(UntapEach)
def untap_each(state: GameState, item: StackItem, eff: Any, asker: Asker,
               queue: list[Any]) -> None:
    for o in each_matching(state, item, eff.filter):
        state.set_tapped(o, False)


@handles(AdditionalCombat)
def additional_combat(state: GameState, item: StackItem, eff: Any, asker: Asker,
                      queue: list[Any]) -> None:
    if state.postcombat_main_done:
        return  # "after the first postcombat main phase this turn": it is over already
    state.clock += 1
    phase = state.clock
    state.extra_combats.insert(0, phase)  # 500.8: the most recent one comes first
    if eff.at_beginning:
        state.delayed.append(DelayedTrigger(
            f"begin_combat:{phase}", item.controller, item.source, item.card,
            Triggered(when="begin_combat", effects=eff.at_beginning), phase,
            any_player=True))
    if state.log is not None:
        log(state, "additional_combat", item.controller, item.card.name)


@condition_handler(CardTypesInGraveyard)
def card_types_in_graveyard(state: GameState, cond: Any, controller: int,
                            source: GameObject, subject: GameObject | None) -> bool:
    mask = 0
    for oid in state.players[controller].graveyard:
        mask |= state.objects[oid].card._type_mask
    at_least: int = cond.at_least
    return bin(mask).count("1") >= at_least


@condition_handler(MoreLifeThanOpponent)
def more_life_than_opponent(state: GameState, cond: Any, controller: int,
                            source: GameObject, subject: GameObject | None) -> bool:
    return state.players[controller].life > state.players[1 - controller].life


@condition_handler(OwnedByYou)
def owned_by_you(state: GameState, cond: Any, controller: int, source: GameObject,
                 subject: GameObject | None) -> bool:
    obj = subject if subject is not None else source
    return obj.owner == controller


def record_attackers(state: GameState, attackers: list[int]) -> None:
    """Remember the creatures declared as attackers this turn ("attacked this turn")."""
    if state.attacked_turn != state.turn:
        state.attacked_turn = state.turn
        state.attacked_this_turn = []
    state.attacked_this_turn.extend(attackers)


ATTACK_HOOKS.append(record_attackers)
