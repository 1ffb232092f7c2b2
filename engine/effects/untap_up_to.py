"""The ``untap_up_to`` effect (UntapUpTo): its data, how it resolves and what the AI thinks
it is worth.

"Untap up to two lands." (Snap): as the effect resolves, its controller chooses up to
``n`` permanents matching ``filter`` (any player's: the text says "lands", not "lands you
control") and untaps them (701.26a). Nothing is targeted (115.1: the text does not say
"target"), so the choice is made on resolution (608.2c) and "up to" lets it be fewer,
none included (601.2c's "up to" reading, applied to a choice on resolution, 608.2d); an
untapped permanent may be chosen and stays untapped.

The AI untaps its own tapped permanents, lands first: each is mana again this turn
(``estimate``: 0.5 a land, as ``untap_each`` values one).
"""

from __future__ import annotations

from mtgsim.engine.cards import T_LAND, Effect, EffectT, Filter
from mtgsim.engine.players.worth_effects import each_of
from mtgsim.engine.rules.effect import Estimate, effect_rules, unaffected
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.stun import untap_permanent
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    Decision,
    DecisionKind,
    GameState,
    StackItem,
)

_KIND_UNTAP = DecisionKind.UNTAP  # (a module constant: see DecisionKind)
LAND_UNTAPPED = 0.5  # a land's mana again this turn (as ``untap_each`` values it)


class UntapUpTo(Effect, tag="untap_up_to", frozen=True):
    """Its controller untaps up to ``n`` permanents matching ``filter`` (their choice,
    on resolution)."""

    filter: Filter = Filter()
    n: int = 1


def resolve(state: GameState, item: StackItem, eff: UntapUpTo, asker: Asker,
            queue: list[EffectT]) -> None:
    p = item.controller
    options = [oid for oid in state.battlefield
               if matches(state, eff.filter, state.objects[oid], p, item.source)]
    if not options:
        return
    picks = asker.choose_many(Decision(
        _KIND_UNTAP, p, f"untap up to {eff.n}", options=options, multi=True,
        min_count=0, max_count=min(eff.n, len(options)), source=item.source))
    for i in picks:
        o = state.objects[options[i]]
        if o.zone == BATTLEFIELD:
            untap_permanent(state, o)


def choose(state: GameState, d: Decision) -> list[int]:
    """The heuristic's answer to UNTAP: its own tapped permanents, lands first (the
    mana), then the others by id (a fixed order: games stay reproducible)."""
    me = d.player
    objects = state.objects
    mine = [i for i in range(len(d.options))
            if objects[d.options[i]].controller == me and objects[d.options[i]].tapped]
    mine.sort(key=lambda i: (0 if objects[d.options[i]].card.type_mask & T_LAND else 1,
                             d.options[i]))
    return sorted(mine[:d.max_count])


def estimate(ev: Estimate, e: UntapUpTo) -> None:
    """Up to ``n`` of my tapped permanents it matches: a land's mana again, 0.5 each
    (another permanent 0.3)."""
    mine = [o for o in each_of(ev.state, e.filter, ev.me, ev.source)
            if o.tapped and o.controller == ev.me]
    worths = sorted((LAND_UNTAPPED if (o.card.type_mask | o.extra_types) & T_LAND else 0.3
                     for o in mine), reverse=True)
    ev.total += sum(worths[:e.n])


RULES = effect_rules(UntapUpTo, resolve=resolve, estimate=estimate, sign=unaffected)
