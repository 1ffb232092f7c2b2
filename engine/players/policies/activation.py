"""Scores for activating abilities with priority: level up, unearth, forecast, transmute,
equip, regeneration, firebreathing, keyword grants, and generic abilities weighed by what
their effects achieve against what their cost gives up (a sacrificed creature, cards, life,
a creature that could have attacked or blocked). Like the casting scores, a score above
another action's wins, and 0 means "not now".
"""

from __future__ import annotations

from typing import Any

import msgspec

from mtgsim.engine.cards import (
    KEYWORD_BITS,
    KW_CANT_ATTACK,
    KW_CANT_BLOCK,
    KW_FLYING,
    KW_HASTE,
    KW_REACH,
    KW_TRAMPLE,
    KW_UNBLOCKABLE,
    Activated,
)
from mtgsim.engine.players.policies.combat_ai import damage_of, fight
from mtgsim.engine.players.policies.context import Ctx, fits_reserve
from mtgsim.engine.players.policies.madness_plan import ability_outlet_plan
from mtgsim.engine.players.policies.ninjutsu_plan import ninjutsu_score
from mtgsim.engine.players.policies.planning import TargetPlanner
from mtgsim.engine.players.policies.x_ability import plan_ability_x
from mtgsim.engine.players.worth import (
    UNTARGETABLE,
    aura_is_hostile,
    card_want,
    color_sources,
    dead_card,
    is_creature,
    perm_value,
    value,
)
from mtgsim.engine.players.worth_effects import harmful_to_target
from mtgsim.engine.rules.activation import activated_abilities
from mtgsim.engine.rules.combat import can_block, held_back
from mtgsim.engine.rules.costs import CostWorth, costs_worth
from mtgsim.engine.rules.effect import Role, has_role, role_of
from mtgsim.engine.rules.mana import parse_cost
from mtgsim.engine.rules.targets import legal_targets
from mtgsim.engine.rules.x_costs import has_x
from mtgsim.engine.state.game_state import (
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    MAIN2,
    NONE,
    GameObject,
)

# Enum members read in functions, as module constants (a read off an enum class goes
# through its metaclass's __getattr__ on Python 3.11: see DecisionKind)
_ROLE_DAMAGE = Role.DAMAGE
_ROLE_DRAW = Role.DRAW
_ROLE_OTHER = Role.OTHER
_ROLE_PUMP = Role.PUMP
_ROLE_REGENERATE = Role.REGENERATE
_ROLE_REMOVAL = Role.REMOVAL
_ROLE_STEAL = Role.STEAL


def _tap_loss(ctx: Ctx, obj: GameObject) -> float:
    """What tapping this creature now gives up: an attack this turn, or a block."""
    if ctx.main1 and not obj.sick and not obj.kw & KW_CANT_ATTACK:
        return 0.3 * damage_of(obj)
    if not ctx.my_turn and ctx.step < DECLARE_BLOCKERS:
        return 0.5  # it could have blocked
    return 0.0


def _grants_only(e: Any) -> bool:
    """A pump effect that only grants keywords ("target creature gains flying")."""
    return bool(e.each is None and e.keywords and e.power == 0 and e.toughness == 0)


def _land_in(hand: list[GameObject]) -> bool:
    """Whether a land card is in this hand."""
    for o in hand:  # (a loop, not any(): a compiled function holds no generator)
        if o.card.is_land:
            return True
    return False


def _use_score(ctx: Ctx, role: Role, score: float, loss: float, targets: list[int]) -> float:
    """An ability's score from what its effects give (``score``, the targets planned)
    less what its cost takes (``loss``), by the kind of play it is and the moment: a
    steal whenever it is worth it; damage to a creature at once, to the opponent at the
    end of their turn or after my attack; card draw at the end of their turn; the rest in
    my main phase or at the end of their turn, never over my own spell or ability."""
    if role is _ROLE_STEAL:
        return 35.0 + score if score > 3.0 else 0.0
    gain = score - loss
    if gain <= 0.5:
        return 0.0
    if role is _ROLE_DAMAGE:
        if gain >= 100:
            return 90.0
        if targets and targets[0] >= 2:
            return 22.0 + gain
        # pinging the opponent: at the end of their turn, or after my attack
        if ctx.opp_end or (ctx.main and ctx.step == MAIN2):
            return 5.0 + gain
        return 0.0
    if role is _ROLE_DRAW:
        return 4.0 + gain if ctx.opp_end else 0.0
    stack = ctx.state.stack
    if stack:
        top = stack[-1]
        if top.controller == ctx.me:
            return 0.0
    if ctx.main:
        return 3.0 + gain
    if ctx.opp_end:
        return 2.0 + gain
    return 0.0


