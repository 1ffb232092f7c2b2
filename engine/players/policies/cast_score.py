"""Scores for casting a card with priority, by what it is: creatures (curve-out in the
main phase, flash creatures held for the end step or an ambush block, bloodthirst after
combat), Auras (on the best host, or the opponent's worst-off creature when hostile),
other permanents, evoke and retrace; instants and sorceries go to ``SpellScorer`` and
anything cast with a stack to answer goes to the responses in ``TrickScorer``.
"""

from __future__ import annotations

from mtgsim.engine.cards import (
    KW_CANT_ATTACK,
    KW_FLASH,
    KW_FLYING,
    KW_HASTE,
    KW_REACH,
    T_LAND,
)
from mtgsim.engine.cards.card import Card
from mtgsim.engine.keywords.evoke import EVOKE
from mtgsim.engine.keywords.retrace import RETRACE
from mtgsim.engine.players.policies import choices
from mtgsim.engine.players.policies.context import Ctx, fits_reserve
from mtgsim.engine.players.policies.spells import SpellScorer
from mtgsim.engine.players.worth import aura_bonus, aura_is_hostile, guess_amount, is_creature
from mtgsim.engine.rules.casting import aura_target
from mtgsim.engine.rules.targets import legal_targets
from mtgsim.engine.state.game_state import DECLARE_ATTACKERS, NONE, GameObject

# Retrace (and the land play that keeps a land back for it): a land card is spare once
# the lands on the battlefield plus the others in hand are at least RETRACE_LANDS, and
# with KEEP_FOR_RETRACE lands out the last land in hand is kept to retrace rather than
# played (the deck then floods into spells instead of into more mana than it uses).
RETRACE_LANDS = 3
KEEP_FOR_RETRACE = 4


