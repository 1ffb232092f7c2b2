"""The ``pump_same_name`` effect (PumpSameName): its data, how it resolves and what the AI
thinks it is worth.

"Target creature and all other creatures with the same name as that creature get -2/-2
until end of turn" (Echoing Decay): the target and every other creature on the
battlefield whose name (201.2) is the target's as the spell resolves get +N/+N or -N/-N
until end of turn (layer 7c, 611.2a). A target that is no longer legal makes a spell with
no other target do nothing at all (608.2b), so the name is always the target's now.
"""

from __future__ import annotations

from mtgsim.engine.cards import T_CREATURE, Effect, EffectT
from mtgsim.engine.players.worth import is_creature
from mtgsim.engine.players.worth_effects import objs_for, pump_value
from mtgsim.engine.rules.effect import Estimate, effect_rules, refers
from mtgsim.engine.rules.refs import permanents, refs_of
from mtgsim.engine.rules.zones import log
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.derived import characteristics_changed
from mtgsim.engine.state.game_state import ContinuousEffect, GameObject, GameState, StackItem


class PumpSameName(Effect, tag="pump_same_name", frozen=True):
    """"[Target creature] and all other creatures with the same name as that creature
    get +N/+N until end of turn" (``negative``: -N/-N)."""

    power: int
    toughness: int
    what: str = "t0"
    negative: bool = False


def same_name(state: GameState, target: GameObject) -> list[GameObject]:
    """The target and each other creature on the battlefield with its name, by id."""
    name = target.card.name
    objects = state.objects
    return [o for o in (objects[oid] for oid in sorted(state.battlefield))
            if (o.card.type_mask | o.extra_types) & T_CREATURE and o.card.name == name]


def resolve(state: GameState, item: StackItem, eff: PumpSameName, asker: Asker,
            queue: list[EffectT]) -> None:
    dp, dt = (-eff.power, -eff.toughness) if eff.negative else (eff.power, eff.toughness)
    for target in permanents(state, refs_of(state, item, eff.what)):
        for o in same_name(state, target):
            state.clock += 1
            state.effects.append(ContinuousEffect(o.oid, state.clock, dp, dt))
            if state.log is not None:
                log(state, "pump", item.controller, o.card.name, f"{dp:+d}/{dt:+d}")
    characteristics_changed(state)


def estimate(ev: Estimate, e: PumpSameName) -> None:
    """``pump``'s value for each creature it would change: the target's namesakes too."""
    dp, dt = (-e.power, -e.toughness) if e.negative else (e.power, e.toughness)
    for t in objs_for(e.what, ev.targets, ev.state, ev.source):
        if is_creature(t):
            for o in same_name(ev.state, t):
                ev.total += pump_value(o, ev.me, dp, dt, ev.state)


def sign(e: PumpSameName, ref: str) -> int:
    """Bad for the target (and its namesakes) when it subtracts, good when it adds."""
    if not refers(e.what, ref):
        return 0
    return -1 if e.negative else 1


RULES = effect_rules(PumpSameName, resolve=resolve, estimate=estimate, sign=sign)
