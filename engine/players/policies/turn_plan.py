"""The turn's plan (``heuristic:prio=plan``; a setting, off by default, so plain
``heuristic`` and every existing spec play as before).

In its own main phase with an empty stack the heuristic plays its land first
(``LAND_FIRST``, 305.1: one land a turn, a special action, 116.2a) and then the
best-scoring spell, one at a time, greedily. A player plans the set of plays this turn's
mana pays for: with three lands, a one-drop and a two-drop rather than the three-drop
whose score is a little higher but leaves both uncast. The search's probe over 96 games
(docs/search-record.md, "A stronger base policy at priority") found 103 of its 236 switches
of the heuristic's priority answers (117: a player with priority casts or passes) were
of that kind: "the land drop -> a spell or ability first, the land after" (54) and "a
cast -> another cast, own first main phase" (49).

The plan (``plan_choice``): of the casts scoring above zero (the heuristic's own
``_cast_score``: the decision's castable spells and, when a land drop may add the mana,
the hand's spells that land would make castable), at most ``MAX_CASTS`` of the best,
the subset whose mana costs this turn's mana pays for together (the engine's own check,
``engine.rules.mana.can_pay`` on the player's ``Units`` as 601.2g-h pays them, filters
kept) that spends the most of that mana, and of those the highest total score; with each
land the player may play (its mana added unless it enters tapped;
``priority_order.units_with``), its own land score (``_play_score``: a new colour, a
tapped land on a turn its mana goes unused, what its mana does for the hand) added to the
total. Mana first: a total of scores alone (each creature scores 20 + its mana value)
counts spells, and cast two one-drops over a five-drop with three mana left unspent
(measured: +0.1 [-0.3, +0.5] over the plain heuristic, against +0.4 [-0.0, +0.9] mana
first, docs/search-record.md "The turn's plan"). Exact: every subset of at most ``MAX_CASTS``
casts (2^7), pruned by mana and by the best still reachable. Then the plan's next action:

- the land first (as ``LAND_FIRST``: its mana never makes a later cast worse), except
  that a planned spell that draws or searches for cards (its effects' ``Role.DRAW`` or
  ``Role.TUTOR``) and the mana out pays for alone is cast before it: what it finds may
  be the land to play (the probe's "a spell first, the land after", where it matters);
- then the plan's casts, the best-scoring first (the heuristic's own order within the
  plan; of two scoring alike the cheaper, which keeps more mana open).

The plan stands aside (``None``: the heuristic's own choice) when an activation, a
special action or a cast the plan does not weigh (an X spell, one with no mana cost)
scores above the plan's own next cast: the plan weighs casts only. Each decision plans
afresh from what is left, so a plan that the engine's payment or a changed score breaks
is replanned, never followed blindly. A pure function of the player's view (``Ctx``).
"""

from __future__ import annotations

from typing import Protocol

from mtgsim.engine.cards.card import Card
from mtgsim.engine.players.policies.context import Ctx, first_effects
from mtgsim.engine.players.policies.priority_order import units_with
from mtgsim.engine.players.policies.special_score import special_score
from mtgsim.engine.rules.castability import castable_costs
from mtgsim.engine.rules.effect import Role, has_role
from mtgsim.engine.rules.mana import ManaCost, can_pay
from mtgsim.engine.rules.spell_costs import ALT_NORMAL
from mtgsim.engine.state.game_state import (
    ACTIVATE,
    CAST,
    SPECIAL,
    Action,
    GameObject,
)

# The casts a plan weighs, the best-scoring first: 2^7 subsets at most per land option
MAX_CASTS = 7
# roles of a spell worth casting before the land drop: what it finds may be the land
_ROLE_DRAW = Role.DRAW
_ROLE_TUTOR = Role.TUTOR


class Scorer(Protocol):
    """The heuristic's scores the plan reads (``HeuristicPolicy``'s own)."""

    def _cast_score(self, ctx: Ctx, obj: GameObject, alt: int) -> float: ...

    def _activate_score(self, ctx: Ctx, obj: GameObject, index: int) -> float: ...


class Cast:
    """A cast the plan weighs: its score, its mana cost, its action (-1: not castable
    before the land drop) and whether it finds cards (cast before the land)."""

    __slots__ = ("oid", "score", "cost", "index", "finds")

    def __init__(self, oid: int, score: float, cost: ManaCost, index: int,
                 finds: bool) -> None:
        self.oid = oid
        self.score = score
        self.cost = cost
        self.index = index
        self.finds = finds


