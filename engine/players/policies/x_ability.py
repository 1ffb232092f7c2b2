"""The X of an activated ability with {X} in its cost (107.3, engine.rules.x_costs):
which value the heuristic announces.

Each value the rules allow (a legal target for it, the cost payable) is weighed by what
the ability's effects are worth with it (the effects' own estimates, which count the
damage Crypt Rats deals to my creatures and to me as losses) less the mana it spends;
the best value wins, a smaller one on a tie. An X whose effects are worth nothing (or
less than nothing: a Crypt Rats that would kill more of my board than of theirs) is not
announced at all: the ability is then not worth activating.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgsim.engine.cards import Activated, Target
from mtgsim.engine.players.policies.context import Ctx
from mtgsim.engine.rules.mana import parse_cost
from mtgsim.engine.rules.x_costs import bind_x, x_options
from mtgsim.engine.state.game_state import GameObject

if TYPE_CHECKING:
    from mtgsim.engine.players.policies.planning import TargetPlanner

# What a unit of mana spent on X costs in the comparison: enough to prefer the smaller
# of two values worth the same, far less than any effect worth having
_PER_MANA = 0.05
_MOST = 20  # values of X looked at (from the largest the mana pays down)


def plan_ability_x(planner: TargetPlanner, ctx: Ctx, obj: GameObject, ab: Activated
                   ) -> tuple[int, tuple[Target, ...]] | None:
    """The X to announce and the targets with it bound, or None if no X is worth it;
    the X is left in ``planner.plan_x`` for the X question (``choose_x``)."""
    options = x_options(ctx.state, ctx.me, obj, ab)
    if not options:
        return None
    per_x = parse_cost(ab.cost.mana).x
    best, best_v = -1, 0.0
    for x in reversed(options[-_MOST:]):
        if x == 0:
            continue
        v, _ = planner._plan_specs(ctx, obj.oid, bind_x(ab.targets, x), ab.effects, x)
        v -= _PER_MANA * per_x * x
        if v >= best_v:  # (largest first: a tie goes to the smaller)
            best, best_v = x, v
    if best < 0:
        return None
    planner.plan_x[obj.oid] = best
    return best, bind_x(ab.targets, best)
