"""The ``flicker`` effect (Flicker): its data, how it resolves and what the AI thinks it is worth.

"Exile target creature you control, then return it to the battlefield under its owner's
control" (Ephemerate), "Exile two target artifacts, creatures, and/or lands you control,
then return those cards to the battlefield under your control" (Ghostly Flicker). The
permanents named are exiled in one event, then the cards that event put in exile return
to the battlefield in another, under their owners' control (110.2) or the effect's
controller's, each a new object with no memory of the old one (400.7): counters, damage, Auras and
Equipment, effects and summoning sickness do not carry over (302.6: it is sick again). A
token exiled ceases to exist (111.7, 704.5d) and does not return; a replacement effect
that sends a permanent elsewhere instead of exile (614.6) leaves nothing to return. An
Aura returned this way is attached as it enters by its controller's choice, not
targeted (303.4f).
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards import Effect, EffectT
from mtgsim.engine.players.worth_effects import objs_for, sign_for
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, effect_rules, helps
from mtgsim.engine.rules.entering import prepare_enter
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import simultaneously
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import BATTLEFIELD, EXILE, GameObject, GameState, StackItem


class Flicker(Effect, tag="flicker", frozen=True):
    """Exile ``what``, then return the exiled card to the battlefield under its owner's
    control."""

    what: str = "t0"
    under: Literal["owner", "you"] = "owner"  # "under your control" (Ghostly Flicker)


def resolve(state: GameState, item: StackItem, eff: Flicker, asker: Asker,
            queue: list[EffectT]) -> None:
    here = [o for r in refs_of(state, item, eff.what)
            if (o := state.objects.get(r)) is not None and o.zone == BATTLEFIELD]
    if not here:
        return
    plans = rep.plan_leaving(state, here, EXILE, asker)  # 616.1, before anything moves
    exiled: list[GameObject] = []
    with simultaneously(state):
        for o in here:
            new = rep.leave_battlefield(state, o, EXILE, plan=plans.get(o.oid))
            if new is not None and new.zone == EXILE and not new.token:
                exiled.append(new)
    if not exiled:
        return
    under = [c.owner if eff.under == "owner" else item.controller for c in exiled]
    afters = [prepare_enter(state, c.card, p, asker, c.oid) for c, p in zip(exiled, under,
                                                                             strict=True)]
    with simultaneously(state):  # they enter together: each sees the others (603.6a)
        for card_obj, p, after in zip(exiled, under, afters, strict=True):
            rep.enter(state, card_obj, p, asker=asker, after=after)


def estimate(ev: Estimate, e: Flicker) -> None:
    """A permanent of mine comes back anew: its enters-the-battlefield abilities again
    (0.5 and 0.5 for each of their effects), less what it loses (its counters, 0.5 each
    +1/+1, and the Auras and Equipment on it, 1 each) and, for a creature, a turn of
    attacking (0.3). Someone else's comes back for them the same way, with the sign
    turned."""
    state = ev.state
    for o in objs_for(e.what, ev.targets, state, ev.source):
        v = sum(0.5 + 0.5 * len(ab.effects) for ab in o.card.triggered
                if ab.when == "enters")
        v -= 0.5 * o.counters.get("+1/+1", 0) - 0.5 * o.counters.get("-1/-1", 0)
        v -= sum(1.0 for a in state.battlefield if state.objects[a].attached_to == o.oid)
        v -= 0.3 if o.power > 0 else 0.0
        if o.token:
            v = -5.0  # a token does not come back
        ev.total += sign_for(o, ev.me) * v


RULES = effect_rules(Flicker, resolve=resolve, estimate=estimate, sign=helps("what"))