def plan_choice(policy: Scorer, ctx: Ctx, actions: list[Action],
                land_scores: dict[int, float], land_first: float) -> int | None:
    """The index of the plan's next action among ``actions``, or None for the
    heuristic's own choice. ``land_scores``: the land drops' scores (``_play_score``),
    those at ``land_first`` or more being the ones the heuristic would play."""
    state = ctx.state
    objects = state.objects
    casts: dict[int, Cast] = {}
    other = 0.0  # the best action the plan does not weigh
    for i, a in enumerate(actions):
        kind = a.kind
        if kind == CAST:
            obj = objects[a.oid]
            score = policy._cast_score(ctx, obj, a.alt)
            if score <= 0.0:
                continue
            cost = _cost(ctx, obj, a.alt)
            if cost is None:
                other = max(other, score)
                continue
            old = casts.get(a.oid)
            if old is None or score > old.score:
                casts[a.oid] = Cast(a.oid, score, cost, i, _finds(obj.card))
        elif kind == ACTIVATE:
            other = max(other, policy._activate_score(ctx, objects[a.oid], a.index))
        elif kind == SPECIAL:
            other = max(other, special_score(state, objects[a.oid].card, a.index))
    lands = [i for i in sorted(land_scores) if land_scores[i] >= land_first]
    if lands:
        _add_hand_casts(policy, ctx, casts)
    if not casts:
        return None
    ranked = sorted(casts.values(), key=lambda c: (-c.score, c.cost.mana_value, c.oid))
    ranked = ranked[:MAX_CASTS]
    units = ctx.units
    best_land = -1
    best_set: list[Cast] = []
    best_key = (-1, 0.0)
    for i in lands or [-1]:
        if i >= 0:
            card = objects[actions[i].oid].card
            pool = units if card.enters_tapped else units_with(units, card)
            base = land_scores[i]
        else:
            pool, base = units, 0.0
        chosen, (spent, value) = best_subset(ranked, pool)
        if (spent, value + base) > best_key:
            best_land, best_set, best_key = i, chosen, (spent, value + base)
    return _next(best_land, best_set, other, units)


def _next(land: int, plan: list[Cast], other: float, units: list[int]) -> int | None:
    """The plan's next action: a finding spell before the land, the land, then the
    best-scoring cast (of two alike the cheaper); None where an action the plan does not
    weigh scores above it."""
    order = sorted(plan, key=lambda c: (-c.score, c.cost.mana_value, c.oid))
    if land >= 0:
        for c in order:
            if c.finds and c.index >= 0 and can_pay(c.cost.symbols, c.cost.generic, units):
                return c.index if c.score >= other else None
        return land
    if not order or order[0].score < other or order[0].index < 0:
        return None
    return order[0].index


def best_subset(casts: list[Cast], units: list[int]) -> tuple[list[Cast], tuple[int, float]]:
    """The casts (a subset of ``casts``, kept in their order) whose mana costs ``units``
    pays for together that spend the most of this turn's mana, of those the highest
    total score, and that (mana spent, total score); exact, by a depth-first search that
    drops a set the mana cannot pay (no larger set is payable) and a branch that cannot
    beat the best found even spending all that is left on what is left."""
    n = len(casts)
    rest = [0.0] * (n + 1)  # the scores from position k on
    rest_mana = [0] * (n + 1)  # their mana
    for k in range(n - 1, -1, -1):
        rest[k] = rest[k + 1] + casts[k].score
        rest_mana[k] = rest_mana[k + 1] + casts[k].cost.total()
    mana = len(units)
    best: list[Cast] = []
    best_key = (0, 0.0)
    chosen: list[Cast] = []

    def visit(k: int, symbols: tuple[int, ...], generic: int, value: float) -> None:
        nonlocal best, best_key
        spent = generic + len(symbols)
        if (spent, value) > best_key:
            best, best_key = list(chosen), (spent, value)
        if k == n or (min(mana, spent + rest_mana[k]), value + rest[k]) <= best_key:
            return
        c = casts[k]
        cost = c.cost
        syms = tuple(sorted(symbols + cost.symbols))
        gen = generic + cost.generic
        if gen + len(syms) <= mana and can_pay(syms, gen, units):
            chosen.append(c)
            visit(k + 1, syms, gen, value + c.score)
            chosen.pop()
        visit(k + 1, symbols, generic, value)

    visit(0, (), 0, 0.0)
    return best, best_key


def _add_hand_casts(policy: Scorer, ctx: Ctx, casts: dict[int, Cast]) -> None:
    """The hand's spells not castable now (not among the decision's casts) that a land
    drop's mana may pay for, at the heuristic's score of their usual cast."""
    for obj in ctx.hand:
        card = obj.card
        if obj.oid in casts or card.is_land or card.cost is None or card.cost.x:
            continue
        score = policy._cast_score(ctx, obj, ALT_NORMAL)
        if score <= 0.0:
            continue
        cost = _cost(ctx, obj, ALT_NORMAL)
        if cost is not None:
            casts[obj.oid] = Cast(obj.oid, score, cost, -1, _finds(card))


def _cost(ctx: Ctx, obj: GameObject, alt: int) -> ManaCost | None:
    """The cheapest mana cost of this cast, its reductions taken off (``castable_costs``,
    601.2f); None for one the plan does not weigh: an X cost, or no cost at all."""
    card = obj.card
    if card.cost is None or card.cost.x:
        return None
    costs = castable_costs(ctx.state, ctx.me, obj, alt)
    if not costs:
        return None
    cost = min(costs, key=lambda c: c.total())
    return None if cost.x else cost


def _finds(card: Card) -> bool:
    """The spell draws or searches for cards (an instant or sorcery: a permanent's
    triggers are not its spell's effects)."""
    return not card.is_permanent_card and has_role(first_effects(card), _ROLE_DRAW,
                                                   _ROLE_TUTOR)


__all__ = ["MAX_CASTS", "Cast", "Scorer", "best_subset", "plan_choice"]
