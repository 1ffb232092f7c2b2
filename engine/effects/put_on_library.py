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
from mtgsim.engine.state.decisions import DecisionKind, Modes
from mtgsim.engine.state.game_state import (
    BATTLEFIELD,
    LIBRARY,
    STACK,
    Decision,
    GameState,
    StackItem,
)

_KIND_MODE = DecisionKind.MODE  # (a module constant: see DecisionKind)


class PutOnLibrary(Effect, tag="put_on_library", frozen=True):
    """Put a card or permanent into its owner's library (top, bottom, or Nth from top)."""

    what: str = "t0"
    position: int = 0  # 0: on top; -1: on the bottom; 1: second from the top
    # "its owner puts it into their library second from the top or on the bottom" (Deem
    # Inferior): the owner chooses ``position`` or this one as the effect resolves
    or_position: int | None = None


def resolve(state: GameState, item: StackItem, eff: PutOnLibrary, asker: Asker,
            queue: list[EffectT]) -> None:
    refs = refs_of(state, item, eff.what)
    chosen = _positions(state, item, eff, refs, asker)  # every question before moving
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
            position = chosen.get(r, eff.position)
            if position != 0 and new.oid in library:
                library.remove(new.oid)
                if position < 0:
                    library.insert(0, new.oid)
                else:
                    library.insert(max(0, len(library) - position), new.oid)


_LABELS = {0: "on the top", -1: "on the bottom", 1: "second from the top",
           2: "third from the top"}


def _label(position: int) -> str:
    return _LABELS.get(position, f"{position + 1}th from the top")


def _positions(state: GameState, item: StackItem, eff: PutOnLibrary, refs: list[int],
               asker: Asker) -> dict[int, int]:
    """Where each owner chooses to put their permanent ("second from the top or on the
    bottom": a choice the instruction gives the owner, made as it resolves, 608.2d)."""
    if eff.or_position is None:
        return {}
    out: dict[int, int] = {}
    both = (eff.position, eff.or_position)
    labels = (_label(both[0]), _label(both[1]))
    for r in refs:
        obj = state.objects.get(r)
        if obj is None or obj.zone == STACK:
            continue
        pick = asker.choose(Decision(
            _KIND_MODE, obj.owner, f"where to put {obj.card.name}: "
            + " or ".join(labels), options=[0, 1], source=item.source, about=Modes(labels)))
        out[r] = both[pick]
    return out


def estimate(ev: Estimate, e: PutOnLibrary) -> None:
    """A permanent put on a library: its controller loses it and its owner draws it
    again instead of a new card (0.6 of its worth against the controller). A card from a
    graveyard (Golgari Thug's creature card): its owner's next draw is that card, known,
    instead of an unknown one (0.4 of a creature's worth, 1.0 for another card)."""
    state = ev.state
    for o in objs_for(e.what, ev.targets, state, ev.source):
        if o.zone == BATTLEFIELD:
            # second from the top or the bottom (the owner's choice): a draw later, or never
            v = (0.8 if e.or_position is not None else 0.6) * perm_value(state, o, ev.me)
            ev.total += -v if o.controller == ev.me else v
        else:
            v = 0.4 * card_creature_value(o.card) if o.card.is_creature else 1.0
            ev.total += v if o.owner == ev.me else -v


RULES = effect_rules(
    PutOnLibrary, resolve=resolve, estimate=estimate, sign=hurts("what"))
