"""Effects, conditions and amounts of the dredge, recover, retrace, transmute and forecast
cards (family B block of ``engine.cards``).

Each handler implements one typed effect in general terms; the rules are cited on the
effect classes and below. Handlers ask all their questions before changing the game
(``engine.effects``: a resumed task replays the answers of the current effect).
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from mtgsim.engine import replacement as rep
from mtgsim.engine.ask import Asker
from mtgsim.engine.card import Card
from mtgsim.engine.cards import (
    COLOR_BIT,
    AdditionalCombatAfterThisMain,
    BecomeChosenColors,
    CardDef,
    CardsAtLeast,
    ChangeColorWord,
    CountCards,
    CounterUnlessDiscardHand,
    CreateTokenCopy,
    DelayedTriggerAbout,
    DiscardChosen,
    ItPowerAtMost,
    LookAtTop,
    ThatMuch,
    Triggered,
)
from mtgsim.engine.conditions import condition_handler
from mtgsim.engine.decisions import ColorFor, MayDiscardHand
from mtgsim.engine.derived import game_card
from mtgsim.engine.effects import (
    amount_of,
    cant_be_countered,
    counter_item,
    handles,
    handles_amount,
    permanents,
    players_of,
    refs_of,
    yes_no,
)
from mtgsim.engine.filters import matches
from mtgsim.engine.layers import STATIC_AMOUNT_HANDLERS, ensure
from mtgsim.engine.state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    MAIN1,
    MAIN2,
    STACK,
    ContinuousEffect,
    Decision,
    DecisionKind,
    DelayedTrigger,
    GameObject,
    GameState,
    StackItem,
)
from mtgsim.engine.zones import log, look_at, move, reveal

# The colours a "color of your choice" answer can name (105.1), as colour bits; the same
# options as the "color" decisions of engine.keywords.family_a.
COLOR_CHOICES = [COLOR_BIT[c] for c in "WUBRG"]
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


# --- looking at and rearranging the top of a library (401.4) ---------------------------


@handles(LookAtTop)
def look_at_top(state: GameState, item: StackItem, eff: Any, asker: Asker,
                queue: list[Any]) -> None:
    whose = players_of(state, item, eff.whose)
    if not whose:
        return
    library = state.players[whose[0]].library
    n = amount_of(state, item, eff.amount)
    top = list(reversed(library[-n:])) if n > 0 else []  # top card first
    if not top:
        return
    exiled: list[int] = []
    if eff.exile_any:
        picks = asker.choose_many(Decision(
            DecisionKind.LOOK_EXILE, item.controller, f"{item.label}: exile any number of these",
            options=top, multi=True, min_count=0, max_count=len(top), source=item.source))
        exiled = [top[i] for i in picks]
    rest = [oid for oid in top if oid not in exiled]
    order = rest
    if len(rest) > 1:
        picks = asker.choose_many(Decision(
            DecisionKind.LIBRARY_ORDER, item.controller,
            f"{item.label}: put these back in any order (top first)", options=rest,
            multi=True, min_count=len(rest), max_count=len(rest), source=item.source))
        order = [rest[i] for i in picks]
    for oid in exiled:
        o = state.objects[oid]
        if state.log is not None:
            log(state, "exile", item.controller, o.card.name)
        move(state, o, EXILE)
    for oid in rest:
        library.remove(oid)
    for oid in reversed(order):  # the list's end is the top: the first chosen goes last
        library.append(oid)
        look_at(state, state.objects[oid], item.controller)  # it knows where they are


# --- discards and counters ---------------------------------------------------------------


@handles(DiscardChosen)
def discard_chosen(state: GameState, item: StackItem, eff: Any, asker: Asker,
                   queue: list[Any]) -> None:
    n = amount_of(state, item, eff.amount)
    chosen: list[tuple[int, int]] = []
    for p in players_of(state, item, eff.who):
        hand = state.players[p].hand
        if state.log is not None:  # "reveals their hand"
            log(state, "reveal", p, ", ".join(state.objects[o].card.name for o in hand))
        for revealed in hand:
            reveal(state, state.objects[revealed])
        options = [oid for oid in hand
                   if matches(state, eff.filter, state.objects[oid], item.controller,
                              item.source)]
        k = min(n, len(options))
        if k == 0:
            continue
        picks = asker.choose_many(Decision(
            DecisionKind.CHOOSE_DISCARD, item.controller, f"{item.label}: choose {k} to be discarded",
            options=options, multi=True, min_count=k, max_count=k, source=item.source))
        chosen.extend((p, options[i]) for i in picks)
    for p, oid in chosen:
        o = state.objects[oid]
        if state.log is not None:
            log(state, "discard", p, o.card.name)
        move(state, o, GRAVEYARD)


@handles(CounterUnlessDiscardHand)
def counter_unless_discard_hand(state: GameState, item: StackItem, eff: Any, asker: Asker,
                                queue: list[Any]) -> None:
    for r in refs_of(state, item, eff.what):
        target = next((i for i in state.stack if i.sid == r), None)
        if target is None or cant_be_countered(target):
            continue
        p = target.controller
        if yes_no(asker, p, f"discard your hand so that {target.card.name} is not countered?",
                  item.source, MayDiscardHand(target.sid)):
            for oid in list(state.players[p].hand):
                o = state.objects[oid]
                if state.log is not None:
                    log(state, "discard", p, o.card.name)
                move(state, o, GRAVEYARD)
            continue
        counter_item(state, target)


# --- copies and text changes --------------------------------------------------------------


@handles(CreateTokenCopy)
def create_token_copy(state: GameState, item: StackItem, eff: Any, asker: Asker,
                      queue: list[Any]) -> None:
    originals = permanents(state, refs_of(state, item, eff.what))
    for o in originals:
        # 707.2: the copiable values are the printed ones; text-changing effects, counters
        # and other effects are not copied.
        card = o.card if o.printed is None else o.printed
        for p in players_of(state, item, eff.who):
            rep.create_token(state, card, p)


def changed_text(card: Card, old: str, new: str) -> CardDef:
    """The card with every instance of one color word replaced by another (612.2): in
    color qualities of its abilities ("nonblack", "protection from blue", the colors of
    the tokens it creates) and its text, but not its own colors or any mana symbol."""
    data = msgspec.to_builtins(card.defn)

    def swap(value: Any, root: bool) -> Any:
        if isinstance(value, dict):
            out = {}
            for key, v in value.items():
                if key in ("colors", "not_colors", "protection") and isinstance(
                        v, (list, tuple)) and not (root and key == "colors"):
                    out[key] = [new if c == old else c for c in v]
                elif key in ("keywords", "text") and not isinstance(v, dict):
                    out[key] = _swap_words(v, old, new)
                else:
                    out[key] = swap(v, False)
            return out
        if isinstance(value, (list, tuple)):
            return [swap(v, False) for v in value]
        return value

    return msgspec.convert(swap(data, True), CardDef)


def _swap_words(value: Any, old: str, new: str) -> Any:
    if isinstance(value, (list, tuple)):
        return [_swap_words(v, old, new) for v in value]
    if not isinstance(value, str):
        return value
    old_word, new_word = COLOR_WORDS[old], COLOR_WORDS[new]

    def sub(m: re.Match[str]) -> str:
        word = m.group(2)
        return (m.group(1) or "") + (new_word.capitalize() if word[0].isupper() else new_word)

    return re.sub(rf"(?i)(?<![a-z])(non-?)?({old_word})(?![a-z])", sub, value)


@handles(ChangeColorWord)
def change_color_word(state: GameState, item: StackItem, eff: Any, asker: Asker,
                      queue: list[Any]) -> None:
    refs = [r for r in refs_of(state, item, eff.what) if r in state.objects]
    if not refs:
        return
    pick = asker.choose(Decision(
        DecisionKind.COLOR, item.controller, f"{item.label}: replace which color word?",
        options=list(COLOR_CHOICES), source=item.source, about=ColorFor("word_from")))
    old = "WUBRG"[pick]
    others = [c for c in COLOR_CHOICES if c != COLOR_CHOICES[pick]]
    pick2 = asker.choose(Decision(
        DecisionKind.COLOR, item.controller, f"{item.label}: with which color word?",
        options=others, source=item.source, about=ColorFor("word_to")))
    new = "WUBRG"[COLOR_CHOICES.index(others[pick2])]
    for r in refs:
        obj = state.objects[r]
        if obj.zone not in (BATTLEFIELD, STACK):
            continue
        card = game_card(state, changed_text(obj.card, old, new))
        if obj.printed is None:
            obj.printed = obj.card
        obj.card = card
        for it in state.stack:  # a spell: what it does and targets is its text (612.1)
            if it.sid == r and it.is_spell:
                from mtgsim.engine.casting import spell_effects, spell_targets

                it.card = card
                it.effects = spell_effects(card, it.mode)  # type: ignore[assignment]
                it.target_specs = spell_targets(card, it.mode)
        if state.log is not None:
            log(state, "text_change", item.controller, card.name,
                f"{COLOR_WORDS[old]} -> {COLOR_WORDS[new]}")
    state.derived.dirty = True


# --- colors (105.3, layer 5) ----------------------------------------------------------------


@handles(BecomeChosenColors)
def become_chosen_colors(state: GameState, item: StackItem, eff: Any, asker: Asker,
                         queue: list[Any]) -> None:
    targets = permanents(state, refs_of(state, item, eff.what))
    if not targets:
        return
    picks = asker.choose_many(Decision(
        DecisionKind.COLORS, item.controller, f"{item.label}: which color or colors?",
        options=list(COLOR_CHOICES), multi=True, min_count=1, max_count=len(COLOR_CHOICES),
        source=item.source))
    mask = 0
    for i in picks:
        mask |= COLOR_CHOICES[i]
    for o in targets:
        state.clock += 1
        state.effects.append(ContinuousEffect(o.oid, state.clock, color=mask,
                                              until_eot=eff.until_end_of_turn))
        if state.log is not None:
            log(state, "color", item.controller, o.card.name,
                "".join(c for c in "WUBRG" if mask & COLOR_BIT[c]))
    state.derived.dirty = True


# --- delayed triggers and extra phases -------------------------------------------------------


@handles(DelayedTriggerAbout)
def delayed_trigger_about(state: GameState, item: StackItem, eff: Any, asker: Asker,
                          queue: list[Any]) -> None:
    ability = Triggered(when=eff.when, effects=eff.effects)
    for o in permanents(state, refs_of(state, item, eff.about)):
        state.clock += 1
        state.delayed.append(DelayedTrigger(
            eff.when, item.controller, item.source, item.card, ability, state.clock,
            one_shot=False, any_player=True, subject=o.oid, subject_lki=o,
            turn=state.turn if eff.this_turn else 0))


@handles(AdditionalCombatAfterThisMain)
def additional_combat_after_this_main(state: GameState, item: StackItem, eff: Any,
                                      asker: Asker, queue: list[Any]) -> None:
    if state.step != MAIN1 and state.step != MAIN2:
        return  # "this main phase": there is none
    state.combats_after_main += 1  # engine.turn: combat, then an additional main phase
    if state.log is not None:
        log(state, "additional_combat", item.controller, item.card.name)


# --- amounts and conditions ---------------------------------------------------------------


def count_cards(state: GameState, controller: int, amount: Any) -> int:
    """Cards matching ``amount.filter`` in ``amount.zone`` of ``amount.who``."""
    who = amount.who
    players = [controller] if who == "you" else [1 - controller] if who in (
        "opponent", "each_opponent") else [0, 1]
    n = 0
    for p in players:
        pl = state.players[p]
        zone = {"graveyard": pl.graveyard, "hand": pl.hand, "library": pl.library,
                "exile": pl.exile}[amount.zone]
        for oid in zone:
            if matches(state, amount.filter, state.objects[oid], controller):
                n += 1
    return n


@handles_amount(CountCards)
def count_cards_amount(state: GameState, item: StackItem, amount: Any) -> int:
    times: int = amount.times
    return count_cards(state, item.controller, amount) * times


def count_cards_static(state: GameState, amount: Any, source: GameObject) -> int:
    times: int = amount.times
    return count_cards(state, source.controller, amount) * times


STATIC_AMOUNT_HANDLERS[CountCards] = count_cards_static


@handles_amount(ThatMuch)
def that_much(state: GameState, item: StackItem, amount: Any) -> int:
    return item.data  # set from the triggering event (engine.triggers.dealt_damage)


@condition_handler(CardsAtLeast)
def cards_at_least(state: GameState, cond: Any, controller: int, source: GameObject,
                   subject: GameObject | None) -> bool:
    need: int = cond.amount
    return count_cards(state, controller, cond) >= need


@condition_handler(ItPowerAtMost)
def it_power_at_most(state: GameState, cond: Any, controller: int, source: GameObject,
                     subject: GameObject | None) -> bool:
    if subject is None:
        return False
    ensure(state)
    live = state.objects.get(subject.oid, subject)  # last known information if it left
    limit: int = cond.amount
    return live.power <= limit
