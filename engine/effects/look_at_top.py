"""The ``look_at_top`` effect (LookAtTop): its data, how it resolves and what the AI thinks it is worth.

"Look at the top N cards of [player]'s library. Exile any number of those cards,
then put the rest back in any order" (401.4: the library's order is changed only by
the player told to put them back). ``exile_any``: the "exile any number" part.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Amount,
    Effect,
    EffectT,
)
from mtgsim.engine.rules.effect import amount_of, effect_rules, unaffected
from mtgsim.engine.rules.refs import players_of
from mtgsim.engine.rules.zones import log, look_at, move
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import EXILE, Decision, DecisionKind, GameState, StackItem


class LookAtTop(Effect, tag="look_at_top", frozen=True):
    """"Look at the top N cards of [player]'s library. Exile any number of those cards,
    then put the rest back in any order" (401.4: the library's order is changed only by
    the player told to put them back). ``exile_any``: the "exile any number" part."""

    whose: str = "you"
    amount: Amount = 1
    exile_any: bool = False


def resolve(state: GameState, item: StackItem, eff: LookAtTop, asker: Asker,
            queue: list[EffectT]) -> None:
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


RULES = effect_rules(
    LookAtTop, resolve=resolve, estimate=None, sign=unaffected,
    why_not_valued=('not estimated: rearranging a library changes no visible resource; valued 0'))
