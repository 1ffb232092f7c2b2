"""Cascade (702.85).

702.85a "Cascade" is a triggered ability that functions only while the spell with cascade
is on the stack: "When you cast this spell, exile cards from the top of your library
until you exile a nonland card whose mana value is less than this spell's mana value.
You may cast that card without paying its mana cost if the resulting spell's mana value
is less than this spell's mana value. Then put all cards exiled this way that weren't
cast on the bottom of your library in a random order."

* It triggers on casting only (``cast_self`` triggers are checked for spells as they
  are cast, engine.rules.triggers.cast), so copies, which are not cast, don't cascade.
* "This spell's mana value" is the spell's as it was cast (its stack item, kept by the
  trigger as last known information if the spell has left the stack), X included.
* The hit card is cast during the ability's resolution (a CastTask: it IS cast, so its
  own cast triggers happen), without paying its mana cost; additional costs such as
  replicate may still be paid (601.2b). A player who can't cast spells (epic) can't
  cast it, nor can a card without legal targets be cast.
* Only then do the cards that weren't cast go to the bottom in a random order
  (``CascadeBottom``).

702.85b "as you cascade": ``AS_YOU_CASCADE_HOOKS`` run after the cards to exile are
known and before the choice to cast the last one.

702.85c Multiple instances trigger separately: one triggered ability per instance
(a conditional "has cascade as long as ..." is a triggered ability with ``exists_if``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgsim.engine.cards import (
    AbilityT,
    Effect,
    KeywordInstance,
    Triggered,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules.castability import castable_modes
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected, yes_no
from mtgsim.engine.rules.zones import conceal, log, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayCast
from mtgsim.engine.state.game_state import EXILE, LIBRARY, CastTask, GameState, StackItem
from mtgsim.engine.state.rng import shuffle
from mtgsim.engine.state.stats import count


class CascadeEffect(Effect, tag="cascade", frozen=True):
    """702.85a: exile until a cheaper nonland card, may cast it free, bottom the rest."""


class CascadeBottom(Effect, tag="cascade_bottom", frozen=True):
    """The end of a cascade (702.85a): after the hit card was cast (or not), the exiled
    ``cards`` that weren't cast go to the bottom of the library in a random order."""

    cards: tuple[int, ...] = ()

# 702.85b: (state, player, ids of the library cards being exiled, top first, asker):
# actions "as you cascade" happen after exiling and before the choice to cast. Like every
# handler, a hook may be replayed after an answer (engine.state.ask), so it must ask its
# questions before it changes anything. No supported card has such an action.
CascadeHook = Callable[[GameState, int, list[int], Asker], None]
AS_YOU_CASCADE_HOOKS: list[CascadeHook] = []


@compiles("cascade")
def compile_cascade(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="cast_self", effects=(CascadeEffect(),), keyword="cascade")]


def spell_mana_value(state: GameState, item: StackItem) -> int:
    """The cascading spell's mana value (202.3: X counts on the stack)."""
    spell = item.spell
    if spell is None:
        spell = next((i for i in state.stack if i.sid == item.subject), None)
    if spell is not None:
        cost = spell.card.cost
        return spell.card.mana_value + (spell.x * cost.x if cost is not None else 0)
    lki = item.subject_lki
    return lki.card.mana_value if lki is not None else item.card.mana_value


def cascade(state: GameState, item: StackItem, eff: Any, asker: Asker,
            queue: list[Any]) -> None:
    player = item.controller
    limit = spell_mana_value(state, item)
    library = state.players[player].library
    hit = -1
    depth = 0
    for i in range(len(library) - 1, -1, -1):  # from the top
        depth += 1
        card = state.objects[library[i]].card
        if not card.is_land and card.mana_value < limit:
            hit = library[i]
            break
    # Every question comes before anything moves: the cards are known from the order.
    exiling = [library[-1 - k] for k in range(depth)]
    for hook in AS_YOU_CASCADE_HOOKS:
        hook(state, player, exiling, asker)
    cast_it = False
    if hit >= 0:
        hit_obj = state.objects[hit]
        # "if the resulting spell's mana value is less than this spell's mana value":
        # cast without paying its mana cost, X is 0 (107.3b), so it is the card's.
        if state.players[player].can_cast_spells and hit_obj.card.mana_value < limit \
                and castable_modes(state, hit_obj.card, player, hit):
            cast_it = yes_no(asker, player, f"cascade: cast {hit_obj.card.name} free?", hit,
                             MayCast("cascade", hit_obj.card))
    exiled = []
    for oid in exiling:
        exiled.append(move(state, state.objects[oid], EXILE))
    count(state, player, "cascades")
    if state.log is not None:
        log(state, "cascade", player, item.card.name, ", ".join(o.card.name for o in exiled))
    cast_obj = exiled[-1] if hit >= 0 and cast_it else None
    if hit >= 0:
        mv = exiled[-1].card.mana_value
        count(state, player, "cascade_hits")
        count(state, player, "cascade_hit_mana_value", mv)
        stats = state.players[player].stats
        stats["cascade_hit_max_mana_value"] = max(stats.get("cascade_hit_max_mana_value", 0),
                                                  mv)
    queue.insert(0, CascadeBottom(tuple(o.oid for o in exiled)))
    if cast_obj is not None:
        count(state, player, "cascade_casts")
        state.tasks.append(CastTask(player=player, oid=cast_obj.oid, free=True))


def cascade_bottom(state: GameState, item: StackItem, eff: Any, asker: Asker,
                   queue: list[Any]) -> None:
    rest = [oid for oid in eff.cards
            if oid in state.objects and state.objects[oid].zone == EXILE]
    state.rng = shuffle(state.rng, rest)
    for oid in rest:  # seen going there, but in an order nobody knows
        conceal(state, move(state, state.objects[oid], LIBRARY, bottom=True))


def estimate_cascade(ev: Estimate, eff: Any) -> None:
    """What cascade is worth before the spell is cast: a free spell, the card it hits.
    Which card that is depends on the library's order, which no player knows; what the
    player knows is the library's contents (its own deck less the cards seen, which is
    what a player view lists, in no order). So the value is the average over the nonland
    cards cheaper than the spell (the ones it can hit): a card plus the mana it would
    have cost. Nothing to hit: nothing gained."""
    state = ev.state
    src = state.objects.get(ev.source)
    if src is None:
        return
    cost = src.card.cost
    limit = src.card.mana_value + (ev.x * cost.x if cost is not None else 0)
    total, hits = 0, 0
    objects = state.objects
    for oid in state.players[ev.me].library:
        o = objects.get(oid)
        if o is None:
            continue  # not known to this player
        card = o.card
        if not card.is_land and card.mana_value < limit:
            total += card.mana_value
            hits += 1
    if hits:
        ev.total += 1.0 + total / hits


effect_rules(CascadeEffect, resolve=cascade, estimate=estimate_cascade, sign=unaffected)

effect_rules(CascadeBottom, resolve=cascade_bottom, estimate=None, sign=unaffected,
             why_not_valued="not estimated: the end of a cascade (cards to the bottom) changes no resource the AI counts")