class ActivationScorer(TargetPlanner):
    """Activated-ability scores (a mixin of ``HeuristicPolicy``)."""

    __slots__ = ()  # (its state is in TargetPlanner's slots)

    def _activate_score(self, ctx: Ctx, obj: GameObject, index: int) -> float:
        """The score of activating ``obj``'s ability ``index`` now: a keyword ability's
        own reckoning (``_keyword_ability_score``), else what its effects give less what
        its cost takes (``costs_worth``), when the moment suits it (``_use_score``)."""
        state = ctx.state
        ab = activated_abilities(obj)[index]
        kw = ab.keyword
        if kw:
            by_keyword = self._keyword_ability_score(ctx, obj, ab, kw)
            if by_keyword is not None:
                return by_keyword
        effects = ab.effects
        first: Any = effects[0] if effects else None
        role = role_of(first) if first is not None else _ROLE_OTHER
        if role is _ROLE_REGENERATE:
            return self._regenerate_score(ctx, obj, ab)
        if state.stack and state.stack[-1].controller == ctx.me:
            return 0.0  # let my own spell or ability resolve first
        if ab.cost.discard > 0 and (ctx.main or ctx.opp_end):
            # a discard outlet for a madness spell the mana left casts (702.35a)
            plan = ability_outlet_plan(state, ctx.me, obj, ab, ctx.hand, self.price)
            if plan > 0.0:
                return plan
        cost = ab.cost
        mana_cost = parse_cost(cost.mana).mana_value if cost.mana else 0
        specs = ab.targets
        x = 0
        if cost.mana and has_x(cost):  # the X worth announcing (107.3)
            planned = plan_ability_x(self, ctx, obj, ab)
            if planned is None:
                return 0.0
            x, specs = planned
            mana_cost += x * parse_cost(cost.mana).x
        # What paying the cost loses.
        loss = costs_worth(CostWorth(state, ctx.me, lambda o: self._doomed(ctx, o),
                                     lambda o: _tap_loss(ctx, o)), obj, cost)
        if ctx.main and mana_cost and not fits_reserve(ctx, mana_cost):
            return 0.0
        # Timing: sorcery-speed value now, or instant-speed at the right moments.
        if not (ctx.main or ctx.opp_end or state.stack or state.combat is not None):
            return 0.0
        if role is _ROLE_PUMP and not first.negative and first.each is None \
                and ab.targets == () and first.what == "self":
            return self._firebreathing_score(ctx, obj, first)
        pumps = bool(effects) and all(role_of(e) is _ROLE_PUMP for e in effects)
        if ab.targets and pumps and all(_grants_only(e) for e in effects):
            return self._grant_score(ctx, obj, ab)
        if pumps and ab.targets and not getattr(first, "negative", False):
            return 0.0  # granted keywords handled where they matter (not modelled)
        score, targets = self._plan_specs(ctx, obj.oid, specs, effects, x)
        if ab.targets and not targets:
            return 0.0
        return _use_score(ctx, role, score, loss, targets)

    def _keyword_ability_score(self, ctx: Ctx, obj: GameObject, ab: Activated,
                               kw: str) -> float | None:
        """The score of a keyword ability, each by its own reckoning (level up 711,
        unearth 702.84, forecast 702.57, transmute 702.53, equip 702.6, ninjutsu 702.49,
        cycling and typecycling 702.29), or None for another ability: its effects are
        scored as any ability's (``_activate_score``)."""
        if kw == "level up":
            return self._level_up_score(ctx, obj, ab)
        if kw == "unearth":
            return self._unearth_score(ctx, obj)
        if kw == "forecast":
            return self._forecast_score(ctx, obj, ab)
        if kw == "transmute":
            return self._transmute_score(ctx, obj, ab)
        if kw == "equip":
            return self._equip_score(ctx, obj, ab)
        if kw == "ninjutsu":
            return ninjutsu_score(ctx.state, ctx.me, obj, ab)
        if kw == "cycling":
            return 1.0 if ctx.opp_end and obj.card.mana_value > ctx.lands + 2 else 0.0
        if kw == "typecycling":  # a land for a spell not castable soon: short of lands
            short = ctx.lands < 5 and not _land_in(ctx.hand)
            return 1.0 if (ctx.opp_end or ctx.main) and short and \
                obj.card.mana_value > ctx.lands + 1 else 0.0
        return None

    def _grant_score(self, ctx: Ctx, obj: GameObject, ab: Activated) -> float:
        """"Target creature gains <keyword> until end of turn" (Aquastrand Spider's
        reach, Helium Squirter's flying, Plaxcaster Frogling's shroud), where the
        keyword changes something: a blocker for a flyer nothing of mine could block, a
        spell aimed at my creature fizzled, an attacker its blockers can no longer block."""
        state = ctx.state
        bits = 0
        for e in ab.effects:
            for k in getattr(e, "keywords", ()):
                bits |= KEYWORD_BITS.get(k.lower(), 0)
        objects = state.objects
        options = [objects[t] for t in legal_targets(state, ab.targets[0], ctx.me, obj.oid)
                   if t >= 2 and objects[t].controller == ctx.me and is_creature(objects[t])]
        options = [c for c in options if bits & ~c.kw]
        best, best_gain = NONE, 0.0
        combat = state.combat
        if state.stack:
            top = state.stack[-1]
            if top.controller == ctx.me or not bits & UNTARGETABLE:
                return 0.0
            for i, t in enumerate(top.targets):
                c = next((o for o in options if o.oid == t), None)
                if c is None:
                    continue
                harmful = aura_is_hostile(top.card) if top.is_spell and top.card.is_aura \
                    else harmful_to_target(top.effects, i) < 0
                if harmful and perm_value(state, c, ctx.me) > best_gain:
                    best, best_gain = c.oid, perm_value(state, c, ctx.me)
            score = 30.0 + best_gain
        elif not ctx.my_turn and ctx.step == DECLARE_ATTACKERS and combat is not None:
            mine = [c for c in ctx.mine if not c.tapped]
            for a in (objects[x] for x in combat.attackers if x in objects):
                if any(can_block(state, c, a) and not fight(c, a)[0] for c in mine):
                    continue  # already blocked well enough
                for c in options:
                    if c.tapped or can_block(state, c, a):
                        continue
                    c2 = msgspec.structs.replace(c, kw=c.kw | bits)
                    if not can_block(state, c2, a):
                        continue
                    c_dies, a_dies = fight(c2, a)
                    if a_dies and (not c_dies or value(a) >= value(c) - 0.5):
                        gain = value(a) - (value(c) if c_dies else 0.0)
                    elif not c_dies:
                        gain = 0.6 * damage_of(a)
                    else:
                        continue
                    if gain > best_gain:
                        best, best_gain = c.oid, gain
            score = 28.0 + best_gain
        elif ctx.main1 and bits & (KW_FLYING | KW_UNBLOCKABLE):
            blockers = [b for b in ctx.theirs if not b.tapped and not b.kw & KW_CANT_BLOCK]
            for c in options:
                if c.tapped or c.power < 2 or c.kw & KW_CANT_ATTACK or (
                        c.sick and not c.kw & KW_HASTE):
                    continue
                if not any(can_block(state, b, c) for b in blockers):
                    continue  # nothing to get past
                c2 = msgspec.structs.replace(c, kw=c.kw | bits)
                if any(can_block(state, b, c2) for b in blockers):
                    continue
                gain = 0.6 * damage_of(c)
                if gain > best_gain:
                    best, best_gain = c.oid, gain
            score = 4.0 + best_gain
        else:
            return 0.0
        if best == NONE or best_gain < 1.0:
            return 0.0
        self.plan[obj.oid] = [best]
        return score

    def _doomed(self, ctx: Ctx, obj: GameObject) -> bool:
        """Is this creature about to die (in a fight it loses, or to a spell)?"""
        state = ctx.state
        combat = state.combat
        objects = state.objects
        if combat is not None and ctx.step == DECLARE_BLOCKERS:
            if obj.oid in combat.attackers:
                for b in combat.blockers.get(obj.oid, []):
                    bo = objects.get(b)
                    if bo is not None and fight(obj, bo)[0]:
                        return True
            for a in combat.blocking.get(obj.oid, []):
                ao = objects.get(a)
                if ao is not None and fight(obj, ao)[0]:
                    return True
        if state.stack:
            top = state.stack[-1]
            if top.controller != obj.controller and obj.oid in top.targets:
                e: Any
                for e in top.effects:
                    role = role_of(e)
                    if role is _ROLE_REMOVAL or role is _ROLE_STEAL or (
                            role is _ROLE_DAMAGE and isinstance(e.amount, int)
                            and e.amount >= obj.toughness - obj.damage):
                        return True
        return False

    def _regenerate_score(self, ctx: Ctx, obj: GameObject, ab: Activated) -> float:
        """Regenerate only what is about to die, once."""
        state = ctx.state
        target = obj
        if ab.targets:
            cands = [t for t in legal_targets(state, ab.targets[0], ctx.me, obj.oid)
                     if t >= 2 and state.objects[t].controller == ctx.me]
            doomed = [state.objects[t] for t in cands if self._doomed(ctx, state.objects[t])
                      and not state.objects[t].regen_shields]
            if not doomed:
                return 0.0
            target = max(doomed, key=value)
            self.plan[obj.oid] = [target.oid]
        elif not self._doomed(ctx, obj) or obj.regen_shields:
            return 0.0
        for item in state.stack:  # a regeneration already on its way
            if item.source == obj.oid and not item.is_spell and (
                    not item.targets or item.targets[0] == target.oid):
                return 0.0
            if item.controller == ctx.me and target.oid in item.targets and has_role(
                    item.effects, _ROLE_REGENERATE):
                return 0.0
        if ab.cost.sacrifice is not None:
            fodder = [c for c in ctx.mine if c.oid != obj.oid and c.oid != target.oid]
            if not fodder or min(value(c) for c in fodder) >= value(target):
                return 0.0
        return 28.0 + value(target) * 0.1

    def _firebreathing_score(self, ctx: Ctx, obj: GameObject, pump: Any) -> float:
        """"{R}: +1/+0": pour spare mana into an unblocked attacker after blocks (not
        into one blocked whose blockers have all left: it deals no combat damage, 510.1c,
        unless it has trample, then all of it to the player, 702.19e)."""
        state = ctx.state
        combat = state.combat
        if combat is None or not ctx.my_turn or ctx.step != DECLARE_BLOCKERS:
            return 0.0
        if obj.oid not in combat.attackers or combat.blockers.get(obj.oid) or \
                held_back(state, obj.oid, obj):
            return 0.0
        # keep instants' mana: only with mana to spare beyond the hand's tricks
        if any(o.card.instant_speed and o.card.mana_value <= ctx.mana for o in ctx.hand
               if not o.card.is_land):
            if ctx.mana <= 2:
                return 0.0
        return 6.0

    def _level_up_score(self, ctx: Ctx, obj: GameObject, ab: Activated) -> float:
        if not ctx.main:
            return 0.0
        card = obj.card
        level = obj.counters.get("level", 0)
        bands = card.levels
        nxt = [b.low for b in bands if b.low > level]
        if not nxt:
            return 0.0  # at the top band: more counters do nothing
        need = nxt[0] - level
        cost = parse_cost(ab.cost.mana).mana_value if ab.cost.mana else 0
        if not fits_reserve(ctx, cost):
            return 0.0
        affordable_now = ctx.mana // max(1, cost)
        band = next(b for b in bands if b.low == nxt[0])
        gain = (band.power - obj.power) * 1.5 + (band.toughness - obj.toughness) + \
            2.0 * len(band.keywords) + 3.0 * len(band.abilities)
        gain = max(gain, 1.0)
        total_cost = need * max(1, cost)
        efficiency = gain / total_cost
        if need <= affordable_now:
            return 17.0 + min(efficiency * 4.0, 8.0)
        if ctx.lands + 1 >= total_cost:  # on the way to a band within a turn or two
            return 8.0 + min(efficiency * 3.0, 5.0)
        return 4.0

    def _unearth_score(self, ctx: Ctx, obj: GameObject) -> float:
        if not ctx.main1:
            return 0.0
        state = ctx.state
        card = obj.card
        p, _t = card.power or 0, card.toughness or 0
        blockers = [c for c in ctx.theirs if not c.tapped and not c.kw & KW_CANT_BLOCK]
        evasive = bool(card.keyword_mask & KW_FLYING) and not any(
            c.kw & (KW_FLYING | KW_REACH) for c in blockers)
        del state
        score = 16.0 + p
        if evasive or not blockers:
            score += 3.0
        elif card.keyword_mask & KW_TRAMPLE:
            score += 1.0
        return score

    def _forecast_score(self, ctx: Ctx, obj: GameObject, ab: Activated) -> float:
        """Forecast during upkeep spends this turn's mana: only what the turn spares."""
        state = ctx.state
        cost = parse_cost(ab.cost.mana).mana_value if ab.cost.mana else 0
        # the mana the rest of the turn wants: the best castable spells in hand
        spend = 0
        colors = color_sources(state, ctx.me)
        for o in sorted(ctx.hand, key=lambda o: -o.card.mana_value):
            c = o.card
            if c.is_land or o.oid == obj.oid or dead_card(c, colors):
                continue
            if spend + c.mana_value <= ctx.mana + 1:
                spend += c.mana_value
        spare = ctx.mana + (1 if any(o.card.is_land for o in ctx.hand) else 0) - spend
        if spare < cost:
            return 0.0
        effects = ab.effects
        if has_role(effects, _ROLE_DRAW):
            lib = len(state.players[ctx.me].library)
            if lib < 12:
                return 0.0
            return 12.0
        score, targets = self._plan_specs(ctx, obj.oid, ab.targets, effects)
        if ab.targets and not targets:
            return 0.0
        if has_role(effects, _ROLE_PUMP):
            # +1/+1 on a creature that will attack this turn
            t = state.objects.get(targets[0]) if targets and targets[0] >= 2 else None
            if t is None or t.controller != ctx.me or t.kw & KW_CANT_ATTACK:
                return 0.0
            return 12.0
        return 12.0 if score > 1.5 else 0.0

    def _transmute_score(self, ctx: Ctx, obj: GameObject, ab: Activated) -> float:
        if not ctx.main:
            return 0.0
        cost = parse_cost(ab.cost.mana).mana_value if ab.cost.mana else 0
        if not fits_reserve(ctx, cost):
            return 0.0
        state = ctx.state
        card = obj.card
        mv = card.mana_value
        if card.is_land:
            return 0.0  # a land in hand is a land drop
        mine = card_want(state, ctx.me, card)
        # can it be cast usefully now? then no
        best = 0.0
        objects = state.objects
        seen: set[str] = set()
        for oid in state.players[ctx.me].library:
            c = objects[oid].card
            if c.mana_value != mv or c.name in seen or c.name == card.name:
                continue
            seen.add(c.name)
            w = card_want(state, ctx.me, c)
            if w > best:
                best = w
        if best >= mine + 2.0:
            return 9.0 + best - mine
        return 0.0

    def _equip_score(self, ctx: Ctx, obj: GameObject, ab: Activated) -> float:
        if not ctx.main1:
            return 0.0
        state = ctx.state
        host = state.objects.get(obj.attached_to) if obj.attached_to >= 2 else None
        cands = [c for c in ctx.mine if c.oid != obj.oid and not c.kw & KW_CANT_ATTACK]
        if not cands:
            return 0.0
        best = max(cands, key=lambda c: value(c) + (0.0 if c.sick and not c.kw & KW_HASTE
                                                    else 3.0))
        if host is not None and host.controller == ctx.me and (
                not host.sick or host.kw & KW_HASTE) and not host.tapped:
            return 0.0
        if host is not None and host.oid == best.oid:
            return 0.0
        self.plan[obj.oid] = [best.oid]
        return 10.0
