"""The ``search`` effect (Search): its data, how it resolves and what the AI thinks it is worth.

Search your library for a card matching ``filter``, then shuffle.
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards import (
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.players.worth_effects import players_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, unaffected, yes_no
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import log, move, reveal, shuffle_library
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import MayEffect, Searching
from mtgsim.engine.state.game_state import (
    GRAVEYARD,
    HAND,
    Decision,
    DecisionKind,
    GameState,
    StackItem,
)

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_KIND_SEARCH = DecisionKind.SEARCH


class Search(Effect, tag="search", frozen=True):
    """Search your library for a card matching ``filter``, then shuffle."""

    filter: Filter = Filter()
    to: Literal["hand", "battlefield", "graveyard"] = "hand"
    tapped: bool = False
    reveal: bool = False
    who: str = "you"  # the player who searches their library ("its controller may search")
    optional: bool = False  # "may search": that player chooses whether to (no shuffle if not)


def resolve(state: GameState, item: StackItem, eff: Search, asker: Asker,
            queue: list[EffectT]) -> None:
    search(state, item, eff, asker)


def search(state: GameState, item: StackItem, eff: Search, asker: Asker) -> None:
    p = item.controller
    if eff.who != "you":
        who = players_of(state, item, eff.who)
        if not who:
            return
        p = who[0]
    if eff.optional and not yes_no(asker, p, f"{item.label}: search your library?",
                                   item.source, MayEffect((eff,))):
        return
    library = state.players[p].library
    options = [oid for oid in reversed(library)
               if matches(state, eff.filter, state.objects[oid], p, item.source)]
    found: list[int] = []
    if options:
        picks = asker.choose_many(Decision(
            _KIND_SEARCH, p, "search your library", options=options, multi=True,
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


def estimate(ev: Estimate, e: Search) -> None:
    """A card found: 3.0 for the searcher (against me when it is the opponent)."""
    if e.who == "you":
        ev.total += 3.0
        return
    for p in players_for(e.who, ev.me, ev.targets, ev.state):
        ev.total += 3.0 if p == ev.me else -3.0


RULES = effect_rules(
    Search, role=Role.TUTOR, resolve=resolve, estimate=estimate, sign=unaffected)