class CastScorer(SpellScorer):
    """Casting scores (a mixin of ``HeuristicPolicy``)."""

    __slots__ = ()  # (its state is in TargetPlanner's slots)

    def _cast_score(self, ctx: Ctx, obj: GameObject, alt: int) -> float:
        card = obj.card
        state = ctx.state
        if alt == RETRACE.code and not self._retrace_ok(ctx, card):
            return 0.0
        if alt == EVOKE.code:
            return self._evoke_score(ctx, obj)
        if state.stack:
            return self._respond_score(ctx, obj)
        if card.is_creature:
            return self._creature_score(ctx, obj)
        if card.is_aura:
            return self._aura_score(ctx, obj)
        if card.spell is None or card.is_permanent_card:
            if not ctx.main:
                return 0.0
            if not fits_reserve(ctx, card.mana_value):
                return 0.0
            return 11.0 + card.mana_value
        return self._spell_score(ctx, obj, alt)

    def _retrace_ok(self, ctx: Ctx, card: Card) -> bool:
        """Retrace discards a land: only a spare one, i.e. the lands on the battlefield
        and the rest of those in hand still reach ``RETRACE_LANDS`` (and the spell's
        mana value). A land the turn's land drop would put down is played instead."""
        hand_lands = sum(1 for o in ctx.hand if o.card.type_mask & T_LAND)
        p = ctx.state.players[ctx.me]
        if hand_lands == 0:
            return False
        if p.lands_played < p.land_drops and hand_lands <= 1 and \
                ctx.lands < KEEP_FOR_RETRACE:
            return False  # play it instead
        return ctx.lands + hand_lands - 1 >= max(RETRACE_LANDS, card.mana_value)

    def _evoke_score(self, ctx: Ctx, obj: GameObject) -> float:
        if not ctx.main and not ctx.opp_end:
            return 0.0
        best = 0.0
        for ab in obj.card.triggered:
            if ab.when != "enters":
                continue
            score, targets = self._plan_specs(ctx, obj.oid, ab.targets, ab.effects)
            if score > best:
                best = score
                self.plan[obj.oid] = targets
        return 8.0 + best if best >= 4.0 else 0.0

    def _creature_score(self, ctx: Ctx, obj: GameObject) -> float:
        card = obj.card
        mv = card.mana_value
        flash = bool(card.keyword_mask & KW_FLASH)
        if card.toughness == 0 and not card.levels and self._enters_dead(ctx, obj):
            return 0.0  # a 0/0 with nothing to grow it (Golgari Grave-Troll, empty yard)
        if ctx.main:
            if not fits_reserve(ctx, mv) and (flash or not ctx.urgent):
                return 0.0
            if flash and not ctx.urgent and not card.keyword_mask & KW_HASTE:
                # keep it for the end of the opponent's turn or an ambush block: cast
                # now it gains nothing a main phase gives (it cannot attack this turn)
                return 0.0
            score = 20.0 + mv
            if "bloodthirst" in card.keyword_names and not ctx.opp_damaged:
                if ctx.main1 and self._can_damage_in_combat(ctx):
                    return 0.0  # attack first, cast it after combat
                score -= 3.0
            if card.keyword_mask & KW_HASTE and ctx.main1:
                score += 4.0
            if any(k.name == "devour" for k in card.keyword_instances):
                score += 0.5 * sum(1 for c in ctx.mine if c.token)
            return score
        if not flash:
            return 0.0
        state = ctx.state
        if ctx.opp_end:
            return 15.0 + mv
        if not ctx.my_turn and ctx.step == DECLARE_ATTACKERS and state.combat is not None:
            # an ambush blocker
            p, t = card.power or 0, card.toughness or 0
            for a in state.combat.attackers:
                att = state.objects.get(a)
                if att is None:
                    continue
                if att.kw & KW_FLYING and not card.keyword_mask & (KW_FLYING | KW_REACH):
                    continue
                if p >= att.toughness - att.damage and att.power < t:
                    return 30.0 + mv
        return 0.0

    def _enters_dead(self, ctx: Ctx, obj: GameObject) -> bool:
        card = obj.card
        if any(k.name in ("graft", "devour", "bloodthirst") for k in card.keyword_instances):
            return any(k.name == "devour" for k in card.keyword_instances) and not any(
                c for c in ctx.mine) or ("bloodthirst" in card.keyword_names and
                                         not ctx.opp_damaged and not any(
                                             k.name == "graft" for k in card.keyword_instances))
        total = 0
        for r in card.enter_replacements:
            if r.kind == "enters_with_counters" and r.counter == "+1/+1":
                total += guess_amount(ctx.state, r.amount, ctx.me, obj.oid, 0)
        return total <= 0

    def _can_damage_in_combat(self, ctx: Ctx) -> bool:
        """Can an attack this turn deal the opponent damage (bloodthirst)? Any creature
        able to attack may: the defender need not block it, and a bloodthirst creature
        cast after combat loses nothing (without haste it could not attack anyway)."""
        for c in ctx.mine:
            if c.tapped or c.power <= 0 or c.kw & KW_CANT_ATTACK:
                continue
            if c.sick and not c.kw & KW_HASTE:
                continue
            return True
        return False

    def _aura_score(self, ctx: Ctx, obj: GameObject) -> float:
        if not ctx.main:
            return 0.0
        card = obj.card
        state = ctx.state
        if not fits_reserve(ctx, card.mana_value):
            return 0.0
        spec = aura_target(card)
        options = legal_targets(state, spec, ctx.me, obj.oid, spell=True)
        if not options:
            return 0.0
        hostile = aura_is_hostile(card)
        if card.enchant_player:
            target = ctx.opp if hostile else ctx.me
            if target not in options:
                return 0.0
            self.plan[obj.oid] = [target]
            return 16.0 + card.mana_value
        best, best_score = NONE, 0.0
        for t in options:
            o = state.objects[t]
            s = choices.aura_host_score(state, ctx.me, card, o, hostile)
            if s > best_score:
                best, best_score = t, s
        if best == NONE:
            return 0.0
        self.plan[obj.oid] = [best]
        if hostile:
            if best_score < 3.5:
                return 0.0
            return 18.0 + min(best_score, 10.0)
        if not is_creature(state.objects[best]):  # Utopia Sprawl on a Forest: ramp
            return 24.0 if ctx.lands < 6 else 8.0
        if best_score < 3.0:
            return 0.0  # no creature worth enchanting yet
        return 18.0 + card.mana_value + min(aura_bonus(card), 6.0) * 0.3
