"""The ``put_on_library`` effect (PutOnLibrary): its data, how it resolves and what the AI thinks it is worth.

Put a card or permanent into its owner's library (top, bottom, or Nth from top).
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import card_creature_value, perm_value
from mtgsim.engine.players.worth_effects import objs_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, effect_rules, hurts
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import move, simultaneously
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import BATTLEFIELD, LIBRARY, STACK, GameState, StackItem


class PutOnLibrary(Effect, tag="put_on_library", frozen=True):
    """Put a card or permanent into its owner's library (top, bottom, or Nth from top)."""

    what: str = "t0"
    position: int = 0  # 0: on top; -1: on the bottom; 2: third from the top


def resolve(state: GameState, item: StackItem, eff: PutOnLibrary, asker: Asker,
            queue: list[EffectT]) -> None:
    refs = refs_of(state, item, eff.what)
    plans = rep.plan_leaving(state, [o for r in refs if (o := state.objects.get(r))],
                             LIBRARY, asker)  # 616.1, before anything moves
    with simultaneously(state):
        for r in refs:
            found = state.objects.get(r)
            if found is None or found.zone == STACK:
                continue
            if found.zone == BATTLEFIELD:
                left = rep.leave_battlefield(state, found, LIBRARY, plan=plans.get(found.oid))
                if left is None:  # it stayed (no effect of the pool does that)
                    continue
                new = left
            else:
                new = move(state, found, LIBRARY)
            library = state.players[new.owner].library
            if eff.position != 0 and new.oid in library:
                library.remove(new.oid)
                if eff.position < 0:
                    library.insert(0, new.oid)
                else:
                    library.insert(max(0, len(library) - eff.position), new.oid)


def estimate(ev: Estimate, e: PutOnLibrary) -> None:
    """A permanent put on a library: its controller loses it and its owner draws it
    again instead of a new card (0.6 of its worth against the controller). A card from a
    graveyard (Golgari Thug's creature card): its owner's next draw is that card, known,
    instead of an unknown one (0.4 of a creature's worth, 1.0 for another card)."""
    state = ev.state
    for o in objs_for(e.what, ev.targets, state, ev.source):
        if o.zone == BATTLEFIELD:
            v = 0.6 * perm_value(state, o, ev.me)
            ev.total += -v if o.controller == ev.me else v
        else:
            v = 0.4 * card_creature_value(o.card) if o.card.is_creature else 1.0
            ev.total += v if o.owner == ev.me else -v


RULES = effect_rules(
    PutOnLibrary, resolve=resolve, estimate=estimate, sign=hurts("what"))
