"""The ``return_from_graveyard`` effect (ReturnFromGraveyard): its data, how it resolves and what the AI thinks it is worth.
"""

from __future__ import annotations

from typing import Literal

from mtgsim.engine.cards import (
    Effect,
    EffectT,
)
from mtgsim.engine.players.worth import card_want
from mtgsim.engine.rules import replacement as rep
from mtgsim.engine.rules.effect import Estimate, Role, effect_rules, helps, refers
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.rules.zones import move, simultaneously
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GRAVEYARD, HAND, GameState, StackItem


class ReturnFromGraveyard(Effect, tag="return_from_graveyard", frozen=True):
    what: str = "t0"
    to: Literal["hand", "battlefield"] = "hand"
    tapped: bool = False  # "to the battlefield tapped"


def resolve(state: GameState, item: StackItem, eff: ReturnFromGraveyard, asker: Asker,
            queue: list[EffectT]) -> None:
    with simultaneously(state):  # "return X target creature cards": they enter at once
        for r in refs_of(state, item, eff.what):
            card_obj = state.objects.get(r)
            if card_obj is None or card_obj.zone != GRAVEYARD:
                continue
            if eff.to == "hand":
                move(state, card_obj, HAND)
            else:  # an Aura asks what it enchants (303.4f)
                rep.enter(state, card_obj, item.controller, tapped=eff.tapped, asker=asker)


def estimate(ev: Estimate, e: ReturnFromGraveyard) -> None:
    state = ev.state
    me = ev.me
    targets = ev.targets
    objects = ev.state.objects
    if e.what == "self":  # a card returning itself (Sneaky Snacker)
        g = objects.get(ev.source)
        if g is not None and g.zone == GRAVEYARD and g.owner == me:
            ev.total += card_want(state, me, g.card) * (1.6 if e.to == "battlefield" else 1.0)
        return
    for i, t in enumerate(targets):
        if refers(e.what, f"t{i}") and t >= 2:
            g = objects.get(t)
            if g is not None and g.zone == GRAVEYARD:
                w = card_want(state, me, g.card) * (1.6 if e.to == "battlefield"
                                                   else 1.0)
                ev.total += w if g.owner == me else -w


RULES = effect_rules(
    ReturnFromGraveyard, role=Role.RECURSION, resolve=resolve, estimate=estimate, sign=helps("what"))
