"""The ``explore`` effect (Explore): its data, how it resolves and what the AI thinks it is worth.

"Target creature you control explores" (701.44a; a Map token's ability, 111.10): its
controller reveals the top card of their library. A land card revealed is put into their
hand; otherwise they put a +1/+1 counter on the exploring permanent and may put the
revealed card into their graveyard (else it stays on top, revealed). The permanent
explores even if some of that is impossible (701.44b); one that has left the battlefield
still explores, its last known information saying who controlled it, and no counter is
put on anything (701.44c).

The choice whether to put a nonland card into the graveyard is asked before anything
changes (the card revealed is already known to the asker: it is the top card); the AI keeps
a card it wants (``scry.keep_on_top``'s rule: ``worth.card_want`` at least ``scry.KEEP``)
and bins the others: the question is the surveil question of one card, LOOK_GRAVEYARD.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.effects.add_counters import AddCounters
from mtgsim.engine.rules.effect import Estimate, effect_rules, helps
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import log, move, reveal
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import (
    GRAVEYARD,
    HAND,
    Decision,
    DecisionKind,
    GameState,
    StackItem,
)

_KIND_GRAVEYARD = DecisionKind.LOOK_GRAVEYARD  # (a module constant: see DecisionKind)


class Explore(Effect, tag="explore", frozen=True):
    """``what`` ("t0", "self") explores (701.44a)."""

    what: str = "t0"


def resolve(state: GameState, item: StackItem, eff: Explore, asker: Asker,
            queue: list[EffectT]) -> None:
    me = item.controller
    library = state.players[me].library
    if not library:
        return  # nothing revealed: no land, no counter (701.44b: it still explored)
    top = state.objects[library[-1]]
    land = top.card.is_land
    binned = False
    if not land:
        binned = bool(asker.choose_many(Decision(
            _KIND_GRAVEYARD, me, f"{item.label}: put {top.card.name} into your graveyard?",
            options=[top.oid], multi=True, min_count=0, max_count=1, source=item.source)))
    if state.log is not None:
        log(state, "reveal", me, top.card.name)
    reveal(state, top)
    if land:
        reveal(state, move(state, top, HAND))
        return
    if binned:
        move(state, top, GRAVEYARD)
    if permanents(state, refs_of(state, item, eff.what)):
        queue[0:0] = [AddCounters(what=eff.what)]


def estimate(ev: Estimate, e: Explore) -> None:
    """A land drawn (a card: 2.8) or a +1/+1 counter (2.3) with a surveil of one (0.3),
    weighed by the share of lands in my library."""
    library = ev.state.players[ev.me].library
    if not library:
        return
    objects = ev.state.objects
    lands = sum(1 for oid in library if oid in objects and objects[oid].card.is_land)
    share = lands / len(library)
    ev.total += share * 2.8 + (1.0 - share) * (2.3 + 0.3)


RULES = effect_rules(Explore, resolve=resolve, estimate=estimate, sign=helps("what"))
