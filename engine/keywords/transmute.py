"""Transmute [cost] (702.53): "[Cost], Discard this card: Search your library for a card
with the same mana value as the discarded card, reveal that card, and put it into your
hand. Then shuffle your library. Activate only as a sorcery." It works from the hand,
but the ability exists in every zone (702.53b): it is an activated ability of the card."""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    AbilityT,
    Activated,
    Cost,
    Effect,
    KeywordInstance,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords import compiles
from mtgsim.engine.rules.effect import effect_rules, unaffected
from mtgsim.engine.rules.zones import log, move, reveal, shuffle_library
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import DecisionKind, Searching
from mtgsim.engine.state.game_state import HAND, Decision, GameState, StackItem
from mtgsim.engine.state.stats import count

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_SEARCH = DecisionKind.SEARCH


class TransmuteSearch(Effect, tag="transmute_search", frozen=True):
    """702.53a: search for a card with the same mana value as the discarded card."""


@compiles("transmute")
def compile_transmute(card: Card, inst: KeywordInstance) -> list[AbilityT]:
    return [Activated(cost=Cost(mana=inst.cost, discard_self=True), sorcery_speed=True,
                      zone="hand", keyword="transmute", effects=(TransmuteSearch(),))]


def transmute_search(state: GameState, item: StackItem, eff: Any, asker: Asker,
                     queue: list[Any]) -> None:
    player = item.controller
    mv = (item.source_lki or state.objects[item.source]).card.mana_value
    library = state.players[player].library
    options = [oid for oid in reversed(library) if state.objects[oid].card.mana_value == mv]
    found = []
    if options:
        picks = asker.choose_many(Decision(
            _KIND_SEARCH, player, f"transmute: a card with mana value {mv}",
            options=options, multi=True, min_count=0, max_count=1, source=item.source,
            about=Searching(player, mv)))
        found = [options[i] for i in picks]
    for oid in found:
        card_obj = state.objects[oid]
        if state.log is not None:
            log(state, "reveal", player, card_obj.card.name)
        reveal(state, move(state, card_obj, HAND))  # "reveal that card" (702.53a)
    shuffle_library(state, player)
    count(state, player, "transmutes")


effect_rules(TransmuteSearch, resolve=transmute_search, estimate=None, sign=unaffected,
             why_not_valued="not estimated: a search valued by the card chosen (engine.players.worth.card_want)")
