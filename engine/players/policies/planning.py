"""Target planning for the heuristic policy: while it scores an action with priority it
also picks the targets, mode, X and replicate count that action would use, and records them
(``plan``, ``plan_mode``, ``plan_x``, ``plan_rep``) so the later target, mode, X and
replicate questions of that same cast or activation get the answers the score assumed.
"""

from __future__ import annotations

from typing import Any

from mtgsim.engine.cards import (
    KW_INDESTRUCTIBLE,
    EffectT,
    Target,
)
from mtgsim.engine.players.life_price import LifePrice
from mtgsim.engine.players.policies.context import Ctx
from mtgsim.engine.players.worth import UNTARGETABLE, is_creature, value
from mtgsim.engine.players.worth_effects import harmful_to_target
from mtgsim.engine.rules.effect import Role, effects_value, role_of
from mtgsim.engine.rules.mana import can_pay
from mtgsim.engine.rules.targets import expand_targets, target_options
from mtgsim.engine.state.game_state import BATTLEFIELD, NONE, GameObject, GameState

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_ROLE_DAMAGE = Role.DAMAGE
_ROLE_DRAW = Role.DRAW
_ROLE_REMOVAL = Role.REMOVAL
_ROLE_STEAL = Role.STEAL


class TargetPlanner:
    """The plan a priority decision leaves for the questions that follow it (a mixin of
    ``HeuristicPolicy``, which creates the dicts)."""

    # (slots, not an instance dict: the compiled engine caches slot reads; every mixin
    # declares the state it keeps, here the plan, in TargetChooser the target counters)
    __slots__ = ("plan", "plan_mode", "plan_x", "plan_rep")

    plan: dict[int, list[int]]  # source oid -> intended targets
    plan_mode: dict[int, int]  # source oid -> intended mode
    plan_x: dict[int, int]  # source oid -> intended X
    plan_rep: dict[int, int]  # source oid -> replicate payments
    # the price of life the estimates read, the deciding policy's (a slot of
    # HeuristicPolicy: engine.players.life_price)
    price: LifePrice

    def _plan_specs(self, ctx: Ctx, source: int, specs: tuple[Target, ...],
                    effects: tuple[EffectT, ...], x: int = 0) -> tuple[float, list[int]]:
        """Best targets for these specs, one at a time; (value, targets)."""
        state = ctx.state
        chosen: list[int] = []
        if not specs:
            return effects_value(state, ctx.me, effects, [], source, x, 0, self.price), []
        specs = expand_targets(specs, x)
        pending = self._pending_targets(state, ctx.me, source) if state.stack else {}
        for idx, spec in enumerate(specs):
            options = target_options(state, specs, idx, ctx.me, source, chosen,
                                     spell=state.objects[source].zone != BATTLEFIELD)
            if spec.kind in ("any", "player") and not spec.distinct:
                options = [o for o in options if o >= 2 or o in (0, 1)]
            if not options:
                if spec.optional:
                    chosen.append(NONE)
                    continue
                return 0.0, []
            sign = harmful_to_target(effects, idx)
            if sign and len(options) > 1:
                objects = state.objects
                side = [t for t in options if
                        ((t if t < 2 else objects[t].controller) == ctx.me) == (sign > 0)]
                if side:
                    options = side
            best, best_v = NONE, -1e9
            best_pure = 0.0  # the effects' value with the best target, before tie-breaks
            for t in options:
                trial = chosen + [t]
                v = pure = effects_value(state, ctx.me, effects,
                                         trial + [NONE] * (len(specs) - idx - 1), source, x, 0,
                                         self.price)
                if t >= 2:
                    v += 0.001 * value(state.objects[t]) if is_creature(state.objects[t]) \
                        else 0.0
                    if pending.get(t, 0) >= 2 and state.objects[t].controller != ctx.me:
                        v -= 2.0 + abs(v)  # already on its way out
                if v > best_v:
                    best, best_v, best_pure = t, v, pure
            # an optional target is left unchosen unless it adds to what the targets
            # already chosen are worth (effects over every target, such as Thraben
            # Charm's "any number of target players' graveyards", count those too);
            # worked out for optional targets only (the estimate is the costly part)
            if spec.optional:
                floor = 0.0 if chosen.count(NONE) == len(chosen) else effects_value(
                    state, ctx.me, effects, chosen + [NONE] * (len(specs) - idx), source, x, 0,
                    self.price)
                if best_v <= floor:
                    best = NONE
            chosen.append(best)
        # With one target, the value of the chosen target was just computed.
        total = best_pure if len(specs) == 1 and chosen[0] != NONE else \
            effects_value(state, ctx.me, effects, chosen, source, x, 0, self.price)
        self.plan[source] = list(chosen)
        return total, chosen

    def _plan_x_value(self, ctx: Ctx, obj: GameObject, specs: tuple[Target, ...],
                      effects: tuple[EffectT, ...]) -> int:
        """X for a spell: enough to kill the best target or the opponent, enough cards."""
        card = obj.card
        cost = card.cost
        assert cost is not None
        top = 0
        while top < 20 and can_pay(cost.symbols, cost.generic + cost.x * (top + 1),
                                 ctx.units):
            top += 1
        if top <= 0:
            return 0
        state = ctx.state
        first: Any = effects[0] if effects else None
        x = top
        if role_of(first) is _ROLE_DAMAGE:
            if ctx.opp_life <= top:
                x = ctx.opp_life
            else:
                best_x = 0
                best_v = 0.0
                for c in ctx.theirs:
                    need = c.toughness - c.damage
                    if need <= top and not c.kw & (UNTARGETABLE | KW_INDESTRUCTIBLE) and \
                            value(c) > best_v and value(c) >= 3.0:
                        best_x, best_v = need, value(c)
                x = best_x
        elif role_of(first) is _ROLE_DRAW:
            me = state.players[ctx.me]
            opp = state.players[ctx.opp]
            if first.who == "each_player" and len(opp.library) < top and \
                    len(me.library) > len(opp.library) + 1:
                x = len(opp.library) + 1  # deck them
            else:
                x = min(top, max(0, 7 - len(ctx.hand) + 1), max(0, len(me.library) - 10))
        self.plan_x[obj.oid] = x
        return x

    def _pending_targets(self, state: GameState, me: int, source: int) -> dict[int, int]:
        """Objects my spells and abilities on the stack already aim at: 2 when they will
        die of it (copies of a replicated spell then spread over other targets), else 1."""
        out: dict[int, int] = {}
        damage: dict[int, int] = {}
        objects = state.objects
        for item in state.stack:
            if item.controller != me:
                continue
            for i, t in enumerate(item.targets):
                if t == NONE:
                    continue
                out[t] = max(out.get(t, 0), 1)
                ref = f"t{i}"
                e: Any
                for e in item.effects:
                    if role_of(e) is _ROLE_DAMAGE and e.to == ref and isinstance(e.amount, int):
                        damage[t] = damage.get(t, 0) + e.amount
                    elif role_of(e) in (_ROLE_REMOVAL, _ROLE_STEAL) and getattr(e, "what", "") == ref:
                        out[t] = 2
        for t, n in damage.items():
            o = objects.get(t) if t >= 2 else None
            if o is not None and n >= o.toughness - o.damage:
                out[t] = 2
        del source
        return out
