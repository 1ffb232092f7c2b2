"""Cascade (702.85): "When you cast this spell, exile cards from the top of your library
until you exile a nonland card whose mana value is less than this spell's mana value.
You may cast that card without paying its mana cost if the resulting spell's mana value
is less than this spell's mana value. Then put all cards exiled this way that weren't
cast on the bottom of your library in a random order." Each instance triggers
separately (702.85c): one ability per instance."""

from __future__ import annotations

from typing import Any

from engine.ask import Asker
from engine.cards import AbilityT, CardDef, CascadeEffect, KeywordInstance, Triggered
from engine.casting import castable_modes
from engine.effects import handles, yes_no
from engine.keywords import compiles
from engine.rng import shuffle
from engine.state import EXILE, CastTask, GameState, StackItem
from engine.stats import count
from engine.zones import log, move


@compiles("cascade")
def compile_cascade(card: CardDef, inst: KeywordInstance) -> list[AbilityT]:
    return [Triggered(when="cast_self", effects=(CascadeEffect(),), keyword="cascade")]


@handles(CascadeEffect)
def cascade(state: GameState, item: StackItem, eff: Any, asker: Asker,
            queue: list[Any]) -> None:
    player = item.controller
    spell = item.subject_lki
    limit = spell.card._mana_value if spell is not None else item.card._mana_value
    library = state.players[player].library
    hit = -1
    depth = 0
    for i in range(len(library) - 1, -1, -1):  # from the top
        depth += 1
        card = state.objects[library[i]].card
        if not card.is_land and card._mana_value < limit:
            hit = library[i]
            break
    # Ask before anything moves: the hit card is known from the library's order.
    cast_it = False
    if hit >= 0:
        hit_obj = state.objects[hit]
        if state.players[player].can_cast_spells and castable_modes(
                state, hit_obj.card, player, hit):
            cast_it = yes_no(asker, player, f"cascade: cast {hit_obj.card.name} free?", hit)
    exiled = []
    for _ in range(depth):
        exiled.append(move(state, state.objects[library[-1]], EXILE))
    count(state, player, "cascades")
    if state.log is not None:
        log(state, "cascade", player, item.card.name, ", ".join(o.card.name for o in exiled))
    cast_obj = exiled[-1] if hit >= 0 and cast_it else None
    rest = [o.oid for o in exiled if o is not cast_obj]
    state.rng = shuffle(state.rng, rest)
    for oid in rest:
        move(state, state.objects[oid], 0, bottom=True)
    if cast_obj is not None:
        mv = cast_obj.card._mana_value
        count(state, player, "cascade_hits")
        count(state, player, "cascade_hit_mana_value", mv)
        stats = state.players[player].stats
        stats["cascade_hit_max_mana_value"] = max(stats.get("cascade_hit_max_mana_value", 0), mv)
        state.tasks.append(CastTask(player=player, oid=cast_obj.oid, free=True))
