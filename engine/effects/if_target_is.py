"""The ``if_target_is`` effect (IfTargetIs): its data, how it resolves and what the AI thinks it is worth.

"Counter target spell if it's red." / "Destroy target permanent if it's blue."
(Hydroblast, Pyroblast): the target may be any spell or permanent (115.1: the
targeting is not restricted by the colour), and as the spell resolves the effect
happens only if the target has the quality then (608.2c: the instruction checks the
object as it is now; 608.2b: a target gone from its zone is illegal, and nothing happens
to it). A spell or ability with this effect can target an object without the quality;
it then does nothing to it.
"""

from __future__ import annotations

from mtgsim.engine.cards import Effect, EffectT, Filter
from mtgsim.engine.players.worth_effects import objs_for
from mtgsim.engine.rules.effect import Estimate, effect_rules, effects_sign
from mtgsim.engine.rules.filters import matches
from mtgsim.engine.rules.refs import refs_of
from mtgsim.engine.state.ask import Asker
from mtgsim.engine.state.game_state import GameState, StackItem


class IfTargetIs(Effect, tag="if_target_is", frozen=True):
    """``effects`` happen only if what ``what`` names (a target) matches ``filter`` as
    the effect happens ("if it's red", 608.2c)."""

    filter: Filter
    effects: tuple[EffectT, ...]
    what: str = "t0"
    otherwise: tuple[EffectT, ...] = ()  # done when the target is there and does not match


def _holds(state: GameState, f: Filter, oid: int, controller: int, source: int) -> bool:
    obj = state.objects.get(oid)
    return obj is not None and matches(state, f, obj, controller, source)


def resolve(state: GameState, item: StackItem, eff: IfTargetIs, asker: Asker,
            queue: list[EffectT]) -> None:
    refs = refs_of(state, item, eff.what)
    if refs and all(_holds(state, eff.filter, r, item.controller, item.source) for r in refs):
        queue[0:0] = eff.effects
    elif refs and all(r in state.objects for r in refs):
        queue[0:0] = eff.otherwise


def estimate(ev: Estimate, e: IfTargetIs) -> None:
    """What the inner effects are worth when the target has the quality now, else
    nothing (a spell on the stack is not on the battlefield: its colour is read from
    its object as for a permanent)."""
    if ev.depth >= 3:
        return
    state = ev.state
    objs = objs_for(e.what, ev.targets, state, ev.source)  # a target in any zone
    if objs and all(matches(state, e.filter, o, ev.me, ev.source) for o in objs):
        ev.total += ev.nested(e.effects)
    elif objs and e.otherwise:
        ev.total += ev.nested(e.otherwise)


def sign(e: IfTargetIs, ref: str) -> int:
    return effects_sign(e.effects + e.otherwise, ref)


RULES = effect_rules(IfTargetIs, resolve=resolve, estimate=estimate, sign=sign)
