"""The ``search_library`` effect (SearchLibrary): its data, how it resolves and what the AI thinks it is worth.

Search ``whose`` library (701.19) for ``amount`` cards matching ``filter`` (or with
the same name as the object ``same_name_as`` refers to), put them into ``to`` (onto
the battlefield under ``under``'s control), then that player shuffles. With no stated
quality the searcher must find as many as possible (701.19c), else may find fewer
(701.19b).
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
    Filter,
)
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, amount_of, effect_rules, unaffected
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.refs import players_of, refs_of
from mtgsim.engine.rules.zones import log, move, reveal, shuffle_library
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.decisions import Searching
from mtgsim.engine.state.game_state import EXILE, HAND, Decision, DecisionKind, GameState, StackItem


class SearchLibrary(Effect, tag="search_library", frozen=True):
    """Search ``whose`` library (701.19) for ``amount`` cards matching ``filter`` (or with
    the same name as the object ``same_name_as`` refers to), put them into ``to`` (onto
    the battlefield under ``under``'s control), then that player shuffles. With no stated
    quality the searcher must find as many as possible (701.19c), else may find fewer
    (701.19b)."""

    whose: str = "you"
    filter: Filter = Filter()
    same_name_as: str | None = None
    amount: Amount = 1
    to: Literal["hand", "battlefield", "exile"] = "hand"
    under: str = "you"
    # "reveal them, put them into your hand" (Squadron Hawk): the cards found are shown
    # to every player (701.16a) as they go to the hand
    reveal: bool = False


def resolve(state: GameState, item: StackItem, eff: SearchLibrary, asker: Asker,
            queue: list[EffectT]) -> None:
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
            new = move(state, o, HAND if eff.to == "hand" else EXILE)
            if eff.reveal:
                reveal(state, new)
    shuffle_library(state, owner)


def estimate(ev: Estimate, e: SearchLibrary) -> None:
    ev.total += 3.0


RULES = effect_rules(
    SearchLibrary, resolve=resolve, estimate=estimate, sign=unaffected)
