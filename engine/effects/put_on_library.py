"""The ``put_on_library`` effect (PutOnLibrary): its data, how it resolves and what the AI thinks it is worth.

Put a card or permanent into its owner's library (top, bottom, or Nth from top).
"""

from __future__ import annotations

from mtgsim.engine import replacement as rep
from mtgsim.engine.ask import Asker
from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.effect import effect_rules, hurts
from mtgsim.engine.refs import refs_of
from mtgsim.engine.state import BATTLEFIELD, LIBRARY, STACK, GameState, StackItem
from mtgsim.engine.zones import move, simultaneously


class PutOnLibrary(Effect, tag="put_on_library", frozen=True):
    """Put a card or permanent into its owner's library (top, bottom, or Nth from top)."""

    what: str = "t0"
    position: int = 0  # 0: on top; -1: on the bottom; 2: third from the top


def resolve(state: GameState, item: StackItem, eff: PutOnLibrary, asker: Asker,
            queue: list[EffectT]) -> None:
    with simultaneously(state):
        for r in refs_of(state, item, eff.what):
            found = state.objects.get(r)
            if found is None or found.zone == STACK:
                continue
            if found.zone == BATTLEFIELD:
                new = rep.leave_battlefield(state, found, LIBRARY)
            else:
                new = move(state, found, LIBRARY)
            library = state.players[new.owner].library
            if eff.position != 0 and new.oid in library:
                library.remove(new.oid)
                if eff.position < 0:
                    library.insert(0, new.oid)
                else:
                    library.insert(max(0, len(library) - eff.position), new.oid)


RULES = effect_rules(
    PutOnLibrary, resolve=resolve, estimate=None, sign=hurts("what"),
    why_not_valued=("not estimated: the heuristic has no value for a card put back on a library yet (valued 0; its sign still makes it pick an opponent's permanent)"))
